package org.blinkhdfs.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class YarnPublisherConfigTest {
  private static YarnPublisherConfig of(Map<String, String> m) {
    return new YarnPublisherConfig(m::get);
  }

  private static String error(Map<String, String> m) {
    return assertThrows(IllegalArgumentException.class, () -> of(m)).getMessage();
  }

  @Test
  void defaults() {
    YarnPublisherConfig c = of(Map.of());
    assertFalse(c.enabled());
    assertEquals(10_000, c.closeLeadMs);
    assertEquals(10_000, c.periodMs);
    assertEquals(10_000, c.rpcMaxWaitMs);
    assertTrue(c.nodes.isEmpty());
  }

  @Test
  void explicitNodeMap() {
    YarnPublisherConfig c = of(Map.of("blink.yarn.publisher.enabled", "TRUE", "blink.yarn.nodes",
        " 127.0.0.1:9866=localhost:40001, 127.0.0.1:9867 = localhost:40002"));
    assertTrue(c.enabled());
    assertEquals(Map.of("127.0.0.1:9866", "localhost:40001", "127.0.0.1:9867",
        "localhost:40002"), c.nodes);
  }

  @Test
  void badValuesNameTheKeyTheValueAndTheFix() {
    assertEquals("blink.yarn.close.lead.ms = 6000 ms is not below blink.interval.ms = 6000 ms:"
        + " no blink window could ever offer compute; give the few seconds a container needs to"
        + " start, well below the interval (default 10000 for a 60000 ms interval)",
        error(Map.of("blink.yarn.publisher.enabled", "true", "blink.interval.ms", "6000",
            "blink.yarn.close.lead.ms", "6000")));
    // disabled, a short demo interval needs no lead setting
    assertFalse(of(Map.of("blink.interval.ms", "6000")).enabled());
    assertEquals("blink.yarn.nodes lists '127.0.0.1:9866': give"
        + " dataNodeXferAddr=nodeManagerHost:port, comma-separated, e.g."
        + " 127.0.0.1:9866=localhost:40001", error(Map.of("blink.yarn.nodes", "127.0.0.1:9866")));
    assertEquals("blink.yarn.nodes maps DataNode a:1 twice: keep one entry",
        error(Map.of("blink.yarn.nodes", "a:1=b:2,a:1=c:3")));
    assertEquals("blink.yarn.publisher.enabled = 'yes' is invalid: give true or false (default"
        + " false)", error(Map.of("blink.yarn.publisher.enabled", "yes")));
    assertTrue(error(Map.of("blink.yarn.publisher.period.ms", "5")).startsWith(
        "blink.yarn.publisher.period.ms = '5' is invalid"));
  }
}
