package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.model.policy.StaggeredPolicy;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.WakeDecision;
import org.blinkhdfs.model.wire.WakeHold;
import org.blinkhdfs.model.wire.WakeRequest;
import org.junit.jupiter.api.Test;

/**
 * Wake requests in {@link PowerScheduler}: the class comment's worked example (ring n1..n4,
 * staggered, 25 W / 1 W, 40 W overhead, 68 W for the cluster = 28 W for the DataNodes, t = 60 s,
 * staging node st, limits 60 s and 1 node), below the minimum, replans during a hold, recovery and
 * the node reports.
 */
class PowerSchedulerWakeTest {
  static final long T = 60_000;
  /** An interval boundary. */
  static final long B = 1_790_000_040_000L;
  static final List<String> RING = List.of("n1:1", "n2:1", "n3:1", "n4:1");

  ManualClock clock = new ManualClock(B);
  PowerSchedulerTest.Knob knob = new PowerSchedulerTest.Knob(68);

  PowerScheduler scheduler(WakeLimits limits) {
    SchedulerSettings s = SchedulerSettings.builder().ring(RING).stagingNodes(List.of("st:1"))
        .model(PowerModel.builder().nodeCount(4).activeWatts(25).sleepWatts(1).overheadWatts(40)
            .build()).intervalMs(T).wakeLimits(limits).build();
    PowerScheduler ps = new PowerScheduler(s, new StaggeredPolicy(), clock);
    ps.setSignal(knob, 0);
    return ps;
  }

  WakeDecision wake(PowerScheduler ps, String node, long ms) {
    return ps.requestWake(new WakeRequest(node, ms, "proxy drain"));
  }

  /** Epoch 1 with its number replaced, to compare plans. */
  static Schedule renumbered(Schedule s, long epoch) {
    return Schedule.builder().epoch(epoch).intervalStartMs(s.intervalStartMs())
        .intervalMs(s.intervalMs()).validUntilMs(s.validUntilMs()).addAll(s.nodes()).build();
  }

  @Test
  void theWorkedExample() {
    PowerScheduler ps = scheduler(new WakeLimits(60_000, 1));
    Schedule first = ps.tick(B).orElseThrow();
    assertEquals(NodeSchedule.blink("n3:1", 30_000, 15_000), first.entry("n3:1"));
    assertEquals(28.0, ps.status().plannedWatts(), 1e-9);

    clock.set(B + 1_000);
    WakeDecision d = wake(ps, "n3:1", 20_000);
    assertEquals(WakeDecision.Outcome.GRANTED, d.outcome());
    assertEquals(new WakeHold("n3:1", B + 1_000, B + 21_000, "proxy drain"), d.hold());
    assertEquals(B + 30_000, d.reachableByMs(), "n3 sleeps until its window in epoch 1");
    assertEquals(OptionalLong.empty(), ps.awakeEpoch("n3:1", B + 1_000), "not published yet");

    Schedule second = ps.tick(B + 1_000).orElseThrow();
    assertEquals(PowerScheduler.PublishReason.WAKE_REQUEST, ps.lastPublishReason().get());
    assertEquals(2, second.epoch());
    assertEquals(NodeMode.ACTIVE, second.entry("n3:1").mode());
    for (String n : List.of("n1:1", "n2:1", "n4:1")) {
      assertEquals(first.entry(n), second.entry(n), n + " keeps its window");
    }
    assertEquals(OptionalLong.of(2), ps.awakeEpoch("n3:1", B + 1_000));
    SchedulerStatus st = ps.status();
    assertEquals(SchedulerStatus.State.WAKE_OVER_BUDGET, st.state());
    assertEquals(46.0, st.plannedWatts(), 1e-9);
    assertEquals(18.0, st.shortfallWatts(), 1e-9);
    assertEquals(18.0, st.wakeWatts(), 1e-9);
    assertTrue(st.message().contains("wake requests woke n3:1 until " + (B + 21_000))
        && st.message().contains("blink.scheduler.wake.max.nodes = 1"), st.message());
    assertEquals(Map.of("n3:1", d.hold()), ps.wokenOnRequest());
    NodeReport n3 = PowerSchedulerTest.report(ps, "n3:1", B + 1_000);
    assertEquals(Optional.of(d.hold()), n3.wakeRequest());
    assertTrue(n3.wokenOnRequest());
    assertFalse(PowerSchedulerTest.report(ps, "n4:1", B + 1_000).wokenOnRequest());

    WakeDecision n4 = wake(ps, "n4:1", 5_000);
    assertEquals(Optional.of(WakeLimits.MAX_NODES), n4.refusedBy());
    WakeDecision staging = wake(ps, "st:1", 5_000);
    assertEquals(WakeDecision.Outcome.ALREADY_AWAKE, staging.outcome());
    assertEquals(OptionalLong.of(2), ps.awakeEpoch("st:1", B + 1_000));
    assertTrue(ps.tick(B + 1_000).isEmpty(), "a refusal and a staging node change nothing");

    assertTrue(ps.tick(B + 20_999).isEmpty());
    assertEquals(List.of(d.hold()), ps.wakeRequests(B + 20_999));
    assertEquals(List.of(), ps.wakeRequests(B + 21_000));
    Schedule third = ps.tick(B + 21_000).orElseThrow();
    assertEquals(PowerScheduler.PublishReason.WAKE_REQUEST, ps.lastPublishReason().get());
    assertEquals(renumbered(first, 3), third);
    assertEquals(SchedulerStatus.State.PLANNED, ps.status().state());
    assertEquals(0.0, ps.status().wakeWatts(), 1e-9);
    assertTrue(ps.wokenOnRequest().isEmpty());
    assertEquals(Optional.empty(), PowerSchedulerTest.report(ps, "n3:1", B + 21_000)
        .wakeRequest());
  }

  @Test
  void aNodeTheEpochKeepsAwakeIsHeldWithoutANewEpochAndKeptAwakeByAReplan() {
    knob.set(40 + 100); // full power: every window is the whole interval
    PowerScheduler ps = scheduler(WakeLimits.DEFAULTS);
    Schedule first = ps.tick(B).orElseThrow();
    assertTrue(first.window("n2:1").isAlways());
    clock.set(B + 5_000);
    WakeDecision d = wake(ps, "n2:1", 30_000);
    assertEquals(WakeDecision.Outcome.GRANTED, d.outcome());
    assertEquals(B + 5_000, d.reachableByMs());
    assertEquals(OptionalLong.of(1), ps.awakeEpoch("n2:1", B + 5_000));
    assertTrue(ps.tick(B + 5_000).isEmpty(), "nothing to publish");

    knob.set(68); // a replan inside the hold keeps n2 ACTIVE, the others blink
    Schedule replan = ps.tick(B + 6_000).orElseThrow();
    assertEquals(PowerScheduler.PublishReason.POWER_CHANGE, ps.lastPublishReason().get());
    assertEquals(NodeMode.ACTIVE, replan.entry("n2:1").mode());
    assertEquals(NodeMode.BLINK, replan.entry("n1:1").mode());
    assertEquals(Map.of("n2:1", d.hold()), ps.wokenOnRequest());
  }

  @Test
  void belowTheMinimumAGrantWaitsForTheNextEpochThePowerAllows() {
    PowerScheduler ps = scheduler(WakeLimits.DEFAULTS);
    ps.tick(B).orElseThrow();
    knob.set(41); // 1 W for four nodes that need 4 W asleep
    assertTrue(ps.tick(B + 1_000).isEmpty());
    assertEquals(SchedulerStatus.State.BELOW_MINIMUM, ps.status().state());
    clock.set(B + 2_000);
    assertEquals(WakeDecision.Outcome.GRANTED, wake(ps, "n1:1", 30_000).outcome());
    assertTrue(ps.tick(B + 2_000).isEmpty(), "no plan below the minimum, holds included");
    assertEquals(OptionalLong.empty(), ps.awakeEpoch("n1:1", B + 2_000));
    assertTrue(ps.status().message().contains("wake requests for n1:1 until " + (B + 32_000)
        + " take effect with the next epoch"), ps.status().message());
    knob.set(68);
    Schedule back = ps.tick(B + 3_000).orElseThrow();
    assertEquals(NodeMode.ACTIVE, back.entry("n1:1").mode());
    assertEquals(OptionalLong.of(back.epoch()), ps.awakeEpoch("n1:1", B + 3_000));
  }

  @Test
  void anExtensionOfAWokenNodeNeedsNoNewEpochAndAnEarlierEndIsAlreadyAwake() {
    PowerScheduler ps = scheduler(WakeLimits.DEFAULTS);
    ps.tick(B);
    clock.set(B + 1_000);
    wake(ps, "n1:1", 10_000);
    long epoch = ps.tick(B + 1_000).orElseThrow().epoch();
    clock.set(B + 5_000);
    assertEquals(WakeDecision.Outcome.ALREADY_AWAKE, wake(ps, "n1:1", 6_000).outcome());
    WakeDecision longer = wake(ps, "n1:1", 20_000);
    assertEquals(new WakeHold("n1:1", B + 1_000, B + 25_000, "proxy drain"), longer.hold());
    assertTrue(ps.tick(B + 5_000).isEmpty());
    assertTrue(ps.tick(B + 11_000).isEmpty(), "the old end passes without a change");
    assertEquals(OptionalLong.of(epoch), ps.awakeEpoch("n1:1", B + 11_000));
    assertTrue(ps.tick(B + 25_000).isPresent());
  }

  @Test
  void unknownNodesAreBadInput() {
    PowerScheduler ps = scheduler(WakeLimits.DEFAULTS);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> wake(ps, "n9:1", 1_000));
    assertTrue(e.getMessage().startsWith("node 'n9:1' is not one of the scheduler's DataNodes"
        + " [n1:1, n2:1, n3:1, n4:1, st:1]"), e.getMessage());
  }
}
