package org.blinkhdfs.proxy.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Defaults, and every bad value fails with the key, the value and the fix. */
class RelayConfigTest {
  static Configuration valid() {
    Configuration conf = new Configuration(false);
    conf.set("fs.defaultFS", "hdfs://nn:8020");
    conf.set("blink.schedule.file", "/etc/hadoop/blink-schedule.json");
    return conf;
  }

  @Test
  void defaults() {
    RelayConfig c = RelayConfig.from(valid());
    assertEquals("127.0.0.1", c.host()); // loopback unless configured (issue 45)
    assertEquals(14000, c.port());
    assertEquals(List.of(), c.peers());
    assertEquals("", c.self());
    assertEquals(Optional.empty(), c.dir());
    assertEquals("hdfs://nn:8020", c.cluster().toString());
    assertEquals(false, c.writes());
    assertEquals("read-only", c.accessMode());
    assertEquals(true, c.csrf());
    assertEquals(0, c.heldReportMs(), "no held-read reports unless asked for");
  }

  @Test
  void heldReportsNeedAPeriodAndTheScheduler() {
    Configuration conf = valid();
    conf.set(RelayConfig.HELD_REPORT_MS.name(), "10000");
    assertMessage(conf, "blink.proxy.relay.held.report.ms = 10000 needs blink.scheduler.address"
        + " (the reports go to the scheduler's PUT /v1/held); set it, or set"
        + " blink.proxy.relay.held.report.ms = 0");
    conf.set("blink.scheduler.address", "10.0.0.5:9877");
    assertEquals(10_000, RelayConfig.from(conf).heldReportMs());
    conf.set(RelayConfig.HELD_REPORT_MS.name(), "500");
    assertMessage(conf, "blink.proxy.relay.held.report.ms = 500 is invalid: give 0 (no reports)"
        + " or 1000..600000 ms");
    fails(RelayConfig.HELD_REPORT_MS.name(), "-1", "a whole number of ms in 0..600000");
  }

  @Test
  void writesAreAskedForWithTheBlinkKeyAndHttpFsModeMustAgree() {
    Configuration conf = valid();
    conf.set(RelayConfig.WRITES.name(), "true");
    assertEquals("read-write", RelayConfig.from(conf).accessMode());
    conf.set("httpfs.access.mode", "write-only");
    assertEquals("write-only", RelayConfig.from(conf).accessMode());
    conf.set("httpfs.access.mode", "read-only");
    assertMessage(conf, "httpfs.access.mode = 'read-only' but blink.proxy.relay.writes.enabled"
        + " = true: unset httpfs.access.mode, or set blink.proxy.relay.writes.enabled = false");
    conf = valid();
    conf.set("httpfs.access.mode", "read-write");
    assertMessage(conf, "httpfs.access.mode = 'read-write' but blink.proxy.relay.writes.enabled"
        + " = false: the relay is read-only unless asked; set blink.proxy.relay.writes.enabled ="
        + " true to let it write, or unset httpfs.access.mode");
    conf.set("httpfs.access.mode", "readwrite");
    assertMessage(conf, "httpfs.access.mode = 'readwrite' is not read-write, read-only or"
        + " write-only");
    conf = valid();
    conf.set(RelayConfig.WRITES.name(), "yes");
    assertMessage(conf, "blink.proxy.relay.writes.enabled = 'yes' is not true or false");
    conf = valid();
    conf.set(RelayConfig.CSRF.name(), "no");
    assertMessage(conf, "blink.proxy.relay.rest-csrf.enabled = 'no' is not true or false");
  }

  @Test
  void peersAndSelf() {
    Configuration conf = valid();
    conf.set(RelayConfig.PEERS.name(), "p1:14000, p2:14000");
    conf.set(RelayConfig.SELF.name(), "p2:14000");
    conf.set(RelayConfig.ADDRESS.name(), "10.0.0.2:0");
    RelayConfig c = RelayConfig.from(conf);
    assertEquals(List.of("p1:14000", "p2:14000"), c.peers());
    assertEquals("p2:14000", c.self());
    assertEquals(0, c.port());
  }

  @Test
  void badValuesNameKeyValueAndFix() {
    fails(RelayConfig.ADDRESS.name(), "14000", "host:port");
    fails(RelayConfig.ADDRESS.name(), "h:70000", "0..65535");
    fails(RelayConfig.PEERS.name(), "p1:14000,p1:14000", "lists p1:14000 twice");
    fails(RelayConfig.PEERS.name(), "p1:0", "1..65535");
    Configuration conf = valid();
    conf.set(RelayConfig.PEERS.name(), "p1:14000,p2:14000");
    conf.set(RelayConfig.SELF.name(), "p3:14000");
    assertMessage(conf, "blink.proxy.relay.self = 'p3:14000' is not one of");
    conf.unset(RelayConfig.SELF.name());
    assertMessage(conf, "set it to this relay's entry");
    conf = valid();
    conf.set(RelayConfig.SELF.name(), "p1:14000");
    assertMessage(conf, "list every relay in blink.proxy.relay.peers");
    conf = valid();
    conf.set("fs.defaultFS", "file:///");
    assertMessage(conf, "fs.defaultFS = 'file:///' is not an hdfs:// URI");
    conf = valid();
    conf.unset("blink.schedule.file");
    assertMessage(conf, "neither blink.scheduler.address nor blink.schedule.file is set");
    conf.set("blink.scheduler.address", "10.0.0.5:9877");
    RelayConfig.from(conf); // the scheduler alone is enough
    conf = valid();
    conf.set(RelayConfig.ENABLED.name(), "yes");
    Configuration bad = conf;
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> RelayConfig.enabled(bad));
    org.junit.jupiter.api.Assertions.assertTrue(
        e.getMessage().contains("blink.proxy.relay.enabled = 'yes'"), e.getMessage());
  }

  static void fails(String key, String value, String fix) {
    Configuration conf = valid();
    conf.set(key, value);
    assertMessage(conf, key + " = '" + value + "'");
    assertMessage(conf, fix);
  }

  static void assertMessage(Configuration conf, String part) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RelayConfig.from(conf));
    assertTrue(e.getMessage().contains(part), e.getMessage());
  }
}
