package org.blinkhdfs.proxy.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.model.api.BlockInfo;
import org.blinkhdfs.model.api.NodeTiming;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.proxy.drain.LayoutContext;

/**
 * {@code getBlockInfo}: a located block as the API shows it. The layout is the one the NameNode
 * compares the block with (the best fit to its held ring positions, {@link LayoutContext} and
 * {@code StandInDemand}, the rule of the NameNode's correction and of the drain), the windows
 * come from the schedule in force, the pending moves from the proxy's drain.
 *
 * <p>Immutable; one per request (one schedule, one instant).
 */
final class BlockInfos {
  private final Optional<Schedule> schedule;
  private final Optional<LayoutContext> context;
  private final Function<Long, List<BlockInfo.PendingMove>> moves;
  private final long nowMs;

  /**
   * @param context the ring's layout, empty when no schedule is in force or its ring is empty
   * @param moves the drain's pending copies of a block ID
   */
  BlockInfos(Optional<Schedule> schedule, Optional<LayoutContext> context,
      Function<Long, List<BlockInfo.PendingMove>> moves, long nowMs) {
    this.schedule = schedule;
    this.context = context;
    this.moves = moves;
    this.nowMs = nowMs;
  }

  BlockInfo of(LocatedBlock lb, short fileReplication) {
    BlockInfo.Layout layout = context.map(c -> layout(c, lb, fileReplication)).orElse(null);
    DatanodeInfo[] locations = lb.getLocations();
    List<BlockInfo.Replica> replicas = new ArrayList<>();
    for (int i = 0; i < locations.length; i++) {
      String node = locations[i].getXferAddr();
      int position = context.map(c -> c.position(node)).orElse(-1);
      replicas.add(new BlockInfo.Replica(node, lb.getStorageTypes()[i].name(),
          position < 0 ? null : position, layout != null && layout.targets().contains(node),
          NodeTiming.of(schedule, node, nowMs)));
    }
    long id = lb.getBlock().getBlockId();
    return BlockInfo.of(new BlockInfo.Id(id, lb.getBlockSize(), lb.getBlock().getGenerationStamp(),
        lb.getStartOffset()), layout, replicas, moves.apply(id));
  }

  private static BlockInfo.Layout layout(LayoutContext c, LocatedBlock lb, short replication) {
    int r = c.replicas(replication);
    Optional<LayoutContext.BlockDemand> demand = c.demand(lb, replication);
    if (demand.isEmpty()) {
      return new BlockInfo.Layout(c.layout().name(), r, List.of(), List.of(),
          c.layout().refusal(r).orElse("refused"));
    }
    LayoutCheck check = demand.get().demand().check();
    return new BlockInfo.Layout(c.layout().name(), r, names(c, check.layout()),
        names(c, check.missing()), null);
  }

  private static List<String> names(LayoutContext c, List<Integer> positions) {
    List<String> out = new ArrayList<>();
    for (int p : positions) {
      out.add(c.ring().get(p));
    }
    return out;
  }
}
