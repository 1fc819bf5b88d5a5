package org.blinkhdfs.model.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link PopularityJson}: both ends agree on the body, and a body whose loads overflow is refused
 * at the wire (three loads of 1e308 once turned every ring node OFF under load-proportional).
 */
class PopularityJsonTest {
  @Test
  void roundTripsInOrder() {
    Map<String, Double> w = new LinkedHashMap<>();
    w.put("h2:9866", 12.5);
    w.put("h1:9866", 0.0);
    assertEquals(w, PopularityJson.read(PopularityJson.write(w)));
  }

  @Test
  void loadsWhoseSumIsNotFiniteAreRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PopularityJson.read("{\"nodes\": {\"a:1\": 1e308, \"b:1\": 1e308,"
            + " \"c:1\": 1e308}}"));
    assertTrue(e.getMessage().startsWith("popularity.nodes: the loads sum to Infinity, not a"
        + " finite number"), e.getMessage());
    assertEquals(Map.of("a:1", 1e308), PopularityJson.read("{\"nodes\": {\"a:1\": 1e308}}"),
        "one large load is still a load");
  }
}
