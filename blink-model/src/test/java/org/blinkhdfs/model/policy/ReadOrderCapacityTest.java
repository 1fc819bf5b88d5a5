package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.ReadOrder;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * The read throughput the read order delivers on the phase-group layout: numbers worked by hand,
 * the closed forms for G = r, and a brute force over every anchor of the layout with the real
 * {@link ReadOrder} at every millisecond of the interval.
 */
class ReadOrderCapacityTest {
  private static final long T = 60_000;

  private static double c(int n, int r, int g, long t, int activeGroups, long w, long m) {
    return ReadOrderCapacity.nodeEquivalents(new PhaseGroups(n, g), r, t, activeGroups, w, m);
  }

  @Test
  void nineNodesThreeGroupsByHand() {
    // Groups {0,3,6}, {1,4,7}, {2,5,8} open at 0, 20 000, 40 000 ms.
    // Blinking 22 500 ms: each group is the newest awake one for its 20 000 ms gap: 3·20000·3/t.
    assertEquals(3.0, c(9, 3, 3, T, 0, 22_500, 0), 1e-12);
    // 50 000 ms windows serve no more: the overlap is never first.
    assertEquals(3.0, c(9, 3, 3, T, 0, 50_000, 0), 1e-12);
    // 10 000 ms: each group serves 10 000 of its 20 000 ms, nothing serves the rest.
    assertEquals(1.5, c(9, 3, 3, T, 0, 10_000, 0), 1e-12);
    // The read window comes off: 22 500 − 15 000 leaves L = 7 500: 3·7500·3/60000.
    assertEquals(1.125, c(9, 3, 3, T, 0, 22_500, 15_000), 1e-12);
    // One group ACTIVE, the rest OFF or blinking: the ACTIVE replica always wins.
    assertEquals(3.0, c(9, 3, 3, T, 1, 0, 0), 1e-12);
    assertEquals(3.0, c(9, 3, 3, T, 1, 3_750, 0), 1e-12);
    assertEquals(3.0, c(9, 3, 3, T, 1, 59_999, 0), 1e-12);
    assertEquals(6.0, c(9, 3, 3, T, 2, 0, 0), 1e-12);
    assertEquals(9.0, c(9, 3, 3, T, 3, 0, 0), 1e-12);
    // A window of the whole interval is ACTIVE.
    assertEquals(9.0, c(9, 3, 3, T, 0, T, 500), 1e-12);
    // Nothing awake.
    assertEquals(0.0, c(9, 3, 3, T, 0, 0, 0), 0);
    // The 6 s example: w = 2 263, m = 500, L = 1 763 < 2 000: 3·1763·3/6000.
    assertEquals(2.6445, c(9, 3, 3, 6_000, 0, 2_263, 500), 1e-12);
  }

  @Test
  void unequalGroupsAreBoundByTheSmallestActiveOne() {
    // N = 10: groups {0,3,6,9} (4), {1,4,7} (3), {2,5,8} (3). Blinking with L >= the gaps:
    // (4 + 3 + 3)·20000/60000; every node ACTIVE: each block splits 3 ways, a member of a group
    // of 3 carries 1/9 of the blocks, so 9 node-eq, not 10.
    assertEquals(10.0 / 3, c(10, 3, 3, T, 0, 30_000, 0), 1e-12);
    assertEquals(10.0 / 6, c(10, 3, 3, T, 0, 10_000, 0), 1e-12);
    assertEquals(3.0, c(10, 3, 3, T, 1, 0, 0), 1e-12);
    assertEquals(6.0, c(10, 3, 3, T, 2, 0, 0), 1e-12);
    assertEquals(9.0, c(10, 3, 3, T, 3, 0, 0), 1e-12);
    assertEquals(9.0, c(10, 3, 3, T, 0, T, 0), 1e-12);
  }

  @Test
  void fewerReplicasThanGroupsByHand() {
    // N = G = 6, r = 3: a block with start s is on s, s+2, s+4, nodes open every 10 000 ms.
    // L = 30 000: at every phase the newest even and the newest odd node each serve half the
    // blocks: 2 node-eq.
    assertEquals(2.0, c(6, 3, 6, T, 0, 30_000, 0), 1e-12);
    // L = 15 000: in [0, 5 000) of each 10 000 ms the newest odd node (opened 10 000 ms earlier)
    // is usable too (2); in [5 000, 10 000) only the newest even one, serving half the blocks (1).
    assertEquals(1.5, c(6, 3, 6, T, 0, 15_000, 0), 1e-12);
    // Groups 2..5 ACTIVE cover every block: starts 0, 2, 4 are on {0, 2, 4} and split over 2
    // and 4, starts 1, 3, 5 on {1, 3, 5} over 3 and 5: each ACTIVE node 3·(1/6)/2 = 1/4: 4.
    assertEquals(4.0, c(6, 3, 6, T, 4, 0, 0), 1e-12);
  }

  @Test
  void closedFormsForGEqualsR() {
    Random rnd = new Random(39);
    for (int i = 0; i < 2_000; i++) {
      int r = 1 + rnd.nextInt(6);
      int n = r + rnd.nextInt(64 - r + 1);
      long t = 1_000 + rnd.nextInt(120_000);
      long w = rnd.nextInt((int) t);
      long m = rnd.nextBoolean() ? 0 : rnd.nextInt(2_000);
      PhaseGroups l = new PhaseGroups(n, r);
      double blinking = 0;
      for (int g = 0; g < r; g++) {
        long gap = (g + 1 < r ? l.phaseMs(g + 1, t) : t) - l.phaseMs(g, t);
        blinking += Math.min(Math.max(0, w - m), gap) * l.groupSize(g);
      }
      String at = "N = " + n + ", r = " + r + ", t = " + t + ", w = " + w + ", m = " + m;
      assertEquals(blinking / t, ReadOrderCapacity.nodeEquivalents(l, r, t, 0, w, m), 1e-9, at);
      for (int j = 1; j <= r; j++) {
        int smallest = Integer.MAX_VALUE;
        for (int g = r - j; g < r; g++) {
          smallest = Math.min(smallest, l.groupSize(g));
        }
        assertEquals(j * smallest, ReadOrderCapacity.nodeEquivalents(l, r, t, j, 0, m), 1e-9,
            at + ", j = " + j);
        assertEquals(j * smallest, ReadOrderCapacity.nodeEquivalents(l, r, t, j, w, m), 1e-9,
            at + ", hybrid j = " + j);
      }
    }
  }

  @Test
  void matchesTheReadOrderOverEveryAnchor() {
    Random rnd = new Random(7);
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
      assertEquals(bruteForce(l, r, t, active, w, m),
          ReadOrderCapacity.nodeEquivalents(l, r, t, active, w, m), 1e-9, at);
    }
  }

  @Test
  void badArgumentsAreNamed() {
    PhaseGroups l = new PhaseGroups(9, 3);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadOrderCapacity.nodeEquivalents(l, 3, T, 4, 0, 0));
    assertEquals("activeGroups must be within 0..3, got 4: give how many whole phase groups are"
        + " ACTIVE", e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> ReadOrderCapacity.nodeEquivalents(l, 3, T, 0, -1, 0));
  }

  /**
   * Every anchor of the layout once; at the middle of every millisecond each block's read goes to
   * its replicas that {@link ReadOrder} puts first (equal keys share), and the scan runs at
   * servable blocks over the busiest node's load. The schedule is built on half milliseconds
   * (every length doubled) and read at the odd ones, so no instant falls on a window's edge,
   * where a whole-millisecond grid would count the instant a window's usable part ends.
   */
  private static double bruteForce(PhaseGroups l, int r, long t, int activeGroups, long w,
      long m) {
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
    for (long x = 0; x < t; x++) {
      ReadOrder.Key[] keys = new ReadOrder.Key[n];
      for (int p = 0; p < n; p++) {
        keys[p] = ReadOrder.key(s, ring.get(p), 2 * x + 1, 2 * m);
      }
      double[] load = new double[n];
      long servable = 0;
      for (long a = 0; a < anchors; a++) {
        int[] pos = l.positions(a, r);
        ReadOrder.Key best = null;
        for (int p : pos) {
          if (keys[p].usableNow() && (best == null || first(keys[p], best))) {
            best = keys[p];
          }
        }
        if (best == null) {
          continue;
        }
        servable++;
        int ties = 0;
        for (int p : pos) {
          ties += keys[p].equals(best) ? 1 : 0;
        }
        for (int p : pos) {
          load[p] += keys[p].equals(best) ? 1.0 / ties : 0;
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

  private static boolean first(ReadOrder.Key a, ReadOrder.Key b) {
    return a.remainingMs() > b.remainingMs();
  }
}
