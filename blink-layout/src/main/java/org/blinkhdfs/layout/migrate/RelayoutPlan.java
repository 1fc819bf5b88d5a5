package org.blinkhdfs.layout.migrate;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a layout change costs a cluster with data ({@link RelayoutPlanner}): how many blocks and
 * replicas move, how many bytes, and each node's share. Replicas that already sit where the
 * target layout accepts them stay, so a plan is the least the change can move.
 *
 * @param target the target layout's name
 * @param ring the ring, in ring order
 * @param blocks blocks planned (those with at least one replica)
 * @param blocksWithoutReplica blocks no node holds: nothing can copy them, they are left out
 * @param blocksBeyondRing blocks whose replication exceeds the ring size: planned for one replica
 *     per ring node, the rest stays where HDFS put it
 * @param blocksTouched blocks that change
 * @param replicas replicas held now (every holder of every planned block)
 * @param replicasMoved replicas that leave one node for another
 * @param replicasAdded replicas copied to a block that had too few
 * @param replicasDeleted replicas deleted from a block that had too many
 * @param bytesStored bytes held now (replicas times their block's length)
 * @param bytesCopied bytes sent over the network (moves and additions)
 * @param nodes per node, ring nodes in ring order, then holders off the ring by name
 * @param changes the blocks that change, in input order
 */
public record RelayoutPlan(String target, List<String> ring, long blocks,
    long blocksWithoutReplica, long blocksBeyondRing, long blocksTouched, long replicas,
    long replicasMoved, long replicasAdded, long replicasDeleted, long bytesStored,
    long bytesCopied, List<NodeFlow> nodes, List<BlockChange> changes) {

  /** Copies the lists. */
  public RelayoutPlan {
    Objects.requireNonNull(target, "target");
    ring = List.copyOf(ring);
    nodes = List.copyOf(nodes);
    changes = List.copyOf(changes);
  }

  /** Moved replicas as a share of all replicas held now; 0 for an empty cluster. */
  public double movedFraction() {
    return replicas == 0 ? 0 : (double) replicasMoved / replicas;
  }

  /** The node whose busier direction carries the most bytes: it decides the relayout's time. */
  public Optional<NodeFlow> bottleneck() {
    return nodes.stream().filter(n -> n.busiestBytes() > 0)
        .max(Comparator.comparingLong(NodeFlow::busiestBytes));
  }

  /** {@link NodeFlow#busiestBytes} of the {@link #bottleneck}, 0 when nothing moves. */
  public long bottleneckBytes() {
    return bottleneck().map(NodeFlow::busiestBytes).orElse(0L);
  }
}
