package org.blinkhdfs.control.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.common.time.Sleeper;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;

/** The emulating actuator: freeze, wait, thaw early by the resume latency; refusals. */
class EmulateActuatorTest {
  static final PowerModel MODEL = PowerModel.builder().nodeCount(1).activeWatts(25)
      .sleepWatts(1).ioServerWatts(10).build();

  final ManualClock clock = new ManualClock(0);
  final FakeFreezer freezer = new FakeFreezer(clock);

  @Test
  void freezesUntilWakeMinusResumeLatency() throws Exception {
    EmulateActuator a = new EmulateActuator(freezer, clock, clock, MODEL, 500);
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

  @Test
  void refusesAnExpiredLeaseAWakeAfterItAndAPastWake() {
    EmulateActuator a = new EmulateActuator(freezer, clock, clock, MODEL, 500);
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
    EmulateActuator a = new EmulateActuator(freezer, clock, clock, MODEL, 0);
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
    EmulateActuator a = new EmulateActuator(freezer, interrupted, clock, MODEL, 0);
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
