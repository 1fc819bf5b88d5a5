package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.WakeHold;
import org.junit.jupiter.api.Test;

/** {@link WakePlanner}: which holds change a plan, and that nothing else does. */
class WakePlannerTest {
  static Schedule mixed() {
    return Schedule.builder().epoch(3).intervalStartMs(0).intervalMs(60_000).validUntilMs(180_000)
        .add(NodeSchedule.blink("n1:1", 0, 15_000))
        .add(NodeSchedule.of("n2:1", NodeMode.OFF))
        .add(NodeSchedule.of("n3:1", NodeMode.IO_SERVER))
        .add(NodeSchedule.blink("n4:1", 0, 60_000))
        .add(NodeSchedule.of("n5:1", NodeMode.ACTIVE))
        .add(NodeSchedule.staging("st:1")).build();
  }

  static WakeHold hold(String node) {
    return new WakeHold(node, 0, 10_000, "test");
  }

  @Test
  void onlyNodesAsleepForPartOfTheIntervalBecomeActive() {
    Schedule plan = mixed();
    List<WakeHold> holds = List.of(hold("n1:1"), hold("n2:1"), hold("n3:1"), hold("n4:1"),
        hold("n5:1"), hold("st:1"), hold("other:1"));
    WakePlanner.Result r = WakePlanner.apply(plan, holds);
    assertEquals(Map.of("n1:1", hold("n1:1"), "n2:1", hold("n2:1")), r.woken());
    Schedule s = r.schedule();
    assertEquals(NodeMode.ACTIVE, s.entry("n1:1").mode());
    assertEquals(NodeMode.ACTIVE, s.entry("n2:1").mode());
    assertEquals(NodeMode.IO_SERVER, s.entry("n3:1").mode(), "io-server serves I/O already");
    assertEquals(plan.entry("n4:1"), s.entry("n4:1"));
    assertEquals(plan.entry("n5:1"), s.entry("n5:1"));
    assertEquals(plan.entry("st:1"), s.entry("st:1"));
    assertEquals(plan.epoch(), s.epoch());
    assertEquals(plan.validUntilMs(), s.validUntilMs());
  }

  @Test
  void noHoldsLeavesThePlanAsItIs() {
    Schedule plan = mixed();
    WakePlanner.Result r = WakePlanner.apply(plan, List.of());
    assertSame(plan, r.schedule());
    assertEquals(Map.of(), r.woken());
  }
}
