package org.blinkhdfs.model.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import org.blinkhdfs.model.json.StrictJson;

/**
 * Reads and writes a {@link NodeStatus} as JSON, the form people and {@code curl} use with
 * {@code POST /v1/status}:
 *
 * <pre>
 * {"version": 1, "node": "10.0.0.11:9866", "state": "AWAKE", "epoch": 42,
 *  "atMs": 1790000012345, "measuredSleepMs": 31250, "utilization": 0.4, "detail": "real"}
 * </pre>
 *
 * <p>{@code version}, {@code node}, {@code state} and {@code atMs} are required; the rest default
 * to -1 (epoch, utilization), 0 and "". Unknown fields are ignored. Errors name the field.
 *
 * <p>Thread-safe.
 */
public final class StatusJson {
  private static final ObjectMapper MAPPER = StrictJson.mapper();

  private StatusJson() {}

  public static String write(NodeStatus s) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("version", WireCodec.VERSION);
    o.put("node", s.node());
    o.put("state", s.state().name());
    o.put("epoch", s.epoch());
    o.put("atMs", s.atMs());
    o.put("measuredSleepMs", s.measuredSleepMs());
    o.put("utilization", s.utilization());
    o.put("detail", s.detail() == null ? "" : s.detail());
    return o.toString();
  }

  public static NodeStatus read(String json) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("status: not valid JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("status: expected a JSON object {\"version\": 1, ...}");
    }
    long version = integer(root, "version", null);
    if (version != WireCodec.VERSION) {
      throw new IllegalArgumentException("status.version " + version
          + " is not supported: this build reads version " + WireCodec.VERSION);
    }
    String stateText = text(root, "state", null);
    NodeStatus.State state;
    try {
      state = NodeStatus.State.valueOf(stateText);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("status.state '" + stateText + "' is unknown: use one of "
          + Arrays.toString(NodeStatus.State.values()));
    }
    JsonNode u = root.get("utilization");
    if (u != null && !u.isNumber()) {
      throw new IllegalArgumentException("status.utilization " + u + " must be a number");
    }
    try {
      return new NodeStatus(text(root, "node", null), state, integer(root, "epoch", -1L),
          integer(root, "atMs", null), integer(root, "measuredSleepMs", 0L),
          u == null ? -1 : u.asDouble(), text(root, "detail", ""));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("status: " + e.getMessage(), e);
    }
  }

  private static long integer(JsonNode root, String field, Long defaultValue) {
    JsonNode v = root.get(field);
    if (v == null || v.isNull()) {
      if (defaultValue == null) {
        throw new IllegalArgumentException("status." + field + " is required");
      }
      return defaultValue;
    }
    if (!v.isIntegralNumber() || !v.canConvertToLong()) {
      throw new IllegalArgumentException("status." + field + " " + v + " must be a whole number");
    }
    return v.asLong();
  }

  private static String text(JsonNode root, String field, String defaultValue) {
    JsonNode v = root.get(field);
    if (v == null || v.isNull()) {
      if (defaultValue == null) {
        throw new IllegalArgumentException("status." + field + " is required");
      }
      return defaultValue;
    }
    if (!v.isTextual()) {
      throw new IllegalArgumentException("status." + field + " " + v + " must be a string");
    }
    return v.asText();
  }
}
