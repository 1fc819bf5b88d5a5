package org.blinkhdfs.layout;

import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.blinkhdfs.layout.ring.FirstPositions;

/**
 * What a {@link LayoutModel} may know when it lays out a new block: the ring's size, the writer's
 * position, the caller's seeded random, and how many positions of a candidate layout could take a
 * replica now, so it can pick a layout that needs as few stand-ins (and later corrections) as
 * possible. This is the one input of the port besides the replication; it names no HDFS type, so
 * the NameNode, the proxy and the simulator each supply their own view of the same ring.
 *
 * <p>Two implementations: the NameNode's ({@code org.blinkhdfs.placement.RingNewBlockView}, which
 * counts a position as takeable the way HDFS's {@code chooseLocalOrFavoredStorage} would: awake for
 * the write guard, in service, not overloaded, within the per-rack maximum, offering a storage
 * type still needed) and {@link ScheduleView} (pure: awake for the write guard at an instant of a
 * schedule, and among the live nodes, with no racks or storage types).
 *
 * <p>Contract: {@code takeable(c) <= fillable(c) <= c.size()} for every candidate {@code c};
 * {@code usable(p)} implies {@code takeable(List.of(p)) == 1}.
 *
 * <p>Example (9 ring nodes, COLD: ARCHIVE on nodes 0, 4 and 6 only, all awake, the NameNode's
 * view): {@code takeable([0, 4, 6])} is 3, {@code takeable([2, 6, 8])} is 1.
 *
 * <p>An instance belongs to one placement decision on one thread, except {@link #withRandom},
 * which must be safe to call from several.
 */
public interface NewBlockView {
  /** Number of ring positions. */
  int ringSize();

  /** The writer's ring position, or -1 when the writer is not a ring node. */
  int writerPosition();

  /** True when the node at {@code position} can take a replica now (alone). */
  boolean usable(int position);

  /** How many of {@code positions} could take a replica now, together. */
  int takeable(List<Integer> positions);

  /**
   * How many of {@code positions} could take a replica once every live node is awake and idle: a
   * candidate whose missing position is a sleeping node can be completed later by a correction;
   * one whose node is dead or lacks the storage type never can.
   */
  int fillable(List<Integer> positions);

  /**
   * Runs {@code draw} with the caller's seeded random, one draw at a time, so that concurrent
   * writes draw one after another (repeatable for one thread of writes).
   */
  <T> T withRandom(Function<Random, T> draw);

  /**
   * The best first positions of a rotation-invariant layout with these {@code offsets} ({@link
   * FirstPositions}). The default scores every first position now, O(N·r); a view whose scores
   * stay the same over many decisions (the NameNode's, within one time slice of the schedule)
   * returns the value it computed the same way for the first of them, so a decision is O(1).
   */
  default FirstPositions firstPositions(int[] offsets, int replicas) {
    return FirstPositions.scan(offsets, replicas, this);
  }
}
