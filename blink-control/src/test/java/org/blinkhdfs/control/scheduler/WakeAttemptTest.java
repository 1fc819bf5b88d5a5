package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.control.scheduler.WakeAttempt.Step;
import org.junit.jupiter.api.Test;

/** {@link WakeAttempt}: the class comment's worked example, step by step. */
class WakeAttemptTest {
  /** Retry 2 000 ms, 3 attempts, timeout 10 000 ms. */
  static final WakeAttempt.Settings S = new WakeAttempt.Settings(2_000, 3, 10_000);
  static final OptionalLong NONE = OptionalLong.empty();
  static final Optional<String> SENT = Optional.empty();

  @Test
  void retriesEveryIntervalUpToTheAttemptsThenFailsAtTheDeadline() {
    WakeAttempt a = new WakeAttempt("dn3:9866", S);
    assertEquals(Step.SEND, a.step(1_000, NONE));
    assertEquals(1_000, a.firstSendMs());
    assertEquals(Step.WAIT, a.step(1_500, NONE), "in flight");
    a.sendFinished(SENT);
    assertEquals(Step.WAIT, a.step(2_999, NONE));
    assertEquals(Step.SEND, a.step(3_000, NONE));
    a.sendFinished(SENT);
    assertEquals(Step.SEND, a.step(5_000, NONE));
    a.sendFinished(SENT);
    assertEquals(3, a.attempts());
    assertEquals(Step.WAIT, a.step(7_000, NONE), "attempts used up");
    assertEquals(Step.WAIT, a.step(10_999, NONE));
    assertEquals(Step.FAILED, a.step(11_000, NONE));
    assertEquals(Step.FAILED, a.step(11_001, OptionalLong.of(11_001)), "final");
    assertEquals(-1, a.latencyMs());
    assertEquals(0, a.sendErrors());
  }

  @Test
  void succeedsOnAnUpStatusReceivedAfterTheFirstSend() {
    WakeAttempt a = new WakeAttempt("dn3:9866", S);
    assertEquals(Step.SEND, a.step(1_000, OptionalLong.of(900)), "a status from before");
    a.sendFinished(SENT);
    assertEquals(Step.WAIT, a.step(2_000, OptionalLong.of(900)), "is no answer");
    assertEquals(Step.SEND, a.step(3_000, NONE));
    assertEquals(Step.SUCCEEDED, a.step(5_000, OptionalLong.of(4_200)));
    assertEquals(3_200, a.latencyMs());
    assertEquals(2, a.attempts());
    assertEquals(Step.SUCCEEDED, a.step(20_000, NONE), "final");
  }

  @Test
  void aStatusBeforeTheDeadlineWinsOverALateStep() {
    WakeAttempt a = new WakeAttempt("dn3:9866", S);
    a.step(1_000, NONE);
    assertEquals(Step.SUCCEEDED, a.step(12_000, OptionalLong.of(10_999)));
    assertEquals(9_999, a.latencyMs());
  }

  @Test
  void aSlowSendDelaysTheRetryAndErrorsCountAsAttempts() {
    WakeAttempt a = new WakeAttempt("dn3:9866", S);
    a.step(1_000, NONE);
    assertEquals(Step.WAIT, a.step(3_000, NONE), "the first send still runs");
    a.sendFinished(Optional.of("exit 1: no route to BMC"));
    assertEquals(Step.SEND, a.step(6_000, NONE));
    a.sendFinished(Optional.of("exit 1: timeout"));
    assertEquals(2, a.attempts());
    assertEquals(2, a.sendErrors());
    assertEquals(Optional.of("exit 1: timeout"), a.lastError());
  }

  @Test
  void settingsAreChecked() {
    assertThrows(IllegalArgumentException.class, () -> new WakeAttempt.Settings(0, 3, 10_000));
    assertThrows(IllegalArgumentException.class, () -> new WakeAttempt.Settings(2_000, 0, 10_000));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new WakeAttempt.Settings(2_000, 3, 2_000));
    assertTrue(e.getMessage().contains("must exceed the retry interval"), e.getMessage());
  }
}
