package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.layout.maintenance.MaintenanceSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every way maintenance can be misconfigured fails naming the key, the value and the fix. */
class MaintenanceConfigTest {
  @TempDir
  Path dir;

  Configuration enabled() {
    Configuration conf = new Configuration(false);
    conf.set("blink.maintenance.enabled", "true");
    conf.set("dfs.namenode.hosts.provider.classname",
        "org.apache.hadoop.hdfs.server.blockmanagement.CombinedHostFileManager");
    conf.set("dfs.hosts", dir.resolve("hosts.json").toString());
    return conf;
  }

  static String failure(Configuration conf) {
    return assertThrows(IllegalArgumentException.class, () -> MaintenanceConfig.from(conf))
        .getMessage();
  }

  @Test
  void defaultsAreOffAndNeedNoHdfsKeys() {
    MaintenanceConfig mc = MaintenanceConfig.from(new Configuration(false));
    assertFalse(mc.enabled());
    assertEquals(new MaintenanceSettings(300_000, 60_000, 3_600_000, 1_800_000), mc.settings());
    assertEquals(1_000, mc.checkMs());
    assertEquals(6_000, mc.silentMs(), "two default heartbeats of 3 s");
    MaintenanceConfig on = MaintenanceConfig.from(enabled());
    assertTrue(on.enabled());
    assertEquals(dir.resolve("hosts.json").toAbsolutePath(), on.hostsFile());
  }

  @Test
  void missingHdfsKeysAreNamedWithTheFix() {
    Configuration conf = enabled();
    conf.unset("dfs.namenode.hosts.provider.classname");
    assertEquals("blink.maintenance.enabled = true needs dfs.namenode.hosts.provider.classname"
        + " = org.apache.hadoop.hdfs.server.blockmanagement.CombinedHostFileManager (found ''):"
        + " maintenance is set through the JSON hosts file; set it and dfs.hosts to a JSON file"
        + " the NameNode may write, or set blink.maintenance.enabled = false", failure(conf));
    conf = enabled();
    conf.unset("dfs.hosts");
    assertTrue(failure(conf).startsWith("blink.maintenance.enabled = true needs dfs.hosts: set it"
        + " to the path of the JSON hosts file BlinkHDFS writes"));
    conf.set("dfs.hosts", dir.resolve("no/such/dir/hosts.json").toString());
    assertEquals("dfs.hosts = '" + dir.resolve("no/such/dir/hosts.json") + "': directory "
        + dir.resolve("no/such/dir") + " does not exist; create it (BlinkHDFS writes the file"
        + " there)", failure(conf));
  }

  @Test
  void anExcludeFileListingDataNodesIsRefusedAnEmptyOneOnlyWarned() throws Exception {
    Configuration conf = enabled();
    Path exclude = dir.resolve("dfs.exclude");
    java.nio.file.Files.writeString(exclude, "\n");
    conf.set("dfs.hosts.exclude", exclude.toString());
    assertTrue(MaintenanceConfig.from(conf).enabled(), "empty: ignored with a warning");
    java.nio.file.Files.writeString(exclude, "10.0.0.7\n");
    assertEquals("dfs.hosts.exclude = '" + exclude + "' lists DataNodes, but with"
        + " blink.maintenance.enabled = true the NameNode reads only dfs.hosts (JSON,"
        + " CombinedHostFileManager ignores the exclude file), so they would rejoin; move them"
        + " into dfs.hosts as {\"hostName\": ..., \"port\": ..., \"adminState\":"
        + " \"DECOMMISSIONED\"} entries (BlinkHDFS keeps them) and unset dfs.hosts.exclude",
        failure(conf));
  }

  @Test
  void badValuesAreNamed() {
    Configuration conf = enabled();
    conf.set("blink.maintenance.enabled", "yes");
    assertEquals("blink.maintenance.enabled = 'yes' is invalid: give true or false (default"
        + " false)", failure(conf));
    conf = enabled();
    conf.set("blink.maintenance.check.ms", "10");
    assertEquals("blink.maintenance.check.ms = '10' is invalid: give a whole number of ms in"
        + " 100..600000 (default 1000)", failure(conf));
  }

  @Test
  void theSleepThresholdMustLeaveHalfTheDeadIntervalAsMargin() {
    Configuration conf = enabled();
    conf.setInt("dfs.namenode.heartbeat.recheck-interval", 2_000);
    conf.setLong("dfs.heartbeat.interval", 1);
    // dead after 2 x 2000 + 10 x 1000 = 14000 ms: threshold + check <= 7000
    conf.setLong("blink.maintenance.sleep.threshold.ms", 6_000);
    assertEquals(6_000, MaintenanceConfig.from(conf).settings().sleepThresholdMs());
    conf.setLong("blink.maintenance.sleep.threshold.ms", 6_001);
    assertEquals("blink.maintenance.sleep.threshold.ms = '6001' is too long: the NameNode"
        + " declares a silent DataNode dead after 14000 ms (2 x"
        + " dfs.namenode.heartbeat.recheck-interval = 2000 ms + 10 x dfs.heartbeat.interval = 1"
        + " s), and a sleeping BLINK node must be in maintenance well before that; give at most"
        + " 6000 (half the dead interval minus blink.maintenance.check.ms = 1000), or lengthen"
        + " the dead interval", failure(conf));
  }
}
