package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.blinkhdfs.model.wire.WakeDecision;
import org.blinkhdfs.model.wire.WakeHold;
import org.blinkhdfs.model.wire.WakeRequest;
import org.junit.jupiter.api.Test;

/** {@link WakeBook}'s rules, on its class comment's worked example, and bad requests. */
class WakeBookTest {
  static final WakeLimits ONE = new WakeLimits(60_000, 1);

  static WakeDecision decide(WakeBook b, String node, long ms, long now) {
    return b.decide(new WakeRequest(node, ms, "proxy drain"), now, node.equals("st:1"), now);
  }

  @Test
  void theWorkedExample() {
    WakeBook b = new WakeBook(ONE);
    WakeDecision d = decide(b, "n3:1", 20_000, 0);
    assertEquals(WakeDecision.Outcome.GRANTED, d.outcome());
    assertEquals(new WakeHold("n3:1", 0, 20_000, "proxy drain"), d.hold());

    d = decide(b, "n3:1", 10_000, 5_000);
    assertEquals(WakeDecision.Outcome.ALREADY_AWAKE, d.outcome());
    assertEquals(20_000, d.hold().untilMs());

    d = decide(b, "n4:1", 10_000, 5_000);
    assertEquals(WakeDecision.Outcome.REFUSED, d.outcome());
    assertEquals(Optional.of(WakeLimits.MAX_NODES), d.refusedBy());
    assertTrue(d.message().contains("blink.scheduler.wake.max.nodes = 1")
        && d.message().contains("n3:1 until 20000") && d.message().contains("retry after 20000"),
        d.message());

    d = decide(b, "st:1", 10_000, 5_000);
    assertEquals(WakeDecision.Outcome.ALREADY_AWAKE, d.outcome());
    assertEquals(List.of("n3:1"), b.holds().stream().map(WakeHold::node).toList());

    d = decide(b, "n3:1", 30_000, 5_000);
    assertEquals(WakeDecision.Outcome.GRANTED, d.outcome());
    assertEquals(new WakeHold("n3:1", 0, 35_000, "proxy drain"), d.hold(), "from kept");

    d = decide(b, "n3:1", 61_000, 5_000);
    assertEquals(Optional.of(WakeLimits.MAX_MS), d.refusedBy());
    assertTrue(d.message().contains("ms = 61000 is longer than blink.scheduler.wake.max.ms ="
        + " 60000"), d.message());

    assertEquals(List.of(), b.expire(34_999));
    assertEquals(List.of(new WakeHold("n3:1", 0, 35_000, "proxy drain")), b.expire(35_000));
    assertTrue(b.holds().isEmpty());
    assertEquals(WakeDecision.Outcome.GRANTED, decide(b, "n4:1", 1, 35_000).outcome(),
        "the slot is free again");
  }

  @Test
  void aSpanNearLongMaxIsRefusedByTheLimitNotAnOverflow() {
    // A wire request of ms = Long.MAX - 1 at a real clock used to overflow Math.addExact (500).
    WakeDecision d = decide(new WakeBook(ONE), "n3:1", Long.MAX_VALUE - 1, 1_790_000_000_000L);
    assertEquals(WakeDecision.Outcome.REFUSED, d.outcome());
    assertEquals(Optional.of(WakeLimits.MAX_MS), d.refusedBy());
    assertEquals(Long.MAX_VALUE, d.hold().untilMs(), "the span asked, saturated");
  }

  @Test
  void zeroNodesSwitchesRequestsOffButStagingNodesAreStillAwake() {
    WakeBook b = new WakeBook(new WakeLimits(60_000, 0));
    WakeDecision d = decide(b, "n1:1", 1_000, 0);
    assertEquals(Optional.of(WakeLimits.MAX_NODES), d.refusedBy());
    assertTrue(d.message().contains("switched off"), d.message());
    assertEquals(WakeDecision.Outcome.ALREADY_AWAKE, decide(b, "st:1", 1_000, 0).outcome());
  }

  @Test
  void badRequestsNameTheField() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new WakeRequest("n1:1", 0, "x"));
    assertTrue(e.getMessage().startsWith("ms = 0 is invalid"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new WakeRequest("n1:1", 5, "  "));
    assertTrue(e.getMessage().startsWith("reason = '' is invalid"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new WakeRequest("n1:1", 5, "a\nb"));
    assertTrue(e.getMessage().contains("one line"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new WakeLimits(0, 1));
    assertTrue(e.getMessage().startsWith("blink.scheduler.wake.max.ms = 0 is invalid"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new WakeLimits(1, -1));
    assertTrue(e.getMessage().startsWith("blink.scheduler.wake.max.nodes = -1 is invalid"),
        e.getMessage());
  }
}
