package org.blinkhdfs.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SortedMap;
import org.blinkhdfs.group.GroupReplicationPlanner.Quality;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** Predicted quality per replication on the ring layout under a staggered schedule. */
class GroupQualityTest {
  private static final List<String> RING = List.of("n0:1", "n1:1", "n2:1", "n3:1", "n4:1",
      "n5:1");

  /** Each node awake 1 s of 6 s in turn, and an always-on staging node. */
  private static Schedule staggered() {
    Schedule.Builder b = Schedule.builder().intervalStartMs(0).intervalMs(6000);
    for (int i = 0; i < RING.size(); i++) {
      b.add(NodeSchedule.blink(RING.get(i), 1000L * i, 1000));
    }
    return b.add(NodeSchedule.staging("s:1")).build();
  }

  @Test
  void opposingReplicasAndTheLayoutsThirdOne() {
    RingLayoutModel layout = new RingLayoutModel(RING.size());
    SortedMap<Integer, Quality> q = GroupQuality.of(staggered(), layout,
        List.of(List.of("n0:1", "n3:1", "s:1")), 2, 6, 0);
    assertEquals(List.of(0, 3), layout.check(List.of(0, 3), 2).layout());
    // Positions 0 and 3: two 2000 ms gaps; F(w) = 2·(2000 − w)/6000 = 0.1 at w = 1700 ms.
    assertEquals(1700.0, q.get(2).p90WaitMs().getAsDouble(), 1e-9);
    assertEquals(2000.0 / 6000, q.get(2).minAvailable(), 1e-12);
    // Each further replica only shortens the gaps; six replicas cover the whole interval.
    for (int r = 3; r <= 6; r++) {
      assertTrue(q.get(r).p90WaitMs().getAsDouble() <= q.get(r - 1).p90WaitMs().getAsDouble());
      assertEquals(r / 6.0, q.get(r).minAvailable(), 1e-12);
    }
    assertEquals(0.0, q.get(6).p90WaitMs().getAsDouble());
    assertEquals(List.of(2, 3, 4, 5, 6), List.copyOf(q.keySet()));
  }

  @Test
  void theReadersMinimumWindowShortensEveryWindow() {
    // Readers need 500 ms: positions 0 and 3 are readable [0, 500) and [3000, 3500), two gaps
    // of 2500 ms: F(w) = 2·(2500 − w)/6000 = 0.1 at w = 2200 ms; readable 1/6 of the time.
    SortedMap<Integer, Quality> q = GroupQuality.of(staggered(),
        new RingLayoutModel(RING.size()), List.of(List.of("n0:1", "n3:1")), 2, 2, 500);
    assertEquals(2200.0, q.get(2).p90WaitMs().getAsDouble(), 1e-9);
    assertEquals(1000.0 / 6000, q.get(2).minAvailable(), 1e-12);
  }

  @Test
  void blocksOnlyOnStagingGiveNoPrediction() {
    assertTrue(GroupQuality.of(staggered(), new RingLayoutModel(RING.size()),
        List.of(List.of("s:1")), 3, 6, 0).isEmpty());
  }
}
