package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.wire.NodeStatus;
import org.junit.jupiter.api.Test;

/** The two failure timeouts of {@link FailureRule}: the class comment's worked example. */
class FailureRuleTest {
  /** Failure timeout 300 s (the default), awake timeout 30 s. */
  static final SchedulerSettings S = SchedulerSettings.builder().ring(List.of("dn1:9866"))
      .model(PowerModel.macMini(1)).intervalMs(60_000).awakeFailureTimeoutMs(30_000).build();

  static Optional<NodeStatus> last(NodeStatus.State state) {
    return Optional.of(new NodeStatus("dn1:9866", state, 1, 0, 0, -1, ""));
  }

  /** A silence counted from the last status (the first epoch came out earlier). */
  static boolean failed(SchedulerSettings s, long silentMs, boolean scheduledAwake,
      Optional<NodeStatus> last) {
    return FailureRule.failed(s, new FailureRule.Silence(silentMs,
        scheduledAwake ? OptionalLong.of(silentMs) : OptionalLong.empty(), last));
  }

  @Test
  void anUpAgentTheScheduleKeepsAwakeFailsAfterTheAwakeTimeout() {
    for (NodeStatus.State up : List.of(NodeStatus.State.AWAKE, NodeStatus.State.IO_SERVER,
        NodeStatus.State.ERROR)) {
      assertFalse(failed(S, 30_000, true, last(up)), up + " at the timeout");
      assertTrue(failed(S, 30_001, true, last(up)), up + " 1 ms later");
    }
    assertTrue(failed(S, 30_001, true, Optional.empty()), "never heard");
  }

  @Test
  void aSleepingAgentOrANodeScheduledAsleepHasTheLongTimeout() {
    assertFalse(failed(S, 300_000, true, last(NodeStatus.State.ASLEEP)));
    assertTrue(failed(S, 300_001, true, last(NodeStatus.State.ASLEEP)));
    assertFalse(failed(S, 300_000, false, last(NodeStatus.State.AWAKE)));
    assertTrue(failed(S, 300_001, false, last(NodeStatus.State.AWAKE)));
    assertFalse(failed(S, 300_000, false, Optional.empty()));
  }

  @Test
  void theAwakeTimeoutCountsFromTheFirstEpochNotFromTheLastStatus() {
    // Silent 40 s since the scheduler's start, but the first epoch came out 20 s ago.
    assertFalse(FailureRule.failed(S, new FailureRule.Silence(40_000, OptionalLong.of(20_000),
        Optional.empty())));
    assertTrue(FailureRule.failed(S, new FailureRule.Silence(40_000, OptionalLong.of(30_001),
        Optional.empty())));
  }

  @Test
  void theAwakeTimeoutDefaultsToTheFailureTimeoutAndMayNotExceedIt() {
    SchedulerSettings d = SchedulerSettings.builder().ring(List.of("dn1:9866"))
        .model(PowerModel.macMini(1)).intervalMs(60_000).build();
    assertEquals(300_000, d.awakeFailureTimeoutMs());
    assertFalse(failed(d, 300_000, true, last(NodeStatus.State.AWAKE)));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SchedulerSettings.builder().ring(List.of("dn1:9866")).model(PowerModel.macMini(1))
            .intervalMs(60_000).awakeFailureTimeoutMs(300_001).build());
    assertTrue(e.getMessage().contains("awakeFailureTimeoutMs 300001 must be in 1..300000"),
        e.getMessage());
  }

  @Test
  void anUnansweredWakeFailsTheNodeAtOnce() {
    assertTrue(FailureRule.failed(S, new FailureRule.Silence(15_000, OptionalLong.empty(),
        last(NodeStatus.State.ASLEEP), true)));
    assertFalse(FailureRule.failed(S, new FailureRule.Silence(15_000, OptionalLong.empty(),
        last(NodeStatus.State.ASLEEP), false)));
  }
}
