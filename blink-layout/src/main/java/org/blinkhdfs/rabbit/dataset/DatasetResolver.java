package org.blinkhdfs.rabbit.dataset;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Which dataset a file belongs to.
 *
 * <h2>Rule</h2>
 * <ol>
 *   <li>An override, when present, non-blank and naming a configured dataset, wins. The HDFS
 *       adapter reads it from the xattr {@link #OVERRIDE_XATTR} of the file (or nearest
 *       ancestor); here it is just an {@code Optional<String>}.
 *   <li>Otherwise the configured root that is the longest prefix of the path, compared by whole
 *       path components: root {@code /data/a} holds {@code /data/a} and {@code /data/a/x}, not
 *       {@code /data/ab}. Nested roots are allowed; the innermost wins.
 *   <li>Otherwise no dataset: the file is laid out and read as a dataset-less file.
 * </ol>
 * An override naming an unknown dataset is ignored (rule 2 applies): a typo in an xattr must not
 * fail a read or write in the NameNode. Callers that want to warn check {@link #isConfigured}.
 *
 * <p>Example: roots logs=/data/logs, hot=/data/logs/hot. {@code /data/logs/hot/a} → hot,
 * {@code /data/logs/cold/b} → logs, {@code /data/logsx} → none, {@code /tmp/f} with override
 * "hot" → hot, with override "nope" → none.
 *
 * <p>Cost: O(path depth) hash look-ups. Immutable and thread-safe.
 */
public final class DatasetResolver {
  /** The extended attribute an HDFS adapter reads the override from. */
  public static final String OVERRIDE_XATTR = "user.blink.dataset";

  private final Map<String, String> nameByRoot;
  private final Map<String, String> rootByName;

  /** A resolver over configured roots (unique names and roots, as {@link DatasetSpecs} checks). */
  public DatasetResolver(List<DatasetRoot> roots) {
    this(roots, false);
  }

  private DatasetResolver(List<DatasetRoot> roots, boolean manyRootsPerName) {
    Map<String, String> byRoot = new HashMap<>();
    Map<String, String> byName = new HashMap<>();
    for (DatasetRoot r : Objects.requireNonNull(roots, "roots must not be null")) {
      boolean nameTwice = byName.put(r.name(), r.root()) != null && !manyRootsPerName;
      if (byRoot.put(r.root(), r.name()) != null || nameTwice) {
        throw new IllegalArgumentException("dataset '" + r.name() + "' or its root " + r.root()
            + " is configured twice");
      }
    }
    this.nameByRoot = Map.copyOf(byRoot);
    this.rootByName = Map.copyOf(byName);
  }

  /**
   * A resolver where one name may own several roots (an application group after a merge); each
   * root still belongs to one name.
   */
  public static DatasetResolver withManyRootsPerName(List<DatasetRoot> roots) {
    return new DatasetResolver(roots, true);
  }

  /** True when {@code name} is a configured dataset. */
  public boolean isConfigured(String name) {
    return rootByName.containsKey(name);
  }

  /**
   * The dataset of the file at {@code path}.
   *
   * @param path an absolute HDFS path
   * @param override the file's {@code user.blink.dataset} value, if any
   */
  public Optional<String> resolve(String path, Optional<String> override) {
    Objects.requireNonNull(path, "path must not be null");
    Optional<String> named = override.map(String::trim).filter(this::isConfigured);
    if (named.isPresent()) {
      return named;
    }
    return longestRoot(DatasetRoot.normalise(path));
  }

  private Optional<String> longestRoot(String path) {
    String prefix = path;
    while (!prefix.isEmpty()) {
      String name = nameByRoot.get(prefix);
      if (name != null) {
        return Optional.of(name);
      }
      int slash = prefix.lastIndexOf('/');
      if (slash < 0 || prefix.equals("/")) {
        break;
      }
      prefix = slash == 0 ? "/" : prefix.substring(0, slash);
    }
    return Optional.empty();
  }
}
