package org.blinkhdfs.rabbit;

import java.time.Clock;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.net.NetworkTopology;
import org.blinkhdfs.rabbit.dataset.DatasetActivity;
import org.blinkhdfs.rabbit.dataset.DatasetConfig;
import org.blinkhdfs.rabbit.dataset.DatasetResolver;
import org.blinkhdfs.rabbit.dataset.ResolutionCache;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where one NameNode's dataset placement ({@link EqualWorkBlockPlacementPolicy}) and its dataset
 * plugin ({@link DatasetNameNodePlugin}) meet: file-to-dataset resolution with its cache, and
 * the dataset activity (live datasets, new blocks).
 *
 * <p>Why a registry, and why keyed by the network topology: Hadoop creates the placement policy
 * and the plugin separately by reflection, and only the plugin gets the NameNode (and so the
 * namespace, for the xattr {@value DatasetResolver#OVERRIDE_XATTR}). Both can reach that
 * NameNode's {@code NetworkTopology} object: it is the policy's {@code clusterMap} and the plugin
 * finds it through {@code BlockManager#getDatanodeManager}. Keying by that object's identity
 * keeps two NameNodes in one JVM (tests, HA) apart without any configured name. The plugin
 * removes the entry when it stops.
 *
 * <p>Without the plugin, the configured roots still work and the xattr is ignored, with one
 * WARN naming the fix.
 *
 * <p>Resolution cache: {@link #CACHE_ENTRIES} paths for {@link #CACHE_MAX_AGE_MS}; an xattr or
 * rename takes effect for new blocks within that age.
 *
 * <p>Thread-safe: the map is synchronized, the namespace reference volatile, the rest
 * thread-safe.
 */
final class DatasetRuntime {
  private static final Logger LOG = LoggerFactory.getLogger(DatasetRuntime.class);
  private static final Map<NetworkTopology, DatasetRuntime> BY_NAMENODE =
      Collections.synchronizedMap(new IdentityHashMap<>());
  static final int CACHE_ENTRIES = 4096;
  static final long CACHE_MAX_AGE_MS = 5_000;

  private final DatasetResolver resolver;
  private final ResolutionCache cache;
  private final DatasetActivity activity;
  private final AtomicBoolean warnedNoNamespace = new AtomicBoolean();
  private volatile NamespaceDatasets namespace;

  private DatasetRuntime(DatasetConfig config, Clock clock) {
    this.resolver = new DatasetResolver(config.roots());
    this.cache = new ResolutionCache(CACHE_ENTRIES, CACHE_MAX_AGE_MS, clock);
    this.activity = new DatasetActivity(config.liveMs(), clock);
  }

  /** The runtime of the NameNode whose topology is {@code topology}, created on first use. */
  static DatasetRuntime forTopology(NetworkTopology topology, DatasetConfig config) {
    return BY_NAMENODE.computeIfAbsent(topology,
        t -> new DatasetRuntime(config, Clock.systemUTC()));
  }

  /** Drops {@code topology}'s runtime (its NameNode stopped). */
  static void remove(NetworkTopology topology) {
    BY_NAMENODE.remove(topology);
  }

  /** Lets resolution read xattrs from {@code ns} (null: configured roots only). */
  void attach(NamespaceDatasets ns) {
    this.namespace = ns;
  }

  /** The dataset of a new block of the file at {@code srcPath}; records it as activity. */
  Optional<String> newBlockOf(String srcPath) {
    Optional<String> dataset = cache.get(srcPath, this::resolve);
    dataset.ifPresent(activity::newBlock);
    return dataset;
  }

  DatasetActivity activity() {
    return activity;
  }

  private Optional<String> resolve(String srcPath) {
    NamespaceDatasets ns = namespace;
    if (ns != null) {
      return ns.resolve(srcPath, resolver);
    }
    if (warnedNoNamespace.compareAndSet(false, true)) {
      LOG.warn("Datasets: the xattr {} is ignored because {} is not running; add it to"
          + " dfs.namenode.plugins. Configured roots still apply.",
          DatasetResolver.OVERRIDE_XATTR, DatasetNameNodePlugin.class.getName());
    }
    return resolver.resolve(srcPath, Optional.empty());
  }
}
