package org.blinkhdfs.model.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.power.TransitionDistribution;
import org.blinkhdfs.model.power.TransitionModel;
import org.junit.jupiter.api.Test;

class TransitionConfigTest {
  private final Map<String, String> conf = new HashMap<>();
  private final CoreConfig core = new CoreConfig(conf::get);

  @Test
  void defaultsAreTheMeasuredCyclesAtSixtySeconds() {
    TransitionConfig t = core.transitions();
    assertEquals(TransitionModel.measured(), t.model());
    assertTrue(t.explicitTransitionMs().isEmpty());
    assertEquals(0, t.minWindowMs());
    // Planned at the configured interval: 1367 ms at 60 s, 137 ms at 6 s.
    assertEquals(1367, core.powerModel(9).transitionMs());
    conf.put("blink.interval.ms", "6000");
    assertEquals(137, core.powerModel(9).transitionMs());
    assertEquals(0, core.powerModel(9).minWindowMs());
  }

  @Test
  void theDocumentedFallbackAndAnExplicitTimeWhichWins() {
    conf.put("blink.power.transition.enter", "fixed:300ms");
    conf.put("blink.power.transition.resume", "fixed:1s");
    conf.put("blink.interval.ms", "6000");
    assertEquals(new TransitionModel(new TransitionDistribution.Fixed(300),
        new TransitionDistribution.Fixed(1000), 60_000), core.transitions().model());
    assertEquals(130, core.powerModel(9).transitionMs()); // (300 + 1000) * 6/60
    conf.put("blink.power.transition.reference.interval", "6s");
    assertEquals(1300, core.powerModel(9).transitionMs()); // measured at 6 s: unscaled
    conf.put("blink.power.transition.ms", "0");
    assertEquals(0, core.powerModel(9).transitionMs()); // BlinkFS's t_active formula
    conf.put("blink.power.transition.ms", " 450 ");
    assertEquals(450, core.powerModel(9).transitionMs());
    conf.put("blink.power.transition.min.window", "1.5s");
    assertEquals(1500, core.powerModel(9).minWindowMs());
  }

  @Test
  void transitionsOffForInstantSleeps() {
    conf.put("blink.power.transition.enter", "fixed:0ms");
    conf.put("blink.power.transition.resume", "fixed:0ms");
    assertTrue(core.transitions().model().isNone());
    PowerModel m = core.powerModel(3);
    assertEquals(0, m.transitionMs());
  }

  @Test
  void badValuesNameKeyValueAndFix() {
    conf.put("blink.power.transition.ms", "1s");
    assertEquals("blink.power.transition.ms = '1s' is invalid: give a whole number of ms in"
        + " 0..3600000, or leave it empty to plan with the mean of blink.power.transition.enter"
        + " and blink.power.transition.resume",
        assertThrows(IllegalArgumentException.class, () -> core.powerModel(3)).getMessage());
    conf.remove("blink.power.transition.ms");
    conf.put("blink.power.transition.resume", "normal:200ms");
    assertTrue(assertThrows(IllegalArgumentException.class, () -> core.powerModel(3))
        .getMessage().startsWith("blink.power.transition.resume = 'normal:200ms' is invalid"));
    conf.remove("blink.power.transition.resume");
    conf.put("blink.power.transition.reference.interval", "60000");
    assertEquals("blink.power.transition.reference.interval = '60000' has no unit: write a"
        + " duration such as 60s, 6000ms, 1m or 1h (default 60s)",
        assertThrows(IllegalArgumentException.class, () -> core.transitions().model())
            .getMessage());
    conf.put("blink.power.transition.reference.interval", "500ms");
    assertEquals("blink.power.transition.reference.interval = '500ms' is outside 1s..86400s:"
        + " give a duration in that range (default 60s)",
        assertThrows(IllegalArgumentException.class, () -> core.transitions().model())
            .getMessage());
    conf.put("blink.power.transition.min.window", "-1s");
    assertTrue(assertThrows(IllegalArgumentException.class, () -> core.transitions()
        .minWindowMs()).getMessage().startsWith("blink.power.transition.min.window = '-1s'"));
  }
}
