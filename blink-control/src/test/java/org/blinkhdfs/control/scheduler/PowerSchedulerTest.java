package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.model.policy.ActivationPolicy;
import org.blinkhdfs.model.policy.GearShiftingPolicy;
import org.blinkhdfs.model.policy.IoServerPolicy;
import org.blinkhdfs.model.policy.StaggeredPolicy;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeRole;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.signal.PowerSignal;
import org.blinkhdfs.model.signal.SteadySignal;
import org.blinkhdfs.model.wire.NodeStatus;
import org.junit.jupiter.api.Test;

/**
 * The scheduler's epoch, lease, replan, below-minimum and registry rules, on the BlinkFS
 * Mac-mini model (9 nodes, 25 W / 1 W, 40 W overhead: p_total 225 W, all asleep 9 W), t = 60 s.
 */
class PowerSchedulerTest {
  static final long T = 60_000;
  /** 1 790 000 030 000 = 29 833 333 intervals + 50 000 ms: half-way into an interval. */
  static final long NOW = 1_790_000_030_000L;
  static final long GRID = 1_789_999_980_000L;

  /** A signal the test turns by hand (whole-cluster watts: overhead 40 W comes first). */
  static final class Knob implements PowerSignal {
    PowerLevel level;

    Knob(double clusterWatts) {
      set(clusterWatts);
    }

    void set(double clusterWatts) {
      level = new PowerLevel.Watts(clusterWatts);
    }

    @Override
    public PowerLevel levelAt(long elapsedMs) {
      return level;
    }

    @Override
    public String describe() {
      return "knob " + level;
    }
  }

  static List<String> ring(int n) {
    List<String> out = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      out.add("dn" + i + ":9866");
    }
    return out;
  }

  static SchedulerSettings.Builder settings(int n) {
    return SchedulerSettings.builder().ring(ring(n)).stagingNodes(List.of("st1:9866"))
        .model(PowerModel.builder().nodeCount(n).activeWatts(25).sleepWatts(1).overheadWatts(40)
            .build()).intervalMs(T);
  }

  ManualClock clock = new ManualClock(NOW);
  Knob knob = new Knob(152.5); // 152.5 - 40 = 112.5 W for the DataNodes: 50%

  PowerScheduler scheduler(SchedulerSettings s, org.blinkhdfs.model.policy.BlinkPolicy p) {
    PowerScheduler ps = new PowerScheduler(s, p, clock);
    ps.setSignal(knob, 0);
    return ps;
  }

  @Test
  void firstEpochSitsOnTheGridWithTheLease() {
    PowerScheduler ps = scheduler(settings(9).build(), new StaggeredPolicy());
    Schedule s = ps.tick(NOW).orElseThrow();
    assertEquals(1, s.epoch());
    // floor(1 790 000 030 000 / 60 000) * 60 000 = 1 789 999 980 000
    assertEquals(GRID, s.intervalStartMs());
    // default lease 3 intervals: 1 789 999 980 000 + 180 000
    assertEquals(GRID + 180_000, s.validUntilMs().getAsLong());
    assertEquals(PowerScheduler.PublishReason.FIRST, ps.lastPublishReason().orElseThrow());
    // 50%: the paper's 28 750 ms windows; staging node last, ACTIVE.
    assertEquals(28_750, s.nodes().get(0).activeMs());
    assertEquals(List.of("st1:9866"), s.stagingNodes());
    assertEquals(SchedulerStatus.State.PLANNED, ps.status().state());
  }

  @Test
  void aWindowNotWorthASleepIsOffAndTheStatusSaysWhy() {
    // 6 s interval, 20% (45 W): powered 1 000 ms, transitions 137 ms (measured, scaled): 863 ms
    // windows, below a 1 s minimum useful window: every ring node OFF, the status says why.
    PowerModel m = PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(1)
        .overheadWatts(40).transitionMs(137).minWindowMs(1_000).build();
    PowerScheduler ps = scheduler(settings(9).model(m).intervalMs(6_000).build(),
        new StaggeredPolicy());
    knob.set(85); // 85 - 40 = 45 W: 20%
    Schedule s = ps.tick(NOW).orElseThrow();
    for (String n : ring(9)) {
      assertEquals(NodeMode.OFF, s.entry(n).mode(), n);
    }
    assertEquals(SchedulerStatus.State.PLANNED, ps.status().state());
    assertTrue(ps.status().message().endsWith("with policy staggered; 9 ring node(s) OFF rather"
        + " than blinking: 1000 ms powered minus 137 ms of transitions leaves 863 ms, below the"
        + " 1000 ms minimum useful window (blink.power.transition.min.window), and staying awake"
        + " the whole interval would exceed the budget"), ps.status().message());
    // More power: 30% (67.5 W) powers 6 000 * 58.5/216 = 1 625 ms, windows of 1 488 ms blink
    // again, and the note is gone.
    knob.set(107.5);
    Schedule more = ps.tick(NOW + 1_000).orElseThrow();
    assertEquals(1_488, more.nodes().get(0).activeMs());
    assertFalse(ps.status().message().contains("OFF rather than blinking"),
        ps.status().message());
  }

  @Test
  void boundaryEpochsRenewTheLeaseOnTheSameGrid() {
    PowerScheduler ps = scheduler(settings(9).build(), new StaggeredPolicy());
    ps.tick(NOW);
    long next = GRID + T; // 1 790 000 040 000
    assertTrue(ps.tick(next - 1).isEmpty(), "nothing new inside the interval");
    Schedule s = ps.tick(next).orElseThrow();
    assertEquals(2, s.epoch());
    assertEquals(next, s.intervalStartMs());
    assertEquals(next + 180_000, s.validUntilMs().getAsLong());
    assertEquals(PowerScheduler.PublishReason.INTERVAL, ps.lastPublishReason().orElseThrow());
    // A tick skipping two boundaries publishes once, on the grid.
    s = ps.tick(next + 2 * T + 123).orElseThrow();
    assertEquals(3, s.epoch());
    assertEquals(next + 2 * T, s.intervalStartMs());
  }

  @Test
  void powerChangeReplansOnlyAboveTheThreshold() {
    PowerScheduler ps = scheduler(settings(9).build(), new StaggeredPolicy());
    ps.tick(NOW);
    // threshold 5% of 225 W = 11.25 W. 112.5 -> 123.75 W is exactly 11.25: not more, no replan.
    knob.set(163.75);
    assertTrue(ps.tick(NOW + 1000).isEmpty());
    knob.set(163.76); // 123.76 W: 11.26 W > 11.25 W
    Schedule s = ps.tick(NOW + 2000).orElseThrow();
    assertEquals(2, s.epoch());
    assertEquals(GRID, s.intervalStartMs(), "a mid-interval replan keeps the phase grid");
    assertEquals(PowerScheduler.PublishReason.POWER_CHANGE, ps.lastPublishReason().get());
    // The comparison is against the last plan's power (123.76), not the first's: a drop back
    // to 112.5 W (11.26 W) replans again.
    knob.set(152.5);
    assertEquals(3, ps.tick(NOW + 3000).orElseThrow().epoch());
  }

  @Test
  void controlChangesPublishOnTheNextTick() {
    PowerScheduler ps = scheduler(settings(9).build(), new StaggeredPolicy());
    ps.tick(NOW);
    ps.setPolicy(new ActivationPolicy());
    Schedule s = ps.tick(NOW + 1).orElseThrow();
    assertEquals(PowerScheduler.PublishReason.CONTROL_CHANGE, ps.lastPublishReason().get());
    // activation at 112.5 W: (112.5 - 9)/24 = 4.31 -> 4 ACTIVE
    assertEquals(4, count(s, NodeMode.ACTIVE));
    // Admin power override 100% replaces the signal: all 9 ACTIVE.
    ps.setPowerOverride(new PowerLevel.Percent(100));
    assertEquals(9, count(ps.tick(NOW + 2).orElseThrow(), NodeMode.ACTIVE));
    assertTrue(ps.tick(NOW + 3).isEmpty());
    ps.clearPowerOverride();
    assertEquals(4, count(ps.tick(NOW + 4).orElseThrow(), NodeMode.ACTIVE));
    ps.clearPowerOverride(); // no override: not a change
    assertTrue(ps.tick(NOW + 5).isEmpty());
  }

  @Test
  void activeNodesOverrideIgnoresPowerButSaysSo() {
    PowerScheduler ps = scheduler(settings(9).build(), new StaggeredPolicy());
    ps.tick(NOW);
    ps.setActiveNodesOverride(2);
    Schedule s = ps.tick(NOW + 1).orElseThrow();
    assertEquals(List.of(NodeMode.ACTIVE, NodeMode.ACTIVE, NodeMode.OFF, NodeMode.OFF,
        NodeMode.OFF, NodeMode.OFF, NodeMode.OFF, NodeMode.OFF, NodeMode.OFF, NodeMode.ACTIVE),
        s.nodes().stream().map(NodeSchedule::mode).toList());
    // 2*25 + 7*1 = 57 W <= 112.5 W
    assertEquals(SchedulerStatus.State.PLANNED, ps.status().state());
    assertEquals(57, ps.status().plannedWatts(), 1e-9);
    ps.setActiveNodesOverride(6); // 6*25 + 3 = 153 W > 112.5 W
    ps.tick(NOW + 2).orElseThrow();
    assertEquals(SchedulerStatus.State.OVERRIDE_OVER_BUDGET, ps.status().state());
    assertEquals(153 - 112.5, ps.status().shortfallWatts(), 1e-9);
    ps.clearActiveNodesOverride();
    assertEquals(BLINK_COUNT_AT_HALF, count(ps.tick(NOW + 3).orElseThrow(), NodeMode.BLINK));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ps.setActiveNodesOverride(10));
    assertTrue(e.getMessage().contains("10") && e.getMessage().contains("0..9"));
  }

  static final int BLINK_COUNT_AT_HALF = 9;

  @Test
  void belowMinimumPublishesNothingLetsTheLeaseRunOutAndRecoversAtOnce() {
    PowerScheduler ps = scheduler(settings(9).build(), new StaggeredPolicy());
    Schedule first = ps.tick(NOW).orElseThrow();
    // 45 W cluster: 5 W for the DataNodes, below the 9 W they draw all asleep: short by 4 W.
    knob.set(45);
    assertTrue(ps.tick(NOW + 1000).isEmpty());
    SchedulerStatus st = ps.status();
    assertEquals(SchedulerStatus.State.BELOW_MINIMUM, st.state());
    assertEquals(4, st.shortfallWatts(), 1e-9);
    assertEquals(NOW + 1000, st.sinceMs());
    assertTrue(st.message().contains("short by 4.00 W"), st.message());
    assertTrue(st.message().contains("until its lease ends at " + (GRID + 180_000)),
        st.message());
    // Interval boundaries pass: no renewal, the published epoch stays epoch 1.
    for (long t = GRID + T; t < GRID + 180_000; t += T) {
      assertTrue(ps.tick(t).isEmpty());
    }
    assertEquals(first, ps.published().orElseThrow());
    assertEquals(NOW + 1000, ps.status().sinceMs(), "still the same episode");
    // The lease ends: every node counts as awake, and the history shows all awake (225 W).
    long after = GRID + 180_000;
    assertTrue(ps.tick(after).isEmpty());
    assertTrue(ps.published().get().isExpired(after));
    assertTrue(ps.status().message().contains("lease ended"), ps.status().message());
    for (NodeReport r : ps.nodes(after)) {
      assertTrue(r.scheduleExpired() && r.awakeBySchedule(), r.toString());
    }
    PowerSample last = ps.history().get(ps.history().size() - 1);
    assertEquals(225, last.drawnWatts(), 1e-9);
    assertEquals(5, last.availableWatts(), 1e-9);
    // Power returns mid-interval: the next tick publishes, it does not wait for a boundary.
    knob.set(152.5);
    Schedule s = ps.tick(after + 7).orElseThrow();
    assertEquals(2, s.epoch());
    assertEquals(SchedulerStatus.State.PLANNED, ps.status().state());
  }

  @Test
  void belowMinimumForIoServerNamesItsOwnMinimum() {
    PowerModel m = PowerModel.builder().nodeCount(4).activeWatts(252).ioServerWatts(77)
        .sleepWatts(5).build();
    SchedulerSettings s = SchedulerSettings.builder().ring(ring(4)).model(m).intervalMs(T)
        .build();
    PowerScheduler ps = new PowerScheduler(s, new IoServerPolicy(), clock);
    ps.setSignal(new SteadySignal(new PowerLevel.Watts(300)), 0);
    assertTrue(ps.tick(NOW).isEmpty());
    // 4 * 77 = 308 W needed, 300 W available: short by 8 W.
    assertEquals(8, ps.status().shortfallWatts(), 1e-9);
    assertTrue(ps.status().message().contains("every DataNode io-server"));
    assertTrue(ps.status().message().contains("no epoch was ever published"));
  }

  @Test
  void unknownNodesAreRejectedByName() {
    PowerScheduler ps = scheduler(settings(3).build(), new StaggeredPolicy());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ps.recordStatus(status("dn9:9866", NodeStatus.State.AWAKE, 0)));
    assertTrue(e.getMessage().contains("'dn9:9866'"), e.getMessage());
    assertTrue(e.getMessage().contains("[dn1:9866, dn2:9866, dn3:9866, st1:9866]"),
        e.getMessage());
  }

  @Test
  void theClockSkewIsReceiptMinusTheAgentsStamp() {
    PowerScheduler ps = scheduler(settings(3).build(), new StaggeredPolicy());
    assertTrue(report(ps, "dn1:9866", clock.millis()).clockSkewMs().isEmpty(), "never heard");
    clock.set(NOW + 10_000);
    // The agent's clock reads 5 s less than the scheduler's.
    ps.recordStatus(new NodeStatus("dn1:9866", NodeStatus.State.AWAKE, 1, NOW + 5_000, 0, -1,
        ""));
    assertEquals(5_000, report(ps, "dn1:9866", NOW + 10_000).clockSkewMs().getAsLong());
    ps.recordStatus(new NodeStatus("dn1:9866", NodeStatus.State.AWAKE, 1, NOW + 10_250, 0, -1,
        ""));
    assertEquals(-250, report(ps, "dn1:9866", NOW + 10_000).clockSkewMs().getAsLong());
  }

  @Test
  void failureFiresExactlyAfterTheTimeout() {
    // Failure timeout 5 min by default (lease 180 s < 300 s).
    PowerScheduler ps = scheduler(settings(3).build(), new StaggeredPolicy());
    assertEquals(300_000, ps.settings().failureTimeoutMs());
    long start = ps.startMs();
    // Never-heard nodes count from the scheduler's start.
    assertFalse(report(ps, "dn1:9866", start + 300_000).failed(), "at the timeout: not yet");
    assertTrue(report(ps, "dn1:9866", start + 300_001).failed(), "1 ms later: failed");
    clock.set(start + 400_000);
    ps.recordStatus(status("dn1:9866", NodeStatus.State.ASLEEP, 0));
    NodeReport r = report(ps, "dn1:9866", start + 400_000 + 300_000);
    assertFalse(r.failed());
    assertEquals(300_000, r.silentMs());
    assertEquals(start + 400_000, r.lastHeardMs().getAsLong());
    assertTrue(report(ps, "dn1:9866", start + 700_001).failed());
    assertTrue(report(ps, "dn2:9866", start + 700_001).failed());
  }

  @Test
  void reportsCarryModeWindowAndLastMeasuredSleep() {
    PowerScheduler ps = scheduler(settings(9).build(), new StaggeredPolicy());
    ps.tick(NOW);
    ps.recordStatus(status("dn2:9866", NodeStatus.State.AWAKE, 31_000));
    ps.recordStatus(status("dn2:9866", NodeStatus.State.AWAKE, 0)); // a heartbeat
    NodeReport r = report(ps, "dn2:9866", NOW);
    assertEquals(Optional.of(NodeMode.BLINK), r.mode());
    // staggered at 50%: node 1 starts at 3 906 ms, 28 750 ms long
    assertEquals(3_906, r.window().orElseThrow().offsetMs());
    assertEquals(31_000, r.lastMeasuredSleepMs().getAsLong());
    assertEquals(NodeRole.RING, r.role());
    assertEquals(NodeRole.STAGING, report(ps, "st1:9866", NOW).role());
    // NOW is phase 50 000 of its interval: dn2's window [3 906, 32 656) is closed.
    assertFalse(r.awakeBySchedule());
  }

  @Test
  void gearShiftingGetsOneSamplePerIntervalFromActiveNodes() {
    GearShiftingPolicy gears = new GearShiftingPolicy(
        new GearShiftingPolicy.Settings(List.of(), 0.8, 1, 0));
    PowerScheduler ps = scheduler(settings(4).build(), gears);
    knob.set(40 + 100); // 100% of 4 * 25 W
    assertEquals(4, count(ps.tick(NOW).orElseThrow(), NodeMode.ACTIVE));
    // Every ACTIVE node reports 0.2 during the interval: 0.2 on 4 nodes is 0.2667 on 3 < 0.8.
    for (String n : ring(4)) {
      ps.recordStatus(new NodeStatus(n, NodeStatus.State.AWAKE, 1, NOW, 0, 0.2, ""));
    }
    Schedule s = ps.tick(GRID + T).orElseThrow();
    assertEquals(3, gears.gearNodes());
    assertEquals(3, count(s, NodeMode.ACTIVE));
    // No fresh samples in the next interval (older than one interval): no shift.
    assertEquals(3, count(ps.tick(GRID + 3 * T).orElseThrow(), NodeMode.ACTIVE));
  }

  @Test
  void historyIsBoundedAndSpaced() {
    PowerHistory h = new PowerHistory(3, 1000);
    for (long t : new long[] {0, 500, 1000, 2000, 3000}) {
      h.add(new PowerSample(t, 1, 1));
    }
    // 500 is too close to 0; capacity 3 pushes 0 out.
    assertEquals(List.of(1000L, 2000L, 3000L),
        h.snapshot().stream().map(PowerSample::atMs).toList());
    PowerScheduler ps = scheduler(settings(9).historyCapacity(2).historySpacingMs(0).build(),
        new StaggeredPolicy());
    ps.tick(NOW);
    ps.tick(NOW + 1);
    ps.tick(NOW + 2);
    assertEquals(2, ps.history().size());
    assertEquals(112.5, ps.history().get(1).availableWatts(), 1e-9);
    // staggered at 50% with no transitions draws 9 * (28 750*25 + 31 250*1)/60 000 = 112.5 W
    assertEquals(112.5, ps.history().get(1).drawnWatts(), 1e-9);
  }

  @Test
  void signalHoldsItsFirstLevelBeforeItsStart() {
    PowerScheduler ps = new PowerScheduler(settings(9).build(), new StaggeredPolicy(), clock);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> ps.tick(NOW));
    assertTrue(e.getMessage().contains("setSignal"));
    ps.setSignal(knob, NOW + 1_000_000);
    assertEquals(112.5, ps.availableLevel(NOW).resolve(ps.settings().model()).nodeWatts(),
        1e-9);
  }

  @Test
  void settingsValidationNamesValueAndFix() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> settings(9).leaseMs(T - 1).build());
    assertTrue(e.getMessage().contains("leaseMs 59999") && e.getMessage().contains("60000"));
    e = assertThrows(IllegalArgumentException.class,
        () -> settings(9).failureTimeoutMs(180_000).build());
    assertTrue(e.getMessage().contains("failureTimeoutMs 180000")
        && e.getMessage().contains("leaseMs 180000"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> settings(9).model(PowerModel.macMini(8)).build());
    assertTrue(e.getMessage().contains("8") && e.getMessage().contains("9"));
    e = assertThrows(IllegalArgumentException.class,
        () -> settings(9).changeThresholdFraction(1.5).build());
    assertTrue(e.getMessage().contains("1.5"));
    e = assertThrows(IllegalArgumentException.class,
        () -> settings(3).stagingNodes(List.of("dn1:9866")).build());
    assertTrue(e.getMessage().contains("'dn1:9866'"));
    // A long interval moves the default failure timeout past the lease: 3*120 s + 120 s.
    SchedulerSettings s = settings(9).intervalMs(120_000).build();
    assertEquals(480_000, s.failureTimeoutMs());
  }

  static NodeReport report(PowerScheduler ps, String node, long now) {
    return ps.nodes(now).stream().filter(r -> r.node().equals(node)).findFirst().orElseThrow();
  }

  static NodeStatus status(String node, NodeStatus.State state, long measuredSleepMs) {
    return new NodeStatus(node, state, 1, 0, measuredSleepMs, -1, "");
  }

  static long count(Schedule s, NodeMode mode) {
    return s.nodes().stream().filter(n -> !n.isStaging() && n.mode() == mode).count();
  }
}
