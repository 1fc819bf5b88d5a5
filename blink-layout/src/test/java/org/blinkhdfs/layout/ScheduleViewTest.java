package org.blinkhdfs.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** The pure view: awake for the guard at an instant, among the live nodes (class comment). */
class ScheduleViewTest {
  /**
   * n1..n4 are 10.0.0.1..4:9866: n1, n3, n4 always awake; n2 awake during [0, 1000) of each 10 s
   * interval; staging s1 is 10.0.0.20:9866.
   */
  private static final Schedule SCHEDULE = Schedule.builder().intervalStartMs(0)
      .intervalMs(10_000).add(NodeSchedule.of("10.0.0.1:9866", NodeMode.ACTIVE))
      .add(NodeSchedule.blink("10.0.0.2:9866", 0, 1000))
      .add(NodeSchedule.of("10.0.0.3:9866", NodeMode.ACTIVE))
      .add(NodeSchedule.of("10.0.0.4:9866", NodeMode.ACTIVE))
      .add(NodeSchedule.staging("10.0.0.20:9866")).build();

  @Test
  void theClassCommentsExampleASleepingNodeIsFillableButNotTakeable() {
    ScheduleView view = ScheduleView.of(SCHEDULE, new Random(1)).at(5000).build();
    assertEquals(4, view.ringSize());
    assertFalse(view.usable(1));
    assertTrue(view.usable(0));
    assertEquals(2, view.takeable(List.of(0, 1, 2)));
    assertEquals(3, view.fillable(List.of(0, 1, 2)));
  }

  @Test
  void aWindowShorterThanTheWriteGuardCannotTakeABlock() {
    // At 600 ms n2 has 400 ms left: enough for a 300 ms guard, not for a 500 ms one.
    assertTrue(ScheduleView.of(SCHEDULE, new Random(1)).at(600).writeGuardMs(300).build()
        .usable(1));
    assertFalse(ScheduleView.of(SCHEDULE, new Random(1)).at(600).writeGuardMs(500).build()
        .usable(1));
  }

  @Test
  void deadNodesAreNeitherUsableNorFillableAndTheWriterIsFoundOnTheRing() {
    ScheduleView view = ScheduleView.of(SCHEDULE, new Random(1)).at(0)
        .live(List.of("10.0.0.1:9866", "10.0.0.2:9866", "10.0.0.4:9866"))
        .writer("10.0.0.4:9866").build();
    assertFalse(view.usable(2));
    assertEquals(2, view.fillable(List.of(0, 2, 3)));
    assertEquals(3, view.writerPosition());
    assertEquals(List.of("10.0.0.4:9866", "10.0.0.1:9866"), view.nodes(List.of(3, 0)));
    assertEquals(-1, ScheduleView.of(SCHEDULE, new Random(1)).writer("10.0.0.20:9866").build()
        .writerPosition());
  }

  @Test
  void aNegativeGuardIsRefused() {
    assertThrows(IllegalArgumentException.class,
        () -> ScheduleView.of(SCHEDULE, new Random(1)).writeGuardMs(-1));
  }
}
