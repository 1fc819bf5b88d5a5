package org.blinkhdfs.model.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.blinkhdfs.model.api.ApiJson;
import org.blinkhdfs.model.api.ServerLoad;
import org.junit.jupiter.api.Test;

/**
 * Issue 45, finding 6: every JSON body of the /v1 wire refuses text after the document and a key
 * given twice (Jackson's defaults took the first document and the last value), and the Blink
 * API's numbers are JSON numbers, not strings of any Unicode digits.
 */
class StrictWireJsonTest {
  private static final String STATUS = "{\"version\": 1, \"node\": \"h:1\", \"state\": \"AWAKE\","
      + " \"atMs\": 5}";
  private static final String WAKE = "{\"node\": \"h:1\", \"ms\": 20000, \"reason\": \"r\"}";

  private static String error(Runnable r) {
    return assertThrows(IllegalArgumentException.class, r::run).getMessage();
  }

  @Test
  void aStatusWithTrailingTextOrATwiceGivenKeyIsRefused() {
    assertEquals(5, StatusJson.read(STATUS).atMs());
    String e = error(() -> StatusJson.read(STATUS + " {\"state\": \"ERROR\"}"));
    assertTrue(e.startsWith("status: not valid JSON: Trailing token"), e);
    e = error(() -> StatusJson.read(STATUS.replace("\"state\": \"AWAKE\"",
        "\"state\": \"AWAKE\", \"state\": \"ERROR\"")));
    assertTrue(e.startsWith("status: not valid JSON: Duplicate field 'state'"), e);
  }

  @Test
  void aWakeRequestWithTrailingTextOrATwiceGivenKeyIsRefused() {
    assertEquals(20_000, WakeJson.readRequest(WAKE).durationMs());
    String e = error(() -> WakeJson.readRequest(WAKE + "[]"));
    assertTrue(e.startsWith("wake request: not valid JSON: Trailing token"), e);
    e = error(() -> WakeJson.readRequest(WAKE.replace("\"ms\": 20000",
        "\"ms\": 20000, \"ms\": 86400000000")));
    assertTrue(e.startsWith("wake request: not valid JSON: Duplicate field 'ms'"), e);
  }

  @Test
  void popularityStaysStrict() {
    String e = error(() -> PopularityJson.read("{\"nodes\": {\"h:1\": 1, \"h:1\": 2}}"));
    assertTrue(e.contains("Duplicate field 'h:1'"), e);
  }

  @Test
  void apiAnswersTakeNumbersAsJsonNumbersOnly() {
    String good = "{\"node\":\"h:1\",\"counters\":{\"bytesRead\":1,\"bytesWritten\":2,"
        + "\"readOps\":3,\"writeOps\":4},\"asOfMs\":5,\"stale\":false,\"staleReason\":null}";
    assertEquals(3, ApiJson.read(good, ServerLoad.class).counters().readOps());
    // Arabic-Indic three as a string: Jackson's coercion parsed it with the JDK as 3.
    String e = error(() -> ApiJson.read(good.replace("\"readOps\":3", "\"readOps\":\"\u0663\""),
        ServerLoad.class));
    assertTrue(e.startsWith("not a ServerLoad: "), e);
    e = error(() -> ApiJson.read(good + "{}", ServerLoad.class));
    assertTrue(e.contains("Trailing token"), e);
    e = error(() -> ApiJson.read(good.replace("\"asOfMs\":5", "\"asOfMs\":5,\"asOfMs\":6"),
        ServerLoad.class));
    assertTrue(e.contains("Duplicate field 'asOfMs'"), e);
  }
}
