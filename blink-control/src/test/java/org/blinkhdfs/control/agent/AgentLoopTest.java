package org.blinkhdfs.control.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.EnergyCounters;
import org.blinkhdfs.model.wire.NodeStatus;
import org.junit.jupiter.api.Test;

/**
 * The agent loop's transitions and messages, on the planner's worked example (dn1 BLINK
 * [20 000, 40 000) every 60 000, lease to 180 000, minSleep 3 000, resume latency 2 000, poll
 * 5 000) with the emulating actuator on a fake freezer and a manual clock.
 */
class AgentLoopTest {
  static final String DN1 = "dn1:9866";

  final ManualClock clock = new ManualClock(10_000);
  final FakeFreezer freezer = new FakeFreezer(clock);
  final List<NodeStatus> posted = new ArrayList<>();
  final List<Integer> coreCalls = new ArrayList<>();
  Optional<Schedule> served = AgentPlannerTest.worked();
  boolean fetchFails;
  boolean postFails;
  double utilization = 0.4;

  final Actuator emulate = new EmulateActuator(freezer, clock, clock, 2_000);

  AgentLoop loop(Actuator actuator, long heartbeatMs) {
    Actuator recording = new Actuator() {
      @Override
      public String name() {
        return actuator.name();
      }

      @Override
      public Optional<String> sleepUnsupported() {
        return actuator.sleepUnsupported();
      }

      @Override
      public SleepReport sleep(SleepRequest r) throws ActuatorException, InterruptedException {
        return actuator.sleep(r);
      }

      @Override
      public void setComputeCores(int cores) throws ActuatorException {
        coreCalls.add(cores);
        actuator.setComputeCores(cores);
      }
    };
    return AgentLoop.builder()
        .settings(new AgentLoop.Settings(DN1, AgentPlannerTest.TIMING, heartbeatMs, 1))
        .scheduleClient(() -> {
          if (fetchFails) {
            throw new IOException("scheduler unreachable");
          }
          return served;
        })
        .statusSink(s -> {
          if (postFails) {
            throw new IOException("post failed");
          }
          posted.add(s);
        })
        .actuator(recording).clock(clock).sleeper(clock).utilization(() -> utilization).build();
  }

  @Test
  void blinkCyclePostsAsleepThenAwakeWithTheMeasuredSleep() throws Exception {
    AgentLoop a = loop(emulate, 30_000);
    // 10 000: asleep by schedule; sleep until 20 000, the emulator thaws at 18 000.
    StepResult r = a.step();
    assertEquals(StepResult.Kind.SLEPT, r.kind());
    assertEquals(18_000, r.nextStepAtMs());
    assertEquals(List.of(new FakeFreezer.Transition(10_000, true),
        new FakeFreezer.Transition(18_000, false)), freezer.transitions());
    assertEquals(2, posted.size());
    assertEquals(NodeStatus.State.ASLEEP, posted.get(0).state());
    assertEquals(10_000, posted.get(0).atMs());
    assertEquals(-1, posted.get(0).utilization(), 1e-12);
    assertEquals(NodeStatus.State.AWAKE, posted.get(1).state());
    assertEquals(18_000, posted.get(1).atMs());
    assertEquals(8_000, posted.get(1).measuredSleepMs());
    assertEquals(0.4, posted.get(1).utilization(), 1e-12);
    assertEquals(4, posted.get(1).epoch());
    // 18 000: 2 000 ms to the window is no sleep: stay awake until 20 000, no new message.
    r = a.step();
    assertEquals(StepResult.Kind.STAYED_AWAKE, r.kind());
    assertEquals(20_000, r.nextStepAtMs());
    assertEquals(2, posted.size());
    // 20 000 .. 40 000 in the window, polling every 5 000.
    clock.set(20_000);
    assertEquals(25_000, a.step().nextStepAtMs());
    clock.set(38_000);
    assertEquals(40_000, a.step().nextStepAtMs());
    // 40 000: window closed; next window at 80 000: sleep 80 000 - 2 000 - 40 000 = 38 000.
    clock.set(40_000);
    r = a.step();
    assertEquals(StepResult.Kind.SLEPT, r.kind());
    assertEquals(78_000, r.nextStepAtMs());
    assertEquals(2, a.sleeps());
    assertEquals(38_000, posted.get(posted.size() - 1).measuredSleepMs());
  }

  @Test
  void everyStatusCarriesTheEnergyCountersFromTheSleepReports() throws Exception {
    // An actuator that spends 700 ms, then 1 000 ms, of each cycle in transition.
    Actuator transitions = new Actuator() {
      @Override
      public String name() {
        return "transitions";
      }

      @Override
      public SleepReport sleep(SleepRequest r) {
        long start = clock.millis();
        long awake = r.wakeAtMs() - r.resumeLatencyMs().getAsLong();
        clock.set(awake);
        long transition = start == 10_000 ? 700 : 1_000;
        return new SleepReport(start, awake, awake - start - transition, "test");
      }

      @Override
      public void setComputeCores(int cores) {}
    };
    AgentLoop a = loop(transitions, 30_000); // the agent starts counting at 10 000
    a.step(); // 10 000: sleep until 18 000
    assertEquals(new EnergyCounters(10_000, 0, 0, 0, 0), posted.get(0).energy().orElseThrow());
    assertEquals(new EnergyCounters(10_000, 0, 7_300, 700, 0),
        posted.get(1).energy().orElseThrow());
    clock.set(40_000);
    a.step(); // awake 18 000 .. 40 000, then sleep until 78 000
    assertEquals(new EnergyCounters(10_000, 22_000, 7_300, 700, 0),
        posted.get(2).energy().orElseThrow());
    EnergyCounters last = posted.get(3).energy().orElseThrow();
    assertEquals(new EnergyCounters(10_000, 22_000, 44_300, 1_700, 0), last);
    assertEquals(78_000 - 10_000, last.totalMs());
  }

  @Test
  void theLoopLearnsTheResumeLatencyFromEachSleepsSample() throws Exception {
    // An actuator whose every resume took 2 500 ms from the alarm; it records the latency each
    // request carries.
    List<Long> requested = new ArrayList<>();
    Actuator measured = new Actuator() {
      @Override
      public String name() {
        return "measured";
      }

      @Override
      public SleepReport sleep(SleepRequest r) {
        requested.add(r.resumeLatencyMs().getAsLong());
        long wakeStart = r.wakeAtMs() - r.resumeLatencyMs().getAsLong();
        clock.set(wakeStart);
        return new SleepReport(0, wakeStart, 0, "measured", new TransitionTimes(
            OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
            OptionalLong.empty(), OptionalLong.empty(), OptionalLong.of(2_500), "test probe",
            TransitionTimes.Counted.SUCCESS));
      }

      @Override
      public void setComputeCores(int cores) {}
    };
    AgentLoop a = AgentLoop.builder()
        .settings(new AgentLoop.Settings(DN1, AgentPlannerTest.TIMING, 30_000, 1))
        .scheduleClient(() -> served).statusSink(posted::add).actuator(measured).clock(clock)
        .sleeper(clock).learnResumeLatency(ResumeLatencyEstimatorTest.worked()).build();
    assertEquals(2_000, a.resumeLatencyMs(), "the configured value before any sample");

    assertEquals(StepResult.Kind.SLEPT, a.step().kind());
    // One sample 2 500: p90 2 500 + margin 200.
    assertEquals(2_700, a.resumeLatencyMs());
    NodeStatus awake = posted.get(posted.size() - 1);
    assertTrue(awake.detail().endsWith("; next resume latency 2700 ms (learned from 1 samples)"),
        awake.detail());
    // After the window, the next sleep carries the learned value.
    clock.set(40_000);
    assertEquals(StepResult.Kind.SLEPT, a.step().kind());
    assertEquals(List.of(2_000L, 2_700L), requested);
  }

  @Test
  void anEmulatedNodeLearnsItsDrawnResumeAndThenServesOnTime() throws Exception {
    // Transitions 300 ms enter, 1 s resume (60 s interval); learned latency p90 + margin 0, as
    // the agent configures it for emulate. The worked schedule: window 20 000..40 000 of 60 s.
    Actuator emulated = new EmulateActuator(freezer, clock, clock, 2_000,
        new EmulatedTransitions(EmulateActuatorTest.FALLBACK, new java.util.Random(1), 60_000));
    AgentLoop a = AgentLoop.builder()
        .settings(new AgentLoop.Settings(DN1, AgentPlannerTest.TIMING, 30_000, 1))
        .scheduleClient(() -> served).statusSink(posted::add).actuator(emulated).clock(clock)
        .sleeper(clock).learnResumeLatency(new ResumeLatencyEstimator(2_000, 0, 30_000, 0, 20))
        .build();
    // 10 000: the configured 2 000 ms latency: alarm 18 000, serving at 19 000 (1 s early).
    StepResult r = a.step();
    assertEquals(StepResult.Kind.SLEPT, r.kind());
    assertEquals(19_000, r.nextStepAtMs());
    assertEquals(1_000, a.resumeLatencyMs(), "learned from the drawn 1 000 ms resume");
    // 40 000: window closed; next window 80 000: alarm 79 000, serving at exactly 80 000.
    clock.set(40_000);
    r = a.step();
    assertEquals(80_000, r.nextStepAtMs());
    NodeStatus awake = posted.get(posted.size() - 1);
    assertEquals(80_000, awake.atMs());
    assertEquals(38_700, awake.measuredSleepMs()); // 40 300 .. 79 000
  }

  @Test
  void withoutLearningTheLatencyStaysFixed() throws Exception {
    AgentLoop a = loop(emulate, 30_000);
    a.step();
    assertEquals(2_000, a.resumeLatencyMs());
    assertTrue(a.resumeLatencyEstimator().isEmpty());
    assertFalse(posted.get(posted.size() - 1).detail().contains("next resume latency"));
  }

  @Test
  void aNodeThatCannotSleepServesAsAnIoServerAndNeverReportsASleep() throws Exception {
    Actuator noS3 = new Actuator() {
      @Override
      public String name() {
        return "real";
      }

      @Override
      public Optional<String> sleepUnsupported() {
        return Optional.of("this host has no ACPI S3");
      }

      @Override
      public SleepReport sleep(SleepRequest r) {
        throw new AssertionError("must not be asked to sleep");
      }

      @Override
      public void setComputeCores(int cores) {}
    };
    AgentLoop a = loop(noS3, 7_000);
    // 10 000: outside the window; the planner says sleep until 20 000.
    StepResult r = a.step();
    assertEquals(StepResult.Kind.IO_SERVER_INSTEAD, r.kind());
    assertEquals(15_000, r.nextStepAtMs(), "min(wake 20 000, poll 15 000, heartbeat 17 000)");
    assertEquals(List.of(1), coreCalls, "the io-server's one core");
    assertEquals(1, posted.size());
    assertEquals(NodeStatus.State.IO_SERVER, posted.get(0).state());
    assertEquals("cannot sleep, serving as an io-server instead (outside its window of epoch 4:"
        + " sleep until 20000): this host has no ACPI S3", posted.get(0).detail());
    assertEquals(0, a.sleeps());
    // 15 000: the same, without a new status before the heartbeat.
    clock.set(15_000);
    assertEquals(StepResult.Kind.IO_SERVER_INSTEAD, a.step().kind());
    assertEquals(1, posted.size());
    // 20 000: its window: all cores back, AWAKE.
    clock.set(20_000);
    assertEquals(StepResult.Kind.STAYED_AWAKE, a.step().kind());
    assertEquals(List.of(1, 0), coreCalls);
    assertEquals(NodeStatus.State.AWAKE, posted.get(posted.size() - 1).state());
  }

  @Test
  void awakeAgentsHeartbeat() throws Exception {
    served = Optional.of(AgentPlannerTest.base().validUntilMs(1_000_000)
        .add(NodeSchedule.of(DN1, NodeMode.ACTIVE)).build());
    AgentLoop a = loop(emulate, 7_000);
    StepResult r = a.step(); // posts AWAKE (first message)
    assertEquals(1, posted.size());
    assertEquals(15_000, r.nextStepAtMs(), "poll at 15 000 comes before the heartbeat 17 000");
    clock.set(15_000);
    r = a.step();
    assertEquals(1, posted.size(), "5 000 ms since the last message: no heartbeat yet");
    assertEquals(17_000, r.nextStepAtMs(), "the heartbeat at 17 000 comes before the poll");
    clock.set(17_000);
    a.step();
    assertEquals(2, posted.size());
    assertEquals(NodeStatus.State.AWAKE, posted.get(1).state());
    assertEquals(List.of(0), coreCalls, "max-perf applied once");
  }

  @Test
  void ioServerModeSetsComputeCoresAndReportsIt() throws Exception {
    served = Optional.of(AgentPlannerTest.base().validUntilMs(1_000_000)
        .add(NodeSchedule.of(DN1, NodeMode.IO_SERVER)).build());
    AgentLoop a = loop(emulate, 60_000);
    a.step();
    a.step();
    assertEquals(List.of(1), coreCalls, "one core for the DataNode, applied once");
    assertEquals(NodeStatus.State.IO_SERVER, posted.get(0).state());
    served = Optional.of(AgentPlannerTest.base().validUntilMs(1_000_000)
        .add(NodeSchedule.of(DN1, NodeMode.ACTIVE)).build());
    a.step();
    assertEquals(List.of(1, 0), coreCalls);
    assertEquals(NodeStatus.State.AWAKE, posted.get(1).state(), "mode change is reported");
    // Max-perf from 10 000, io-server 25 000 .. 31 000: the AWAKE posted for the change back at
    // 31 000 says awake 15 000 ms, io-server 6 000 ms.
    clock.set(25_000);
    a.step();
    served = Optional.of(AgentPlannerTest.base().validUntilMs(1_000_000)
        .add(NodeSchedule.of(DN1, NodeMode.IO_SERVER)).build());
    a.step();
    clock.set(31_000);
    served = Optional.of(AgentPlannerTest.base().validUntilMs(1_000_000)
        .add(NodeSchedule.of(DN1, NodeMode.ACTIVE)).build());
    a.step();
    assertEquals(new EnergyCounters(10_000, 15_000, 0, 0, 6_000),
        posted.get(posted.size() - 1).energy().orElseThrow());
  }

  @Test
  void unreachableSchedulerKeepsTheLastScheduleUntilItsLeaseThenStaysAwake() throws Exception {
    AgentLoop a = loop(emulate, 30_000);
    a.step(); // fetched epoch 4, slept to 18 000
    fetchFails = true;
    clock.set(170_000);
    StepResult r = a.step(); // still within the lease: sleeps until its end, 180 000
    assertEquals(StepResult.Kind.SLEPT, r.kind());
    assertEquals(1, a.fetchFailures());
    assertEquals(178_000, clock.millis());
    clock.set(180_000);
    int before = freezer.transitions().size();
    for (int i = 0; i < 50; i++) {
      r = a.step();
      assertEquals(StepResult.Kind.STAYED_AWAKE, r.kind());
      clock.set(r.nextStepAtMs());
    }
    assertEquals(before, freezer.transitions().size(), "nobody sleeps after the lease");
    assertFalse(freezer.isFrozen());
  }

  /**
   * Issue 45: a schedule without validUntilMs ("no expiry"), then the scheduler gone. The agent's
   * own lease (default 300 000 after its last successful fetch at 10 000) ends at 310 000: no
   * sleep reaches past it, and from then on the node stays awake until the scheduler answers.
   */
  @Test
  void aVanishedSchedulerCannotKeepANodeAsleepUnderAScheduleWithoutExpiry() throws Exception {
    served = Optional.of(AgentPlannerTest.base().add(NodeSchedule.of(DN1, NodeMode.OFF))
        .build());
    AgentLoop a = loop(emulate, 30_000);
    assertEquals(StepResult.Kind.SLEPT, a.step().kind());
    assertEquals(10_000, a.confirmedAtMs());
    fetchFails = true;
    long latestWake = 0;
    while (clock.millis() < 600_000) {
      StepResult r = a.step();
      if (r.kind() == StepResult.Kind.SLEPT) {
        latestWake = Math.max(latestWake, r.action().untilMs());
      }
      clock.set(Math.max(clock.millis(), r.nextStepAtMs()));
    }
    assertEquals(310_000, latestWake, "the last sleep ends at the agent's own lease end");
    assertEquals(308_000, freezer.transitions().get(freezer.transitions().size() - 1).atMs());
    assertFalse(freezer.isFrozen());
    assertTrue(a.lastAction().reason().contains("the agent's own lease on epoch 4 ended at"
        + " 310000"), a.lastAction().reason());
    fetchFails = false; // the scheduler is back: the node follows its schedule again
    assertEquals(StepResult.Kind.SLEPT, a.step().kind());
  }

  @Test
  void refusalPostsErrorOnceAndRetriesAfterPoll() throws Exception {
    Actuator refusing = new Actuator() {
      @Override
      public String name() {
        return "refusing";
      }

      @Override
      public SleepReport sleep(SleepRequest r) throws ActuatorException {
        throw new ActuatorException("rtc alarm could not be armed");
      }

      @Override
      public void setComputeCores(int cores) {}
    };
    AgentLoop a = loop(refusing, 30_000);
    StepResult r = a.step();
    assertEquals(StepResult.Kind.REFUSED, r.kind());
    assertEquals(15_000, r.nextStepAtMs());
    assertEquals(NodeStatus.State.ERROR, posted.get(posted.size() - 1).state());
    assertTrue(posted.get(posted.size() - 1).detail().contains("rtc alarm"));
    int count = posted.size();
    clock.set(11_000);
    assertEquals(StepResult.Kind.REFUSED, a.step().kind());
    assertEquals(count, posted.size(), "no ASLEEP/ERROR repeated within the heartbeat");
    clock.set(40_000); // 30 000 after the ERROR: the heartbeat is due, so both are posted again
    a.step();
    assertEquals(count + 2, posted.size());
    assertEquals(NodeStatus.State.ERROR, posted.get(posted.size() - 1).state());
    assertFalse(freezer.isFrozen());
  }

  @Test
  void failedPostsNeverStopATransition() throws Exception {
    postFails = true;
    AgentLoop a = loop(emulate, 30_000);
    assertEquals(StepResult.Kind.SLEPT, a.step().kind());
    assertEquals(2, a.postFailures());
    assertEquals(2, freezer.transitions().size());
  }

  @Test
  void anUnknownUtilizationIsReportedAsMinusOne() throws Exception {
    utilization = 1.7;
    served = Optional.empty();
    AgentLoop a = loop(emulate, 30_000);
    StepResult r = a.step();
    assertEquals(StepResult.Kind.STAYED_AWAKE, r.kind());
    assertEquals(-1, posted.get(0).utilization(), 1e-12);
    assertEquals(-1, posted.get(0).epoch());
  }

  @Test
  void runStopsWhenAsked() throws Exception {
    AgentLoop a = loop(emulate, 30_000);
    int[] steps = {0};
    a.run(() -> steps[0]++ < 5);
    assertEquals(6, steps[0]);
    assertTrue(clock.millis() > 10_000, "run waited between steps with the sleeper");
  }
}
