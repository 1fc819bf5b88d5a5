package org.blinkhdfs.bench.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

class SteadyNodesTest {
  @Test
  void activationScheduleIsSteady() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(6_000)
        .add(NodeSchedule.of("10.0.0.11:9866", NodeMode.ACTIVE))
        .add(NodeSchedule.of("10.0.0.12:9866", NodeMode.ACTIVE))
        .add(NodeSchedule.of("10.0.0.13:9866", NodeMode.OFF))
        .add(NodeSchedule.of("10.0.0.14:9866", NodeMode.OFF))
        .add(NodeSchedule.staging("10.0.0.20:9866")).build();
    assertEquals(Optional.of(Set.of("10.0.0.11:9866", "10.0.0.12:9866", "10.0.0.20:9866")),
        SteadyNodes.serving(s));
    assertEquals(2, SteadyNodes.servingRingNodes(s));
    assertTrue(SteadyNodes.hasOffNodes(s));
  }

  @Test
  void aBlinkingNodeMakesItUnsteady() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(6_000)
        .add(NodeSchedule.of("10.0.0.11:9866", NodeMode.ACTIVE))
        .add(NodeSchedule.blink("10.0.0.12:9866", 0, 3_000))
        .build();
    assertEquals(Optional.empty(), SteadyNodes.serving(s));
    assertEquals(1, SteadyNodes.servingRingNodes(s));
    assertFalse(SteadyNodes.hasOffNodes(s));
  }
}
