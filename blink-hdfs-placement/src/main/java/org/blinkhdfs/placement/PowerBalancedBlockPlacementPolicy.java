package org.blinkhdfs.placement;

import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.catalog.LayoutCatalog;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * BlinkFS's power-balanced layout as an HDFS block placement policy
 * ({@code dfs.block.replicator.classname}).
 *
 * <p>Goal: a block's replicas sit on ring nodes whose awake windows overlap least, so under
 * staggered blinking some replica is awake as much of each interval as possible. The ring is the
 * schedule's order of non-staging nodes; the positions come from {@link RingLayout}: the first
 * replica, the node opposite, then the midpoints of the largest gaps ({@link RingLayoutModel}
 * adapts it to the policy: the first position is the one whose layout can take the most replicas
 * now, the writer's own when it is among the best).
 *
 * <p>Everything else (no sleeping targets, HDFS's rules per target, the rack rule, stand-ins and
 * their correction by the NameNode's reconstruction, deletion, the Balancer check, the
 * no-schedule fallback) is {@link LayoutBlockPlacementPolicy}'s, shared with the Rabbit and
 * PARAID layouts.
 *
 * <p>Worked example (ring of 9, r = 3, writer not on the ring, nodes 0–4 awake): layout(0) is
 * {0, 4, 6}: two writable; layout(2) is {2, 6, 8}: one; layout(1) is {1, 5, 7}: one; ... The
 * best, layout(0) or an equally good one, is written as 0, 4 and a stand-in for 6. Later, while 6
 * is awake, reconstruction copies the block to 6 and the stand-in copy is deleted.
 *
 * <p>One key of its own, {@code blink.ring.spacing} ({@link RingSpacing}): {@code groups} (the
 * default), the phase-group layout of the default scheduler policy {@code phase-groups} with G
 * from {@code blink.phase.groups}; {@code bisection} (BlinkFS as printed, the ring of the worked
 * example above, for comparison); or {@code even}, the layout half of the co-designed stagger
 * whose schedule half is the scheduler policy {@code aligned} (all read by {@code
 * LayoutCatalog}). The shared keys are in {@link PlacementConfig}. Thread-safe.
 */
public class PowerBalancedBlockPlacementPolicy extends LayoutBlockPlacementPolicy {
  @Override
  protected Function<Schedule, LayoutModel> layouts(Configuration conf) {
    return LayoutCatalog.powerBalanced(conf::get);
  }
}
