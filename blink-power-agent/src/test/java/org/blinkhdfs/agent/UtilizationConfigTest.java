package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The utilization probe's keys, through {@link AgentConfig}: values, defaults and errors. */
class UtilizationConfigTest {
  @TempDir Path tmp;

  private static UtilizationConfig parse(String... keyValues) {
    Configuration conf = new Configuration(false);
    for (int i = 0; i + 1 < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    return AgentConfig.parse(new String[] {"--node", "dn:9866", "--scheduler", "s:9877",
        "--actuator", "dry-run"}, conf).utilization();
  }

  private static String error(String key, String value) {
    return assertThrows(IllegalArgumentException.class, () -> parse(key, value)).getMessage();
  }

  @Test
  void defaultsAreProcAndEveryWholeDisk() {
    UtilizationConfig u = parse();
    assertEquals(Path.of("/proc"), u.procRoot());
    assertEquals(Set.of(), u.devices());
    assertEquals("utilization from /proc (every whole disk)", u.toString());
  }

  @Test
  void devicesAndRootFromTheKeys() {
    UtilizationConfig u = parse(UtilizationConfig.DEVICES_KEY, " sdb, nvme0n1 ,md0",
        UtilizationConfig.PROC_ROOT_KEY, tmp.toString());
    assertEquals(Set.of("sdb", "nvme0n1", "md0"), u.devices());
    assertEquals(tmp, u.procRoot());
    assertTrue(AgentConfig.KEYS.containsAll(List.of(UtilizationConfig.DEVICES,
        UtilizationConfig.PROC_ROOT)), "the defaults file test sees the keys via AgentConfig");
  }

  @Test
  void badValuesNameTheKeyTheValueAndTheFix() {
    assertEquals("blink.agent.utilization.devices = 'sda,/dev/sdb': '/dev/sdb' is not a block"
        + " device name; give names as in column 3 of /proc/diskstats, comma-separated (e.g."
        + " sda,nvme0n1, not /dev/sda), or leave it empty for every whole disk",
        error(UtilizationConfig.DEVICES_KEY, "sda,/dev/sdb"));
    assertTrue(error(UtilizationConfig.DEVICES_KEY, "sda,,sdb")
        .contains("'' is not a block device name"), "empty entry");
    assertTrue(error(UtilizationConfig.DEVICES_KEY, "sda sdb").contains("'sda sdb'"), "space");
    assertEquals("blink.agent.proc.root = 'proc' is not an absolute path: give the proc file"
        + " system's mount point, normally /proc", error(UtilizationConfig.PROC_ROOT_KEY, "proc"));
    String missing = tmp.resolve("nope").toString();
    assertEquals("blink.agent.proc.root = '" + missing + "' is not a directory: give a directory"
        + " holding diskstats and stat, or leave it unset for /proc",
        error(UtilizationConfig.PROC_ROOT_KEY, missing));
  }
}
