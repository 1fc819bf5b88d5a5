package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.blinkhdfs.model.schedule.BalancedReadOrder;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * The read throughput {@code blink.read.order = balanced} delivers on the phase-group layout
 * ({@link ReadOrderCapacity}): numbers worked by hand, the closed forms for G = r, and a brute
 * force with the real {@link BalancedReadOrder} for every anchor of the layout, every residue of
 * the block ID and every millisecond of the interval.
 */
class ReadOrderCapacityBalancedTest {
  private static final long T = 60_000;

  private static double balanced(int n, int r, int g, long t, int activeGroups, long w, long m) {
    return ReadOrderCapacity.nodeEquivalents(new PhaseGroups(n, g), r, t, activeGroups, w, m,
        ReadOrderMode.BALANCED);
  }

  private static double longest(int n, int r, int g, long t, int activeGroups, long w, long m) {
    return ReadOrderCapacity.nodeEquivalents(new PhaseGroups(n, g), r, t, activeGroups, w, m,
        ReadOrderMode.LONGEST_WINDOW);
  }

  @Test
  void nineNodesThreeGroupsByHand() {
    // Groups {0,3,6}, {1,4,7}, {2,5,8} open at 0, 20 000, 40 000 ms.
    // 30 000 ms windows: [0, 10 000) groups 0 and 2 usable (6 node-eq), [10 000, 20 000) group 0
    // alone (3), and so on round the interval: (3·10 000·6 + 3·10 000·3)/60 000 = 4.5 = 9·30/60.
    assertEquals(4.5, balanced(9, 3, 3, T, 0, 30_000, 0), 1e-12);
    // Under the longest window the newer group serves alone: 3 throughout.
    assertEquals(3.0, longest(9, 3, 3, T, 0, 30_000, 0), 1e-12);
    // 40% (90 W at 25 W / 1 W): 22 500 ms windows, 9·22 500/60 000; the longest window gives 3.
    assertEquals(3.375, balanced(9, 3, 3, T, 0, 22_500, 0), 1e-12);
    // The hybrid of one group ACTIVE and 3 750 ms windows: 3 + 2 groups·3·3 750/60 000.
    assertEquals(3.375, balanced(9, 3, 3, T, 1, 3_750, 0), 1e-12);
    assertEquals(3.0, longest(9, 3, 3, T, 1, 3_750, 0), 1e-12);
    // Whole groups ACTIVE, the rest OFF: the same under both orders.
    assertEquals(3.0, balanced(9, 3, 3, T, 1, 0, 0), 1e-12);
    assertEquals(6.0, balanced(9, 3, 3, T, 2, 0, 0), 1e-12);
    assertEquals(9.0, balanced(9, 3, 3, T, 0, T, 500), 1e-12);
    // 10 000 ms: no overlap, the orders agree: 3·10 000·3/60 000.
    assertEquals(1.5, balanced(9, 3, 3, T, 0, 10_000, 0), 1e-12);
    // t = 6 s, w = 3 000, m = 500: L = 2 500 over gaps of 2 000: 9·2 500/6 000; longest 3.
    assertEquals(3.75, balanced(9, 3, 3, 6_000, 0, 3_000, 500), 1e-12);
    assertEquals(3.0, longest(9, 3, 3, 6_000, 0, 3_000, 500), 1e-12);
    // w = 2 263, L = 1 763 < 2 000: no overlap, both 3·1 763·3/6 000.
    assertEquals(2.6445, balanced(9, 3, 3, 6_000, 0, 2_263, 500), 1e-12);
    assertEquals(0.0, balanced(9, 3, 3, T, 0, 0, 0), 0);
  }

  @Test
  void unequalGroupsAreBoundByTheSmallestUsableOne() {
    // N = 10: groups {0,3,6,9} (4), {1,4,7} (3), {2,5,8} (3) open at 0, 20 000, 40 000 ms.
    // 30 000 ms: [0, 10 000) groups 0 and 2: 2·3 = 6; [10 000, 20 000) group 0 alone: 4;
    // [20 000, 30 000) groups 0 and 1: 6; [30 000, 40 000) group 1: 3; [40 000, 50 000) 1 and
    // 2: 6; [50 000, 60 000) group 2: 3. (6 + 4 + 6 + 3 + 6 + 3)·10 000/60 000 = 28/6.
    assertEquals(28.0 / 6, balanced(10, 3, 3, T, 0, 30_000, 0), 1e-12);
    assertEquals(9.0, balanced(10, 3, 3, T, 0, T, 0), 1e-12);
  }

  @Test
  void fewerReplicasThanGroupsByHand() {
    // N = G = 6, r = 3: a block with start s is on s, s+2, s+4; nodes open every 10 000 ms.
    // L = 15 000: in [0, 5 000) of each 10 000 ms the newest node and the one opened 10 000 ms
    // earlier are usable, one even and one odd, each the only usable replica of half the blocks
    // (2); in [5 000, 10 000) the newest alone serves half the blocks (1): 1.5, as the longest
    // window, since no block has two usable replicas.
    assertEquals(1.5, balanced(6, 3, 6, T, 0, 15_000, 0), 1e-12);
    // L = 30 000: at every phase three nodes are usable, two of one parity (they split those
    // blocks) and one of the other (it serves its half alone): load 1/2 on that one, so
    // (1/2 + 1/2)/(1/2) = 2, no more than the longest window's 2.
    assertEquals(2.0, balanced(6, 3, 6, T, 0, 30_000, 0), 1e-12);
    assertEquals(2.0, longest(6, 3, 6, T, 0, 30_000, 0), 1e-12);
  }

  @Test
  void closedFormsForEqualGroups() {
    Random rnd = new Random(46);
    for (int i = 0; i < 2_000; i++) {
      int r = 1 + rnd.nextInt(6);
      int q = 1 + rnd.nextInt(10);
      int n = q * r;
      long t = 1_000 + rnd.nextInt(120_000);
      long w = rnd.nextInt((int) t);
      long m = rnd.nextBoolean() ? 0 : rnd.nextInt(2_000);
      PhaseGroups l = new PhaseGroups(n, r);
      double fraction = (double) Math.max(0, w - m) / t;
      String at = "N = " + n + ", r = " + r + ", t = " + t + ", w = " + w + ", m = " + m;
      assertEquals(n * fraction, ReadOrderCapacity.nodeEquivalents(l, r, t, 0, w, m,
          ReadOrderMode.BALANCED), 1e-9, at);
      for (int j = 1; j <= r; j++) {
        assertEquals(j * q, ReadOrderCapacity.nodeEquivalents(l, r, t, j, 0, m,
            ReadOrderMode.BALANCED), 1e-9, at + ", j = " + j);
        assertEquals(q * (j + (r - j) * fraction), ReadOrderCapacity.nodeEquivalents(l, r, t,
            j, w, m, ReadOrderMode.BALANCED), 1e-9, at + ", hybrid j = " + j);
      }
    }
  }

  @Test
  void neverLessThanTheLongestWindowForGEqualsR() {
    // Equal groups, G = r: balanced runs at |A(x)|·N/G where the longest window runs at N/G
    // (the newest group alone) or j·N/G (j groups ACTIVE): never less.
    Random rnd = new Random(3);
    for (int i = 0; i < 1_000; i++) {
      int r = 1 + rnd.nextInt(6);
      int n = r * (1 + rnd.nextInt(10));
      long t = 1_000 + rnd.nextInt(120_000);
      long w = rnd.nextInt((int) t + 1);
      long m = rnd.nextInt(1_000);
      int j = rnd.nextInt(r + 1);
      String at = "N = " + n + ", r = " + r + ", t = " + t + ", w = " + w + ", m = " + m
          + ", j = " + j;
      assertTrue(balanced(n, r, r, t, j, w, m) >= longest(n, r, r, t, j, w, m) - 1e-9, at);
    }
  }

  @Test
  void matchesTheBalancedReadOrderOverEveryAnchorAndId() {
    Random rnd = new Random(11);
    for (int i = 0; i < 60; i++) {
      int n = 2 + rnd.nextInt(12);
      int r = 1 + rnd.nextInt(Math.min(4, n));
      int g = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(n) : r;
      long t = 120 + rnd.nextInt(300);
      long w = rnd.nextInt(5) == 0 ? t : rnd.nextInt((int) t);
      long m = rnd.nextBoolean() ? 0 : rnd.nextInt(40);
      int active = rnd.nextInt(3) == 0 ? rnd.nextInt(g + 1) : 0;
      PhaseGroups l = new PhaseGroups(n, g);
      String at = "N = " + n + ", r = " + r + ", G = " + g + ", t = " + t + ", w = " + w
          + ", m = " + m + ", ACTIVE groups " + active;
      assertEquals(bruteForce(l, r, t, active, w, m), ReadOrderCapacity.nodeEquivalents(l, r, t,
          active, w, m, ReadOrderMode.BALANCED), 1e-9, at);
    }
  }

  /**
   * Every anchor of the layout with every block ID residue modulo 12 (a multiple of every
   * eligible count k ≤ 4, so each eligible replica is chosen equally often, as over HDFS's
   * sequential IDs); at the middle of every millisecond each block's read goes to the replica
   * {@link BalancedReadOrder#sortInPlace} puts first when it is usable, and the scan runs at
   * servable blocks over the busiest node's load. The schedule is built on half milliseconds,
   * as in {@code ReadOrderCapacityTest}, so no instant falls on a window's edge.
   */
  private static double bruteForce(PhaseGroups l, int r, long t, int activeGroups, long w,
      long m) {
    int ids = 12;
    int n = l.nodeCount();
    List<String> ring = PolicyTest.ring(n);
    Schedule.Builder b = Schedule.builder().intervalMs(2 * t);
    for (int p = 0; p < n; p++) {
      boolean on = l.groupOf(p) >= l.groupCount() - activeGroups;
      b.add(on ? NodeSchedule.of(ring.get(p), NodeMode.ACTIVE)
          : BlinkMath.entry(ring.get(p), 2 * l.phaseMs(p, t), 2 * w, 2 * t));
    }
    Schedule s = b.build();
    long anchors = l.anchorCount();
    double sum = 0;
    String[] replicas = new String[r];
    for (long x = 0; x < t; x++) {
      double[] load = new double[n];
      long servable = 0;
      for (long a = 0; a < anchors; a++) {
        int[] pos = l.positions(a, r);
        for (long id = 0; id < ids; id++) {
          for (int k = 0; k < r; k++) {
            replicas[k] = ring.get(pos[k]);
          }
          if (BalancedReadOrder.sortInPlace(replicas, r, v -> v, s, 2 * x + 1, 2 * m, id) == 0) {
            continue;
          }
          servable++;
          load[ring.indexOf(replicas[0])]++;
        }
      }
      double busiest = 0;
      for (double v : load) {
        busiest = Math.max(busiest, v);
      }
      sum += busiest == 0 ? 0 : servable / busiest;
    }
    return sum / t;
  }
}
