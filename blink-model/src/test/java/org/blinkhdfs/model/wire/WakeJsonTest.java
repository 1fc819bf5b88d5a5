package org.blinkhdfs.model.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.common.config.ConfigKey;
import org.junit.jupiter.api.Test;

/** {@link WakeJson}: both ends read what the other writes; bad requests name the field. */
class WakeJsonTest {
  static final WakeHold HOLD = new WakeHold("10.0.0.13:9866", 1_000, 21_000, "proxy drain");

  @Test
  void requestsAndAnswersRoundTrip() {
    WakeRequest r = new WakeRequest("10.0.0.13:9866", 20_000, "proxy drain");
    assertEquals("{\"node\":\"10.0.0.13:9866\",\"ms\":20000,\"reason\":\"proxy drain\"}",
        WakeJson.writeRequest(r));
    assertEquals(r, WakeJson.readRequest(WakeJson.writeRequest(r)));

    WakeDecision granted = new WakeDecision(WakeDecision.Outcome.GRANTED, HOLD, 30_000,
        Optional.empty(), "held");
    WakeAnswer inForce = WakeAnswer.of(granted, OptionalLong.of(2), "unused");
    assertEquals(200, inForce.httpStatus());
    assertEquals(inForce, WakeJson.readAnswer(WakeJson.writeAnswer(inForce)));

    WakeAnswer pending = WakeAnswer.of(granted, OptionalLong.empty(), "BELOW_MINIMUM: ...");
    assertEquals(202, pending.httpStatus());
    assertEquals("held; no epoch has it awake yet: BELOW_MINIMUM: ...", pending.message());

    WakeDecision refused = new WakeDecision(WakeDecision.Outcome.REFUSED, HOLD, 30_000,
        Optional.of(new ConfigKey("blink.scheduler.wake.max.nodes", "2", "nodes")), "too many");
    WakeAnswer no = WakeAnswer.of(refused, OptionalLong.of(2), "unused");
    assertEquals(409, no.httpStatus());
    assertEquals(OptionalLong.empty(), no.epoch(), "a refusal names no epoch");
    String json = WakeJson.writeAnswer(no);
    assertTrue(json.contains("\"error\":\"too many\"")
        && json.contains("\"setting\":\"blink.scheduler.wake.max.nodes\""), json);
    assertEquals(no, WakeJson.readAnswer(json));
  }

  @Test
  void badRequestsNameTheFieldAndTheFix() {
    assertEquals("wake.ms 1.5 must be a whole number of milliseconds >= 1, e.g. 20000",
        message("{\"node\": \"a:1\", \"ms\": 1.5, \"reason\": \"x\"}"));
    assertEquals("wake.ms is required: give how long the node must stay awake in milliseconds"
        + " (e.g. {\"node\": \"10.0.0.13:9866\", \"ms\": 20000, \"reason\": \"proxy drain\"})",
        message("{\"node\": \"a:1\", \"reason\": \"x\"}"));
    assertTrue(message("{\"node\": 7, \"ms\": 1, \"reason\": \"x\"}")
        .startsWith("wake.node 7 is not a string: give the DataNode transfer address"));
    assertTrue(message("[1]").startsWith("wake request: expected a JSON object"));
    assertTrue(message("{\"node\": \"a:1\", \"ms\": -3, \"reason\": \"x\"}")
        .startsWith("wake.ms = -3 is invalid"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> WakeJson.readAnswer("{\"outcome\": \"MAYBE\"}")).getMessage()
        .startsWith("wake.outcome 'MAYBE' is unknown"));
  }

  static String message(String json) {
    return assertThrows(IllegalArgumentException.class, () -> WakeJson.readRequest(json))
        .getMessage();
  }
}
