package org.blinkhdfs.rabbit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.blinkhdfs.rabbit.layout.RabbitConfig;
import org.junit.jupiter.api.Test;

/** The read balancer's keys: defaults, values, and errors naming key, value and range. */
class EqualWorkReadConfigTest {
  @Test
  void defaultsAndValues() {
    RabbitConfig d = RabbitConfig.from(Map.<String, String>of()::get);
    assertEquals(1024, d.readWindow());
    assertEquals(1000, d.readRefreshMs());
    RabbitConfig c = RabbitConfig.from(Map.of(RabbitConfig.READ_WINDOW.name(), "64",
        RabbitConfig.READ_REFRESH_MS.name(), "0")::get);
    assertEquals(64, c.readWindow());
    assertEquals(0, c.readRefreshMs());
    assertTrue(RabbitConfig.KEYS.contains(RabbitConfig.READ_WINDOW));
    assertTrue(RabbitConfig.KEYS.contains(RabbitConfig.READ_REFRESH_MS));
  }

  @Test
  void badValuesNameKeyValueAndRange() {
    IllegalArgumentException w = assertThrows(IllegalArgumentException.class,
        () -> RabbitConfig.from(Map.of(RabbitConfig.READ_WINDOW.name(), "1")::get));
    assertEquals("blink.equalwork.read.window = '1' is invalid: give a whole number of reads in"
        + " 2..1073741824 (default 1024)", w.getMessage());
    IllegalArgumentException r = assertThrows(IllegalArgumentException.class,
        () -> RabbitConfig.from(Map.of(RabbitConfig.READ_REFRESH_MS.name(), "1s")::get));
    assertEquals("blink.equalwork.read.refresh.ms = '1s' is invalid: give a whole number of ms in"
        + " 0..3600000 (default 1000)", r.getMessage());
  }
}
