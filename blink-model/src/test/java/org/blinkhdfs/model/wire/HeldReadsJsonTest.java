package org.blinkhdfs.model.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@code PUT /v1/held}'s JSON: a round trip, and every bad input named with its fix. */
class HeldReadsJsonTest {
  @Test
  void roundTripsAndComputesWaitingReaders() {
    HeldReadsReport r = new HeldReadsReport("proxy1.example.com:14000", 4, 2_000, 10_000);
    String json = HeldReadsJson.write(r);
    assertEquals("{\"proxy\":\"proxy1.example.com:14000\",\"readsHeld\":4,\"heldMs\":2000,"
        + "\"periodMs\":10000}", json);
    assertEquals(r, HeldReadsJson.read(json));
    // 2000 ms held over 10000 ms: on average 0.2 readers waited
    assertEquals(0.2, r.waitingReaders(), 1e-12);
    assertEquals(r, HeldReadsJson.read(" {\"periodMs\": 10000, \"heldMs\": 2000, \"readsHeld\":"
        + " 4, \"proxy\": \" proxy1.example.com:14000 \"} "));
  }

  private static String refused(String json) {
    return assertThrows(IllegalArgumentException.class, () -> HeldReadsJson.read(json))
        .getMessage();
  }

  @Test
  void badInputIsNamed() {
    String ok = "\"proxy\": \"p:1\", \"heldMs\": 0, \"periodMs\": 1";
    assertEquals("readsHeld = -1 is invalid: give the reads held in the period, a whole number"
        + " >= 0", refused("{" + ok + ", \"readsHeld\": -1}"));
    assertEquals("held reads: readsHeld 4.5 is not a whole number: give a whole number >= 0 (e.g."
        + " {\"proxy\": \"proxy1:14000\", \"readsHeld\": 4, \"heldMs\": 2000, \"periodMs\":"
        + " 10000})", refused("{" + ok + ", \"readsHeld\": 4.5}"));
    assertEquals("held reads: readsHeld \"4\" is not a whole number: give a whole number >= 0"
        + " (e.g. {\"proxy\": \"proxy1:14000\", \"readsHeld\": 4, \"heldMs\": 2000, \"periodMs\":"
        + " 10000})", refused("{" + ok + ", \"readsHeld\": \"4\"}"));
    assertEquals("held reads: readsHeld 99999999999999999999 is not a whole number: give a whole"
        + " number >= 0 (e.g. {\"proxy\": \"proxy1:14000\", \"readsHeld\": 4, \"heldMs\": 2000,"
        + " \"periodMs\": 10000})", refused("{" + ok + ", \"readsHeld\": 99999999999999999999}"));
    assertEquals("periodMs = 0 is invalid: give the milliseconds the counts cover, a whole number"
        + " >= 1 (the proxy's blink.proxy.relay.held.report.ms)", refused("{\"proxy\": \"p:1\","
        + " \"readsHeld\": 0, \"heldMs\": 0, \"periodMs\": 0}"));
    assertEquals("proxy = 'no port' is invalid: give the relay's host:port (its"
        + " blink.proxy.relay.self or listening address), e.g. proxy1.example.com:14000",
        refused("{\"proxy\": \"no port\", \"readsHeld\": 0, \"heldMs\": 0, \"periodMs\": 1}"));
    assertEquals("held reads: unknown field 'extra': send only proxy, readsHeld, heldMs and"
        + " periodMs (e.g. {\"proxy\": \"proxy1:14000\", \"readsHeld\": 4, \"heldMs\": 2000,"
        + " \"periodMs\": 10000})", refused("{" + ok + ", \"readsHeld\": 1, \"extra\": 1}"));
    assertEquals("held reads: proxy is missing: give the relay's host:port (e.g. {\"proxy\":"
        + " \"proxy1:14000\", \"readsHeld\": 4, \"heldMs\": 2000, \"periodMs\": 10000})",
        refused("{\"readsHeld\": 0, \"heldMs\": 0, \"periodMs\": 1}"));
    assertEquals("held reads: expected a JSON object (e.g. {\"proxy\": \"proxy1:14000\","
        + " \"readsHeld\": 4, \"heldMs\": 2000, \"periodMs\": 10000})", refused("[1]"));
    // a duplicate field and trailing tokens are not valid JSON here (StrictJson)
    assertEquals(true, refused("{" + ok + ", \"readsHeld\": 1, \"readsHeld\": 2}")
        .startsWith("held reads: not valid JSON: "));
    assertEquals(true, refused("{" + ok + ", \"readsHeld\": 1} {}")
        .startsWith("held reads: not valid JSON: "));
  }
}
