package org.blinkhdfs.model.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Set;
import org.blinkhdfs.model.json.StrictJson;

/**
 * The JSON of {@code PUT /v1/held} ({@link HeldReadsReport}), shared by the proxy (writes it)
 * and the scheduler (reads it), so both ends agree by construction.
 *
 * <pre>
 * {"proxy": "proxy1:14000", "readsHeld": 4, "heldMs": 2000, "periodMs": 10000}
 * </pre>
 *
 * <p>Strict: every field required, whole numbers only (no 4.5, no "4"), no unknown field, no
 * field twice, nothing after the object. Errors name the field, the value and the fix.
 *
 * <p>Thread-safe.
 */
public final class HeldReadsJson {
  private static final ObjectMapper MAPPER = StrictJson.mapper();
  private static final Set<String> FIELDS = Set.of("proxy", "readsHeld", "heldMs", "periodMs");
  private static final String EXAMPLE = " (e.g. {\"proxy\": \"proxy1:14000\", \"readsHeld\": 4,"
      + " \"heldMs\": 2000, \"periodMs\": 10000})";

  private HeldReadsJson() {}

  public static String write(HeldReadsReport r) {
    return node(r).toString();
  }

  public static ObjectNode node(HeldReadsReport r) {
    return MAPPER.createObjectNode().put("proxy", r.proxy()).put("readsHeld", r.readsHeld())
        .put("heldMs", r.heldMs()).put("periodMs", r.periodMs());
  }

  /**
   * The report in {@code json}.
   *
   * @throws IllegalArgumentException naming the field, the value and the fix
   */
  public static HeldReadsReport read(String json) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("held reads: not valid JSON: " + e.getOriginalMessage()
          + EXAMPLE);
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("held reads: expected a JSON object" + EXAMPLE);
    }
    for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!FIELDS.contains(f)) {
        throw new IllegalArgumentException("held reads: unknown field '" + abbreviate(f)
            + "': send only proxy, readsHeld, heldMs and periodMs" + EXAMPLE);
      }
    }
    JsonNode proxy = root.get("proxy");
    if (proxy == null || !proxy.isTextual()) {
      throw new IllegalArgumentException("held reads: proxy " + (proxy == null ? "is missing"
          : abbreviate(proxy.toString()) + " is not a string") + ": give the relay's host:port"
          + EXAMPLE);
    }
    return new HeldReadsReport(proxy.asText(), whole(root, "readsHeld"), whole(root, "heldMs"),
        whole(root, "periodMs"));
  }

  private static long whole(JsonNode root, String field) {
    JsonNode v = root.get(field);
    if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
      throw new IllegalArgumentException("held reads: " + field + " " + (v == null
          ? "is missing" : abbreviate(v.toString()) + " is not a whole number")
          + ": give a whole number >= 0" + EXAMPLE);
    }
    return v.asLong();
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }
}
