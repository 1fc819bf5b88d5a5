package org.blinkhdfs.control.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.common.time.Sleeper;
import org.blinkhdfs.model.power.TransitionDistribution;
import org.blinkhdfs.model.power.TransitionModel;
import org.junit.jupiter.api.Test;

/** The emulating actuator: freeze, enter, sleep, resume, thaw early by the resume latency. */
class EmulateActuatorTest {
  /** The documented fallback: 300 ms enter, 1 s resume, at the 60 s interval. */
  static final TransitionModel FALLBACK = new TransitionModel(
      new TransitionDistribution.Fixed(300), new TransitionDistribution.Fixed(1_000), 60_000);

  final ManualClock clock = new ManualClock(0);
  final FakeFreezer freezer = new FakeFreezer(clock);

  @Test
  void freezesUntilWakeMinusResumeLatency() throws Exception {
    EmulateActuator a = new EmulateActuator(freezer, clock, clock, 500);
    clock.set(10_000);
    SleepReport r = a.sleep(new SleepRequest(40_000, OptionalLong.of(60_000), 3));
    // thaw at 40 000 - 500 = 39 500; frozen 29 500 ms
    assertEquals(10_000, r.startedAtMs());
    assertEquals(39_500, r.awakeAtMs());
    assertEquals(29_500, r.measuredSleepMs());
    assertTrue(freezer.frozenAt(10_000) && freezer.frozenAt(39_499));
    assertFalse(freezer.frozenAt(39_500));
    assertFalse(freezer.isFrozen());
  }

  private EmulateActuator withTransitions(TransitionModel m, long latencyMs, long intervalMs) {
    return new EmulateActuator(freezer, clock, clock, latencyMs,
        new EmulatedTransitions(m, new Random(1), intervalMs));
  }

  private static SleepRequest at(long wakeAtMs, long latencyMs, long intervalMs) {
    return new SleepRequest(wakeAtMs, OptionalLong.empty(), 3, OptionalLong.of(latencyMs),
        OptionalLong.of(intervalMs));
  }

  @Test
  void entersSleepsResumesAndCountsOnlyTheSleep() throws Exception {
    EmulateActuator a = withTransitions(FALLBACK, 0, 60_000);
    clock.set(10_000);
    SleepReport r = a.sleep(at(40_000, 0, 60_000));
    // Frozen at 10 000; entering until 10 300; asleep until the alarm at 40 000; resuming
    // until 41 000: the window opens 1 s late, as on a host that starts waking at its window.
    assertEquals(List.of(new FakeFreezer.Transition(10_000, true),
        new FakeFreezer.Transition(41_000, false)), freezer.transitions());
    assertEquals(10_000, r.startedAtMs());
    assertEquals(41_000, r.awakeAtMs());
    assertEquals(29_700, r.measuredSleepMs());
    // CONTRACT38: (awake - started) - measured = enter + resume.
    assertEquals(1_300, r.awakeAtMs() - r.startedAtMs() - r.measuredSleepMs());
    assertEquals(OptionalLong.of(40_000), r.transitions().alarmAtMs());
    assertEquals(OptionalLong.of(1_000), r.transitions().resumeSampleMs());
    assertTrue(r.transitions().resumeSampleBy().startsWith("the emulated thaw (enter"
        + " fixed:300ms, resume fixed:1000ms"), r.transitions().resumeSampleBy());
    assertTrue(r.detail().endsWith("frozen 31000 ms for epoch 3: entering 300 ms, asleep 29700"
        + " ms, resuming 1000 ms (drawn 300 + 1000 ms)"), r.detail());
  }

  @Test
  void aLearnedLatencyOpensTheWindowOnTime() throws Exception {
    EmulateActuator a = withTransitions(FALLBACK, 0, 60_000);
    clock.set(10_000);
    // The planner's latency 1 000 (learned from the samples): the alarm at 39 000, serving at
    // 40 000, exactly when the window opens.
    SleepReport r = a.sleep(at(40_000, 1_000, 60_000));
    assertEquals(40_000, r.awakeAtMs());
    assertEquals(28_700, r.measuredSleepMs());
    assertEquals(OptionalLong.of(39_000), r.transitions().alarmAtMs());
  }

  @Test
  void aShortIntervalScalesTheTimes() throws Exception {
    // At 6 s of the 60 s reference: 30 ms enter, 100 ms resume.
    EmulateActuator a = withTransitions(FALLBACK, 0, 60_000);
    clock.set(10_000);
    SleepReport r = a.sleep(at(14_000, 0, 6_000));
    assertEquals(14_100, r.awakeAtMs());
    assertEquals(3_970, r.measuredSleepMs());
    // A request without the schedule's interval uses the configured one (6 s here).
    EmulateActuator configured = withTransitions(FALLBACK, 0, 6_000);
    clock.set(20_000);
    SleepReport c = configured.sleep(new SleepRequest(24_000, OptionalLong.empty(), 4));
    assertEquals(24_100, c.awakeAtMs());
    assertEquals(3_970, c.measuredSleepMs());
  }

  @Test
  void anEnterPastTheAlarmSleepsNotAtAllAndResumesAfterIt() throws Exception {
    EmulateActuator a = withTransitions(FALLBACK, 0, 60_000);
    clock.set(10_000);
    // The alarm at 10 200 fires while the host is still entering (until 10 300): no time
    // asleep, resume from 10 300 to 11 300; serving 1 100 ms after the alarm.
    SleepReport r = a.sleep(at(10_200, 0, 60_000));
    assertEquals(0, r.measuredSleepMs());
    assertEquals(11_300, r.awakeAtMs());
    assertEquals(OptionalLong.of(1_100), r.transitions().resumeSampleMs());
  }

  @Test
  void measuredDrawsAreSeededAndWithinTheScaledMeasurements() throws Exception {
    TransitionModel m = TransitionModel.measured();
    ManualClock c2 = new ManualClock(0);
    EmulateActuator a = withTransitions(m, 0, 6_000);
    EmulateActuator b = new EmulateActuator(new FakeFreezer(c2), c2, c2, 0,
        new EmulatedTransitions(m, new Random(1), 6_000));
    for (int i = 1; i <= 40; i++) {
      clock.set(i * 6_000L);
      c2.set(i * 6_000L);
      SleepReport r = a.sleep(at(i * 6_000L + 5_000, 0, 6_000));
      SleepReport same = b.sleep(at(i * 6_000L + 5_000, 0, 6_000));
      assertEquals(r, same, "the same seed draws the same cycle");
      long inTransition = r.awakeAtMs() - r.startedAtMs() - r.measuredSleepMs();
      long resume = r.transitions().resumeSampleMs().getAsLong();
      long enter = inTransition - resume;
      // Scaled by 6/60: enter 54..260 ms, resume 9..35 ms.
      assertTrue(enter >= 54 && enter <= 260, "enter " + enter);
      assertTrue(resume >= 9 && resume <= 35, "resume " + resume);
    }
  }

  @Test
  void anInterruptWhileEnteringThawsFirst() {
    Sleeper interrupted = t -> {
      throw new InterruptedException("shutdown");
    };
    EmulateActuator a = new EmulateActuator(freezer, interrupted, clock, 0,
        new EmulatedTransitions(FALLBACK, new Random(1), 60_000));
    assertThrows(InterruptedException.class, () -> a.sleep(at(10_000, 0, 60_000)));
    assertFalse(freezer.isFrozen());
    assertEquals(2, freezer.transitions().size());
  }

  @Test
  void refusesAnExpiredLeaseAWakeAfterItAndAPastWake() {
    EmulateActuator a = new EmulateActuator(freezer, clock, clock, 500);
    clock.set(60_000);
    ActuatorException e = assertThrows(ActuatorException.class,
        () -> a.sleep(new SleepRequest(90_000, OptionalLong.of(60_000), 7)));
    assertTrue(e.getMessage().contains("expired") && e.getMessage().contains("epoch 7"),
        e.getMessage());
    e = assertThrows(ActuatorException.class,
        () -> a.sleep(new SleepRequest(90_001, OptionalLong.of(90_000), 7)));
    assertTrue(e.getMessage().contains("after the lease end"), e.getMessage());
    e = assertThrows(ActuatorException.class,
        () -> a.sleep(new SleepRequest(60_000, OptionalLong.empty(), 7)));
    assertTrue(e.getMessage().contains("not in the future"), e.getMessage());
    // 60 400 - 500 latency = 59 900 <= now: too short to freeze at all.
    e = assertThrows(ActuatorException.class,
        () -> a.sleep(new SleepRequest(60_400, OptionalLong.empty(), 7)));
    assertTrue(e.getMessage().contains("resume latency 500"), e.getMessage());
    assertTrue(freezer.transitions().isEmpty(), "never froze");
  }

  @Test
  void aFailedFreezeLeavesTheNodeAwake() {
    EmulateActuator a = new EmulateActuator(freezer, clock, clock, 0);
    freezer.failNextFreeze(new ActuatorException("cgroup.freeze: permission denied"));
    ActuatorException e = assertThrows(ActuatorException.class,
        () -> a.sleep(new SleepRequest(10_000, OptionalLong.empty(), 1)));
    assertTrue(e.getMessage().contains("permission denied"));
    assertFalse(freezer.isFrozen());
  }

  @Test
  void anInterruptedSleepThawsFirst() {
    Sleeper interrupted = t -> {
      throw new InterruptedException("shutdown");
    };
    EmulateActuator a = new EmulateActuator(freezer, interrupted, clock, 0);
    assertThrows(InterruptedException.class,
        () -> a.sleep(new SleepRequest(10_000, OptionalLong.empty(), 1)));
    assertFalse(freezer.isFrozen());
    assertEquals(2, freezer.transitions().size());
  }

  @Test
  void dryRunWaitsButSuspendsNothing() throws Exception {
    DryRunActuator d = new DryRunActuator(clock, clock);
    clock.set(5_000);
    SleepReport r = d.sleep(new SleepRequest(9_000, OptionalLong.of(20_000), 2));
    assertEquals(0, r.measuredSleepMs());
    assertEquals(9_000, clock.millis(), "waited until wakeAt itself: no resume latency");
    assertEquals(9_000, r.awakeAtMs());
    ActuatorException e = assertThrows(ActuatorException.class,
        () -> d.sleep(new SleepRequest(30_000, OptionalLong.of(20_000), 2)));
    assertTrue(e.getMessage().startsWith("dry-run"), e.getMessage());
    assertEquals("dry-run", d.name());
    d.setComputeCores(2);
  }
}
