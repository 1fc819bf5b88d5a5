package org.blinkhdfs.model.signal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;

class SignalSpecTest {
  private static final PowerModel MODEL = PowerModel.macMini(9);

  private static PowerSignal parse(String spec) {
    return SignalSpec.parse("--signal", spec, MODEL, c -> {
      throw new IllegalArgumentException("--signal sensor:" + c + " refused");
    });
  }

  @Test
  void steadyAndOscillatingLevels() {
    assertEquals(new PowerLevel.Percent(40), parse("steady:40%").levelAt(123));
    PowerSignal osc = parse("oscillating:50:2m");
    assertEquals(new PowerLevel.Percent(67.5), osc.levelAt(0));
    assertEquals(new PowerLevel.Percent(22.5), osc.levelAt(120_000));
  }

  @Test
  void sensorGoesToTheCallersFactory() {
    PowerSignal mine = new SteadySignal(new PowerLevel.Percent(10));
    assertSame(mine, SignalSpec.parse("k", "sensor:echo 5", MODEL, c -> {
      assertEquals("echo 5", c);
      return mine;
    }));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> parse("sensor:echo 5"));
    assertEquals("--signal sensor:echo 5 refused", e.getMessage());
  }

  @Test
  void badSpecsNameTheKeyTheValueAndTheForms() {
    for (String bad : new String[] {"wobbly:3", "oscillating:x", "nokind", "trace:/no/such.csv"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(bad));
      assertTrue(e.getMessage().startsWith("--signal = '" + bad + "' is invalid ("),
          e.getMessage());
      assertTrue(e.getMessage().endsWith("use one of " + SignalSpec.FORMS), e.getMessage());
    }
  }
}
