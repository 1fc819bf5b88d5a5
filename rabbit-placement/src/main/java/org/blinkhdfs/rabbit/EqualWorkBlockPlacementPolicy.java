package org.blinkhdfs.rabbit;

import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.catalog.LayoutCatalog;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.placement.LayoutBlockPlacementPolicy;
import org.blinkhdfs.rabbit.dataset.DatasetConfig;

/**
 * Rabbit's equal-work layout as an HDFS block placement policy
 * ({@code dfs.block.replicator.classname}), with Rabbit's datasets (§3.4) when configured.
 *
 * <p>Goal (Rabbit §3.1): with the first n nodes of the expansion chain on, for any n ≥ p, every
 * block has a replica among them and node i holds about B/i blocks, so a full read can give each
 * active node an equal share and throughput follows the number of nodes on, with no data moving
 * when the gear changes. The chain of files in no dataset is the schedule's order of non-staging
 * nodes ({@code Chain#fromSchedule}); p is {@code blink.equalwork.primaries} ({@link
 * RabbitConfig}, default 2); r is each file's replication factor. The layout is {@code
 * EqualWorkLayout}, one per r, adapted by {@code ChainLayoutModel}.
 *
 * <p>Datasets ({@code blink.rabbit.datasets}, {@code DatasetConfig}; a file joins by its path or
 * the xattr {@code user.blink.dataset}, resolved by {@link DatasetRuntime}): each gets its own
 * expansion chain over the same ring, chosen greedily by the node score s_i with the default
 * chain counted as data already stored ({@code DatasetCatalog#planAfter}), and its files' new
 * blocks are laid out on it. Every later step recognises a block among all these layouts
 * ({@code DatasetLayoutModel}). The chains are a pure function of the ring, p and the
 * configured datasets in order, so the plugin's metrics recompute the same chains.
 *
 * <p>The layout itself is built by {@link LayoutCatalog#equalWork}, the same for the proxy and
 * the simulator; this class only adds the NameNode's dataset resolution.
 *
 * <p>Everything that does not depend on the layout (no sleeping targets, HDFS's rules for each
 * target, stand-ins on staging or awake nodes, correction through the NameNode's reconstruction,
 * deletion, the Balancer check, stock HDFS behaviour without a schedule) is {@link
 * LayoutBlockPlacementPolicy}'s, shared with the power-balanced ring.
 *
 * <p>A chain too short for r (for instance 4 nodes with p = 2, r = 3) is refused with the pure
 * layout's message (Rabbit's spread bound and the fixes), logged once as an ERROR when the
 * schedule arrives; blocks of that replication then get HDFS's default placement, so a wrong
 * schedule or p never stops the NameNode.
 *
 * <p>Worked example (Le et al. Table 2: 7 nodes, p = 2, r = 2, all awake): every block has one
 * replica on n1 or n2 (B/2 each) and one on n3..n7, which hold 0.305·B, 0.229·B, 0.183·B,
 * 0.153·B and 0.131·B. With {@code blink.rabbit.datasets = a=/a}, blocks under /a have their
 * primary on n7 or n6 instead (a's chain is n7 n6 n5 n4 n3 n1 n2).
 *
 * <p>Thread-safe (see the base class).
 */
public class EqualWorkBlockPlacementPolicy extends LayoutBlockPlacementPolicy {
  /** This policy's runtime when it has no NameNode (a proxy or tool building the layouts). */
  private DatasetRuntime standalone; // guarded by this
  private Configuration datasetConf;
  private volatile DatasetRuntime cachedRuntime;

  @Override
  protected Function<Schedule, LayoutModel> layouts(Configuration conf) {
    DatasetConfig.from(conf::get); // a bad blink.rabbit.datasets* value fails here, at start
    this.datasetConf = conf;
    Function<Schedule, LayoutModel> layouts = LayoutCatalog.equalWork(conf::get,
        () -> runtime().directory(), path -> runtime().newBlockOf(path));
    return schedule -> {
      LayoutModel m = layouts.apply(schedule);
      runtime().publish(schedule.ring(), m);
      return m;
    };
  }

  /** The groups document's revision when the datasets are the application groups, else 0. */
  @Override
  protected long layoutVersion() {
    return runtime().directory().version();
  }

  /**
   * The NameNode's dataset runtime (shared with the topology and plugin), or this policy's;
   * looked up once, as placement asks for it on every call.
   */
  private DatasetRuntime runtime() {
    DatasetRuntime r = cachedRuntime;
    if (r != null) {
      return r;
    }
    if (clusterMap != null) {
      r = DatasetRuntime.forTopology(clusterMap, datasetConf);
      cachedRuntime = r;
      return r;
    }
    synchronized (this) {
      if (standalone == null) {
        standalone = DatasetRuntime.standalone(datasetConf);
      }
      return standalone;
    }
  }
}
