package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.model.policy.ActivationPolicy;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.NodeStatus;
import org.junit.jupiter.api.Test;

/**
 * Failure detection and recovery in {@link PowerScheduler}: 8 ring nodes (25 W / 1 W, 40 W
 * overhead), activation policy at 96 W, which affords floor((56 − 8)/24) = 2 ACTIVE nodes; awake
 * failure timeout 30 s; the equal-work answers for p = 2, g = 2, r = 2 as the layout
 * ({@link RecoveryPlannerTest#TABLE}, with ring names n1:1..n8:1).
 */
class PowerSchedulerRecoveryTest {
  static final long T = 60_000;
  /** An interval boundary. */
  static final long B = 1_790_000_040_000L;
  static final List<String> RING = RecoveryPlannerTest.RING;

  ManualClock clock = new ManualClock(B);
  PowerSchedulerTest.Knob knob = new PowerSchedulerTest.Knob(96);

  PowerScheduler scheduler() {
    SchedulerSettings s = SchedulerSettings.builder().ring(RING)
        .model(PowerModel.builder().nodeCount(8).activeWatts(25).sleepWatts(1).overheadWatts(40)
            .build()).intervalMs(T).awakeFailureTimeoutMs(30_000).build();
    PowerScheduler ps = new PowerScheduler(s, new ActivationPolicy(), RecoveryPlannerTest.TABLE,
        clock);
    ps.setSignal(knob, 0);
    return ps;
  }

  /** Every node but {@code except} posts a status at the clock's time. */
  void allReport(PowerScheduler ps, String except) {
    Schedule s = ps.published().orElseThrow();
    for (String n : RING) {
      if (!n.equals(except)) {
        NodeStatus.State st = s.entry(n).mode() == NodeMode.ACTIVE ? NodeStatus.State.AWAKE
            : NodeStatus.State.ASLEEP;
        ps.recordStatus(new NodeStatus(n, st, s.epoch(), clock.millis(), 0, -1, ""));
      }
    }
  }

  @Test
  void aSilentStagingNodeKeepsTheLongRule() {
    // A staging node (always awake) whose agent reported once and fell silent: not failed
    // after the 30 s awake rule, which is for ring nodes; failed only after the 5 min rule. One
    // that never reports runs no agent and is never failed.
    SchedulerSettings s = SchedulerSettings.builder().ring(RING).stagingNodes(List.of("st:1"))
        .model(PowerModel.builder().nodeCount(8).activeWatts(25).sleepWatts(1).overheadWatts(40)
            .build()).intervalMs(T).awakeFailureTimeoutMs(30_000).build();
    PowerScheduler ps = new PowerScheduler(s, new ActivationPolicy(), RecoveryPlannerTest.TABLE,
        clock);
    ps.setSignal(knob, 0);
    ps.tick(B).orElseThrow();
    assertFalse(PowerSchedulerTest.report(ps, "st:1", B + s.failureTimeoutMs() + 1).failed());
    ps.recordStatus(new NodeStatus("st:1", NodeStatus.State.AWAKE, 1, clock.millis(), 0, -1, ""));
    long heard = clock.millis();
    assertFalse(PowerSchedulerTest.report(ps, "st:1", heard + 60_000).failed());
    assertTrue(PowerSchedulerTest.report(ps, "st:1", heard + s.failureTimeoutMs() + 1)
        .failed());
  }

  @Test
  void aPrimaryFailureWakesOnlyItsRecoveryGroupUntilItReportsAgain() {
    PowerScheduler ps = scheduler();
    Schedule first = ps.tick(B).orElseThrow();
    assertEquals(List.of("n1:1", "n2:1"), RecoveryPlannerTest.active(first));
    allReport(ps, null);
    clock.set(B + 20_000);
    allReport(ps, "n1:1");
    // n1 last posted at B: at B + 30 000 it is not failed yet, 1 ms later it is.
    assertTrue(ps.tick(B + 30_000).isEmpty());
    assertFalse(PowerSchedulerTest.report(ps, "n1:1", B + 30_000).failed());
    Schedule recovery = ps.tick(B + 30_001).orElseThrow();
    assertEquals(PowerScheduler.PublishReason.NODE_FAILURE, ps.lastPublishReason().get());
    assertEquals(List.of("n1:1", "n2:1", "n3:1", "n5:1", "n7:1"),
        RecoveryPlannerTest.active(recovery));
    assertEquals(Map.of("n1:1", List.of("n3:1", "n5:1", "n7:1")), ps.recoveryWoken());
    NodeReport n5 = PowerSchedulerTest.report(ps, "n5:1", B + 30_001);
    assertEquals(List.of("n1:1"), n5.wokenForRecoveryOf());
    assertFalse(n5.failed(), "n5 said ASLEEP: it wakes at its alarm, not at once");
    assertTrue(PowerSchedulerTest.report(ps, "n1:1", B + 30_001).failed());
    // 5 ACTIVE + 3 OFF = 128 W against 56 W: published anyway, availability first.
    SchedulerStatus st = ps.status();
    assertEquals(SchedulerStatus.State.RECOVERY_OVER_BUDGET, st.state());
    assertEquals(72.0, st.shortfallWatts(), 1e-9);
    assertTrue(st.message().contains("recovery woke [n3:1, n5:1, n7:1] for failed n1:1"),
        st.message());
    // Still failed at the next tick: nothing new.
    assertTrue(ps.tick(B + 31_000).isEmpty());

    clock.set(B + 40_000);
    ps.recordStatus(new NodeStatus("n1:1", NodeStatus.State.AWAKE, recovery.epoch(),
        clock.millis(), 0, -1, ""));
    Schedule back = ps.tick(B + 40_000).orElseThrow();
    assertEquals(PowerScheduler.PublishReason.NODE_FAILURE, ps.lastPublishReason().get());
    assertEquals(List.of("n1:1", "n2:1"), RecoveryPlannerTest.active(back));
    assertTrue(ps.recoveryWoken().isEmpty());
    assertEquals(SchedulerStatus.State.PLANNED, ps.status().state());
    assertTrue(PowerSchedulerTest.report(ps, "n5:1", B + 40_000).wokenForRecoveryOf().isEmpty());
  }

  @Test
  void theGearDecidesWhatIsWokenAndASecondaryFailureWakesNothing() {
    knob.set(40 + 8 + 4 * 24); // four ACTIVE
    PowerScheduler ps = scheduler();
    assertEquals(4, RecoveryPlannerTest.active(ps.tick(B).orElseThrow()).size());
    allReport(ps, null);
    clock.set(B + 20_000);
    allReport(ps, "n3:1");
    Schedule s = ps.tick(B + 30_001).orElseThrow();
    assertEquals(PowerScheduler.PublishReason.NODE_FAILURE, ps.lastPublishReason().get());
    assertEquals(List.of("n1:1", "n2:1", "n3:1", "n4:1"), RecoveryPlannerTest.active(s));
    assertEquals(SchedulerStatus.State.PLANNED, ps.status().state());

    clock.set(B + 45_000);
    allReport(ps, "n1:1");
    s = ps.tick(B + 50_001).orElseThrow();
    assertEquals(List.of("n1:1", "n2:1", "n3:1", "n4:1", "n5:1", "n7:1"),
        RecoveryPlannerTest.active(s));
    assertEquals(Map.of("n1:1", List.of("n5:1", "n7:1")), ps.recoveryWoken());
  }

  @Test
  void anAdminOverrideIsRecoveredToo() {
    knob.set(40 + 8 + 8 * 24); // full power
    PowerScheduler ps = scheduler();
    ps.setActiveNodesOverride(2);
    ps.tick(B);
    allReport(ps, null);
    clock.set(B + 20_000);
    allReport(ps, "n2:1");
    Schedule s = ps.tick(B + 30_001).orElseThrow();
    assertEquals(List.of("n1:1", "n2:1", "n4:1", "n6:1", "n8:1"), RecoveryPlannerTest.active(s));
    assertEquals(SchedulerStatus.State.PLANNED, ps.status().state(), "the budget affords it");
    assertTrue(ps.status().message().contains("recovery woke [n4:1, n6:1, n8:1] for failed n2:1"),
        ps.status().message());
  }

  @Test
  void withoutRecoveryFailuresAreReportedButTheScheduleStays() {
    SchedulerSettings s = SchedulerSettings.builder().ring(RING)
        .model(PowerModel.builder().nodeCount(8).activeWatts(25).sleepWatts(1).overheadWatts(40)
            .build()).intervalMs(T).awakeFailureTimeoutMs(30_000).build();
    PowerScheduler ps = new PowerScheduler(s, new ActivationPolicy(), clock);
    ps.setSignal(knob, 0);
    ps.tick(B);
    allReport(ps, null);
    clock.set(B + 20_000);
    allReport(ps, "n1:1");
    assertTrue(ps.tick(B + 30_001).isEmpty());
    assertTrue(PowerSchedulerTest.report(ps, "n1:1", B + 30_001).failed());
  }
}
