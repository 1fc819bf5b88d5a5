package org.blinkhdfs.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The pending-containers keys and the ResourceManager document's parsing, on plain objects. */
class PendingContainersConfigTest {
  private static PendingContainersConfig of(Map<String, String> m) {
    return new PendingContainersConfig(m::get);
  }

  @Test
  void offByDefaultAndReadWhenAnAddressIsSet() {
    PendingContainersConfig off = of(Map.of());
    assertEquals(Optional.empty(), off.address());
    assertEquals(10_000, off.periodMs());
    PendingContainersConfig on = of(Map.of("blink.yarn.pending.address", "http://rm:8088",
        "blink.yarn.pending.period.ms", "5000"));
    assertEquals(Optional.of("rm:8088"), on.address());
    assertEquals(5_000, on.periodMs());
  }

  @Test
  void badValuesNameTheKeyAndTheFix() {
    assertEquals("blink.yarn.pending.address = 'https://rm:8090': an https ResourceManager web"
        + " address is not supported; give its http address (yarn.resourcemanager.webapp.address),"
        + " or leave the key empty", assertThrows(IllegalArgumentException.class,
            () -> of(Map.of("blink.yarn.pending.address", "https://rm:8090"))).getMessage());
    assertEquals("blink.yarn.pending.address = 'rm' is not host:port with a port in 1..65535:"
        + " give the ResourceManager's web address (yarn.resourcemanager.webapp.address), e.g."
        + " rm.example.com:8088", assertThrows(IllegalArgumentException.class,
            () -> of(Map.of("blink.yarn.pending.address", "rm"))).getMessage());
    assertEquals("blink.yarn.pending.period.ms = '10' is invalid: give a whole number of ms in"
        + " 100..600000 (default 10000)", assertThrows(IllegalArgumentException.class,
            () -> of(Map.of("blink.yarn.pending.period.ms", "10"))).getMessage());
  }

  @Test
  void parsesTheClusterMetricsAndRefusesAnythingElse() throws IOException {
    ObjectMapper m = new ObjectMapper();
    // the shape of Hadoop 3.5's ClusterMetricsInfo, cut down
    assertEquals(7, PendingContainersPoller.parse(m.readTree("{\"clusterMetrics\":"
        + " {\"appsPending\": 1, \"containersAllocated\": 2, \"containersPending\": 7}}"), "u"));
    assertEquals(0, PendingContainersPoller.parse(m.readTree(
        "{\"clusterMetrics\": {\"containersPending\": 0}}"), "u"));
    for (String bad : new String[] {"{}", "{\"clusterMetrics\": {}}",
        "{\"clusterMetrics\": {\"containersPending\": -1}}",
        "{\"clusterMetrics\": {\"containersPending\": 1.5}}",
        "{\"clusterMetrics\": {\"containersPending\": \"3\"}}"}) {
      IOException e = assertThrows(IOException.class,
          () -> PendingContainersPoller.parse(m.readTree(bad), "http://rm:8088/ws/v1/cluster/"
              + "metrics"));
      assertEquals(true, e.getMessage().startsWith("http://rm:8088/ws/v1/cluster/metrics has no"
          + " clusterMetrics.containersPending >= 0 (got "), e.getMessage());
      assertEquals(true, e.getMessage().endsWith("): is blink.yarn.pending.address a"
          + " ResourceManager's web address?"), e.getMessage());
    }
  }
}
