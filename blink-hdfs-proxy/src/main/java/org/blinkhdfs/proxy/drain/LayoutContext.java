package org.blinkhdfs.proxy.drain;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.StandInDemand;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * One schedule's ring, its layout and the live DataNodes, ready to compare any located block
 * with its layout by the NameNode's own rule ({@link StandInDemand}): the drain's scan asks it
 * which stand-ins to move, the Blink API ({@code org.blinkhdfs.proxy.api}) what a block's
 * targets are and which are missing. One class, so the two always agree.
 *
 * <p>Immutable; build one per scan or request.
 */
public final class LayoutContext {
  private final List<String> ring;
  private final Map<String, Integer> position = new HashMap<>();
  private final LayoutModel layout;
  private final LiveNodes live;

  /** A block's holders (transfer addresses, in the NameNode's order) and its demand. */
  public record BlockDemand(List<String> holders, int replicas, StandInDemand demand) {}

  public LayoutContext(Schedule schedule, LayoutModel layout, LiveNodes live) {
    this.ring = schedule.ring();
    for (int i = 0; i < ring.size(); i++) {
      position.put(ring.get(i), i);
    }
    this.layout = layout;
    this.live = live;
  }

  public List<String> ring() {
    return ring;
  }

  public LayoutModel layout() {
    return layout;
  }

  /** The ring position of {@code node}, or -1 off the ring. */
  public int position(String node) {
    return position.getOrDefault(node, -1);
  }

  /** The replicas the layout places for a file of {@code fileReplication}: 1..ring size. */
  public int replicas(short fileReplication) {
    return Math.min(Math.max(fileReplication, 1), ring.size());
  }

  /**
   * The demand for {@code lb} of a file with {@code fileReplication}, empty when the layout
   * refuses that replication ({@link LayoutModel#refusal}: HDFS places such blocks by default).
   */
  public Optional<BlockDemand> demand(LocatedBlock lb, short fileReplication) {
    int r = replicas(fileReplication);
    if (layout.refusal(r).isPresent()) {
      return Optional.empty();
    }
    List<StandInDemand.Holder> holders = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (DatanodeInfo d : lb.getLocations()) {
      String addr = d.getXferAddr();
      names.add(addr);
      holders.add(new StandInDemand.Holder(addr, position(addr), d.getNetworkLocation()));
    }
    return Optional.of(new BlockDemand(List.copyOf(names), r, StandInDemand.of(layout, holders, r,
        live.requiredRacks(r), live.ring(ring, names))));
  }
}
