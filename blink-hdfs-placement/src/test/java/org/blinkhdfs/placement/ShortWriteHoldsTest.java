package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.WakeAnswer;
import org.blinkhdfs.model.wire.WakeDecision;
import org.junit.jupiter.api.Test;

/**
 * {@link ShortWriteHolds} by hand: interval 1000 ms, holds of one interval. A node is asked for
 * 1000 ms; asked again only once half its hold has passed; never for an always-on node; at once
 * again after a refusal.
 */
class ShortWriteHoldsTest {
  static final String A = "10.0.0.1:9866";
  static final String B = "10.0.0.2:9866";
  static final String S = "10.0.0.9:9866";

  private final List<String> asked = new CopyOnWriteArrayList<>();
  private final AtomicLong now = new AtomicLong(10_000);
  private final AtomicLong granted = new AtomicLong();
  private volatile WakeDecision.Outcome answer = WakeDecision.Outcome.GRANTED;
  private final Schedule schedule = Schedule.builder().epoch(1).intervalStartMs(0)
      .intervalMs(1_000).add(NodeSchedule.blink(A, 0, 500)).add(NodeSchedule.blink(B, 500, 500))
      .add(NodeSchedule.staging(S)).build();

  private ShortWriteHolds holds() {
    return new ShortWriteHolds((node, ms, reason) -> {
      asked.add(node + " " + ms);
      return new WakeAnswer(answer, node, now.get(), now.get() + ms, reason, OptionalLong.empty(),
          now.get(), Optional.empty(), "test");
    }, () -> Optional.of(schedule), 1, now::get, granted);
  }

  private void waitAsked(int n) throws Exception {
    GenericTestUtils.waitFor(() -> asked.size() >= n, 10, 5_000);
    Thread.sleep(50); // and no more than n
    assertEquals(n, asked.size(), asked.toString());
  }

  @Test
  void asksOncePerHalfHoldAndNeverForAlwaysOnNodes() throws Exception {
    try (ShortWriteHolds h = holds()) {
      h.hold(A);
      waitAsked(1);
      assertEquals("10.0.0.1:9866 1000", asked.get(0));
      now.addAndGet(499);
      h.hold(A); // 501 ms of the hold left: not again
      h.hold(S); // staging: never sleeps
      waitAsked(1);
      now.addAndGet(1);
      h.hold(A); // half passed: asked again
      h.hold(B);
      waitAsked(3);
      assertEquals(3, granted.get());
    }
  }

  @Test
  void aRefusedHoldIsAskedForAgainAndNotCounted() throws Exception {
    answer = WakeDecision.Outcome.REFUSED;
    try (ShortWriteHolds h = holds()) {
      h.hold(A);
      waitAsked(1);
      h.hold(A);
      waitAsked(2);
      assertEquals(0, granted.get());
    }
  }

  @Test
  void nothingWithoutASchedule() throws Exception {
    try (ShortWriteHolds h = new ShortWriteHolds((node, ms, reason) -> {
      asked.add(node);
      return null;
    }, Optional::empty, 1, now::get, granted)) {
      h.hold(A);
      Thread.sleep(50);
      assertEquals(List.of(), asked);
    }
  }

}
