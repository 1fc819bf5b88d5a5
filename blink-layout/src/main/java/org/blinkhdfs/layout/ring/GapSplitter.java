package org.blinkhdfs.layout.ring;

import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * The placement rule of {@link RingLayout}, computed once for a first replica at offset 0: every
 * layout is this offset sequence shifted by its first node, because both the gap lengths and the
 * tie-break (start nearest the first node, clockwise) are relative to the first node.
 *
 * <p>Largest gap first, split at {@code start + floor(length / 2)}; ties go to the gap whose start
 * is nearest clockwise to offset 0. The first gap is the whole ring (length N, start 0), so the
 * second replica lands at {@code floor(N / 2)}, the node opposite. O(r log r) time.
 */
final class GapSplitter {
  /** A clockwise arc from a chosen offset to the next chosen offset (the whole ring at first). */
  private record Gap(int startOffset, int length) {}

  private static final Comparator<Gap> LARGEST_THEN_NEAREST =
      Comparator.comparingInt(Gap::length).reversed().thenComparingInt(Gap::startOffset);

  private GapSplitter() {}

  /**
   * Offsets from the first replica of the first {@code replicas} replicas, in placement order.
   *
   * @param ringSize N ≥ 1
   * @param replicas 1..N (validated by the caller)
   */
  static int[] offsets(int ringSize, int replicas) {
    int[] offsets = new int[replicas];
    PriorityQueue<Gap> gaps = new PriorityQueue<>(LARGEST_THEN_NEAREST);
    gaps.add(new Gap(0, ringSize));
    for (int i = 1; i < replicas; i++) {
      // i gaps sum to N and i < N, so the widest has length >= 2 and its midpoint is new.
      Gap widest = gaps.poll();
      int half = widest.length() / 2;
      int middle = (int) ((widest.startOffset() + (long) half) % ringSize);
      offsets[i] = middle;
      gaps.add(new Gap(widest.startOffset(), half));
      gaps.add(new Gap(middle, widest.length() - half));
    }
    return offsets;
  }
}
