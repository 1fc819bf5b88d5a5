package org.blinkhdfs.layout.migrate;

import java.util.List;
import java.util.Objects;

/**
 * What the relayout does to one block: the replicas that stay, the holders that lose theirs and
 * the nodes that gain one. {@code leave.get(i)} and {@code arrive.get(i)} for {@code i <
 * moves()} form one move (the replica leaves the first node and arrives at the second); the
 * arrivals beyond those add a replica a short block lacked, the leavings beyond them delete a
 * replica it had too many of.
 *
 * <p>Example (N = 9, r = 3, bisection block {0, 4, 6} to phase groups G = 3): stay [0, 4]'s
 * nodes, leave [6]'s node, arrive at [5]'s node: one move.
 *
 * @param blockId the block
 * @param bytes its length
 * @param stay holders that keep their replica
 * @param leave holders whose replica goes (a layout extra or a stand-in off the ring)
 * @param arrive nodes that get a replica (layout positions the block lacks)
 */
public record BlockChange(long blockId, long bytes, List<String> stay, List<String> leave,
    List<String> arrive) {
  /** Copies the lists. */
  public BlockChange {
    stay = List.copyOf(Objects.requireNonNull(stay, "stay"));
    leave = List.copyOf(Objects.requireNonNull(leave, "leave"));
    arrive = List.copyOf(Objects.requireNonNull(arrive, "arrive"));
  }

  /** Replicas that move from one node to another. */
  public int moves() {
    return Math.min(leave.size(), arrive.size());
  }

  /** True when the block is already in its target layout. */
  public boolean untouched() {
    return leave.isEmpty() && arrive.isEmpty();
  }

  /**
   * The node that sends the copy for {@code arrive.get(i)}: the leaving replica paired with it,
   * else (a replica added to a short block) the first staying one. HDFS itself may read the copy
   * from any live holder; charging the leaving one keeps the plan's per-node counts exact and
   * deterministic.
   */
  public String sender(int i) {
    if (i < leave.size()) {
      return leave.get(i);
    }
    return stay.isEmpty() ? leave.isEmpty() ? null : leave.get(0) : stay.get(0);
  }
}
