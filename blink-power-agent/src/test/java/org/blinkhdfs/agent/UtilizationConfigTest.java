package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
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
    assertEquals(UtilizationConfig.Source.PROC, u.source());
    assertEquals("utilization from /proc (every whole disk)", u.toString());
  }

  @Test
  void devicesAndRootFromTheKeys() {
    UtilizationConfig u = parse(UtilizationConfig.DEVICES_KEY, " sdb, nvme0n1 ,md0",
        UtilizationConfig.PROC_ROOT_KEY, tmp.toString());
    assertEquals(Set.of("sdb", "nvme0n1", "md0"), u.devices());
    assertEquals(tmp, u.procRoot());
    assertTrue(AgentConfig.KEYS.containsAll(UtilizationConfig.KEYS),
        "the defaults file test sees the keys via AgentConfig");
  }

  @Test
  void theDataNodeSourceNeedsItsAddressAndCaps() {
    UtilizationConfig u = parse(UtilizationConfig.SOURCE_KEY, "datanode",
        UtilizationConfig.DATANODE_HTTP_KEY, "127.0.0.1:9864",
        UtilizationConfig.READ_CAP_KEY, "10485760", UtilizationConfig.WRITE_CAP_KEY, "5242880");
    assertEquals(UtilizationConfig.Source.DATANODE, u.source());
    assertEquals("utilization from DataNode 127.0.0.1:9864 transfers (caps read 10485760 B/s,"
        + " write 5242880 B/s)", u.toString());
    assertEquals("blink.agent.utilization.datanode.http = '': blink.agent.utilization.source ="
        + " datanode needs the DataNode's HTTP address as host:port (its"
        + " dfs.datanode.http.address, e.g. 127.0.0.1:9864)",
        assertThrows(IllegalArgumentException.class, () -> parse(UtilizationConfig.SOURCE_KEY,
            "datanode")).getMessage());
    assertEquals("blink.agent.utilization.write.cap.bytes.per.sec is not set:"
        + " blink.agent.utilization.source = datanode needs the node's transfer cap in bytes per"
        + " second (normally its dfs.datanode.data.write.bandwidthPerSec)",
        assertThrows(IllegalArgumentException.class, () -> parse(UtilizationConfig.SOURCE_KEY,
            "datanode", UtilizationConfig.DATANODE_HTTP_KEY, "dn:9864",
            UtilizationConfig.READ_CAP_KEY, "1")).getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> parse(
        UtilizationConfig.SOURCE_KEY, "datanode", UtilizationConfig.DATANODE_HTTP_KEY, "dn:9864",
        UtilizationConfig.READ_CAP_KEY, "0", UtilizationConfig.WRITE_CAP_KEY, "1"))
        .getMessage().startsWith("blink.agent.utilization.read.cap.bytes.per.sec = '0' is"
            + " invalid"));
    assertEquals("blink.agent.utilization.source = 'jmx': give proc (the host's disks and CPUs"
        + " from /proc) or datanode (the DataNode's transfer counters against its caps)",
        error(UtilizationConfig.SOURCE_KEY, "jmx"));
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
