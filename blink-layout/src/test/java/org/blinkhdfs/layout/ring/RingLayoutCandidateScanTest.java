package org.blinkhdfs.layout.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.blinkhdfs.layout.LayoutCheck;
import org.junit.jupiter.api.Test;

/**
 * {@link RingLayout#bestFirst}, {@link RingLayout#check} and {@link RingLayout#deletionOrder} try
 * only the first positions that cover a held position; this compares them with the full scan of
 * every first position they replaced (kept here as the oracle), on worked cases and over seeds.
 */
class RingLayoutCandidateScanTest {
  private static final int SEEDS = 2000;

  @Test
  void workedCasesMatchTheFullScan() {
    RingLayout ring = new RingLayout(10);
    // positions(3, 4) = [3, 8, 5, 0]: held exactly, f = 3.
    assertEquals(3, ring.bestFirst(List.of(0, 3, 5, 8), 4));
    assertEquals(3, Oracle.bestFirst(10, List.of(0, 3, 5, 8), 4));
    // Nothing held: every first ties at 0 covered, the first tie (0) wins.
    assertEquals(0, ring.bestFirst(List.of(), 3));
    assertEquals(0, Oracle.bestFirst(10, List.of(), 3));
    // One held position 7, r = 2 (offsets 0, 5): layouts of 7 ([7, 2]) and 2 ([2, 7]) cover it;
    // 7 has it in first place, so 7.
    assertEquals(7, ring.bestFirst(List.of(7), 2));
    assertEquals(7, Oracle.bestFirst(10, List.of(7), 2));
  }

  @Test
  void randomHoldersGiveTheFullScansAnswers() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random random = new Random(seed);
      int n = 1 + random.nextInt(random.nextBoolean() ? 12 : 200);
      int r = 1 + random.nextInt(Math.min(n, 6));
      List<Integer> held = new ArrayList<>();
      int h = random.nextInt(Math.min(n, 8) + 1);
      for (int i = 0; i < h; i++) {
        held.add(random.nextInt(n)); // duplicates allowed: they count once
      }
      RingLayout ring = new RingLayout(n);
      String where = "seed=" + seed + " n=" + n + " r=" + r + " held=" + held;
      assertEquals(Oracle.bestFirst(n, held, r), ring.bestFirst(held, r), where);
      assertEquals(Oracle.check(n, held, r), ring.check(held, r), where);
      assertEquals(Oracle.deletionOrder(n, held, r), ring.deletionOrder(held, r), where);
    }
  }

  /** The full scans RingLayout ran before (O(N·r)), verbatim but for the shared helpers. */
  private static final class Oracle {
    static int bestFirst(int n, Collection<Integer> held, int replicas) {
      return bestFirst(n, mask(n, held), GapSplitter.offsets(n, replicas));
    }

    static LayoutCheck check(int n, Collection<Integer> held, int replicas) {
      boolean[] isHeld = mask(n, held);
      int[] offsets = GapSplitter.offsets(n, replicas);
      int first = bestFirst(n, isHeld, offsets);
      List<Integer> layout = FirstPositions.shifted(first, offsets, n);
      boolean[] inLayout = mask(n, layout);
      List<Integer> missing = new ArrayList<>();
      for (int position : layout) {
        if (!isHeld[position]) {
          missing.add(position);
        }
      }
      List<Integer> extra = new ArrayList<>();
      for (int position = 0; position < n; position++) {
        if (isHeld[position] && !inLayout[position]) {
          extra.add(position);
        }
      }
      return new LayoutCheck(first, layout, missing, extra);
    }

    static List<Integer> deletionOrder(int n, Collection<Integer> held, int replicas) {
      boolean[] isHeld = mask(n, held);
      int heldCount = 0;
      for (boolean b : isHeld) {
        heldCount += b ? 1 : 0;
      }
      if (heldCount <= replicas) {
        return List.of();
      }
      int[] offsets = GapSplitter.offsets(n, heldCount);
      int first = bestFirst(n, isHeld, offsets);
      List<Integer> layoutHeld = new ArrayList<>();
      for (int position : FirstPositions.shifted(first, offsets, n)) {
        if (isHeld[position]) {
          layoutHeld.add(position);
        }
      }
      boolean[] inLayout = mask(n, layoutHeld);
      List<Integer> extras = new ArrayList<>();
      for (int position = 0; position < n; position++) {
        if (isHeld[position] && !inLayout[position]) {
          extras.add(position);
        }
      }
      extras.sort(Comparator.<Integer>comparingInt(p -> nearest(n, p, layoutHeld))
          .thenComparingInt(p -> Math.floorMod(p - first, n)));
      List<Integer> order = new ArrayList<>(extras);
      Collections.reverse(layoutHeld);
      order.addAll(layoutHeld);
      return List.copyOf(order.subList(0, heldCount - replicas));
    }

    private static int bestFirst(int n, boolean[] isHeld, int[] offsets) {
      int best = 0;
      int bestCount = -1;
      boolean[] bestPattern = new boolean[offsets.length];
      for (int first = 0; first < n; first++) {
        boolean[] pattern = new boolean[offsets.length];
        int count = 0;
        for (int i = 0; i < offsets.length; i++) {
          pattern[i] = isHeld[(int) (((long) first + offsets[i]) % n)];
          count += pattern[i] ? 1 : 0;
        }
        if (count > bestCount || (count == bestCount && earlier(pattern, bestPattern))) {
          bestPattern = pattern;
          best = first;
          bestCount = count;
        }
      }
      return best;
    }

    private static boolean earlier(boolean[] a, boolean[] b) {
      for (int i = 0; i < a.length; i++) {
        if (a[i] != b[i]) {
          return a[i];
        }
      }
      return false;
    }

    private static int nearest(int n, int p, List<Integer> others) {
      int d = Integer.MAX_VALUE;
      for (int o : others) {
        d = Math.min(d, RingLayout.ringDistance(p, o, n));
      }
      return d;
    }

    private static boolean[] mask(int n, Collection<Integer> positions) {
      boolean[] m = new boolean[n];
      for (int p : positions) {
        m[p] = true;
      }
      return m;
    }
  }
}
