package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.blinkhdfs.cluster.AutoState;
import org.junit.jupiter.api.Test;

/**
 * After a power step the lab waits until auto's decision is stable: the best in force, or the
 * same plan over H + 1 decisions; at most H + 1 intervals and a poll. Clock and sleeps are
 * simulated: one decision per 6 s interval, polls every 1.5 s.
 */
class AutoSettleTest {
  private static final String ACT = "activation 3 on + 6 off";
  private static final String HYB = "hybrid 3 on + 6 blinking";

  private static AutoState d(String inForce, String best, long at) {
    return new AutoState(inForce, inForce.split(" ")[0], inForce.startsWith("blinking") ? 0 : 3,
        best, false, at, inForce + " because", "");
  }

  /** A scheduler deciding once per interval: decision k from k·6 000 ms on. */
  private static final class Fake {
    final List<AutoState> decisions;
    long now;
    int reads;

    Fake(List<AutoState> decisions) {
      this.decisions = decisions;
    }

    Optional<AutoState> read() {
      reads++;
      return Optional.of(decisions.get((int) Math.min(decisions.size() - 1, now / 6_000)));
    }

    AutoSettle settle(int h) {
      return new AutoSettle(this::read, ms -> now += ms, () -> now, h, 6_000);
    }
  }

  @Test
  void theBestInForceIsStableAtOnce() throws Exception {
    Fake f = new Fake(List.of(d(ACT, ACT, 0)));
    AutoSettle.Settled s = f.settle(3).await();
    assertEquals(new AutoSettle.Settled(d(ACT, ACT, 0), 1, 0, true), s);
    assertEquals(1, f.reads);
    assertEquals("settled after 1 decision in 0 ms", s.describe(3));
  }

  @Test
  void hysteresisHoldingAPlanIsWaitedOutUntilItSwitches() throws Exception {
    // H = 3: hybrid is best at decisions 0, 1, 2 while activation stays; decision 3 switches.
    Fake f = new Fake(List.of(d(ACT, HYB, 0), d(ACT, HYB, 6_000), d(ACT, HYB, 12_000),
        d(HYB, HYB, 18_000)));
    AutoSettle.Settled s = f.settle(3).await();
    assertTrue(s.stable());
    assertEquals(HYB, s.state().choice());
    assertEquals(4, s.decisions());
    assertEquals(18_000, s.waitedMs()); // 12 polls of 1.5 s
  }

  @Test
  void aBestThatNeverWinsByTheMarginIsStableAfterHPlusOneDecisions() throws Exception {
    List<AutoState> held = new ArrayList<>();
    for (int k = 0; k < 10; k++) {
      held.add(d(ACT, HYB, k * 6_000L));
    }
    AutoSettle.Settled s = new Fake(held).settle(2).await();
    assertTrue(s.stable());
    assertEquals(3, s.decisions());
    assertEquals(12_000, s.waitedMs());
  }

  @Test
  void aDecisionStillChangingAtTheBoundIsMeasuredAsItStands() throws Exception {
    // Alternating plans, never the best in force: H = 3 bounds the wait at 4 intervals + a poll.
    List<AutoState> flapping = new ArrayList<>();
    for (int k = 0; k < 10; k++) {
      flapping.add(k % 2 == 0 ? d(ACT, HYB, k * 6_000L) : d(HYB, ACT, k * 6_000L));
    }
    Fake f = new Fake(flapping);
    AutoSettle settle = f.settle(3);
    assertEquals(25_500, settle.boundMs());
    AutoSettle.Settled s = settle.await();
    assertFalse(s.stable());
    assertEquals(25_500, s.waitedMs());
    assertEquals(5, s.decisions());
    assertTrue(s.describe(3).startsWith("NOT settled (hysteresis 3 holds '" + ACT + "', best '"
        + HYB + "'): measured as it stood after 5 decisions in 25500 ms"), s.describe(3));
  }

  @Test
  void theRuleByHand() {
    assertFalse(AutoSettle.stable(List.of(), 1));
    assertTrue(AutoSettle.stable(List.of(d(ACT, HYB, 0), d(HYB, HYB, 1)), 5));
    assertFalse(AutoSettle.stable(List.of(d(ACT, HYB, 0), d(ACT, HYB, 1)), 2));
    assertTrue(AutoSettle.stable(List.of(d(ACT, HYB, 0), d(ACT, HYB, 1), d(ACT, HYB, 2)), 2));
    assertFalse(AutoSettle.stable(List.of(d(HYB, ACT, 0), d(ACT, HYB, 1), d(ACT, HYB, 2)), 2));
  }

  @Test
  void noDecisionIsAnErrorNamingThePolicy() {
    AutoSettle s = new AutoSettle(Optional::empty, ms -> { }, () -> 0, 3, 6_000);
    IOException e = assertThrows(IOException.class, s::await);
    assertTrue(e.getMessage().contains("is its policy auto?"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> new AutoSettle(Optional::empty, ms -> { }, () -> 0, 0, 6_000));
  }
}
