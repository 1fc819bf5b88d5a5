package org.blinkhdfs.rabbit.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link EqualWorkRecovery}: Rabbit §3.5's failure response as the scheduler asks for it. */
class EqualWorkRecoveryTest {
  static final List<String> RING = List.of("n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8");
  static final EqualWorkRecovery P2G2R2 =
      EqualWorkRecovery.of(RING, EqualWorkSpec.of(2, 2).withGearSize(2));

  @Test
  void aFailedPrimaryWakesItsRecoveryGroupBeyondTheGear() {
    assertEquals(List.of("n3", "n5", "n7"), P2G2R2.nodesToWake("n1", 2));
    assertEquals(List.of("n5", "n7"), P2G2R2.nodesToWake("n1", 4));
    assertEquals(List.of("n7"), P2G2R2.nodesToWake("n1", 6));
    assertEquals(List.of(), P2G2R2.nodesToWake("n1", 8));
    assertEquals(List.of("n4", "n6", "n8"), P2G2R2.nodesToWake("n2", 2));
  }

  @Test
  void aSecondaryOrAStrangerWakesNothing() {
    for (String n : List.of("n3", "n4", "n8", "x9")) {
      assertEquals(List.of(), P2G2R2.nodesToWake(n, 2), n);
    }
  }

  @Test
  void partialGearsRoundDownToWholeGearGroups() {
    // 5 ACTIVE = gear 4 plus half of gear group 2: only n5..n6's group counts once whole.
    assertEquals(List.of("n5", "n7"), P2G2R2.nodesToWake("n1", 5));
    // Fewer than p ACTIVE (or a blinking plan, prefix 0): the primaries' gear.
    assertEquals(List.of("n3", "n5", "n7"), P2G2R2.nodesToWake("n1", 0));
    assertEquals(4, P2G2R2.gearAtOrBelow(5));
    assertEquals(2, P2G2R2.gearAtOrBelow(1));
  }

  @Test
  void everyBlockOfTheFailedPrimaryKeepsAnAwakeReplica() {
    for (EqualWorkSpec spec : List.of(EqualWorkSpec.of(2, 2).withGearSize(2),
        EqualWorkSpec.of(2, 2), EqualWorkSpec.of(2, 3))) {
      List<String> ring = spec.replication() == 3 ? Chain.numbered(10).nodes() : RING;
      EqualWorkRecovery rec = EqualWorkRecovery.of(ring, spec);
      for (int gear : rec.layout().gearSizes()) {
        String failed = ring.get(0);
        Set<String> on = new HashSet<>(ring.subList(0, gear));
        on.addAll(rec.nodesToWake(failed, gear));
        on.remove(failed);
        for (long id = 0; id < 5_000; id++) {
          List<String> targets = rec.layout().targets(id);
          if (targets.get(0).equals(failed)) {
            assertTrue(targets.stream().anyMatch(on::contains), () -> spec + " gear " + gear
                + ": block " + targets + " has no awake replica with " + on);
          }
        }
      }
    }
  }

  @Test
  void aLayoutThatDoesNotFitTheRingIsRefusedWithTheFix() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EqualWorkRecovery.of(RING.subList(0, 1), EqualWorkSpec.of(2, 2)));
    assertTrue(e.getMessage().contains("p = 2 primaries do not fit a ring of 1 nodes"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> EqualWorkRecovery.of(RING.subList(0, 7), EqualWorkSpec.of(2, 2).withGearSize(2)));
    assertTrue(e.getMessage().contains("outside a full gear group of g=2"), e.getMessage());
    assertEquals("equal-work p=2 g=2 r=2 on 8 nodes", P2G2R2.describe());
  }
}
