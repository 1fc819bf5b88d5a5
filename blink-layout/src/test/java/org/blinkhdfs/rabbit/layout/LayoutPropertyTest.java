package org.blinkhdfs.rabbit.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Properties over random chains, specs and seeds, for both layouts: distinct targets, r ≤ N,
 * determinism, a replica in every gear's active set, deletion order = reversed write order,
 * recognition of a layout from its holders.
 *
 * <p>Why "a replica in every gear" holds: equal work puts one replica of every block on a primary
 * and every gear contains all primaries; PARAID puts every block either on group 1 (origin) or
 * copies it there, and every gear contains group 1. The test checks it block by block anyway.
 */
class LayoutPropertyTest {
  private static final int CASES = 300;
  private static final int BLOCKS = 200;

  @Test
  void equalWorkProperties() {
    int built = 0;
    for (long seed = 0; seed < CASES; seed++) {
      Random random = new Random(seed);
      int n = 1 + random.nextInt(80);
      int p = 1 + random.nextInt(Math.min(n, 12));
      int g = divisorOf(p, random);
      int r = 1 + random.nextInt(5);
      EqualWorkSpec spec = new EqualWorkSpec(p, r, g, random.nextLong());
      String where = "case " + seed + ": N=" + n + " " + spec;
      if (!ChainLengthCheck.accepts(n, p, g, r)) {
        assertThrows(IllegalArgumentException.class,
            () -> EqualWorkLayout.of(shuffledChain(n, random), spec), where);
        continue;
      }
      built++;
      Chain chain = shuffledChain(n, random);
      EqualWorkLayout layout = EqualWorkLayout.of(chain, spec);
      EqualWorkLayout again = EqualWorkLayout.of(Chain.of(chain.nodes()), spec);
      assertTrue(r <= n, where);
      List<Set<String>> activeSets = activeSets(layout);
      for (long id = random.nextLong(), end = id + BLOCKS; id != end; id++) {
        List<String> t = layout.targets(id);
        String at = where + " id=" + id + " " + t;
        assertEquals(r, t.size(), at);
        assertEquals(r, new HashSet<>(t).size(), at);
        assertEquals(t, again.targets(id), at);
        assertTrue(chain.rank(t.get(0)) <= p, at);
        List<String> group = r > 1 ? layout.recoveryGroup(t.get(0)) : List.of();
        for (int k = 1; k < r; k++) {
          assertTrue(chain.rank(t.get(k)) > chain.rank(t.get(k - 1)), at);
          assertTrue(group.contains(t.get(k)), at);
        }
        assertEveryGearCovers(activeSets, t, at);
        assertDeletionReversesWrite(layout, id, t, at);
        assertEquals(t, layout.bestFit(t), at);
        assertTrue(layout.check(id, t).isPerfect(), at);
      }
      assertEquals((double) r * 1000, layout.expectedBlocks(1000).totalReplicas(), 1e-6, where);
    }
    assertTrue(built > CASES / 4, "too few valid cases: " + built);
  }

  @Test
  void paraidProperties() {
    for (long seed = 0; seed < CASES; seed++) {
      Random random = new Random(seed);
      int n = 1 + random.nextInt(60);
      List<Integer> sizes = randomGroups(n, random);
      ParaidSpec spec = new ParaidSpec(sizes, random.nextLong());
      Chain chain = shuffledChain(n, random);
      ParaidLayout layout = ParaidLayout.of(chain, spec);
      ParaidLayout again = ParaidLayout.of(Chain.of(chain.nodes()), spec);
      String where = "case " + seed + ": N=" + n + " " + spec;
      int m = sizes.get(0);
      List<Set<String>> activeSets = activeSets(layout);
      for (long id = random.nextLong(), end = id + BLOCKS; id != end; id++) {
        List<String> t = layout.targets(id);
        String at = where + " id=" + id + " " + t;
        assertTrue(t.size() >= 1 && t.size() <= 3 && t.size() <= n, at);
        assertEquals(t.size(), new HashSet<>(t).size(), at);
        assertEquals(t, again.targets(id), at);
        int origin = chain.rank(t.get(0));
        assertEquals(origin <= m ? 1 : 2, Math.min(t.size(), 2), at);
        assertEveryGearCovers(activeSets, t, at);
        assertDeletionReversesWrite(layout, id, t, at);
        assertEquals(t, layout.bestFit(t), at);
      }
      double expectedTotal = 0;
      for (int origin = m + 1; origin <= n; origin++) {
        // original + group-1 copy + skewed copy with probability (origin − 1 − m)/(origin − 1)
        expectedTotal += 2 + (double) (origin - 1 - m) / (origin - 1);
      }
      expectedTotal = (expectedTotal + m) / n * 1000;
      assertEquals(expectedTotal, layout.expectedBlocks(1000).totalReplicas(), 1e-6, where);
    }
  }

  @Test
  void seedsGiveDifferentLayouts() {
    EqualWorkLayout a = EqualWorkLayout.of(Chain.numbered(40), EqualWorkSpec.of(4, 3));
    EqualWorkLayout b = EqualWorkLayout.of(Chain.numbered(40), EqualWorkSpec.of(4, 3).withSeed(1));
    int differing = 0;
    for (long id = 0; id < 100; id++) {
      differing += a.targets(id).equals(b.targets(id)) ? 0 : 1;
    }
    assertTrue(differing > 80, "differing=" + differing);
    assertNotEquals(a.targets(7), b.targets(7));
  }

  /** The active set of every gear, and of every wanted count 1..N rounded up to a gear. */
  private static List<Set<String>> activeSets(ChainLayout layout) {
    List<Set<String>> sets = new ArrayList<>();
    for (int size : layout.gearSizes()) {
      sets.add(new HashSet<>(layout.activeNodes(size)));
    }
    for (int wanted = 1; wanted <= layout.chain().size(); wanted++) {
      Set<String> on = new HashSet<>(Gears.activeNodes(layout, wanted));
      assertTrue(on.size() >= wanted, "wanted " + wanted + " got " + on.size());
      sets.add(on);
    }
    return sets;
  }

  private static void assertEveryGearCovers(List<Set<String>> activeSets, List<String> targets,
      String at) {
    for (Set<String> on : activeSets) {
      assertTrue(Gears.covers(on, targets), at + " not covered by " + on.size() + " nodes");
    }
  }

  private static void assertDeletionReversesWrite(ChainLayout layout, long id,
      List<String> targets, String at) {
    List<String> reversed = new ArrayList<>(targets);
    Collections.reverse(reversed);
    assertEquals(reversed, layout.deletionOrder(id, targets, 0), at);
    for (int keep = 0; keep <= targets.size(); keep++) {
      assertEquals(reversed.subList(0, targets.size() - keep),
          layout.deletionOrder(id, targets, keep), at + " keep=" + keep);
    }
  }

  private static int divisorOf(int p, Random random) {
    List<Integer> divisors = new ArrayList<>();
    for (int d = 1; d <= p; d++) {
      if (p % d == 0) {
        divisors.add(d);
      }
    }
    return random.nextInt(3) == 0 ? divisors.get(random.nextInt(divisors.size())) : 1;
  }

  private static List<Integer> randomGroups(int n, Random random) {
    List<Integer> sizes = new ArrayList<>();
    int left = n;
    while (left > 0) {
      int size = 1 + random.nextInt(left);
      sizes.add(size);
      left -= size;
    }
    return sizes;
  }

  private static Chain shuffledChain(int n, Random random) {
    List<String> nodes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      nodes.add("10.0." + random.nextInt(256) + "." + i + ":9866");
    }
    Collections.shuffle(nodes, random);
    return Chain.of(nodes);
  }
}
