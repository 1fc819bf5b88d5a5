package org.blinkhdfs.rabbit;

import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.placement.LayoutBlockPlacementPolicy;
import org.blinkhdfs.placement.LayoutModel;
import org.blinkhdfs.rabbit.layout.Chain;
import org.blinkhdfs.rabbit.layout.EqualWorkLayout;
import org.blinkhdfs.rabbit.layout.EqualWorkSpec;

/**
 * Rabbit's equal-work layout as an HDFS block placement policy
 * ({@code dfs.block.replicator.classname}).
 *
 * <p>Goal (Rabbit §3.1): with the first n nodes of the expansion chain on, for any n ≥ p, every
 * block has a replica among them and node i holds about B/i blocks, so a full read can give each
 * active node an equal share and throughput follows the number of nodes on, with no data moving
 * when the gear changes. The chain is the schedule's order of non-staging nodes ({@link
 * Chain#fromSchedule}); p is {@code blink.equalwork.primaries} ({@link RabbitConfig}, default 2);
 * r is each file's replication factor. The layout is {@link EqualWorkLayout}, one per r, adapted
 * by {@link ChainLayoutModel}.
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
 * 0.153·B and 0.131·B.
 *
 * <p>Thread-safe (see the base class).
 */
public class EqualWorkBlockPlacementPolicy extends LayoutBlockPlacementPolicy {
  @Override
  protected Function<Schedule, LayoutModel> layouts(Configuration conf) {
    int p = RabbitConfig.from(conf::get).primaries();
    String hint = "p = " + RabbitConfig.PRIMARIES.name() + " = " + p;
    return schedule -> {
      Chain chain = Chain.fromSchedule(schedule);
      return new ChainLayoutModel("equal-work", chain,
          r -> EqualWorkLayout.of(chain, EqualWorkSpec.of(p, r)), hint);
    };
  }
}
