package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.model.schedule.LocationOrder;
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

  @Test
  void clientBlockLocationsIsUsableByDefaultOrAllAndAnythingElseFailsNamingTheKey() {
    Configuration conf = new Configuration(false);
    assertEquals(LocationOrder.Keep.USABLE, PlacementConfig.from(conf).clientBlockLocations());
    conf.set("blink.client.block.locations", "All");
    assertEquals(LocationOrder.Keep.ALL, PlacementConfig.from(conf).clientBlockLocations());
    conf.set("blink.client.block.locations", "awake");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PlacementConfig.from(conf));
    assertEquals("blink.client.block.locations = 'awake' is invalid: give usable (list only"
        + " replicas awake now when one is) or all (list every replica, best first)",
        e.getMessage());
  }

  @Test
  void theLocalNodeComesFromTheKeyElseTheEnvironmentAndBadValuesNameTheirSource() {
    Configuration conf = new Configuration(false);
    java.util.Map<String, String> env = new java.util.HashMap<>();
    assertEquals(null, PlacementConfig.from(conf, env::get).clientLocalNode());
    env.put("BLINK_LOCAL_NODE", " 127.0.0.1:40011 ");
    assertEquals("127.0.0.1:40011", PlacementConfig.from(conf, env::get).clientLocalNode());
    conf.set("blink.client.local.node", "10.0.0.11:9866");
    assertEquals("10.0.0.11:9866", PlacementConfig.from(conf, env::get).clientLocalNode(),
        "the key wins over the environment");
    conf.set("blink.client.local.node", "10.0.0.11");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PlacementConfig.from(conf, env::get));
    assertTrue(e.getMessage().startsWith("blink.client.local.node = '10.0.0.11' is not host:port"
        + " with a port in 1..65535: give the transfer address of the DataNode"), e.getMessage());
    conf.unset("blink.client.local.node");
    env.put("BLINK_LOCAL_NODE", "dn7:http");
    e = assertThrows(IllegalArgumentException.class, () -> PlacementConfig.from(conf, env::get));
    assertTrue(e.getMessage().startsWith("environment variable BLINK_LOCAL_NODE = 'dn7:http'"),
        e.getMessage());
  }

  @Test
  void aSchedulerAddressIsHostAndPortOrStartupFailsNamingKeyValueAndFix() {
    Configuration conf = new Configuration(false);
    assertEquals("", PlacementConfig.from(conf).schedulerAddress());
    conf.set("blink.scheduler.address", " sched-host:9877 ");
    assertEquals("sched-host:9877", PlacementConfig.from(conf).schedulerAddress());
    for (String bad : new String[] {"sched-host", "sched-host:0", "sched-host:65536",
        ":9877", "sched-host:http"}) {
      conf.set("blink.scheduler.address", bad);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> PlacementConfig.from(conf), bad);
      assertTrue(e.getMessage().startsWith("blink.scheduler.address = '" + bad + "' is not"
          + " host:port with a port in 1..65535: give the scheduler's HTTP address"),
          e.getMessage());
      assertTrue(e.getMessage().contains("e.g. 10.0.0.5:9877"), e.getMessage());
    }
  }

  @Test
  void schedulerPollingIsBounded() {
    Configuration conf = new Configuration(false);
    assertEquals(1_000, PlacementConfig.from(conf).schedulerPollMs());
    assertEquals(5_000, PlacementConfig.from(conf).schedulerTimeoutMs());
    conf.set("blink.schedule.http.poll.ms", "0");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PlacementConfig.from(conf));
    assertEquals("blink.schedule.http.poll.ms = '0' is invalid: give a whole number of ms in"
        + " 100..600000 (default 1000)", e.getMessage());
  }
}
