package org.blinkhdfs.rabbit.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code pick} + {@code record} is {@code choose} split in two; {@code pick} alone is pure. */
class HitRatioBalancerPickRecordTest {
  // The class comment's example: A, B, C store 6, 3, 2 of B = 6; desired 1/3, 2/3, 1.
  private static final HitRatioTargets ABC = HitRatioTargets.of(
      Map.of("A", 6L, "B", 3L, "C", 2L), 6, Set.of("A", "B", "C"));

  @Test
  void pickRecordsNothing() {
    HitRatioBalancer b = new HitRatioBalancer();
    assertEquals(Optional.of("B"), b.pick(List.of("A", "B"), ABC));
    assertEquals(Optional.of("B"), b.pick(List.of("A", "B"), ABC));
    assertEquals(0, b.offeredInWindow("A"));
    assertEquals(0, b.servedInWindow("B"));
  }

  @Test
  void pickThenRecordMakesTheSameChoicesAsChooseOverSeeds() {
    List<List<String>> sets = List.of(List.of("A", "B"), List.of("A", "C"), List.of("B", "C"),
        List.of("A", "B", "C"), List.of("C", "A"));
    for (long seed = 0; seed < 20; seed++) {
      Random random = new Random(seed);
      HitRatioBalancer whole = new HitRatioBalancer(16);
      HitRatioBalancer split = new HitRatioBalancer(16);
      for (int i = 0; i < 200; i++) {
        List<String> candidates = sets.get(random.nextInt(sets.size()));
        Optional<String> expected = whole.choose(candidates, ABC);
        Optional<String> picked = split.pick(candidates, ABC);
        assertEquals(expected, picked, "seed " + seed + " read " + i);
        split.record(candidates, picked.orElseThrow(), ABC);
      }
      for (String node : List.of("A", "B", "C")) {
        assertEquals(whole.servedInWindow(node), split.servedInWindow(node));
        assertEquals(whole.offeredInWindow(node), split.offeredInWindow(node));
      }
    }
  }

  @Test
  void recordCountsEveryActiveCandidateOnce() {
    HitRatioBalancer b = new HitRatioBalancer();
    b.record(List.of("A", "C", "X", "A"), "C", ABC); // X is off, the second A a repeat
    assertEquals(1, b.offeredInWindow("A"));
    assertEquals(0, b.servedInWindow("A"));
    assertEquals(1, b.servedInWindow("C"));
    assertEquals(0, b.offeredInWindow("X"));
  }

  @Test
  void recordRejectsAChoiceThatIsNotAnActiveCandidate() {
    HitRatioBalancer b = new HitRatioBalancer();
    assertThrows(IllegalArgumentException.class, () -> b.record(List.of("A", "B"), "C", ABC));
    assertThrows(IllegalArgumentException.class, () -> b.record(List.of("A", "X"), "X", ABC));
  }
}
