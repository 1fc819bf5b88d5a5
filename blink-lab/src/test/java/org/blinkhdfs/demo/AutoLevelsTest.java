package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.blinkhdfs.cluster.AutoState;
import org.junit.jupiter.api.Test;

/** The report's per-level line "auto chose X: reason" and the hysteresis the lab waits out. */
class AutoLevelsTest {
  private static final AutoState ACT = new AutoState("activation 3 on + 6 off", "activation", 3,
      "activation 3 on + 6 off", true, 600_000, "activation 3 on + 6 off (first decision):"
      + " fully available, 3.00 node-eq for 75.00 W (0.0400/W)",
      "no utilization sample: demand unbounded");

  @Test
  void theNoteSaysWhatAutoChoseWhyAndHowItSettled() {
    AutoSettle.Settled s = new AutoSettle.Settled(ACT, 1, 0, true);
    assertEquals("phase-groups+auto at 40%: auto chose activation 3 on + 6 off: activation 3 on"
        + " + 6 off (first decision): fully available, 3.00 node-eq for 75.00 W (0.0400/W)"
        + " (settled after 1 decision in 0 ms; load: no utilization sample: demand unbounded)",
        AutoLevels.note("phase-groups+auto", 40, s, 3, Optional.of(ACT)));
  }

  @Test
  void aSwitchDuringTheLevelIsNamed() {
    AutoState hybrid = new AutoState("hybrid 3 on + 6 blinking", "hybrid", 3,
        "hybrid 3 on + 6 blinking", true, 624_000, "hybrid 3 on + 6 blinking (switched after 3"
        + " decisions): ...", "demand 4.10 node-eq (u=0.99 on 3 ACTIVE, target 0.80)");
    String note = AutoLevels.note("phase-groups+auto", 40, new AutoSettle.Settled(ACT, 1, 0,
        true), 3, Optional.of(hybrid));
    assertTrue(note.endsWith("; by the level's end it had switched to hybrid 3 on + 6 blinking:"
        + " hybrid 3 on + 6 blinking (switched after 3 decisions): ..."), note);
  }

  @Test
  void hysteresisIsTheSchedulersKeyOrItsDefault() {
    assertEquals(3, AutoLevels.hysteresis(Map.of()));
    assertEquals(5, AutoLevels.hysteresis(Map.of("blink.scheduler.auto.hysteresis", " 5")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> AutoLevels.hysteresis(Map.of("blink.scheduler.auto.hysteresis", "three")));
    assertTrue(e.getMessage().startsWith("blink.scheduler.auto.hysteresis = 'three'"),
        e.getMessage());
  }
}
