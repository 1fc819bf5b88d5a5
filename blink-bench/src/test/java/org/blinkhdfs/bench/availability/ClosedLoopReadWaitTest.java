package org.blinkhdfs.bench.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.junit.jupiter.api.Test;

class ClosedLoopReadWaitTest {
  static final Map<String, ActiveWindow> HALF =
      Map.of("a", new ActiveWindow(0, 3_000, 6_000), "off", ActiveWindow.never(6_000));

  @Test
  void aBlockingClientWithoutThinkTimeWaitsOnceEveryThreeRequests() {
    // Requests of 1 s start at phases 0, 1, 2, 3 (wait 3 s, end at 7 s = phase 1), then the
    // cycle 1, 2, 3(+3) repeats: one 3 s wait per three requests. 1000 requests: the first
    // cycle has 4 requests, then 332 full cycles (996 requests), total 333 waits of 3 s.
    double mean = ClosedLoopReadWait.meanWaitMs(HALF, List.of(ReplicaSet.of(List.of("a"))), 0,
        1_000, 1_000, new Random(1));
    assertEquals(333 * 3_000 / 1_000.0, mean, 1e-9);
  }

  @Test
  void aLongThinkTimeApproachesTheRandomPhaseExpectation() {
    // Random phase: 3000^2 / (2 * 6000) = 750 ms. A think time of many intervals randomises the
    // phase of every request.
    double mean = ClosedLoopReadWait.meanWaitMs(HALF, List.of(ReplicaSet.of(List.of("a"))),
        60_000, 10, 200_000, new Random(7));
    assertEquals(750, mean, 15);
  }

  @Test
  void aShortThinkTimeWaitsLessThanTheRandomPhase() {
    double mean = ClosedLoopReadWait.meanWaitMs(HALF, List.of(ReplicaSet.of(List.of("a"))),
        100, 10, 100_000, new Random(3));
    assertTrue(mean < 500, "a blocking client mostly reads inside the window it waited for: "
        + mean);
  }

  @Test
  void neverAwakeBlocksAreLeftOutAndBadInputIsRefused() {
    double mean = ClosedLoopReadWait.meanWaitMs(HALF, List.of(ReplicaSet.of(List.of("a")),
        ReplicaSet.of(List.of("off"))), 0, 1_000, 1_000, new Random(1));
    assertEquals(999.0, mean, 1e-9);
    assertThrows(IllegalArgumentException.class, () -> ClosedLoopReadWait.meanWaitMs(HALF,
        List.of(ReplicaSet.of(List.of("off"))), 0, 1, 10, new Random(1)));
    assertThrows(IllegalArgumentException.class, () -> ClosedLoopReadWait.meanWaitMs(HALF,
        List.of(), 0, 1, 10, new Random(1)));
  }
}
