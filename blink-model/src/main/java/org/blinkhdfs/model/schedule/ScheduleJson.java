package org.blinkhdfs.model.schedule;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.OptionalLong;
import org.blinkhdfs.model.json.StrictJson;

/**
 * Reads and writes the schedule JSON of ARCHITECTURE.md.
 *
 * <p>Grammar (version 1):
 *
 * <pre>
 * schedule := { "version": 1, "epoch": long&gt;=0, "intervalStartMs": long&gt;=0,
 *               "intervalMs": long&gt;0, ["validUntilMs": long], "nodes": [ node* ], other* }
 * node     := { "node": "host:port", "mode": "ACTIVE"|"BLINK"|"IO_SERVER"|"OFF",
 *               ["activeOffsetMs": long, "activeMs": long]   -- required for BLINK only
 *               ["role": "STAGING"|"RING"], other* }
 * </pre>
 *
 * <p>Reading is strict about what it knows (a wrong type, unknown mode, missing field or window
 * outside the interval fails with the JSON path, the value and the fix; so do an interval or a
 * time outside {@link ScheduleLimits}, a key given twice and anything after the document, see
 * {@link StrictJson}) and lenient about what it does not: unknown extra fields are ignored so the
 * format can grow. Window fields on a mode other
 * than BLINK are refused, because a writer that sends them most likely meant BLINK.
 *
 * <p>Writing emits fields in the documented order, one node per line, {@code role} only for
 * staging nodes and {@code validUntilMs} only when set, so {@code write(read(x))} is stable.
 *
 * <p>Thread-safe: the shared {@link ObjectMapper} is only used for tree reads and writes.
 */
public final class ScheduleJson {
  private static final ObjectMapper MAPPER = StrictJson.mapper();

  private ScheduleJson() {}

  /** Parses and validates a schedule. */
  public static Schedule read(String json) {
    try {
      return fromTree(MAPPER.readTree(json));
    } catch (JsonProcessingException e) {
      throw notJson(e);
    }
  }

  /**
   * Parses and validates a schedule from a stream (not closed). Bytes that are no text in the
   * encoding the stream's first bytes announce (UTF-8, -16 or -32) are an invalid schedule, not
   * an I/O error; only a failing stream throws {@link IOException}.
   */
  public static Schedule read(InputStream in) throws IOException {
    try {
      return fromTree(MAPPER.readTree(in));
    } catch (JsonProcessingException | CharConversionException e) {
      throw notJson(e);
    }
  }

  /**
   * The error for text that is not JSON. Jackson gives no location for a limit it enforces before
   * parsing (a number of more than 1,000 digits, nesting deeper than 1,000), so it is optional.
   */
  private static InvalidScheduleException notJson(IOException e) {
    JsonLocation at = e instanceof JsonProcessingException j ? j.getLocation() : null;
    String what = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
    return new InvalidScheduleException("$", "not valid JSON: " + what + (at == null ? ""
        : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"), e);
  }

  /** Writes {@code schedule} as JSON text ending in a newline. */
  public static String write(Schedule schedule) {
    StringBuilder sb = new StringBuilder();
    sb.append("{\n");
    sb.append("  \"version\": ").append(Schedule.VERSION).append(",\n");
    sb.append("  \"epoch\": ").append(schedule.epoch()).append(",\n");
    sb.append("  \"intervalStartMs\": ").append(schedule.intervalStartMs()).append(",\n");
    sb.append("  \"intervalMs\": ").append(schedule.intervalMs()).append(",\n");
    if (schedule.validUntilMs().isPresent()) {
      sb.append("  \"validUntilMs\": ").append(schedule.validUntilMs().getAsLong()).append(",\n");
    }
    sb.append("  \"nodes\": [");
    for (int i = 0; i < schedule.nodes().size(); i++) {
      sb.append(i == 0 ? "\n" : ",\n").append("    ").append(nodeJson(schedule.nodes().get(i)));
    }
    sb.append(schedule.nodes().isEmpty() ? "]\n" : "\n  ]\n");
    sb.append("}\n");
    return sb.toString();
  }

  private static String nodeJson(NodeSchedule n) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("node", n.node());
    o.put("mode", n.mode().name());
    if (n.mode() == NodeMode.BLINK) {
      o.put("activeOffsetMs", n.activeOffsetMs());
      o.put("activeMs", n.activeMs());
    }
    if (n.isStaging()) {
      o.put("role", NodeRole.STAGING.name());
    }
    try {
      return MAPPER.writeValueAsString(o).replace(",\"", ", \"").replace("\":", "\": ");
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Schedule fromTree(JsonNode root) {
    if (root == null || !root.isObject()) {
      throw new InvalidScheduleException("$", "a schedule is a JSON object {\"version\": 1, ...}");
    }
    long version = requiredLong(root, "version", "version");
    if (version != Schedule.VERSION) {
      throw new InvalidScheduleException("version", "unsupported version " + version
          + ": this build reads version " + Schedule.VERSION);
    }
    long intervalStartMs = requiredLong(root, "intervalStartMs", "intervalStartMs");
    long intervalMs = requiredLong(root, "intervalMs", "intervalMs");
    OptionalLong validUntilMs = optionalLong(root, "validUntilMs", "validUntilMs");
    ScheduleLimits.checkWire(intervalStartMs, intervalMs, validUntilMs);
    Schedule.Builder b = Schedule.builder()
        .epoch(requiredLong(root, "epoch", "epoch"))
        .intervalStartMs(intervalStartMs)
        .intervalMs(intervalMs);
    b.validUntilMs(validUntilMs);
    JsonNode nodes = root.get("nodes");
    if (nodes == null || !nodes.isArray()) {
      throw new InvalidScheduleException("nodes",
          "missing or not an array: list the DataNodes, e.g. \"nodes\": [{\"node\": "
              + "\"10.0.0.11:9866\", \"mode\": \"ACTIVE\"}]");
    }
    for (int i = 0; i < nodes.size(); i++) {
      b.add(nodeFromTree(nodes.get(i), "nodes[" + i + "]"));
    }
    return b.build();
  }

  private static NodeSchedule nodeFromTree(JsonNode n, String path) {
    if (!n.isObject()) {
      throw new InvalidScheduleException(path, "each node entry is a JSON object");
    }
    String node = requiredText(n, "node", path + ".node");
    NodeMode mode = parseEnum(NodeMode.class, requiredText(n, "mode", path + ".mode"),
        path + ".mode");
    NodeRole role = n.has("role")
        ? parseEnum(NodeRole.class, requiredText(n, "role", path + ".role"), path + ".role")
        : NodeRole.RING;
    if (mode == NodeMode.BLINK) {
      if (role == NodeRole.STAGING) {
        throw new InvalidScheduleException(path + ".mode",
            "staging node '" + node + "' has mode BLINK: staging nodes must be ACTIVE");
      }
      return NodeSchedule.blink(node, requiredLong(n, "activeOffsetMs", path + ".activeOffsetMs"),
          requiredLong(n, "activeMs", path + ".activeMs"));
    }
    for (String f : new String[] {"activeOffsetMs", "activeMs"}) {
      if (n.has(f)) {
        throw new InvalidScheduleException(path + "." + f, f + " applies to mode BLINK only,"
            + " but the mode is " + mode + ": remove it or set \"mode\": \"BLINK\"");
      }
    }
    if (role == NodeRole.STAGING) {
      if (mode != NodeMode.ACTIVE) {
        throw new InvalidScheduleException(path + ".mode",
            "staging node '" + node + "' has mode " + mode + ": staging nodes must be ACTIVE");
      }
      return NodeSchedule.staging(node);
    }
    return NodeSchedule.of(node, mode);
  }

  private static long requiredLong(JsonNode obj, String name, String path) {
    JsonNode v = obj.get(name);
    if (v == null || v.isNull()) {
      throw new InvalidScheduleException(path, "required field is missing");
    }
    return asLong(v, path);
  }

  private static OptionalLong optionalLong(JsonNode obj, String name, String path) {
    JsonNode v = obj.get(name);
    return v == null || v.isNull() ? OptionalLong.empty() : OptionalLong.of(asLong(v, path));
  }

  private static long asLong(JsonNode v, String path) {
    if (!v.isIntegralNumber() || !v.canConvertToLong()) {
      throw new InvalidScheduleException(path,
          "value " + v + " is not a whole number of milliseconds (or integer)");
    }
    long x = v.asLong();
    if (x < 0) {
      throw new InvalidScheduleException(path, "value " + x + " is negative: use a value >= 0");
    }
    return x;
  }

  private static String requiredText(JsonNode obj, String name, String path) {
    JsonNode v = obj.get(name);
    if (v == null || v.isNull()) {
      throw new InvalidScheduleException(path, "required field is missing");
    }
    if (!v.isTextual()) {
      throw new InvalidScheduleException(path, "value " + v + " must be a string");
    }
    return v.asText();
  }

  private static <E extends Enum<E>> E parseEnum(Class<E> type, String text, String path) {
    for (E e : type.getEnumConstants()) {
      if (e.name().equals(text)) {
        return e;
      }
    }
    throw new InvalidScheduleException(path, "unknown value '" + text + "': use one of "
        + Arrays.toString(type.getEnumConstants()).toUpperCase(Locale.ROOT));
  }
}
