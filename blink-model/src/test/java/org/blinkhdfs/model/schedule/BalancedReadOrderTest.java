package org.blinkhdfs.model.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link BalancedReadOrder}: the class comment's example worked by hand on N = 9 phase groups,
 * and over seeds: the first replica has room whenever any has, the choice does not depend on the
 * order the replicas come in, and the reads of a block population split equally over the
 * eligible replicas within a stated bound.
 */
class BalancedReadOrderTest {
  private static final long START = 1_790_000_000_000L;
  /** HDFS's first block ID, 2^30 + 1. */
  private static final long FIRST_ID = 1_073_741_825L;

  /**
   * N = 9, G = 3 phase groups (ring index i in group i mod 3) opening at 0, 20 and 40 s of a
   * 60 s interval, 48 s windows: 80% of the interval, no sleep draw or transitions.
   */
  private static Schedule nineNodesAt80() {
    Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(60_000);
    for (int i = 0; i < 9; i++) {
      b.add(NodeSchedule.blink("dn" + (i + 1) + ":1", (i % 3) * 20_000L, 48_000));
    }
    return b.build();
  }

  private static String first(Schedule s, long nowMs, long minWindowMs, long blockId,
      String... replicas) {
    String[] items = replicas.clone();
    BalancedReadOrder.sortInPlace(items, items.length, Function.identity(), s, START + nowMs,
        minWindowMs, blockId);
    return items[0];
  }

  /**
   * At 45 s dn1 (group 0, window [0, 48 s)) has 3 s left, dn2 ([20, 68 s)) 23 s, dn3 ([40, 88
   * s)) 43 s: canonical order dn3, dn2, dn1, and block ID mod 3 picks the place. 1073741825 =
   * 3·357913941 + 2 goes to dn1; +1 (mod 3 = 0) to dn3; +2 (mod 3 = 1) to dn2. The longest
   * window sends all three to dn3.
   */
  @Test
  void threeGroupsAwakeSplitByBlockIdModThree() {
    Schedule s = nineNodesAt80();
    assertEquals("dn1:1", first(s, 45_000, 1_000, FIRST_ID, "dn1:1", "dn2:1", "dn3:1"));
    assertEquals("dn3:1", first(s, 45_000, 1_000, FIRST_ID + 1, "dn1:1", "dn2:1", "dn3:1"));
    assertEquals("dn2:1", first(s, 45_000, 1_000, FIRST_ID + 2, "dn1:1", "dn2:1", "dn3:1"));
    assertEquals(List.of("dn3:1", "dn2:1", "dn1:1"), ReadOrder.sort(
        List.of("dn1:1", "dn2:1", "dn3:1"), Function.identity(), s, START + 45_000, 1_000));
  }

  /**
   * A 5 s minimum leaves dn1 (3 s left) out: order dn3, dn2; 1073741825 is odd, so dn2. At 10 s
   * dn2's window ([-40, 8 s) of this interval) has closed: dn1 (38 s left) and dn3 ([-20, 28
   * s), 18 s), so the odd ID goes to dn3 and the even one to dn1.
   */
  @Test
  void twoEligibleSplitByParity() {
    Schedule s = nineNodesAt80();
    assertEquals("dn2:1", first(s, 45_000, 5_000, FIRST_ID, "dn1:1", "dn2:1", "dn3:1"));
    assertEquals("dn3:1", first(s, 45_000, 5_000, FIRST_ID + 1, "dn1:1", "dn2:1", "dn3:1"));
    assertEquals("dn3:1", first(s, 10_000, 1_000, FIRST_ID, "dn1:1", "dn2:1", "dn3:1"));
    assertEquals("dn1:1", first(s, 10_000, 1_000, FIRST_ID + 1, "dn1:1", "dn2:1", "dn3:1"));
  }

  /**
   * r = 6 on the same ring: two replicas per group, equal windows ordered by address. At 45 s:
   * dn3, dn6 (43 s), dn2, dn5 (23 s), dn1, dn4 (3 s). 1073741825 = 6·178956970 + 5: dn4, the
   * sixth; 1073741826 (mod 6 = 0): dn3; 1073741829 (mod 6 = 3): dn5;
   * 1073741830 (mod 6 = 4): dn1.
   */
  @Test
  void sixReplicasEqualWindowsByAddress() {
    Schedule s = nineNodesAt80();
    String[] replicas = {"dn5:1", "dn1:1", "dn6:1", "dn2:1", "dn4:1", "dn3:1"};
    assertEquals("dn4:1", first(s, 45_000, 1_000, FIRST_ID, replicas));
    assertEquals("dn3:1", first(s, 45_000, 1_000, FIRST_ID + 1, replicas));
    assertEquals("dn5:1", first(s, 45_000, 1_000, FIRST_ID + 4, replicas));
    assertEquals("dn1:1", first(s, 45_000, 1_000, FIRST_ID + 5, replicas));
    String[] canonical = replicas.clone();
    assertEquals(6, BalancedReadOrder.canonicalSort(canonical, 6, Function.identity(), s,
        START + 45_000, 1_000));
    assertArrayEquals(new String[] {"dn3:1", "dn6:1", "dn2:1", "dn5:1", "dn1:1", "dn4:1"},
        canonical);
  }

  /**
   * The rest follow in {@link ReadOrder}'s order; with no replica usable (a block on dn1 alone
   * at 50 s, its window closed at 48 s) the order is {@link ReadOrder}'s and 0 is returned.
   */
  @Test
  void restInReadOrderAndFallbackWhenNoneHasRoom() {
    Schedule s = nineNodesAt80();
    String[] items = {"dn1:1", "dn2:1", "dn3:1"};
    assertEquals(1, BalancedReadOrder.sortInPlace(items, 3, Function.identity(), s,
        START + 45_000, 1_000, FIRST_ID));
    assertArrayEquals(new String[] {"dn1:1", "dn3:1", "dn2:1"}, items);
    String[] alone = {"dn4:1", "dn1:1"};
    assertEquals(0, BalancedReadOrder.sortInPlace(alone, 2, Function.identity(), s,
        START + 50_000, 1_000, FIRST_ID));
    assertArrayEquals(new String[] {"dn4:1", "dn1:1"}, alone);
  }

  /** An ACTIVE replica is one of the eligible, not always first: the awake blinking share. */
  @Test
  void activeReplicaSharesWithAwakeBlinkingOnes() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(60_000)
        .add(NodeSchedule.of("a:1", NodeMode.ACTIVE)).add(NodeSchedule.blink("b:1", 0, 30_000))
        .build();
    assertEquals("a:1", first(s, 10_000, 1_000, 0, "b:1", "a:1"));
    assertEquals("b:1", first(s, 10_000, 1_000, 1, "b:1", "a:1"));
    assertEquals("a:1", first(s, 40_000, 1_000, 1, "b:1", "a:1"));
  }

  @Test
  void chooseFromPositionsAndBadInput() {
    int no = BalancedReadOrder.NOT_ELIGIBLE;
    // eligible places 7, 2, 5 at indices 0, 2, 3: order index 2, 3, 0
    int[] positions = {7, no, 2, 5};
    assertEquals(2, BalancedReadOrder.choose(9, positions, 4)); // 9 mod 3 = 0
    assertEquals(3, BalancedReadOrder.choose(10, positions, 4));
    assertEquals(0, BalancedReadOrder.choose(-1, positions, 4)); // floorMod(-1, 3) = 2
    assertEquals(-1, BalancedReadOrder.choose(4, new int[] {no, no}, 2));
    assertEquals(1, BalancedReadOrder.choose(1, new int[] {3, 3}, 2)); // equal: index order
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> BalancedReadOrder.pick(5, 0));
    assertTrue(e.getMessage().contains("eligible = 0"), e.getMessage());
  }

  /**
   * Over random schedules and replica lists: the first replica is usable exactly when some
   * replica is (the guarantee {@link ReadOrder} gives), the result is a permutation whose tail
   * is in {@link ReadOrder}'s order, and a choice among eligible replicas is the same whatever
   * the incoming order
   * (what lets the NameNode, the client and the simulator agree without shared state), and the
   * same as {@link BalancedReadOrder#choose} on canonical positions of the whole ring.
   */
  @Test
  void roomKeptOrderFreeAndSameAsChooseOverSeeds() {
    for (long seed = 0; seed < 500; seed++) {
      Random rnd = new Random(seed);
      Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(1000);
      List<String> ring = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        String n = "n" + i + ":1";
        ring.add(n);
        int kind = rnd.nextInt(6);
        b.add(kind == 0 ? NodeSchedule.of(n, NodeMode.OFF)
            : kind == 1 ? NodeSchedule.of(n, NodeMode.ACTIVE)
            : NodeSchedule.blink(n, rnd.nextInt(4) * 250, 250 * (1 + rnd.nextInt(4))));
      }
      Schedule s = b.build();
      long now = START + rnd.nextInt(3000);
      long min = rnd.nextInt(3) * 100L;
      long blockId = rnd.nextLong();
      List<String> replicas = new ArrayList<>(ring);
      Collections.shuffle(replicas, rnd);
      replicas = replicas.subList(0, 1 + rnd.nextInt(6));
      String[] items = replicas.toArray(new String[0]);
      int got = BalancedReadOrder.sortInPlace(items, items.length, Function.identity(), s, now,
          min, blockId);
      boolean anyUsable = replicas.stream()
          .anyMatch(n -> ReadOrder.key(s, n, now, min).usableNow());
      String msg = "seed " + seed;
      assertEquals(anyUsable ? 1 : 0, got, msg);
      assertEquals(anyUsable, ReadOrder.key(s, items[0], now, min).usableNow(), msg);
      List<String> sortedIn = new ArrayList<>(replicas);
      Collections.sort(sortedIn);
      List<String> sortedOut = new ArrayList<>(Arrays.asList(items));
      Collections.sort(sortedOut);
      assertEquals(sortedIn, sortedOut, msg);
      for (int i = 2; i < items.length; i++) {
        assertTrue(ReadOrder.Key.ORDER.compare(ReadOrder.key(s, items[i - 1], now, min),
            ReadOrder.key(s, items[i], now, min)) <= 0, msg);
      }
      List<String> reversed = new ArrayList<>(replicas);
      Collections.reverse(reversed);
      String[] again = reversed.toArray(new String[0]);
      BalancedReadOrder.sortInPlace(again, again.length, Function.identity(), s, now, min,
          blockId);
      if (anyUsable) {
        assertEquals(items[0], again[0], msg); // none usable: ReadOrder's, ties kept as given
      }
      String[] whole = ring.toArray(new String[0]);
      int eligible = BalancedReadOrder.canonicalSort(whole, whole.length, Function.identity(), s,
          now, min);
      Map<String, Integer> place = new HashMap<>();
      for (int i = 0; i < eligible; i++) {
        place.put(whole[i], i);
      }
      int[] positions = new int[replicas.size()];
      for (int i = 0; i < positions.length; i++) {
        positions[i] = place.getOrDefault(replicas.get(i), BalancedReadOrder.NOT_ELIGIBLE);
      }
      int chosen = BalancedReadOrder.choose(blockId, positions, positions.length);
      if (anyUsable) {
        assertEquals(items[0], replicas.get(chosen), msg);
      } else {
        assertEquals(-1, chosen, msg);
      }
    }
  }

  /**
   * Share bound, sequential IDs (HDFS allocates them in order): for any start ID, any count B
   * and any k eligible replicas with fixed windows, each replica gets floor(B/k) or ceil(B/k)
   * of the B reads.
   */
  @Test
  void consecutiveIdsSplitWithinOneRead() {
    Schedule s = nineNodesAt80();
    String[] replicas = {"dn1:1", "dn2:1", "dn3:1", "dn4:1", "dn5:1", "dn6:1"};
    Random rnd = new Random(46);
    for (int trial = 0; trial < 200; trial++) {
      long startId = rnd.nextLong();
      int blocks = 1 + rnd.nextInt(500);
      long nowMs = rnd.nextInt(60_000);
      int k = BalancedReadOrder.canonicalSort(replicas.clone(), 6, Function.identity(), s,
          START + nowMs, 1_000);
      Map<String, Integer> reads = new HashMap<>();
      for (int i = 0; i < blocks; i++) {
        reads.merge(first(s, nowMs, 1_000, startId + i, replicas), 1, Integer::sum);
      }
      assertEquals(k, reads.size(), "trial " + trial);
      for (int c : reads.values()) {
        assertTrue(c == blocks / k || c == (blocks + k - 1) / k, "trial " + trial + ": " + reads);
      }
    }
  }

  /**
   * Share bound, IDs drawn at random (another allocator, or hashed IDs as the simulator uses):
   * over B = 3000 uniformly random IDs each of k eligible replicas gets a binomial count, and
   * every replica's share is within 4 standard deviations, 4·sqrt(p(1 − p)/B) with p = 1/k, of
   * 1/k (a false failure has probability below 10^-4 per replica).
   */
  @Test
  void randomIdsSplitWithinFourSigma() {
    Schedule s = nineNodesAt80();
    String[] replicas = {"dn1:1", "dn2:1", "dn3:1", "dn4:1", "dn5:1", "dn6:1"};
    int blocks = 3000;
    for (long seed = 0; seed < 20; seed++) {
      Random rnd = new Random(seed);
      long nowMs = rnd.nextInt(60_000);
      int k = BalancedReadOrder.canonicalSort(replicas.clone(), 6, Function.identity(), s,
          START + nowMs, 1_000);
      Map<String, Integer> reads = new HashMap<>();
      for (int i = 0; i < blocks; i++) {
        reads.merge(first(s, nowMs, 1_000, rnd.nextLong(), replicas), 1, Integer::sum);
      }
      double p = 1.0 / k;
      double bound = 4 * Math.sqrt(p * (1 - p) / blocks);
      assertEquals(k, reads.size(), "seed " + seed);
      for (Map.Entry<String, Integer> e : reads.entrySet()) {
        double share = e.getValue() / (double) blocks;
        assertTrue(Math.abs(share - p) <= bound, "seed " + seed + " " + e + " share " + share
            + " vs " + p + " ± " + bound);
      }
    }
  }

  @Test
  void modeParsesConfiguredNames() {
    assertEquals(ReadOrderMode.BALANCED, ReadOrderMode.parse("k", " Balanced "));
    assertEquals(ReadOrderMode.LONGEST_WINDOW, ReadOrderMode.parse("k", "longest-window"));
    assertEquals("longest-window", ReadOrderMode.LONGEST_WINDOW.configName());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadOrderMode.parse("blink.read.order", "random"));
    assertTrue(e.getMessage().startsWith("blink.read.order = 'random' is invalid: give"),
        e.getMessage());
  }
}
