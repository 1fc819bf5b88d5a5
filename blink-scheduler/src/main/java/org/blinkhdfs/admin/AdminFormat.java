package org.blinkhdfs.admin;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.blinkhdfs.model.wire.WakeAnswer;

/**
 * Turns the scheduler's JSON answers ({@code GET /v1/power}, {@code GET /v1/nodes}; fields in
 * {@code docs/scheduler-api.md}) into the text {@code blinkadmin} prints. Pure functions of the
 * JSON; a field the scheduler does not send prints as {@code -}, never fails, so an older or newer
 * scheduler still gives a readable report.
 *
 * <p>{@code -report} is shaped like {@code hdfs dfsadmin -report}: summary lines, a dashed
 * rule, then a block per node, e.g.
 *
 * <pre>
 * Name: 10.0.0.11:9866
 * Role: RING
 * Mode: BLINK
 * Window: awake from 0 ms into the interval for 20000 ms
 * Last status: AWAKE epoch 42
 * Measured sleep: 39870 ms
 * Silent: 1234 ms
 * Flags: none
 * </pre>
 *
 * <p>With recovery (Rabbit §3.5) a failed primary is flagged {@code FAILED}, each node woken for
 * it {@code RECOVERY for 10.0.0.11:9866}, and the summary ends with one {@code Recovery (...):
 * failed ..., woke ...} line per failed node. A node held awake by a wake request is flagged
 * {@code WAKE until <instant> (<reason>)}; {@code -wake} prints {@link #wake}.
 *
 * <p>Stateless; thread-safe.
 */
final class AdminFormat {
  private AdminFormat() {}

  /** The {@code -getPower} text. */
  static String power(JsonNode p) {
    StringBuilder sb = new StringBuilder();
    line(sb, "available", String.format(Locale.ROOT, "%s W for the DataNodes (%s%% of p_total)",
        num(p, "availableNodeWatts"), num(p, "percentOfTotal")));
    line(sb, "override", has(p, "override") ? p.get("override").asText()
        : "none (following the signal)");
    if (has(p, "signal")) {
      line(sb, "signal", text(p, "signal"));
    }
    String msg = text(p, "statusMessage");
    line(sb, "status", text(p, "status") + (msg.equals("-") || msg.isEmpty() ? "" : ": " + msg));
    String lease = has(p, "validUntilMs")
        ? "lease until " + Instant.ofEpochMilli(p.get("validUntilMs").asLong()) : "no lease";
    line(sb, "epoch", text(p, "epoch") + ", " + lease);
    line(sb, "planned", String.format(Locale.ROOT, "%s W; shortfall %s W; always-on overhead %s W",
        num(p, "plannedWatts"), num(p, "shortfallWatts"), num(p, "overheadWatts"))
        + (p.path("wakeWatts").asDouble(0) > 0
            ? "; " + num(p, "wakeWatts") + " W of it for wake requests" : ""));
    if (p.path("battery").isObject()) {
      sb.append(battery(p.get("battery")));
    }
    return sb.toString();
  }

  /**
   * The battery signal's decision ({@code GET /v1/battery}, {@code /v1/power}'s {@code
   * battery}): e.g. {@code battery: RIDE_THROUGH, 94.5 W planned ...; target 90 min from the
   * outage at ...} and the reason on the next line.
   */
  static String battery(JsonNode b) {
    StringBuilder sb = new StringBuilder();
    String outage = has(b, "outageStartMs")
        ? " from the outage at " + Instant.ofEpochMilli(b.get("outageStartMs").asLong())
        : " from the next outage";
    line(sb, "battery", String.format(Locale.ROOT, "%s, %s W planned for the whole cluster;"
        + " target %d min%s%s", text(b, "verdict"), num(b, "plannedClusterWatts"),
        b.path("targetMs").asLong() / 60_000, outage,
        b.path("overridden").asBoolean() ? " (not applied: power override in force)" : ""));
    line(sb, "why", text(b, "reason"));
    return sb.toString();
  }

  /**
   * The {@code -wake} text, e.g. {@code 10.0.0.13:9866: GRANTED until 2026-...Z (proxy drain),
   * awake in epoch 42} and, for a node asleep at the request, when it wakes to see that.
   */
  static String wake(WakeAnswer a, long nowMs) {
    StringBuilder sb = new StringBuilder();
    sb.append(a.node()).append(": ").append(a.outcome()).append(" until ")
        .append(Instant.ofEpochMilli(a.untilMs())).append(" (").append(a.reason()).append(')');
    sb.append(a.epoch().isPresent() ? ", awake in epoch " + a.epoch().getAsLong()
        : ", not in a published epoch yet").append('\n');
    if (a.reachableByMs() > nowMs) {
      sb.append(String.format(Locale.ROOT, "asleep at the request: it wakes at its alarm at %s"
          + " (in %d ms) and then stays awake%n", Instant.ofEpochMilli(a.reachableByMs()),
          a.reachableByMs() - nowMs));
    }
    sb.append(a.message()).append('\n');
    return sb.toString();
  }

  /**
   * The {@code -report} text, shaped like {@code hdfs dfsadmin -report}: a summary of the power
   * and the nodes ({@code Key: value} lines), a dashed rule, then one block per node, ring nodes
   * first, each {@code Name:} line followed by its role, mode, window, last status, measured
   * sleep, silence and flags.
   *
   * @param power the {@code GET /v1/power} answer
   * @param root the {@code GET /v1/nodes} answer
   */
  static String report(JsonNode power, JsonNode root) {
    StringBuilder sb = new StringBuilder();
    JsonNode nodes = root.path("nodes");
    int failed = 0;
    int ring = 0;
    int staging = 0;
    int awake = 0;
    int asleep = 0;
    int off = 0;
    for (JsonNode n : nodes) {
      failed += n.path("failed").asBoolean(false) ? 1 : 0;
      ring += "RING".equals(text(n, "role")) ? 1 : 0;
      staging += "STAGING".equals(text(n, "role")) ? 1 : 0;
      String state = n.path("lastStatus").path("state").asText("");
      awake += state.equals("AWAKE") ? 1 : 0;
      asleep += state.equals("ASLEEP") ? 1 : 0;
      off += "OFF".equals(text(n, "mode")) ? 1 : 0;
    }
    sb.append(String.format(Locale.ROOT, "Available power: %s W for the DataNodes (%s%% of"
        + " p_total)%n", num(power, "availableNodeWatts"), num(power, "percentOfTotal")));
    sb.append("Power override: ").append(has(power, "override") ? power.get("override").asText()
        : "none (following the signal)").append('\n');
    sb.append(String.format(Locale.ROOT, "Planned power: %s W (shortfall %s W, always-on"
        + " overhead %s W)%n", num(power, "plannedWatts"), num(power, "shortfallWatts"),
        num(power, "overheadWatts")));
    sb.append("Schedule epoch: ").append(text(power, "epoch")).append(has(power, "validUntilMs")
        ? ", lease until " + Instant.ofEpochMilli(power.get("validUntilMs").asLong())
        : ", no lease").append('\n');
    sb.append(String.format(Locale.ROOT, "Nodes: %d (%d ring, %d staging)%n", nodes.size(), ring,
        staging));
    sb.append(String.format(Locale.ROOT, "Last reported: %d awake, %d asleep; %d OFF by the"
        + " schedule%n", awake, asleep, off));
    String awakeTimeout = has(root, "awakeFailureTimeoutMs")
        ? ", or " + text(root, "awakeFailureTimeoutMs") + " ms while scheduled awake" : "";
    sb.append(String.format(Locale.ROOT, "Failed nodes: %d (silent longer than %s ms%s)%n",
        failed, text(root, "failureTimeoutMs"), awakeTimeout));
    if (anyExpired(nodes)) {
      sb.append("Lease: ENDED, every node counts as awake\n");
    }
    for (JsonNode w : root.path("recovery").path("woken")) {
      sb.append(String.format(Locale.ROOT, "Recovery (%s): failed %s, woke %s%n",
          text(root.path("recovery"), "layout"), text(w, "failed"), joined(w.path("nodes"))));
    }
    sb.append("\n-------------------------------------------------\n");
    sb.append(String.format(Locale.ROOT, "Nodes (%d):%n", nodes.size()));
    for (JsonNode n : nodes) {
      sb.append('\n');
      sb.append("Name: ").append(text(n, "node")).append('\n');
      sb.append("Role: ").append(text(n, "role")).append('\n');
      sb.append("Mode: ").append(text(n, "mode")).append('\n');
      sb.append("Window: ").append(window(n)).append('\n');
      sb.append("Last status: ").append(status(n.get("lastStatus"))).append('\n');
      sb.append("Measured sleep: ").append(has(n, "lastMeasuredSleepMs")
          ? n.get("lastMeasuredSleepMs").asLong() + " ms" : "-").append('\n');
      sb.append("Silent: ").append(text(n, "silentMs")).append(" ms\n");
      String flags = flag(n.path("failed").asBoolean(false), n.path("wokenForRecoveryOf"),
          n.path("wakeRequest"));
      sb.append("Flags: ").append(flags.isEmpty() ? "none" : flags).append('\n');
    }
    return sb.toString();
  }

  /** {@code FAILED}, {@code RECOVERY for n1}, {@code WAKE until <time>}, several, or nothing. */
  private static String flag(boolean failed, JsonNode wokenFor, JsonNode wake) {
    List<String> flags = new ArrayList<>();
    if (failed) {
      flags.add("FAILED");
    }
    if (wokenFor.isArray() && wokenFor.size() > 0) {
      flags.add("RECOVERY for " + joined(wokenFor));
    }
    if (has(wake, "untilMs")) {
      flags.add("WAKE until " + Instant.ofEpochMilli(wake.get("untilMs").asLong()) + " ("
          + text(wake, "reason") + ")");
    }
    return String.join(" ", flags);
  }

  private static String joined(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(x -> out.add(x.asText()));
    return String.join(",", out);
  }

  private static boolean anyExpired(JsonNode nodes) {
    for (JsonNode n : nodes) {
      if (n.path("scheduleExpired").asBoolean(false) && has(n, "mode")) {
        return true;
      }
    }
    return false;
  }

  private static String window(JsonNode n) {
    JsonNode w = n.get("window");
    if (w == null || w.isNull()) {
      return "none (not blinking)";
    }
    return "awake from " + w.path("activeOffsetMs").asLong() + " ms into the interval for "
        + w.path("activeMs").asLong() + " ms";
  }

  private static String status(JsonNode s) {
    if (s == null || s.isNull()) {
      return "never heard";
    }
    return s.path("state").asText("?") + " epoch " + s.path("epoch").asText("?");
  }

  static String table(List<String[]> rows) {
    int[] width = new int[rows.get(0).length];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        line.append(String.format(Locale.ROOT, "%-" + (width[i] + 2) + "s", r[i]));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    return sb.toString();
  }

  static void line(StringBuilder sb, String label, String value) {
    sb.append(String.format(Locale.ROOT, "%-10s %s%n", label + ":", value));
  }

  private static boolean has(JsonNode o, String field) {
    return o.hasNonNull(field);
  }

  private static String text(JsonNode o, String field) {
    return has(o, field) ? o.get(field).asText() : "-";
  }

  private static String num(JsonNode o, String field) {
    if (!has(o, field)) {
      return "-";
    }
    double v = o.get(field).asDouble();
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }
}
