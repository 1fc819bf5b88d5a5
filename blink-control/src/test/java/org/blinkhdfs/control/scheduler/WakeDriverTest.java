package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.model.policy.ActivationPolicy;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.RecoveryWake;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.NodeStatus;
import org.junit.jupiter.api.Test;

/**
 * {@link WakeDriver} on a real {@link PowerScheduler} (the ring of {@link
 * PowerSchedulerRecoveryTest}: activation policy, 24 W per extra ACTIVE node) with recording
 * backends and a direct executor: a power rise wakes the two nodes it makes ACTIVE; one answers,
 * the other does not and becomes a failed node whose recovery group is woken in turn.
 */
class WakeDriverTest {
  static final long B = PowerSchedulerRecoveryTest.B;
  static final List<String> RING = RecoveryPlannerTest.RING;
  /** Retry 2 s, 3 attempts, timeout 10 s. */
  static final WakeAttempt.Settings S = new WakeAttempt.Settings(2_000, 3, 10_000);
  /** n4 failing at gear 4 wakes n6. */
  static final RecoveryWake N4_WAKES_N6 = new RecoveryWake() {
    @Override
    public List<String> nodesToWake(String failedNode, int activePrefix) {
      return failedNode.equals("n4:1") && activePrefix == 4 ? List.of("n6:1") : List.of();
    }

    @Override
    public String describe() {
      return "n4 -> n6";
    }
  };

  final ManualClock clock = new ManualClock(B);
  final PowerSchedulerTest.Knob knob = new PowerSchedulerTest.Knob(96);
  final List<String> sent = new ArrayList<>();

  PowerScheduler scheduler() {
    SchedulerSettings s = SchedulerSettings.builder().ring(RING)
        .model(PowerModel.builder().nodeCount(8).activeWatts(25).sleepWatts(1).overheadWatts(40)
            .build()).intervalMs(60_000).awakeFailureTimeoutMs(30_000).build();
    PowerScheduler ps = new PowerScheduler(s, new ActivationPolicy(), N4_WAKES_N6, clock);
    ps.setSignal(knob, 0);
    return ps;
  }

  /** Records each send as "node@ms"; fails for nodes listed in {@code broken}. */
  WakeBackend backend(List<String> broken) {
    return new WakeBackend() {
      @Override
      public String name() {
        return "test";
      }

      @Override
      public void wake(String node) throws IOException {
        sent.add(node + "@" + (clock.millis() - B));
        if (broken.contains(node)) {
          throw new IOException("exit 1: BMC unreachable");
        }
      }

      @Override
      public String describe(String node) {
        return "test wake of " + node;
      }
    };
  }

  void post(PowerScheduler ps, String node, NodeStatus.State state) {
    ps.recordStatus(new NodeStatus(node, state, ps.published().orElseThrow().epoch(),
        clock.millis(), 0, -1, ""));
  }

  void at(long sinceB, PowerScheduler ps, WakeDriver d) {
    clock.set(B + sinceB);
    ps.tick(clock.millis());
    d.tick();
  }

  @Test
  void aPowerRiseWakesTheNewActiveNodesAndAnUnansweredWakeStartsRecovery() {
    PowerScheduler ps = scheduler();
    WakeBackend b = backend(List.of());
    WakeDriver d = new WakeDriver(ps, Map.of("n3:1", b, "n4:1", b, "n6:1", b), S, clock,
        Runnable::run);
    ps.tick(B).orElseThrow();
    for (String n : RING) {
      post(ps, n, n.equals("n1:1") || n.equals("n2:1") ? NodeStatus.State.AWAKE
          : NodeStatus.State.ASLEEP);
    }
    d.tick();
    assertTrue(sent.isEmpty(), "OFF and asleep: nothing to wake");

    knob.set(40 + 8 + 4 * 24); // four ACTIVE
    clock.set(B + 5_000);
    ps.tick(clock.millis()).orElseThrow();
    assertEquals(List.of("n3:1", "n4:1"), ps.nodesToWake(clock.millis()));
    d.tick();
    assertEquals(List.of("n3:1@5000", "n4:1@5000"), sent);

    clock.set(B + 6_000);
    post(ps, "n3:1", NodeStatus.State.AWAKE);
    at(6_000, ps, d);
    assertEquals(new WakeDriver.Counts(2, 2, 0, 1, 0, 1_000, 1), d.counts());
    at(6_999, ps, d);
    at(7_000, ps, d);
    at(9_000, ps, d);
    at(11_000, ps, d);
    assertEquals(List.of("n3:1@5000", "n4:1@5000", "n4:1@7000", "n4:1@9000"), sent);
    at(14_999, ps, d);
    assertFalse(PowerSchedulerTest.report(ps, "n4:1", clock.millis()).failed());
    assertEquals(List.of("n4:1"), d.inProgress());

    // The deadline: n4 is failed; the next scheduler tick recovers it, and n6 is woken.
    clock.set(B + 15_000);
    d.tick();
    assertEquals(new WakeDriver.Counts(2, 4, 0, 1, 1, 1_000, 0), d.counts());
    assertTrue(PowerSchedulerTest.report(ps, "n4:1", clock.millis()).failed());
    Schedule recovery = ps.tick(clock.millis()).orElseThrow();
    assertEquals(PowerScheduler.PublishReason.NODE_FAILURE, ps.lastPublishReason().get());
    assertEquals(List.of("n1:1", "n2:1", "n3:1", "n4:1", "n6:1"),
        RecoveryPlannerTest.active(recovery));
    assertEquals(List.of("n6:1"), ps.nodesToWake(clock.millis()), "n4 is not woken again");
    d.tick();
    assertEquals("n6:1@15000", sent.get(sent.size() - 1));

    // n4's agent reports after all: it is back, recovery ends.
    clock.set(B + 16_000);
    post(ps, "n6:1", NodeStatus.State.AWAKE);
    post(ps, "n4:1", NodeStatus.State.AWAKE);
    at(16_000, ps, d);
    assertFalse(PowerSchedulerTest.report(ps, "n4:1", clock.millis()).failed());
    assertEquals(List.of("n1:1", "n2:1", "n3:1", "n4:1"),
        RecoveryPlannerTest.active(ps.published().orElseThrow()));
    assertEquals(new WakeDriver.Counts(3, 5, 0, 2, 1, 1_000, 0), d.counts());
  }

  @Test
  void sendErrorsAreCountedAndNodesWithoutABackendAreNotWoken() {
    PowerScheduler ps = scheduler();
    WakeDriver d = new WakeDriver(ps, Map.of("n4:1", backend(List.of("n4:1"))), S, clock,
        Runnable::run);
    ps.tick(B).orElseThrow();
    for (String n : RING) {
      post(ps, n, n.equals("n1:1") || n.equals("n2:1") ? NodeStatus.State.AWAKE
          : NodeStatus.State.ASLEEP);
    }
    knob.set(40 + 8 + 4 * 24);
    at(5_000, ps, d);
    assertEquals(List.of("n3:1", "n4:1"), ps.nodesToWake(clock.millis()));
    assertEquals(List.of("n4:1@5000"), sent, "n3 has no backend");
    at(7_000, ps, d);
    at(15_000, ps, d);
    assertEquals(new WakeDriver.Counts(1, 2, 2, 0, 1, -1, 0), d.counts());
    assertTrue(PowerSchedulerTest.report(ps, "n4:1", clock.millis()).failed());
  }

  @Test
  void anAgentThatWokeAndSleptAgainBetweenTwoTicksAnsweredTheWake() {
    PowerScheduler ps = scheduler();
    WakeDriver d = new WakeDriver(ps, Map.of("n3:1", backend(List.of())), S, clock,
        Runnable::run);
    ps.tick(B).orElseThrow();
    post(ps, "n3:1", NodeStatus.State.ASLEEP);
    ps.setActiveNodesOverride(3);
    at(1_000, ps, d);
    assertEquals(List.of("n3:1@1000"), sent);
    clock.set(B + 1_400);
    post(ps, "n3:1", NodeStatus.State.AWAKE);
    clock.set(B + 1_600);
    post(ps, "n3:1", NodeStatus.State.ASLEEP);
    at(2_000, ps, d);
    assertEquals(new WakeDriver.Counts(1, 1, 0, 1, 0, 400, 0), d.counts(),
        "the AWAKE at 1 400 answered, though the last status says ASLEEP");
    assertEquals(List.of("n3:1@1000"), sent);
  }

  @Test
  void theAlarmOfTheEpochTheAgentFollowedDecides() {
    // An agent that went to sleep under epoch 1 (OFF: alarm at the lease end) is woken when a
    // later epoch wants it; one that names an epoch the scheduler never published has an
    // unknown alarm and is woken too; after the alarm is due it is not.
    PowerScheduler ps = scheduler();
    Schedule first = ps.tick(B).orElseThrow();
    long leaseEnd = first.validUntilMs().getAsLong();
    ps.recordStatus(new NodeStatus("n3:1", NodeStatus.State.ASLEEP, 1, B, 0, -1, ""));
    ps.recordStatus(new NodeStatus("n4:1", NodeStatus.State.ASLEEP, 99, B, 0, -1, ""));
    assertTrue(ps.nodesToWake(B).isEmpty());
    ps.setActiveNodesOverride(4);
    ps.tick(B + 1_000).orElseThrow();
    assertEquals(List.of("n3:1", "n4:1"), ps.nodesToWake(B + 1_000));
    // The next interval's epoch is in force past epoch 1's lease end, when n3's alarm is due.
    ps.tick(B + 60_000).orElseThrow();
    assertEquals(List.of("n3:1", "n4:1"), ps.nodesToWake(leaseEnd - 1));
    assertEquals(List.of("n4:1"), ps.nodesToWake(leaseEnd));
  }
}
