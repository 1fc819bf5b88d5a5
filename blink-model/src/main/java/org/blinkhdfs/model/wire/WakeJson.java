package org.blinkhdfs.model.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.model.json.StrictJson;

/**
 * The JSON of {@code POST /v1/wake}, shared by the scheduler daemon (reads requests, writes
 * answers) and {@link SchedulerHttp#requestWake} (the reverse), so both ends agree by
 * construction.
 *
 * <pre>
 * request:  {"node": "10.0.0.13:9866", "ms": 20000, "reason": "proxy drain"}
 * answer:   {"outcome": "GRANTED", "node": "10.0.0.13:9866", "fromMs": 1790000041000,
 *            "untilMs": 1790000061000, "reason": "proxy drain", "epoch": 2,
 *            "reachableByMs": 1790000070000, "setting": null, "message": "..."}
 * refusal:  the same fields with "outcome": "REFUSED", "epoch": null, "setting":
 *           "blink.scheduler.wake.max.nodes", and "error" (= message), the API's error field
 * </pre>
 *
 * <p>All three request fields are required; unknown fields are ignored. Errors name the field,
 * the value and the fix, e.g. {@code wake.ms "20s" must be a whole number of milliseconds >= 1,
 * e.g. 20000}.
 *
 * <p>Thread-safe.
 */
public final class WakeJson {
  private static final ObjectMapper MAPPER = StrictJson.mapper();
  private static final String EXAMPLE =
      " (e.g. {\"node\": \"10.0.0.13:9866\", \"ms\": 20000, \"reason\": \"proxy drain\"})";

  private WakeJson() {}

  public static String writeRequest(WakeRequest r) {
    return MAPPER.createObjectNode().put("node", r.node()).put("ms", r.durationMs())
        .put("reason", r.reason()).toString();
  }

  /** @throws IllegalArgumentException naming the field, the value and the fix */
  public static WakeRequest readRequest(String json) {
    JsonNode root = object(json, "wake request");
    String node = text(root, "node", "the DataNode transfer address host:port as the schedule"
        + " lists it");
    JsonNode ms = root.get("ms");
    if (ms == null || ms.isNull()) {
      throw new IllegalArgumentException("wake.ms is required: give how long the node must stay"
          + " awake in milliseconds" + EXAMPLE);
    }
    if (!ms.isIntegralNumber() || !ms.canConvertToLong()) {
      throw new IllegalArgumentException("wake.ms " + ms + " must be a whole number of"
          + " milliseconds >= 1, e.g. 20000");
    }
    String reason = text(root, "reason", "who asks and why, e.g. \"proxy drain\"");
    try {
      return new WakeRequest(node, ms.asLong(), reason);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("wake." + e.getMessage(), e);
    }
  }

  public static ObjectNode answerNode(WakeAnswer a) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("outcome", a.outcome().name());
    o.put("node", a.node());
    o.put("fromMs", a.fromMs());
    o.put("untilMs", a.untilMs());
    o.put("reason", a.reason());
    if (a.epoch().isPresent()) {
      o.put("epoch", a.epoch().getAsLong());
    } else {
      o.putNull("epoch");
    }
    o.put("reachableByMs", a.reachableByMs());
    if (a.setting().isPresent()) {
      o.put("setting", a.setting().get());
    } else {
      o.putNull("setting");
    }
    o.put("message", a.message());
    if (a.isRefused()) {
      o.put("error", a.message());
    }
    return o;
  }

  public static String writeAnswer(WakeAnswer a) {
    return answerNode(a).toString();
  }

  /** @throws IllegalArgumentException naming the field when the answer is not one */
  public static WakeAnswer readAnswer(String json) {
    JsonNode root = object(json, "wake answer");
    String outcomeText = text(root, "outcome", "GRANTED, ALREADY_AWAKE or REFUSED");
    WakeDecision.Outcome outcome;
    try {
      outcome = WakeDecision.Outcome.valueOf(outcomeText);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("wake.outcome '" + outcomeText + "' is unknown: one of "
          + Arrays.toString(WakeDecision.Outcome.values()) + " was expected");
    }
    JsonNode epoch = root.get("epoch");
    JsonNode setting = root.get("setting");
    return new WakeAnswer(outcome, text(root, "node", "host:port"), whole(root, "fromMs"),
        whole(root, "untilMs"), text(root, "reason", "text"),
        epoch == null || epoch.isNull() ? OptionalLong.empty() : OptionalLong.of(epoch.asLong()),
        whole(root, "reachableByMs"),
        setting == null || setting.isNull() ? Optional.empty() : Optional.of(setting.asText()),
        text(root, "message", "text"));
  }

  private static JsonNode object(String json, String what) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(what + ": not valid JSON: " + e.getOriginalMessage()
          + EXAMPLE);
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException(what + ": expected a JSON object" + EXAMPLE);
    }
    return root;
  }

  private static String text(JsonNode root, String field, String fix) {
    JsonNode v = root.get(field);
    if (v == null || v.isNull() || !v.isTextual()) {
      throw new IllegalArgumentException("wake." + field + " " + (v == null ? "is missing" : v
          + " is not a string") + ": give " + fix);
    }
    return v.asText();
  }

  private static long whole(JsonNode root, String field) {
    JsonNode v = root.get(field);
    if (v == null || !v.isIntegralNumber()) {
      throw new IllegalArgumentException("wake." + field + " " + v + " must be a whole number");
    }
    return v.asLong();
  }
}
