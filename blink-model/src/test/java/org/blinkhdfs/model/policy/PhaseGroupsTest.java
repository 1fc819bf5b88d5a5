package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * Phase groups ({@link PhaseGroups}, {@link PhaseGroupsPolicy}) worked by hand against today's
 * {@code aligned} ({@link AlignedStagger}): t = 60 s, no transition, no read window unless
 * stated, 25 W / 1 W nodes (40% power: a = 9/24 = 0.375, w = 22 500 ms).
 */
class PhaseGroupsTest {
  private static final long T = 60_000;

  /** N = 9, r = 3: groups of 3, the same bound as aligned (3 divides 9). */
  @Test
  void nineNodesThreeGroups() {
    PhaseGroups g = new PhaseGroups(9, 3);
    assertEquals(List.of(3, 3, 3), sizes(g));
    assertEquals(9, g.anchorCount()); // P = lcm(3) = 3, G·P = 9
    assertEquals(20_000, g.phaseMs(4, T));
    assertEquals(40_000, g.phaseMs(8, T));
    assertArrayEquals(new int[] {4, 5, 3}, g.positions(4, 3)); // s = 1, c = 1
    assertEquals(20_000, g.maxGapMs(3, T));
    assertEquals(AlignedStagger.maxGapMs(9, 3, T), g.maxGapMs(3, T));
    assertTrue(g.alwaysReadable(3, T, 20_000, 0));
    assertFalse(g.alwaysReadable(3, T, 19_999, 0));
  }

  /** N = 10, r = 3: groups 4, 3, 3; aligned's f, f+3, f+6 has a 4-position gap of 24 000. */
  @Test
  void tenNodesReachTheBoundAlignedMisses() {
    PhaseGroups g = new PhaseGroups(10, 3);
    assertEquals(List.of(4, 3, 3), sizes(g));
    assertEquals(List.of(0, 3, 6, 9), members(g, 0));
    assertEquals(36, g.anchorCount()); // P = lcm(4, 3) = 12
    assertArrayEquals(new int[] {0, 1, 2}, g.positions(0, 3));
    assertArrayEquals(new int[] {1, 2, 0}, g.positions(1, 3));
    assertArrayEquals(new int[] {3, 4, 5}, g.positions(3, 3));
    assertArrayEquals(new int[] {9, 1, 2}, g.positions(9, 3)); // c = 3: 3 mod 4, 3 mod 3
    assertEquals(20_000, g.maxGapMs(3, T));
    assertEquals(24_000, AlignedStagger.maxGapMs(10, 3, T));
    // 40%: w = 22 500 covers 20 000 gaps, not 24 000 ones (one per block: 1 500 ms uncovered).
    assertTrue(g.alwaysReadable(3, T, 22_500, 0));
    assertEquals(0.0, g.meanWaitMs(3, T, 22_500, 0).getAsDouble());
    assertEquals(1_500.0 / T, AlignedStagger.unavailableFraction(10, 3, T, 22_500, 0), 1e-12);
    assertEquals(1_500.0 * 1_500 / (2 * T),
        AlignedStagger.meanWaitMs(10, 3, T, 22_500, 0).getAsDouble(), 1e-9);
    // Shares: a node of the group of 4 holds 1/4 of the blocks, the others 1/3.
    assertEquals(0.25, g.share(9, 3), 1e-12);
    assertEquals(1.0 / 3, g.share(4, 3), 1e-12);
  }

  /** N = 11, r = 3: groups 4, 4, 3; aligned's f, f+3, f+7 gaps of 4 positions, 21 819 ms max. */
  @Test
  void elevenNodes() {
    PhaseGroups g = new PhaseGroups(11, 3);
    assertEquals(List.of(4, 4, 3), sizes(g));
    assertEquals(List.of(1, 4, 7, 10), members(g, 1));
    assertEquals(21_819, AlignedStagger.maxGapMs(11, 3, T)); // ⌊420 000/11⌋ − ⌊...⌋, i = 7
    assertEquals(20_000, g.maxGapMs(3, T));
    // 35%: a = 7.75/24, powered ⌊19 375⌋, w = 19 375: both fail; groups lose 3·625 ms.
    assertEquals(3 * 625.0 / T, g.unavailableFraction(3, T, 19_375, 0), 1e-12);
    assertEquals(3 * 625.0 * 625 / (2 * T), g.meanWaitMs(3, T, 19_375, 0).getAsDouble(), 1e-9);
    assertEquals(g.meanWaitMs(3, T, 19_375, 0).getAsDouble(),
        AlignedStagger.lowerBoundWaitMs(3, T, 19_375, 0).getAsDouble(), 1e-9);
    assertEquals(0.25, g.share(0, 3), 1e-12);
    assertEquals(1.0 / 3, g.share(2, 3), 1e-12);
  }

  /** N = 13, r = 3: groups 5, 4, 4; aligned f, f+4, f+8 leaves 5t/13 − w at 40%. */
  @Test
  void thirteenNodesAtFortyPercent() {
    PhaseGroups g = new PhaseGroups(13, 3);
    assertEquals(List.of(5, 4, 4), sizes(g));
    assertEquals(60, g.anchorCount()); // P = 20
    assertTrue(g.alwaysReadable(3, T, 22_500, 0));
    assertEquals(23_077, AlignedStagger.maxGapMs(13, 3, T));
    assertFalse(AlignedStagger.alwaysReadable(13, 3, T, 22_500, 0));
    // Gaps of 5 positions average 5t/13 over f (the floors telescope), all above 22 500.
    assertEquals(5.0 / 13 - 0.375, AlignedStagger.unavailableFraction(13, 3, T, 22_500, 0),
        1e-12);
    assertEquals(0.2, g.share(3, 3), 1e-12);
    assertEquals(0.25, g.share(1, 3), 1e-12);
  }

  /** N = 7, r = 2: groups {0, 2, 4, 6} at 0 and {1, 3, 5} at 30 000 ms. */
  @Test
  void sevenNodesTwoReplicas() {
    PhaseGroups g = new PhaseGroups(7, 2);
    assertEquals(List.of(4, 3), sizes(g));
    assertEquals(24, g.anchorCount());
    assertArrayEquals(new int[] {5, 4}, g.positions(5, 2)); // s = 1, c = 2
    assertEquals(30_000, g.phaseMs(3, T));
    assertEquals(34_286, AlignedStagger.maxGapMs(7, 2, T)); // 4 positions of 60 000/7
    // 55%: a = 12.75/24, w = 31 875: groups readable throughout, aligned not.
    assertTrue(g.alwaysReadable(2, T, 31_875, 0));
    assertFalse(AlignedStagger.alwaysReadable(7, 2, T, 31_875, 0));
    // 50%: w = 28 750, two gaps of 30 000 leave 1 250 ms each: 2·1 250²/(2·60 000) = 26.04 ms.
    assertEquals(2_500.0 / T, g.unavailableFraction(2, T, 28_750, 0), 1e-12);
    assertEquals(2 * 1_250.0 * 1_250 / (2 * T), g.meanWaitMs(2, T, 28_750, 0).getAsDouble(),
        1e-9);
  }

  /** N = 64, r = 6: groups 11, 11, 11, 11, 10, 10; 20% (w = 10 000 = t/6) is exactly enough. */
  @Test
  void sixtyFourNodesSixReplicas() {
    PhaseGroups g = new PhaseGroups(64, 6);
    assertEquals(List.of(11, 11, 11, 11, 10, 10), sizes(g));
    assertEquals(660, g.anchorCount()); // P = 110
    assertEquals(10_000, g.maxGapMs(6, T));
    assertTrue(g.alwaysReadable(6, T, 10_000, 0));
    assertFalse(g.alwaysReadable(6, T, 10_000, 1));
    assertEquals(10_313, AlignedStagger.maxGapMs(64, 6, T)); // 11 positions of 937.5 ms
    assertFalse(AlignedStagger.alwaysReadable(64, 6, T, 10_000, 0));
    assertEquals(1.0 / 11, g.share(0, 6), 1e-12);
    assertEquals(1.0 / 11, g.share(63, 6), 1e-12); // 63 mod 6 = 3, a group of 11
    assertEquals(1.0 / 10, g.share(4, 6), 1e-12);
  }

  /** r below G: even spacing on the ring of groups; r above G: round the groups again. */
  @Test
  void replicationOtherThanTheGroups() {
    PhaseGroups g = new PhaseGroups(12, 6);
    assertArrayEquals(new int[] {1, 3, 5}, g.blockGroups(1, 3));
    assertArrayEquals(new int[] {4, 1}, g.blockGroups(4, 2));
    assertEquals(20_000, g.maxGapMs(3, T)); // 3 divides 6: still the bound
    assertEquals(20_000, g.maxGapMs(4, T)); // 4 does not: groups 0, 1, 3, 4 → gap of 2
    PhaseGroups three = new PhaseGroups(10, 3);
    assertArrayEquals(new int[] {0, 1, 2, 0, 1}, three.blockGroups(0, 5));
    assertArrayEquals(new int[] {0, 1, 2, 3, 4}, three.positions(0, 5));
    assertEquals(20_000, three.maxGapMs(5, T)); // three phases only
    // r = 10 on groups 4, 3, 3: every node once.
    int[] all = three.positions(7, 10);
    Arrays.sort(all);
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, all);
  }

  /** G = N is exactly aligned: the same phases and the same even layout for every anchor. */
  @Test
  void oneNodePerGroupIsAligned() {
    for (int n = 1; n <= 20; n++) {
      PhaseGroups g = new PhaseGroups(n, n);
      assertEquals(n, g.anchorCount());
      for (int i = 0; i < n; i++) {
        assertEquals(AlignedStagger.phaseMs(i, n, T), g.phaseMs(i, T));
      }
      for (int r = 1; r <= n; r++) {
        int[] offsets = AlignedStagger.replicaOffsets(n, r);
        for (int f = 0; f < n; f++) {
          int[] expected = new int[r];
          for (int j = 0; j < r; j++) {
            expected[j] = (f + offsets[j]) % n;
          }
          assertArrayEquals(expected, g.positions(f, r), "N=" + n + " r=" + r + " f=" + f);
        }
      }
    }
  }

  /**
   * Over every anchor, each node of a group holds the same number of replicas, equal to {@link
   * PhaseGroups#share}; positions are distinct; a block of r ≤ G takes distinct groups.
   */
  @Test
  void everyMemberOfAGroupHoldsTheSameShare() {
    for (int n = 1; n <= 24; n++) {
      for (int groups = 1; groups <= Math.min(n, 7); groups++) {
        PhaseGroups g = new PhaseGroups(n, groups);
        for (int r = 1; r <= n; r++) {
          long[] held = new long[n];
          for (long a = 0; a < g.anchorCount(); a++) {
            int[] p = g.positions(a, r);
            assertEquals(r, Arrays.stream(p).distinct().count(), g + " a=" + a + " r=" + r);
            for (int x : p) {
              held[x]++;
            }
          }
          for (int x = 0; x < n; x++) {
            assertEquals(g.share(x, r), held[x] / (double) g.anchorCount(), 1e-12,
                g + " r=" + r + " node " + x);
          }
        }
      }
    }
  }

  /** Bad input names the argument, the value and the fix. */
  @Test
  void badInput() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new PhaseGroups(4, 5));
    assertTrue(e.getMessage().contains("phase groups must be within 1..4, got 5"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new PhaseGroups(10, 3).positions(36,
        3));
    assertTrue(e.getMessage().contains("anchor must be within 0..35, got 36"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new PhaseGroupsPolicy(0));
    assertTrue(e.getMessage().contains("phase groups must be at least 1, got 0"),
        e.getMessage());
  }

  /** The policy: every node the same window, node i at ⌊t·(i mod G)/G⌋ at every power. */
  @Test
  void policyPhasesDoNotDependOnPower() {
    List<String> ring = PolicyTest.ring(10);
    PowerModel model = PowerModel.builder().nodeCount(10).activeWatts(25).sleepWatts(1)
        .overheadWatts(0).transitionMs(0).build();
    PhaseGroupsPolicy policy = new PhaseGroupsPolicy(3);
    for (double percent : new double[] {10, 20, 40, 60, 90}) {
      PolicyRequest req = PolicyRequest.builder().ring(ring).model(model)
          .level(new PowerLevel.Percent(percent)).intervalMs(T).build();
      Schedule s = policy.plan(req).schedule().orElseThrow();
      Schedule aligned = new AlignedPolicy().plan(req).schedule().orElseThrow();
      for (int i = 0; i < 10; i++) {
        ActiveWindow w = s.window(ring.get(i));
        assertEquals(aligned.window(ring.get(i)).lengthMs(), w.lengthMs(), "at " + percent);
        assertEquals(new long[] {0, 20_000, 40_000}[i % 3], w.offsetMs(), "at " + percent);
      }
    }
    PolicyRequest forty = PolicyRequest.builder().ring(ring).model(model)
        .level(new PowerLevel.Percent(40)).intervalMs(T).build();
    assertEquals(22_500, policy.plan(forty).schedule().orElseThrow().window(ring.get(0))
        .lengthMs());
    assertEquals(2, new PhaseGroupsPolicy(3).effectiveGroups(2));
    assertEquals("phase-groups", policy.name());
  }

  private static List<Integer> sizes(PhaseGroups g) {
    Integer[] out = new Integer[g.groupCount()];
    for (int i = 0; i < out.length; i++) {
      out[i] = g.groupSize(i);
    }
    return List.of(out);
  }

  private static List<Integer> members(PhaseGroups g, int group) {
    Integer[] out = new Integer[g.groupSize(group)];
    for (int k = 0; k < out.length; k++) {
      out[k] = g.member(group, k);
    }
    return List.of(out);
  }
}
