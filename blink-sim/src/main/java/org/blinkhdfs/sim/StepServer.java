package org.blinkhdfs.sim;

import java.util.List;
import org.blinkhdfs.model.schedule.ReadOrder;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.rabbit.layout.BlockHash;

/**
 * One power step's answer to a reader: when can this block be read, and from which node. Two
 * kinds: a blink schedule over a layout (the NameNode's read order), and the migration-based
 * baseline (k nodes holding the data evenly, serving nothing until a move ends).
 */
interface StepServer {
  /** The hash stream that spreads the migration baseline's blocks over its k nodes. */
  int SPREAD_STREAM = 7;
  /** The hash stream that picks among equal replicas, uniformly per read. */
  int TIE_STREAM = 11;

  /**
   * The earliest time in {@code [tMs, endMs)} at which a read of {@code blockId} can start, its
   * node's ring index written to {@code node[0]}; -1 when no replica serves before {@code endMs}.
   */
  long readyAt(long blockId, long tMs, long endMs, int[] node);

  /**
   * A blink schedule (repeating from time 0, as {@link Simulator} plans it) over {@code layout}:
   * of the block's replicas, the one {@link ReadOrder} puts first (usable now with the longest
   * window left, else the one usable soonest); equal ones (ACTIVE nodes) are picked uniformly per
   * read, as HDFS shuffles equal replicas.
   */
  static StepServer blink(Schedule schedule, ReplicaSets layout, List<String> ring,
      long minWindowMs) {
    return (blockId, tMs, endMs, node) -> {
      long best = -1;
      long bestLeft = -1;
      int ties = 0;
      for (int i : layout.targets(blockId)) {
        ReadOrder.Key key = ReadOrder.key(schedule, ring.get(i), tMs, minWindowMs);
        long at = key.usableNow() ? tMs
            : key.untilUsableMs() >= endMs - tMs ? Long.MAX_VALUE : tMs + key.untilUsableMs();
        long left = key.usableNow() ? key.remainingMs() : 0;
        if (at >= endMs) {
          continue;
        }
        if (best < 0 || at < best || at == best && left > bestLeft) {
          best = at;
          bestLeft = left;
          node[0] = i;
          ties = 1;
        } else if (at == best && left == bestLeft
            && BlockHash.index(blockId ^ tMs, ++ties, TIE_STREAM, ties) == 0) {
          node[0] = i; // equal replicas (two ACTIVE nodes): HDFS shuffles them
        }
      }
      return best;
    };
  }

  /**
   * The migration-based baseline in one step: {@code k} nodes hold the data evenly (a block's
   * node is a hash of its ID), nothing is served before {@code movedAtMs} (the end of the moves
   * queued so far); with k = 0 nothing is served.
   */
  static StepServer migration(int k, long movedAtMs) {
    return (blockId, tMs, endMs, node) -> {
      long at = Math.max(tMs, movedAtMs);
      if (k == 0 || at >= endMs) {
        return -1;
      }
      node[0] = BlockHash.index(blockId, 0, SPREAD_STREAM, k);
      return at;
    };
  }
}
