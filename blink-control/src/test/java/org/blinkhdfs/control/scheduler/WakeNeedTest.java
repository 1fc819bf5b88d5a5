package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.model.wire.NodeStatus;
import org.junit.jupiter.api.Test;

/** {@link WakeNeed}: the class comment's worked example and each condition on its own. */
class WakeNeedTest {
  static final long B = 1_790_000_040_000L;

  static Optional<NodeStatus> last(NodeStatus.State s) {
    return Optional.of(new NodeStatus("n3:1", s, 1, B + 16_000, 0, -1, ""));
  }

  @Test
  void anEarlierNeedThanTheAlarmWakesTheHost() {
    OptionalLong planned = OptionalLong.of(B + 30_000);
    assertTrue(WakeNeed.needsWake(true, last(NodeStatus.State.ASLEEP), planned, B + 20_000));
    assertTrue(WakeNeed.needsWake(true, last(NodeStatus.State.ASLEEP), planned, B + 29_999));
    assertFalse(WakeNeed.needsWake(true, last(NodeStatus.State.ASLEEP), planned, B + 30_000),
        "the alarm is due: the agent is resuming on its own");
  }

  @Test
  void onlyAnAsleepAgentTheScheduleWantsAwakeIsWoken() {
    OptionalLong planned = OptionalLong.of(B + 30_000);
    assertFalse(WakeNeed.needsWake(false, last(NodeStatus.State.ASLEEP), planned, B + 20_000));
    for (NodeStatus.State up : new NodeStatus.State[] {NodeStatus.State.AWAKE,
        NodeStatus.State.IO_SERVER, NodeStatus.State.ERROR}) {
      assertFalse(WakeNeed.needsWake(true, last(up), planned, B + 20_000), up.name());
    }
    assertFalse(WakeNeed.needsWake(true, Optional.empty(), OptionalLong.empty(), B),
        "never heard: nothing says it sleeps");
  }

  @Test
  void anUnknownAlarmCountsAsNotDue() {
    assertTrue(WakeNeed.needsWake(true, last(NodeStatus.State.ASLEEP), OptionalLong.empty(),
        B + 20_000));
  }
}
