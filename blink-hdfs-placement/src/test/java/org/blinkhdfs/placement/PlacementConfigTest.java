package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class PlacementConfigTest {
  @Test
  void writeGuardIsTransferTimePlusMargin() {
    Configuration conf = new Configuration(false);
    // 128 MiB at 10 MiB/s = 12.8 s, plus the 1 s margin.
    assertEquals(13_800, PlacementConfig.from(conf).writeGuardMs(128L << 20));
    conf.setLong("blink.placement.write.bytes.per.sec", 1000);
    conf.setLong("blink.placement.write.margin.ms", 0);
    assertEquals(2_500, PlacementConfig.from(conf).writeGuardMs(2_500));
    assertEquals(1, PlacementConfig.from(conf).writeGuardMs(1)); // rounds up
  }

  @Test
  void badValuesNameTheKey() {
    Configuration conf = new Configuration(false);
    conf.set("blink.schedule.poll.ms", "soon");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PlacementConfig.from(conf));
    assertEquals("blink.schedule.poll.ms = 'soon' is invalid: give a whole number of ms in"
        + " 0..3600000 (default 1000)", e.getMessage());
    conf.set("blink.schedule.poll.ms", "10");
    conf.set("blink.placement.write.bytes.per.sec", "0");
    e = assertThrows(IllegalArgumentException.class, () -> PlacementConfig.from(conf));
    assertEquals("blink.placement.write.bytes.per.sec = '0' is invalid: give a whole number of"
        + " bytes/s in 1..9223372036854775807 (default 10485760)", e.getMessage());
  }
}
