package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.test.GenericTestUtils;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class PolicyGuardTest {
  private final AtomicLong failures = new AtomicLong();
  private final AtomicLong now = new AtomicLong(1_000);
  private final PolicyGuard guard = new PolicyGuard(failures, now::get);

  /** Fails unless the guard is retrying; records which mode each attempt ran in. */
  private String layoutThatFails(List<Boolean> attempts) {
    attempts.add(guard.defaultsOnly());
    if (!guard.defaultsOnly()) {
      throw new IllegalStateException("layout bug");
    }
    return "default";
  }

  @Test
  void aFailureIsCountedAndAnsweredByTheSameCallAsTheDefaultPolicy() {
    List<Boolean> attempts = new ArrayList<>();
    assertEquals("default", guard.call("chooseTarget", () -> layoutThatFails(attempts)));
    assertEquals(List.of(false, true), attempts);
    assertEquals(1, failures.get());
    assertFalse(guard.defaultsOnly(), "the flag ends with the retry");
    assertEquals("layout", guard.call("chooseTarget", () -> "layout"));
    assertEquals(1, failures.get(), "a call that works is not counted");
  }

  @Test
  void aFailingRetryAndErrorsAreNotCaught() {
    assertThrows(IllegalArgumentException.class, () -> guard.call("verifyBlockPlacement", () -> {
      throw new IllegalArgumentException("fails as the default too");
    }));
    assertEquals(1, failures.get());
    assertFalse(guard.defaultsOnly());
    assertThrows(AssertionError.class, () -> guard.call("isMovable", () -> {
      throw new AssertionError("an Error reaches the NameNode");
    }));
    assertEquals(1, failures.get());
  }

  @Test
  void logsTheFirstFailureThenAtMostOneLinePerMinute() {
    GenericTestUtils.LogCapturer logs = GenericTestUtils.LogCapturer.captureLogs(
        LoggerFactory.getLogger(PolicyGuard.class));
    try {
      List<Boolean> attempts = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        guard.call("chooseTarget", () -> layoutThatFails(attempts)); // t = 1000: 1 logged
      }
      now.set(1_000 + PolicyGuard.LOG_EVERY_MS - 1);
      guard.call("chooseTarget", () -> layoutThatFails(attempts)); // still inside the minute
      now.set(1_000 + PolicyGuard.LOG_EVERY_MS);
      guard.call("chooseReplicasToDelete", () -> layoutThatFails(attempts));
      String out = logs.getOutput();
      assertEquals(7, failures.get());
      assertEquals(2, out.split("placement policy failed in").length - 1, out);
      assertTrue(out.contains("chooseReplicasToDelete (7 failures in all, 5 not logged"), out);
    } finally {
      logs.stopCapturing();
    }
  }
}
