package org.blinkhdfs.placement;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The replicas this policy has sent to or taken from a node since the node last reported, added
 * to what it reported, so that a run of decisions between two reports does not all land on one
 * node.
 *
 * <p>Why: HDFS chooses the targets of a whole redundancy-monitor pass (up to {@code
 * dfs.namenode.replication.work.multiplier.per.iteration} x live DataNodes blocks) before it
 * counts any of them ({@code BlockManager#computeReconstructionWorkForBlocks}: targets are chosen
 * outside the lock, then validated, and only then added to the node's {@code blocksScheduled}).
 * A layout correction that picks the least loaded member of a phase group on the reported load
 * alone sends every copy of the pass to the member that was least loaded when the pass began; in
 * a 9-node relayout from the bisection ring to phase groups one member ended with 25 replicas and
 * another with 5 (RelayoutInClusterTest). Deletions are the mirror image: they are chosen one
 * block at a time as copies arrive, and a replica marked for deletion stays counted on its node
 * until the node deletes it and says so.
 *
 * <p>The caller gives each node's reported load and a stamp of its last report (the NameNode:
 * replicas plus blocks scheduled, and the last heartbeat); {@link #of} adds the changes recorded
 * under that same stamp. Changes recorded under an older stamp are forgotten: by the next report
 * a copy is either done (in the replicas) or validated and on its way (in {@code
 * blocksScheduled}), and a deletion has been sent to the node. Between the choice and the
 * validation, a copy may be counted twice, and a deletion sent but not yet reported is not
 * counted: both err towards spreading over the group rather than piling up.
 *
 * <p>Bounded: one entry of two longs per key, a node's entry replaced at its next report; keys
 * are held weakly, so a DataNode the NameNode forgets is dropped with its descriptor.
 * Thread-safe: every access is synchronized on the map (one short lookup or merge).
 *
 * @param <K> the node's identity (the NameNode's {@code DatanodeDescriptor})
 */
final class PendingLoad<K> {
  private final Map<K, Change> changes = Collections.synchronizedMap(new WeakHashMap<>());

  /** {@code reported} plus the changes recorded for {@code node} under {@code stamp}. */
  long of(K node, long stamp, long reported) {
    Change c = changes.get(node);
    return reported + (c != null && c.stamp == stamp ? c.replicas : 0);
  }

  /**
   * Records {@code replicas} more (a copy chosen: +1) or fewer (a deletion chosen: -1) on
   * {@code node}, whose last report carries {@code stamp}.
   */
  void add(K node, long stamp, long replicas) {
    changes.merge(node, new Change(stamp, replicas), (old, now) -> old.stamp == stamp
        ? new Change(stamp, old.replicas + replicas) : now);
  }

  /** The change recorded since the report stamped {@code stamp}. */
  private record Change(long stamp, long replicas) {
  }
}
