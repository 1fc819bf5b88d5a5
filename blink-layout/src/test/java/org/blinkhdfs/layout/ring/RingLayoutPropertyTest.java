package org.blinkhdfs.layout.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random rings. Spread bound: any two of the first r positions are at least
 * floor(N / 2^ceil(log2 r)) apart. Why it holds: the largest gap is always split in two halves of
 * floor and ceil length, so gap lengths go level by level; after 2^k replicas all gaps are
 * floor(N / 2^k) or one more (halving lengths {a, a+1} yields lengths within one of each other),
 * and for 2^(k-1) &lt; r &lt;= 2^k every gap is of level k-1 or k, hence &gt;= floor(N / 2^k).
 * Equal-length ties change which gap is split, never the multiset of lengths.
 */
class RingLayoutPropertyTest {
  private static final int SEEDS = 300;

  @Test
  void randomLayoutsAreSpreadDistinctAndComplete() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random random = new Random(seed);
      int n = 1 + random.nextInt(64);
      int r = 1 + random.nextInt(n);
      int first = random.nextInt(n);
      RingLayout ring = new RingLayout(n);
      List<Integer> positions = ring.positions(first, r);
      String where = "seed=" + seed + " n=" + n + " r=" + r + " f=" + first;

      assertTrue(r <= n, where);
      assertEquals(r, positions.size(), where);
      assertEquals(r, new HashSet<>(positions).size(), where);
      assertTrue(minimumDistance(positions, n) >= spreadBound(n, r), where);

      List<Integer> all = new ArrayList<>(ring.positions(first, n));
      Collections.sort(all);
      List<Integer> identity = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        identity.add(i);
      }
      assertEquals(identity, all, where);

      int found = ring.bestFirst(positions, r);
      assertEquals(new HashSet<>(positions), new HashSet<>(ring.positions(found, r)), where);
    }
  }

  @Test
  void spreadBoundHoldsForEveryRingUpTo64() {
    for (int n = 1; n <= 64; n++) {
      List<Integer> all = new RingLayout(n).positions(0, n);
      for (int r = 2; r <= n; r++) {
        int distance = minimumDistance(all.subList(0, r), n);
        assertTrue(distance >= spreadBound(n, r), "n=" + n + " r=" + r + " d=" + distance);
      }
    }
  }

  @Test
  void powerOfTwoReplicasOnPowerOfTwoRingsAreEvenlySpaced() {
    // Optimal case from the paper: N=64, r=2^k gives spacing exactly 64 / r.
    RingLayout ring = new RingLayout(64);
    for (int r = 1; r <= 64; r *= 2) {
      List<Integer> sorted = new ArrayList<>(ring.positions(0, r));
      Collections.sort(sorted);
      for (int i = 0; i < r; i++) {
        assertEquals(i * (64 / r), sorted.get(i), "r=" + r);
      }
    }
  }

  static int spreadBound(int n, int r) {
    int ceilLog2 = r <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(r - 1);
    return n >> ceilLog2;
  }

  static int minimumDistance(List<Integer> positions, int n) {
    int min = Integer.MAX_VALUE;
    for (int i = 0; i < positions.size(); i++) {
      for (int j = i + 1; j < positions.size(); j++) {
        min = Math.min(min, RingLayout.ringDistance(positions.get(i), positions.get(j), n));
      }
    }
    return min;
  }
}
