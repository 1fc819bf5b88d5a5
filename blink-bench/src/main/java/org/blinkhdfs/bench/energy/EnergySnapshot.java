package org.blinkhdfs.bench.energy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.model.json.StrictJson;

/**
 * The scheduler's cumulative energy counters at one instant, as {@code GET /v1/energy} serves
 * them (docs/scheduler-api.md). A bench takes one snapshot when a cell starts and one when it
 * ends; {@link CellEnergy#between} turns the difference into the cell's energy, mean power,
 * budget and seconds over budget.
 *
 * <p>Why cumulative counters and not per-cell queries: the scheduler cannot know where a bench's
 * cells begin, and differences of monotone counters need no coordination and lose nothing when a
 * query is late.
 *
 * @param atMs when the scheduler took the counters, wall clock ms
 * @param joules the DataNodes' energy so far, overhead excluded (J)
 * @param overheadJoules the always-on equipment's energy so far (J)
 * @param budgetJoules the DataNode power budget integrated over the accounted time (J)
 * @param accountedMs the time the counters cover
 * @param overBudgetMs completed intervals whose drawn energy exceeded their budget
 * @param budgetWatts the budget in force at {@code atMs}
 * @param nodeJoules energy per DataNode ({@code host:port} → J)
 * @param intervals the recent intervals the scheduler has judged, oldest first
 */
public record EnergySnapshot(long atMs, double joules, double overheadJoules,
    double budgetJoules, long accountedMs, long overBudgetMs, double budgetWatts,
    Map<String, Double> nodeJoules, List<JudgedInterval> intervals) {

  /** A snapshot without judged intervals. */
  public EnergySnapshot(long atMs, double joules, double overheadJoules, double budgetJoules,
      long accountedMs, long overBudgetMs, double budgetWatts, Map<String, Double> nodeJoules) {
    this(atMs, joules, overheadJoules, budgetJoules, accountedMs, overBudgetMs, budgetWatts,
        nodeJoules, List.of());
  }

  public EnergySnapshot {
    requireNonNegative("cluster.joules", joules);
    requireNonNegative("cluster.overheadJoules", overheadJoules);
    requireNonNegative("cluster.budgetJoules", budgetJoules);
    requireNonNegative("cluster.accountedMs", accountedMs);
    requireNonNegative("cluster.overBudgetMs", overBudgetMs);
    requireNonNegative("cluster.budgetWatts", budgetWatts);
    nodeJoules = Map.copyOf(nodeJoules);
    intervals = List.copyOf(intervals);
  }

  /**
   * Parses the body of {@code GET /v1/energy}; a missing or malformed field is an {@link
   * IOException} naming it and the body's start, so a bench against an older scheduler says why.
   */
  public static EnergySnapshot parse(String json) throws IOException {
    JsonNode root;
    try {
      root = StrictJson.mapper().readTree(json);
    } catch (IOException e) {
      throw new IOException("GET /v1/energy answered no JSON (" + e.getMessage() + "): "
          + start(json), e);
    }
    JsonNode cluster = field(root, "cluster", json);
    Map<String, Double> nodes = new LinkedHashMap<>();
    for (JsonNode n : field(root, "nodes", json)) {
      nodes.put(field(n, "node", json).asText(), number(n, "joules", json));
    }
    List<JudgedInterval> intervals = new ArrayList<>();
    JsonNode judged = root.get("intervals");
    try {
      if (judged != null && judged.isArray()) {
        for (JsonNode i : judged) {
          intervals.add(new JudgedInterval(field(i, "startMs", json).asLong(),
              field(i, "endMs", json).asLong(), number(i, "drawnJoules", json),
              number(i, "budgetJoules", json)));
        }
      }
      return new EnergySnapshot(field(root, "atMs", json).asLong(),
          number(cluster, "joules", json), number(cluster, "overheadJoules", json),
          number(cluster, "budgetJoules", json), field(cluster, "accountedMs", json).asLong(),
          field(cluster, "overBudgetMs", json).asLong(), number(cluster, "budgetWatts", json),
          nodes, intervals);
    } catch (IllegalArgumentException e) {
      throw new IOException("GET /v1/energy: " + e.getMessage() + ": " + start(json), e);
    }
  }

  private static JsonNode field(JsonNode node, String name, String json) throws IOException {
    JsonNode v = node == null ? null : node.get(name);
    if (v == null || v.isNull()) {
      throw new IOException("GET /v1/energy: field '" + name + "' is missing; the scheduler"
          + " must be BlinkHDFS with energy accounting (issue 38): " + start(json));
    }
    return v;
  }

  private static double number(JsonNode node, String name, String json) throws IOException {
    JsonNode v = field(node, name, json);
    if (!v.isNumber()) {
      throw new IOException("GET /v1/energy: field '" + name + "' = " + v + " is not a number: "
          + start(json));
    }
    return v.asDouble();
  }

  private static String start(String json) {
    return json.length() <= 200 ? json : json.substring(0, 200) + "...";
  }

  private static void requireNonNegative(String what, double v) {
    if (!(v >= 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(what + " = " + v + " must be a finite number >= 0");
    }
  }
}
