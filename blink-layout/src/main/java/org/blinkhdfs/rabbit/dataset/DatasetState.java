package org.blinkhdfs.rabbit.dataset;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.blinkhdfs.layout.LayoutModel;

/**
 * The datasets one process places by (Rabbit's equal work with datasets): the directory in force,
 * file-to-dataset resolution with its cache, the dataset activity (live datasets, new blocks,
 * reads) and the layout built last.
 *
 * <p>Why apart from the NameNode: the NameNode's policy, topology and plugin share one of these
 * (through {@code DatasetRuntime} in rabbit-placement, which adds the xattr resolver once the
 * plugin has the namespace), and the write proxy builds the same layouts with one of its own and
 * the configured roots only. Both must resolve and cache exactly alike.
 *
 * <p>Resolution: by the {@link Resolver} set with {@link #resolveWith} (the namespace, which can
 * read the override xattr), else by the directory's roots alone, after calling the
 * {@code rootsOnly} hook once (the NameNode warns that the xattr is ignored). Results are cached
 * for {@link #CACHE_ENTRIES} paths and {@link #CACHE_MAX_AGE_MS}; the cache is dropped when the
 * directory's version changes.
 *
 * <p>Example: with {@code blink.rabbit.datasets = logs:/logs}, {@code newBlockOf("/logs/a")} is
 * {@code logs} and counts a new block for {@code logs}; {@code newBlockOf("/tmp/b")} is empty.
 *
 * <p>Thread-safe: fields are volatile or thread-safe; a race rebuilds the cache, never a wrong
 * answer.
 */
public final class DatasetState {
  public static final int CACHE_ENTRIES = 4096;
  public static final long CACHE_MAX_AGE_MS = 5_000;

  /** Resolves a path with more than the roots (the NameNode's namespace and its xattr). */
  public interface Resolver {
    Optional<String> resolve(String srcPath, DatasetDirectory datasets);
  }

  private final DatasetConfig config;
  private final Clock clock;
  private final Supplier<DatasetDirectory> directories;
  private final DatasetActivity activity;
  private final Runnable rootsOnly;
  private volatile Resolver resolver;
  private volatile Cache cache;
  private volatile PublishedModel published;

  /**
   * @param directories the datasets now (fixed, or the groups as a feed reads them)
   * @param rootsOnly called before each resolution by roots alone (no resolver set)
   */
  public DatasetState(DatasetConfig config, Supplier<DatasetDirectory> directories, Clock clock,
      Runnable rootsOnly) {
    this.config = Objects.requireNonNull(config, "config");
    this.directories = Objects.requireNonNull(directories, "directories");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.rootsOnly = Objects.requireNonNull(rootsOnly, "rootsOnly");
    this.activity = new DatasetActivity(config.liveMs(), clock);
  }

  /** Resolves by {@code r} from now on (null: the configured roots only). */
  public void resolveWith(Resolver r) {
    this.resolver = r;
  }

  public DatasetConfig config() {
    return config;
  }

  /** The datasets now. */
  public DatasetDirectory directory() {
    return directories.get();
  }

  /** The dataset of a new block of the file at {@code srcPath}; records it as activity. */
  public Optional<String> newBlockOf(String srcPath) {
    Optional<String> dataset = datasetOf(srcPath);
    dataset.ifPresent(activity::newBlock);
    return dataset;
  }

  /** The dataset of a file a reader opened; records the read as activity. */
  public Optional<String> readOf(String srcPath) {
    Optional<String> dataset = datasetOf(srcPath);
    dataset.ifPresent(activity::read);
    return dataset;
  }

  public DatasetActivity activity() {
    return activity;
  }

  /** Records the layout built for {@code ring} (the read order recognises its blocks). */
  public void publish(List<String> ring, LayoutModel model) {
    published = new PublishedModel(ring, model);
  }

  /** The dataset layout built last for {@code ring}, when it has datasets. */
  public Optional<DatasetLayoutModel> layoutFor(List<String> ring) {
    PublishedModel p = published;
    return p != null && p.ring.equals(ring) && p.model instanceof DatasetLayoutModel m
        ? Optional.of(m) : Optional.empty();
  }

  private Optional<String> datasetOf(String srcPath) {
    DatasetDirectory d = directories.get();
    if (d.holding().isEmpty()) {
      return Optional.empty();
    }
    Cache c = cache;
    if (c == null || c.version != d.version()) {
      c = new Cache(d.version(), new ResolutionCache(CACHE_ENTRIES, CACHE_MAX_AGE_MS, clock));
      cache = c;
    }
    return c.paths.get(srcPath, path -> resolve(d, path));
  }

  private Optional<String> resolve(DatasetDirectory d, String srcPath) {
    Resolver r = resolver;
    if (r != null) {
      return r.resolve(srcPath, d);
    }
    rootsOnly.run();
    return d.resolve(srcPath, Optional.empty());
  }

  private record Cache(long version, ResolutionCache paths) {}

  private record PublishedModel(List<String> ring, LayoutModel model) {}
}
