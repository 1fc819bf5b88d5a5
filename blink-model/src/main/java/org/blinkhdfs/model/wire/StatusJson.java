package org.blinkhdfs.model.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Optional;
import org.blinkhdfs.model.json.StrictJson;

/**
 * Reads and writes a {@link NodeStatus} as JSON, the form people and {@code curl} use with
 * {@code POST /v1/status}:
 *
 * <pre>
 * {"version": 1, "node": "10.0.0.11:9866", "state": "AWAKE", "epoch": 42,
 *  "atMs": 1790000012345, "measuredSleepMs": 31250, "utilization": 0.4, "detail": "real",
 *  "energy": {"sinceMs": 1789999000000, "awakeMs": 400000, "asleepMs": 600000,
 *             "transitionMs": 12345, "ioServerMs": 0}}
 * </pre>
 *
 * <p>{@code version}, {@code node}, {@code state} and {@code atMs} are required; the rest default
 * to -1 (epoch, utilization), 0 and "". {@code energy} ({@link EnergyCounters}) is optional:
 * absent or null from agents older than issue 38, which an older scheduler ignores like any
 * unknown field, so the format stays version 1 both ways. When present, all five of its fields
 * are required whole numbers {@code >= 0}. Unknown fields are ignored. Errors name the field.
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
    s.energy().ifPresent(e -> o.putObject("energy").put("sinceMs", e.sinceMs())
        .put("awakeMs", e.awakeMs()).put("asleepMs", e.asleepMs())
        .put("transitionMs", e.transitionMs()).put("ioServerMs", e.ioServerMs()));
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
          u == null ? -1 : u.asDouble(), text(root, "detail", ""), energy(root));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("status: " + e.getMessage(), e);
    }
  }

  private static Optional<EnergyCounters> energy(JsonNode root) {
    JsonNode e = root.get("energy");
    if (e == null || e.isNull()) {
      return Optional.empty();
    }
    if (!e.isObject()) {
      throw new IllegalArgumentException("energy " + e + " must be an object {\"sinceMs\": ...,"
          + " \"awakeMs\": ..., \"asleepMs\": ..., \"transitionMs\": ..., \"ioServerMs\": ...}");
    }
    return Optional.of(new EnergyCounters(integer(e, "energy.", "sinceMs", null),
        integer(e, "energy.", "awakeMs", null), integer(e, "energy.", "asleepMs", null),
        integer(e, "energy.", "transitionMs", null), integer(e, "energy.", "ioServerMs", null)));
  }

  private static long integer(JsonNode root, String field, Long defaultValue) {
    return integer(root, "", field, defaultValue);
  }

  private static long integer(JsonNode root, String prefix, String field, Long defaultValue) {
    JsonNode v = root.get(field);
    if (v == null || v.isNull()) {
      if (defaultValue == null) {
        throw new IllegalArgumentException("status." + prefix + field + " is required");
      }
      return defaultValue;
    }
    if (!v.isIntegralNumber() || !v.canConvertToLong()) {
      throw new IllegalArgumentException("status." + prefix + field + " " + v
          + " must be a whole number");
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
