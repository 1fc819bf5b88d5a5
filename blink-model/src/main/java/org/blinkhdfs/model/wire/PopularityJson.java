package org.blinkhdfs.model.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.blinkhdfs.model.json.StrictJson;

/**
 * The JSON of {@code PUT /v1/popularity}: each ring node's read load for load-proportional
 * blinking, shared by the scheduler daemon (reads it) and {@link SchedulerHttp#setPopularity}
 * (writes it), so both ends agree by construction.
 *
 * <pre>
 * {"nodes": {"10.0.0.11:9866": 12.5, "10.0.0.12:9866": 0.0}}
 * </pre>
 *
 * <p>Weights are relative (the policy only uses their proportions): finite numbers {@code >= 0}.
 * Errors name the field, the value and the fix, e.g. {@code popularity.nodes["h:9866"] -1 must
 * be a finite number >= 0 (a relative read load, e.g. 12.5)}; their sum must be finite too. A
 * node named twice and anything
 * after the object are refused. Which names are ring nodes is the scheduler's check, not this
 * format's.
 *
 * <p>Thread-safe.
 */
public final class PopularityJson {
  private static final ObjectMapper MAPPER = StrictJson.mapper();
  private static final String EXAMPLE =
      " (e.g. {\"nodes\": {\"10.0.0.11:9866\": 12.5, \"10.0.0.12:9866\": 0}})";

  private PopularityJson() {}

  public static String write(Map<String, Double> weights) {
    return node(weights).toString();
  }

  public static ObjectNode node(Map<String, Double> weights) {
    ObjectNode root = MAPPER.createObjectNode();
    ObjectNode nodes = root.putObject("nodes");
    weights.forEach(nodes::put);
    return root;
  }

  /**
   * The weights, in the body's order.
   *
   * @throws IllegalArgumentException naming the field, the value and the fix
   */
  public static Map<String, Double> read(String json) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("popularity: not valid JSON: " + e.getOriginalMessage()
          + EXAMPLE);
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("popularity: expected a JSON object" + EXAMPLE);
    }
    JsonNode nodes = root.get("nodes");
    if (nodes == null || !nodes.isObject()) {
      throw new IllegalArgumentException("popularity.nodes " + (nodes == null ? "is missing"
          : nodes + " is not an object") + ": give each ring node's read load" + EXAMPLE);
    }
    Map<String, Double> out = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = nodes.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode v = e.getValue();
      if (!v.isNumber() || !Double.isFinite(v.asDouble()) || v.asDouble() < 0) {
        throw new IllegalArgumentException("popularity.nodes[\"" + e.getKey() + "\"] " + v
            + " must be a finite number >= 0 (a relative read load, e.g. 12.5)");
      }
      out.put(e.getKey(), v.asDouble());
    }
    double sum = out.values().stream().mapToDouble(Double::doubleValue).sum();
    if (!Double.isFinite(sum)) {
      // Each load finite but their sum Infinity (say three of 1e308): the policy's proportions
      // would be NaN and every ring node OFF. Refused here, at the wire.
      throw new IllegalArgumentException("popularity.nodes: the loads sum to " + sum + ", not a"
          + " finite number: give relative loads of a sensible scale (e.g. reads per second)"
          + EXAMPLE);
    }
    return out;
  }
}
