package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.blinkhdfs.common.chart.ChartRenderer;
import org.blinkhdfs.common.chart.LineChart;
import org.blinkhdfs.control.scheduler.EnergyReport;
import org.blinkhdfs.control.scheduler.IntervalEnergy;
import org.blinkhdfs.control.scheduler.NodeEnergy;
import org.blinkhdfs.control.scheduler.NodeReport;
import org.blinkhdfs.control.scheduler.PowerSample;
import org.blinkhdfs.control.scheduler.PowerScheduler;
import org.blinkhdfs.control.scheduler.SchedulerStatus;
import org.blinkhdfs.group.Group;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.model.battery.RideThroughDecision;
import org.blinkhdfs.model.policy.AutoPolicy;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.policy.LoadSignals;
import org.blinkhdfs.model.schedule.GanttSvg;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * The scheduler's status page ({@code /status}; {@code /} redirects here): the scheduler state,
 * the current interval as an SVG Gantt chart (one row per node, a bar per awake segment, a red
 * line at now), the recent power as an SVG line chart (the DataNode budget available, the watts
 * the schedule plans, and the watts drawn per completed interval as the agents measured them),
 * and a node table with failures marked. Server-rendered, no JavaScript; refreshes every 5 s.
 */
public final class StatusPageServlet extends ApiServlet {
  private static final long serialVersionUID = 1L;

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    SchedulerDaemon d = daemon();
    PowerScheduler s = d.scheduler();
    long now = d.clock().millis();
    SchedulerStatus st = s.status();
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">")
        .append("<meta http-equiv=\"refresh\" content=\"5\">")
        .append("<title>BlinkHDFS scheduler</title>")
        .append("<link rel=\"stylesheet\" href=\"/static/blink.css\"></head><body>\n")
        .append("<h1>BlinkHDFS power scheduler</h1>\n<p id=\"state\">")
        .append(esc(st.state().name())).append(": ").append(esc(st.message()))
        .append("</p>\n<p>policy <b>").append(esc(s.policy().name())).append("</b>, ")
        .append(s.settings().ring().size()).append(" ring nodes, ")
        .append(s.settings().stagingNodes().size()).append(" staging</p>\n")
        .append(autoLine(s.policy()))
        .append(d.battery().map(b -> batteryLine(b.state(now), b.config(),
            s.powerOverride().isPresent())).orElse(""));
    Optional<Schedule> schedule = s.published();
    html.append("<h2>Current interval</h2>\n<div id=\"gantt\">");
    if (schedule.isPresent()) {
      html.append(GanttSvg.render(schedule.get(), now));
    } else {
      html.append("<p>No schedule published yet: every node stays awake.</p>");
    }
    EnergyReport energy = s.energy(now);
    html.append("</div>\n<h2>Power</h2>\n<div id=\"power\">")
        .append(powerChart(s.history(), energy.intervals(), now))
        .append("</div>\n<p id=\"energy\">").append(esc(energyLine(energy)))
        .append("</div>\n<h2>Nodes</h2>\n<table id=\"nodes\"><tr><th>node</th><th>role</th>")
        .append("<th>mode</th><th>last status</th><th>silent (s)</th><th>measured sleep (ms)")
        .append("</th><th>failed</th></tr>\n");
    for (NodeReport r : s.nodes(now)) {
      html.append("<tr").append(r.failed() ? " class=\"failed\"" : "").append("><td>")
          .append(esc(r.node())).append("</td><td>").append(r.role()).append("</td><td>")
          .append(r.mode().map(Enum::name).orElse("-")).append("</td><td>")
          .append(r.lastStatus().map(x -> x.state().name()).orElse("-")).append("</td><td>")
          .append(r.silentMs() / 1000).append("</td><td>")
          .append(r.lastMeasuredSleepMs().isPresent() ? r.lastMeasuredSleepMs().getAsLong() : "-")
          .append("</td><td>").append(r.failed() ? "FAILED" : "")
          .append(r.wokenForRecoveryOf().isEmpty() ? ""
              : esc(" woken for " + String.join(", ", r.wokenForRecoveryOf())))
          .append("</td></tr>\n");
    }
    html.append("</table>\n");
    groupsTable(html, d.groups().current());
    Set<String> live = d.groupActiveSet().live();
    html.append("<p id=\"live-groups\">Live (reported by the NameNode): ")
        .append(live.isEmpty() ? "none" : esc(String.join(", ", live)))
        .append("; ACTIVE nodes ").append(d.config().groupsActivation
            ? "shared among them (A(g), blink.scheduler.groups.activation)"
            : "not shared by group (blink.scheduler.groups.activation = false)")
        .append("</p>\n");
    html.append("</body></html>\n");
    resp.setContentType("text/html;charset=utf-8");
    resp.getOutputStream().write(html.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static void groupsTable(StringBuilder html, GroupSet groups) {
    html.append("<h2>Application groups</h2>\n");
    if (groups.live().isEmpty()) {
      html.append("<p id=\"groups\">No groups (revision ").append(groups.revision())
          .append("): manage them with <code>bin/blink admin groups</code>.</p>\n");
      return;
    }
    html.append("<table id=\"groups\"><tr><th>group</th><th>roots</th><th>priority</th>")
        .append("<th>p90 target (ms)</th><th>min availability</th></tr>\n");
    for (Group g : groups.live()) {
      html.append("<tr><td>").append(esc(g.name())).append("</td><td>")
          .append(esc(String.join(" ", g.roots()))).append("</td><td>").append(g.priority())
          .append("</td><td>").append(g.p90TargetMs().isPresent()
              ? String.valueOf(g.p90TargetMs().getAsLong()) : "-")
          .append("</td><td>").append(g.minAvailability().isPresent()
              ? String.valueOf(g.minAvailability().getAsDouble()) : "-")
          .append("</td></tr>\n");
    }
    html.append("</table>\n<p>revision ").append(groups.revision()).append(", ")
        .append(groups.entries().size() - groups.live().size())
        .append(" retired (merged or removed)</p>\n");
  }

  /**
   * The battery signal's last decision in one paragraph ({@code GET /v1/power}'s {@code
   * battery} has the numbers): e.g. {@code battery (upsc rack1): RIDE_THROUGH, planning 94.5 W
   * for the whole cluster, target 480 min from the outage at 2026-...Z: on battery: 756.0 Wh
   * usable ...}.
   */
  static String batteryLine(BatterySignal.State st, BatteryConfig config, boolean overridden) {
    RideThroughDecision dec = st.decision();
    String outage = st.outageStartMs().isPresent()
        ? " from the outage at " + Instant.ofEpochMilli(st.outageStartMs().getAsLong())
        : " from the next outage";
    return "<p id=\"battery\">" + esc(String.format(Locale.ROOT, "battery (%s): %s, planning"
        + " %.1f W for the whole cluster, target %d min%s%s: %s", config.reader().describe(),
        dec.verdict(), dec.plannedClusterWatts(), st.targetMs() / 60_000, outage,
        overridden ? " (not applied: an admin power override is in force)" : "",
        dec.reason())) + "</p>\n";
  }

  /**
   * The auto policy's choice and why, one paragraph, then the live load its next decision takes
   * ({@link #loadLine}); empty for another policy.
   */
  static String autoLine(BlinkPolicy policy) {
    if (!(policy instanceof AutoPolicy a) || a.lastDecision().isEmpty()) {
      return "";
    }
    return "<p id=\"auto\">auto: " + esc(a.lastDecision().get().reason()) + "</p>\n"
        + "<p id=\"auto-load\">" + esc(loadLine(a.load(), a.settings().targetUtilization()))
        + "</p>\n";
  }

  /**
   * The auto policy's load, as {@code GET /v1/power} has it in {@code auto.load}: the ACTIVE
   * nodes' mean utilization and over how many, the reads held at the proxies, the YARN
   * containers pending (each "not measured" when unknown or stale), and the demand at the target
   * utilization T. Example: u = 0.5 on 3 nodes, 0 reads held, no YARN reading, T = 0.8: "load:
   * utilization 0.50 on 3 ACTIVE nodes, reads held 0, containers pending not measured, demand
   * 1.88 node-eq at target 0.80".
   */
  static String loadLine(LoadSignals l, double target) {
    OptionalDouble demand = l.demandNodes(target);
    return "load: utilization " + (l.utilization() >= 0 ? String.format(Locale.ROOT,
        "%.2f on %d ACTIVE node%s", l.utilization(), l.measuredNodes(),
        l.measuredNodes() == 1 ? "" : "s") : "not measured") + ", reads held "
        + measured(l.readsHeld()) + ", containers pending " + measured(l.pendingContainers())
        + ", demand " + (demand.isPresent() ? String.format(Locale.ROOT, "%.2f node-eq at"
        + " target %.2f", demand.getAsDouble(), target) : "unbounded (" + (l.workWaiting()
        ? "work waiting" : "no utilization sample") + ")");
  }

  private static String measured(long v) {
    return v >= 0 ? Long.toString(v) : "not measured";
  }

  /** One line of the energy books: drawn against budget since the start. */
  static String energyLine(EnergyReport r) {
    long estimated = r.nodes().stream().filter(NodeEnergy::estimated).count();
    return String.format(Locale.ROOT, "DataNodes drew %.1f J (%.2f W mean) against a budget of"
        + " %.1f J (%.2f W now) over %.1f s; %.1f s over budget; overhead %.1f J%s",
        r.joules(), r.meanWatts(), r.budgetJoules(), r.budgetWatts(), r.accountedMs() / 1000.0,
        r.overBudgetMs() / 1000.0, r.overheadJoules(), estimated == 0 ? ""
            : "; " + estimated + " node(s) estimated from the schedule (no energy counters)");
  }

  private static String powerChart(List<PowerSample> history, List<IntervalEnergy> intervals,
      long now) {
    double[] x = new double[history.size()];
    double[] available = new double[history.size()];
    double[] drawn = new double[history.size()];
    for (int i = 0; i < history.size(); i++) {
      PowerSample p = history.get(i);
      x[i] = (p.atMs() - now) / 60_000.0;
      available[i] = p.availableWatts();
      drawn[i] = p.drawnWatts();
    }
    double[] ix = new double[intervals.size()];
    double[] measured = new double[intervals.size()];
    for (int i = 0; i < intervals.size(); i++) {
      ix[i] = (intervals.get(i).endMs() - now) / 60_000.0;
      measured[i] = intervals.get(i).drawnWatts();
    }
    LineChart.Builder chart = LineChart.lines("DataNode power", "minutes from now", "watts")
        .add(LineChart.line("available", x, available, "#3070c0"))
        .add(LineChart.line("planned", x, drawn, "#c03030"));
    if (intervals.size() > 0) {
      chart.add(LineChart.line("drawn (measured)", ix, measured, "#208040"));
    }
    return ChartRenderer.svg(chart.build());
  }

  private static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
