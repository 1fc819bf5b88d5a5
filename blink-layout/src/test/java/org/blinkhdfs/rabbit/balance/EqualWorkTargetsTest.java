package org.blinkhdfs.rabbit.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** B from the primaries' recorded counts: the class comment's example and the edge cases. */
class EqualWorkTargetsTest {
  private static final Map<String, Long> STORED = Map.of("n1", 175L, "n2", 175L, "n3", 107L,
      "n4", 80L, "n5", 64L, "n6", 54L, "n7", 46L);

  @Test
  void gearOfFourOnLeEtAlsChain() {
    HitRatioTargets t = EqualWorkTargets.of(STORED, List.of("n1", "n2"),
        Set.of("n1", "n2", "n3", "n4")).orElseThrow();
    assertEquals(4, t.activeCount());
    assertEquals(0.5, t.desired("n1"), 1e-12); // (350 / 4) / 175
    assertEquals(0.5, t.desired("n2"), 1e-12);
    assertEquals(87.5 / 107, t.desired("n3"), 1e-12);
    assertEquals(87.5 / 80, t.desired("n4"), 1e-12); // above 1: serves all it is offered
    assertEquals(0.0, t.desired("n5"), 1e-12); // off
  }

  @Test
  void bCountsEachBlockOnceWhateverTheReplication() {
    // 10 blocks: 6 with r = 2 (n1 + a secondary), 4 with r = 3 (n2 + two secondaries).
    Map<String, Long> stored = Map.of("n1", 6L, "n2", 4L, "n3", 8L, "n4", 6L);
    HitRatioTargets t = EqualWorkTargets.of(stored, List.of("n1", "n2"),
        Set.of("n1", "n2", "n3", "n4")).orElseThrow();
    assertEquals((10.0 / 4) / 6, t.desired("n1"), 1e-12);
    assertEquals((10.0 / 4) / 8, t.desired("n3"), 1e-12);
  }

  @Test
  void nothingStoredYetMeansNoTargets() {
    assertEquals(Optional.empty(), EqualWorkTargets.of(Map.of("n3", 4L), List.of("n1", "n2"),
        Set.of("n1", "n2", "n3")));
  }

  @Test
  void anEmptyPrimarySetIsRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EqualWorkTargets.of(STORED, List.of(), Set.of("n1")));
    assertTrue(e.getMessage().contains("at least one primary"), e.getMessage());
  }
}
