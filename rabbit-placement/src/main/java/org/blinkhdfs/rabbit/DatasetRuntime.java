package org.blinkhdfs.rabbit;

import java.time.Clock;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.NetworkTopology;
import org.blinkhdfs.client.GroupsFeed;
import org.blinkhdfs.group.GroupDirectories;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.rabbit.dataset.DatasetActivity;
import org.blinkhdfs.rabbit.dataset.DatasetConfig;
import org.blinkhdfs.rabbit.dataset.DatasetDirectory;
import org.blinkhdfs.rabbit.dataset.DatasetLayoutModel;
import org.blinkhdfs.rabbit.dataset.DatasetResolver;
import org.blinkhdfs.rabbit.dataset.DatasetState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where one NameNode's dataset placement ({@link EqualWorkBlockPlacementPolicy}), its read order
 * ({@link EqualWorkNetworkTopology}) and its dataset plugin ({@link DatasetNameNodePlugin}) meet:
 * the datasets (a {@link DatasetDirectory}: the configured ones, or the application groups read
 * in the background by a {@link GroupsFeed}), file-to-dataset resolution with its cache, the
 * dataset activity (live datasets, new blocks, reads) and the layout the policy built last.
 *
 * <p>Why a registry, and why keyed by the network topology: Hadoop creates the placement policy,
 * the topology and the plugin separately by reflection, and only the plugin gets the NameNode
 * (and so the namespace, for the xattr {@value DatasetResolver#OVERRIDE_XATTR}). All three can
 * reach that NameNode's {@code NetworkTopology} object: it is the policy's {@code clusterMap},
 * the topology itself, and the plugin finds it through {@code BlockManager#getDatanodeManager}.
 * Keying by that object's identity keeps two NameNodes in one JVM (tests, HA) apart without any
 * configured name. The plugin removes the entry (and stops the feed) when it stops.
 *
 * <p>Without the plugin, the configured roots (or the groups' roots) still work and the xattr is
 * ignored, with one WARN naming the fix.
 *
 * <p>Resolution cache ({@link DatasetState}): {@link #CACHE_ENTRIES} paths for
 * {@link #CACHE_MAX_AGE_MS}; an xattr or
 * rename takes effect for new blocks within that age, a groups edit at the next feed refresh
 * (the cache is dropped when the directory's version changes).
 *
 * <p>Thread-safe: the map is synchronized, the rest volatile or thread-safe.
 */
final class DatasetRuntime {
  private static final Logger LOG = LoggerFactory.getLogger(DatasetRuntime.class);
  private static final Map<NetworkTopology, DatasetRuntime> BY_NAMENODE =
      Collections.synchronizedMap(new IdentityHashMap<>());
  static final int CACHE_ENTRIES = DatasetState.CACHE_ENTRIES;
  static final long CACHE_MAX_AGE_MS = DatasetState.CACHE_MAX_AGE_MS;

  private final GroupsFeed feed;
  private final DatasetState state;
  private final AtomicBoolean warnedNoNamespace = new AtomicBoolean();

  private DatasetRuntime(Configuration conf, Clock clock) {
    DatasetConfig config = DatasetConfig.from(conf::get);
    Supplier<DatasetDirectory> directories;
    if (config.fromGroups()) {
      this.feed = GroupsFeed.start(conf, DatasetConfig.SOURCE.name() + " = "
          + DatasetConfig.SOURCE_GROUPS);
      directories = new GroupDirectories(feed::current);
    } else {
      this.feed = null;
      DatasetDirectory fixed = DatasetDirectory.of(config);
      directories = () -> fixed;
    }
    this.state = new DatasetState(config, directories, clock, this::warnNoNamespace);
    if (feed != null) {
      feed.reportLive(state.activity()::live);
    }
  }

  /** The runtime of the NameNode whose topology is {@code topology}, created on first use. */
  static DatasetRuntime forTopology(NetworkTopology topology, Configuration conf) {
    return BY_NAMENODE.computeIfAbsent(topology,
        t -> new DatasetRuntime(conf, Clock.systemUTC()));
  }

  /**
   * A runtime of its own, for a policy instance without a NameNode's topology: resolution by
   * roots only, and its own groups feed when the groups are the datasets.
   */
  static DatasetRuntime standalone(Configuration conf) {
    return new DatasetRuntime(conf, Clock.systemUTC());
  }

  /** The runtime of {@code topology}'s NameNode, if the policy or plugin created one. */
  static Optional<DatasetRuntime> existing(NetworkTopology topology) {
    return Optional.ofNullable(BY_NAMENODE.get(topology));
  }

  /** Drops {@code topology}'s runtime (its NameNode stopped) and stops its groups feed. */
  static void remove(NetworkTopology topology) {
    DatasetRuntime r = BY_NAMENODE.remove(topology);
    if (r != null && r.feed != null) {
      r.feed.close();
    }
  }

  /** Lets resolution read xattrs from {@code ns} (null: configured roots only). */
  void attach(NamespaceDatasets ns) {
    state.resolveWith(ns == null ? null : ns::resolve);
  }

  DatasetConfig config() {
    return state.config();
  }

  /** The datasets now. */
  DatasetDirectory directory() {
    return state.directory();
  }

  /** The dataset of a new block of the file at {@code srcPath}; records it as activity. */
  Optional<String> newBlockOf(String srcPath) {
    return state.newBlockOf(srcPath);
  }

  /** The dataset of a file a reader opened; records the read as activity. */
  Optional<String> readOf(String srcPath) {
    return state.readOf(srcPath);
  }

  DatasetActivity activity() {
    return state.activity();
  }

  /** Records the layout the policy built for {@code ring} (the read order recognises blocks). */
  void publish(List<String> ring, LayoutModel model) {
    state.publish(ring, model);
  }

  /** The dataset layout the policy built last for {@code ring}, when it has datasets. */
  Optional<DatasetLayoutModel> layoutFor(List<String> ring) {
    return state.layoutFor(ring);
  }

  private void warnNoNamespace() {
    if (warnedNoNamespace.compareAndSet(false, true)) {
      LOG.warn("Datasets: the xattr {} is ignored because {} is not running; add it to"
          + " dfs.namenode.plugins. Configured roots still apply.",
          DatasetResolver.OVERRIDE_XATTR, DatasetNameNodePlugin.class.getName());
    }
  }
}
