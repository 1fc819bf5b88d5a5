package org.blinkhdfs.admin;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.blinkhdfs.core.wire.WakeAnswer;

/**
 * Turns the scheduler's JSON answers ({@code GET /v1/power}, {@code GET /v1/nodes}; fields in
 * {@code docs/scheduler-api.md}) into the text {@code blinkadmin} prints. Pure functions of the
 * JSON; a field the scheduler does not send prints as {@code -}, never fails, so an older or newer
 * scheduler still gives a readable report.
 *
 * <p>Example {@code -report} row:
 *
 * <pre>
 * NODE             ROLE  MODE   WINDOW (ms)  LAST STATUS      MEASURED SLEEP  SILENT (ms)  FLAG
 * 10.0.0.11:9866   RING  BLINK  0 +20000     AWAKE epoch 42   39870 ms        1234
 * </pre>
 *
 * <p>With recovery (Rabbit §3.5) a failed primary is flagged {@code FAILED}, each node woken for
 * it {@code RECOVERY for 10.0.0.11:9866}, and the summary ends with one {@code recovery (...):
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

  /** The {@code -report} table and a summary line. */
  static String nodes(JsonNode root) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"NODE", "ROLE", "MODE", "WINDOW (ms)", "LAST STATUS",
        "MEASURED SLEEP", "SILENT (ms)", "FLAG"});
    int failed = 0;
    JsonNode nodes = root.path("nodes");
    for (JsonNode n : nodes) {
      boolean isFailed = n.path("failed").asBoolean(false);
      failed += isFailed ? 1 : 0;
      rows.add(new String[] {text(n, "node"), text(n, "role"), text(n, "mode"), window(n),
          status(n.get("lastStatus")), has(n, "lastMeasuredSleepMs")
              ? n.get("lastMeasuredSleepMs").asLong() + " ms" : "-",
          text(n, "silentMs"), flag(isFailed, n.path("wokenForRecoveryOf"),
              n.path("wakeRequest"))});
    }
    StringBuilder sb = new StringBuilder(table(rows));
    String awake = has(root, "awakeFailureTimeoutMs")
        ? ", or " + text(root, "awakeFailureTimeoutMs") + " ms while scheduled awake" : "";
    sb.append(String.format(Locale.ROOT, "%d nodes, %d FAILED (silent longer than %s ms%s)%s%n",
        nodes.size(), failed, text(root, "failureTimeoutMs"), awake,
        anyExpired(nodes) ? "; the schedule's lease has ended: every node counts as awake" : ""));
    for (JsonNode w : root.path("recovery").path("woken")) {
      sb.append(String.format(Locale.ROOT, "recovery (%s): failed %s, woke %s%n",
          text(root.path("recovery"), "layout"), text(w, "failed"), joined(w.path("nodes"))));
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
      return "-";
    }
    return w.path("activeOffsetMs").asLong() + " +" + w.path("activeMs").asLong();
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
