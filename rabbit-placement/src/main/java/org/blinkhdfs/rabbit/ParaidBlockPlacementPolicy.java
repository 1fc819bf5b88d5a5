package org.blinkhdfs.rabbit;

import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.catalog.LayoutCatalog;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.placement.LayoutBlockPlacementPolicy;

/**
 * PARAID's skewed layout, as Le et al. carry it into HDFS, as an HDFS block placement policy
 * ({@code dfs.block.replicator.classname}).
 *
 * <p>Goal (Le et al. §2.1.1): gears of whole groups (gear k = groups 1..k, a prefix of the
 * chain), each serving every block; originals spread evenly, group 1 holding a copy of all data
 * outside it, and each later node's data spread in a skew over the nodes before it. The chain is
 * the schedule's order of non-staging nodes ({@code Chain#fromSchedule}); the groups come from
 * {@code blink.paraid.groups} ({@code RabbitConfig}: listed sizes, the rest of the ring as the
 * last group; default 2 + the rest). HDFS's fixed replication r is met by {@code
 * ParaidReplicas}: the PARAID targets cut to r keeping the group-1 copy, or filled with the
 * lowest-ranked nodes; use r = 3 to keep the skew.
 *
 * <p>The layout itself is built by {@link LayoutCatalog#paraid}, the same for the proxy and the
 * simulator.
 *
 * <p>Everything that does not depend on the layout is {@link LayoutBlockPlacementPolicy}'s,
 * shared with the power-balanced ring and equal work. Groups that need more nodes than the
 * ring has are refused (ERROR once when the schedule arrives) and blocks get HDFS's default
 * placement.
 *
 * <p>Worked example (7 nodes, groups 2 and 5, r = 3, all awake): n1 = n2 = 0.85·B, n3 =
 * 0.564·B, n4..n7 = 0.231·B, 0.195·B, B/6, B/7 (Table 1 plus fill on n1..n3).
 *
 * <p>Thread-safe (see the base class).
 */
public class ParaidBlockPlacementPolicy extends LayoutBlockPlacementPolicy {
  @Override
  protected Function<Schedule, LayoutModel> layouts(Configuration conf) {
    return LayoutCatalog.paraid(conf::get);
  }
}
