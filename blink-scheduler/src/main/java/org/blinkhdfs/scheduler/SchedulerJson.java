package org.blinkhdfs.scheduler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.blinkhdfs.control.scheduler.EnergyReport;
import org.blinkhdfs.control.scheduler.IntervalEnergy;
import org.blinkhdfs.control.scheduler.NodeEnergy;
import org.blinkhdfs.control.scheduler.NodeReport;
import org.blinkhdfs.control.scheduler.PowerScheduler;
import org.blinkhdfs.control.scheduler.SchedulerStatus;
import org.blinkhdfs.control.scheduler.WakeDriver;
import org.blinkhdfs.model.battery.BatteryModel;
import org.blinkhdfs.model.battery.RideThroughDecision;
import org.blinkhdfs.model.policy.AutoDecision;
import org.blinkhdfs.model.policy.AutoPolicy;
import org.blinkhdfs.model.policy.AutoPrediction;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.policy.LoadSignals;
import org.blinkhdfs.model.policy.Policies;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.wire.HeldReadsJson;
import org.blinkhdfs.model.wire.StatusJson;
import org.blinkhdfs.model.wire.WakeHold;

/**
 * The JSON bodies of {@code /v1/power}, {@code /v1/policy}, {@code /v1/nodes}, {@code
 * /v1/energy} and {@code GET /v1/wake} ({@code POST /v1/wake} answers with blink-model's {@code
 * WakeJson}, which its client shares).
 */
final class SchedulerJson {
  private SchedulerJson() {}

  /**
   * {@code GET /v1/power}.
   *
   * @param battery the battery signal, when it is the power source: its last decision is
   *     {@code battery}, else JSON null
   */
  static JsonNode power(PowerScheduler s, String signalDescription,
      Optional<BatterySignal> battery, long nowMs) {
    PowerBudget b = s.availableLevel(nowMs).resolve(s.settings().model());
    SchedulerStatus st = s.status();
    ObjectNode o = ApiServlet.JSON.createObjectNode();
    o.put("availableNodeWatts", b.nodeWatts());
    o.put("percentOfTotal", b.percentOfTotal());
    o.put("overheadWatts", s.settings().model().overheadWatts());
    if (s.powerOverride().isPresent()) {
      o.put("override", s.powerOverride().get().toString());
    } else {
      o.putNull("override");
    }
    o.put("signal", signalDescription);
    o.put("status", st.state().name());
    o.put("statusMessage", st.message());
    o.put("epoch", st.epoch());
    if (st.validUntilMs().isPresent()) {
      o.put("validUntilMs", st.validUntilMs().getAsLong());
    } else {
      o.putNull("validUntilMs");
    }
    o.put("plannedWatts", st.plannedWatts());
    o.put("shortfallWatts", st.shortfallWatts());
    o.put("wakeWatts", st.wakeWatts());
    o.set("auto", auto(s.policy()));
    o.set("battery", battery.isPresent() ? battery(battery.get(), s, nowMs)
        : ApiServlet.JSON.nullNode());
    return o;
  }

  /**
   * The battery signal's last ride-through decision ({@code GET /v1/power}'s {@code battery},
   * {@code GET /v1/battery}): verdict, reason, the energy (Wh, null when no reading was usable),
   * the time left to the target and how long the plan lasts (ms, null when not on battery), the
   * planned whole-cluster watts, the target and the outage. {@code overridden} is true while an
   * admin power override (PUT /v1/power) replaces the signal: the decision is then shown, not
   * applied.
   */
  static ObjectNode battery(BatterySignal b, PowerScheduler s, long nowMs) {
    BatterySignal.State st = b.state(nowMs);
    RideThroughDecision d = st.decision();
    ObjectNode o = ApiServlet.JSON.createObjectNode();
    o.put("source", b.config().reader().describe());
    o.put("verdict", d.verdict().name());
    o.put("reason", d.reason());
    o.put("level", d.level().toString());
    o.put("shutdown", d.shutdown());
    o.put("overridden", s.powerOverride().isPresent());
    o.put("decidedAtMs", d.decidedAtMs());
    orNull(o, "readingAtMs", d.readingAtMs());
    if (st.lastReading().isPresent()) {
      o.put("onBattery", st.lastReading().get().onBattery());
      o.put("reading", st.lastReading().get().describe());
    } else {
      o.putNull("onBattery");
      o.putNull("reading");
    }
    finiteOrNull(o, "storedWh", d.storedWh());
    finiteOrNull(o, "reserveWh", d.reserveWh());
    finiteOrNull(o, "usableWh", d.usableWh());
    o.put("timeLeftMs", d.timeLeftMs());
    orNull(o, "lastsMs", d.lastsMs());
    o.put("plannedClusterWatts", d.plannedClusterWatts());
    o.put("minimumClusterWatts", d.minimumClusterWatts());
    o.put("peakClusterWatts", d.peakClusterWatts());
    if (d.measuredLoadWatts().isPresent()) {
      o.put("measuredLoadWatts", d.measuredLoadWatts().getAsDouble());
    } else {
      o.putNull("measuredLoadWatts");
    }
    o.put("targetMs", st.targetMs());
    if (st.outageStartMs().isPresent()) {
      o.put("outageStartMs", st.outageStartMs().getAsLong());
      o.put("targetEndMs", st.outageStartMs().getAsLong() + st.targetMs());
    } else {
      o.putNull("outageStartMs");
      o.putNull("targetEndMs");
    }
    BatteryModel m = b.config().battery();
    o.put("capacityWh", m.capacityWh());
    o.put("efficiency", m.efficiency());
    o.put("reserveFraction", m.reserveFraction());
    o.put("replanMs", st.replanMs());
    o.put("maxReadingAgeMs", st.maxReadingAgeMs());
    return o;
  }

  private static void finiteOrNull(ObjectNode o, String field, double v) {
    if (Double.isFinite(v)) {
      o.put(field, v);
    } else {
      o.putNull(field);
    }
  }

  /**
   * The {@code auto} policy's last decision for {@code GET /v1/power}: the plan in force, whether
   * this decision switched to it, its predictions, the best of this decision alone (it differs
   * while hysteresis holds the choice) and the reason; JSON null for another policy or before
   * the first plan. {@code meanWaitMs} is null when no replica ever serves.
   */
  static JsonNode auto(BlinkPolicy policy) {
    if (!(policy instanceof AutoPolicy a) || a.lastDecision().isEmpty()) {
      return ApiServlet.JSON.nullNode();
    }
    AutoDecision d = a.lastDecision().get();
    AutoPrediction p = d.chosen();
    ObjectNode o = ApiServlet.JSON.createObjectNode();
    o.put("choice", d.summary());
    o.put("kind", p.candidate().kind().label());
    o.put("activeNodes", p.candidate().activeNodes());
    o.put("blinkWindowMs", p.windowMs());
    o.put("switched", d.switched());
    o.put("decidedAtMs", d.decidedAtMs());
    o.put("fullyAvailable", p.fullyAvailable());
    o.put("unavailableFraction", p.unavailableFraction());
    if (Double.isFinite(p.meanWaitMs())) {
      o.put("meanWaitMs", p.meanWaitMs());
    } else {
      o.putNull("meanWaitMs");
    }
    o.put("capacityNodes", p.capacityNodes());
    o.put("drawWatts", p.drawWatts());
    o.put("best", d.best().candidate().describe(d.nodes()));
    o.put("reason", d.reason());
    o.set("load", load(a.load(), a.settings().targetUtilization()));
    o.put("demandWindow", a.settings().demandWindow());
    return o;
  }

  /**
   * The live load the auto policy's next decision takes: the ACTIVE nodes' mean utilization and
   * how many, the reads held at the proxies and the YARN containers pending (each JSON null when
   * not measured or stale), and the demand in node-equivalents (null: unbounded).
   */
  static ObjectNode load(LoadSignals l, double target) {
    ObjectNode o = ApiServlet.JSON.createObjectNode();
    if (l.utilization() >= 0) {
      o.put("utilization", l.utilization());
    } else {
      o.putNull("utilization");
    }
    o.put("measuredNodes", l.measuredNodes());
    orNull(o, "readsHeld", l.readsHeld());
    orNull(o, "pendingContainers", l.pendingContainers());
    OptionalDouble demand = l.demandNodes(target);
    if (demand.isPresent()) {
      o.put("demandNodes", demand.getAsDouble());
    } else {
      o.putNull("demandNodes");
    }
    o.put("describe", l.describe(target));
    return o;
  }

  private static void orNull(ObjectNode o, String field, long v) {
    if (v >= 0) {
      o.put(field, v);
    } else {
      o.putNull(field);
    }
  }

  /**
   * {@code GET /v1/held}: the freshness limit, the reads held over the fresh reports (null when
   * none), each fresh proxy's report with its age, and the last ResourceManager reading.
   */
  static JsonNode held(LoadBook book, long nowMs) {
    ObjectNode o = ApiServlet.JSON.createObjectNode();
    o.put("nowMs", nowMs);
    o.put("maxAgeMs", book.maxAgeMs());
    orNull(o, "readsHeld", book.readsHeld(nowMs));
    ArrayNode list = o.putArray("proxies");
    for (LoadBook.Held h : book.freshHeld(nowMs)) {
      list.add(HeldReadsJson.node(h.report()).put("ageMs", nowMs - h.atMs()));
    }
    ObjectNode y = o.putObject("yarn");
    LoadBook.Pending p = book.lastPending();
    orNull(y, "pendingContainers", book.pendingContainers(nowMs));
    if (p.containers() >= 0) {
      y.put("lastCount", p.containers()).put("ageMs", nowMs - p.atMs());
    }
    if (p.error().isPresent()) {
      y.put("error", p.error().get()).put("errorAgeMs", nowMs - p.errorAtMs());
    }
    return o;
  }

  /**
   * {@code GET /v1/wake}: the bounds and the holds in force, each with whether it made its node
   * ACTIVE in the last published schedule ({@code "woke"}; false when the plan keeps the node
   * awake anyway).
   */
  static JsonNode wakes(PowerScheduler s, long nowMs) {
    ObjectNode o = ApiServlet.JSON.createObjectNode();
    o.put("nowMs", nowMs);
    o.put("maxMs", s.settings().wakeLimits().maxMs());
    o.put("maxNodes", s.settings().wakeLimits().maxNodes());
    o.put("wakeWatts", s.status().wakeWatts());
    Map<String, WakeHold> woken = s.wokenOnRequest();
    ArrayNode list = o.putArray("requests");
    for (WakeHold h : s.wakeRequests(nowMs)) {
      hold(list.addObject(), h).put("woke", woken.containsKey(h.node()));
    }
    return o;
  }

  private static ObjectNode hold(ObjectNode n, WakeHold h) {
    return n.put("node", h.node()).put("fromMs", h.fromMs()).put("untilMs", h.untilMs())
        .put("reason", h.reason());
  }

  static JsonNode policy(PowerScheduler s) {
    ObjectNode o = ApiServlet.JSON.createObjectNode();
    o.put("policy", s.policy().name());
    ArrayNode all = o.putArray("policies");
    Policies.allNames().forEach(all::add);
    return o;
  }

  static JsonNode active(PowerScheduler s) {
    ObjectNode o = ApiServlet.JSON.createObjectNode();
    if (s.activeNodesOverride().isPresent()) {
      o.put("activeOverride", s.activeNodesOverride().getAsInt());
    } else {
      o.putNull("activeOverride");
    }
    return o;
  }

  /**
   * {@code /v1/nodes}: the two failure timeouts, the recovery layout and what it woke in the last
   * schedule ({@code "recovery": {"layout": ..., "woken": [{"failed": n1, "nodes": [n3, ...]}]}}),
   * then one object per node (with {@code wokenForRecoveryOf}, and {@code wakeRequest}: the hold
   * keeping it awake on request, with {@code "woke"} as in {@link #wakes}, or null). With a wake
   * backend, {@code "wakeOnDemand"}: the nodes being woken now and the driver's counters; null
   * without one.
   */
  static JsonNode nodes(PowerScheduler s, long nowMs,
      Optional<WakeDriver> wake) {
    ObjectNode o = ApiServlet.JSON.createObjectNode();
    o.put("nowMs", nowMs);
    o.put("failureTimeoutMs", s.settings().failureTimeoutMs());
    o.put("awakeFailureTimeoutMs", s.settings().awakeFailureTimeoutMs());
    ObjectNode recovery = o.putObject("recovery");
    recovery.put("layout", s.recovery().describe());
    ArrayNode woken = recovery.putArray("woken");
    Map<String, List<String>> byFailed = s.recoveryWoken();
    for (String failed : s.settings().ring()) {
      if (byFailed.containsKey(failed)) {
        ObjectNode w = woken.addObject().put("failed", failed);
        byFailed.get(failed).forEach(w.putArray("nodes")::add);
      }
    }
    if (wake.isPresent()) {
      WakeDriver.Counts c = wake.get().counts();
      ObjectNode w = o.putObject("wakeOnDemand");
      wake.get().inProgress().forEach(w.putArray("waking")::add);
      w.put("sent", c.sent()).put("attempts", c.attempts()).put("sendErrors", c.sendErrors())
          .put("succeeded", c.succeeded()).put("failed", c.failed())
          .put("lastLatencyMs", c.lastLatencyMs());
    } else {
      o.putNull("wakeOnDemand");
    }
    ArrayNode list = o.putArray("nodes");
    for (NodeReport r : s.nodes(nowMs)) {
      ObjectNode n = list.addObject();
      n.put("node", r.node());
      n.put("role", r.role().name());
      if (r.mode().isPresent()) {
        n.put("mode", r.mode().get().name());
      } else {
        n.putNull("mode");
      }
      if (r.window().isPresent() && !r.window().get().isAlways()
          && !r.window().get().isNever()) {
        n.putObject("window").put("activeOffsetMs", r.window().get().offsetMs())
            .put("activeMs", r.window().get().lengthMs());
      } else {
        n.putNull("window");
      }
      n.put("scheduleExpired", r.scheduleExpired());
      n.put("awakeBySchedule", r.awakeBySchedule());
      if (r.lastStatus().isPresent()) {
        try {
          n.set("lastStatus", ApiServlet.JSON.readTree(StatusJson.write(r.lastStatus().get())));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
          throw new IllegalStateException(e);
        }
      } else {
        n.putNull("lastStatus");
      }
      putOptional(n, "lastHeardMs", r.lastHeardMs());
      n.put("silentMs", r.silentMs());
      putOptional(n, "lastMeasuredSleepMs", r.lastMeasuredSleepMs());
      putOptional(n, "clockSkewMs", r.clockSkewMs());
      n.put("failed", r.failed());
      r.wokenForRecoveryOf().forEach(n.putArray("wokenForRecoveryOf")::add);
      if (r.wakeRequest().isPresent()) {
        hold(n.putObject("wakeRequest"), r.wakeRequest().get()).put("woke", r.wokenOnRequest());
      } else {
        n.putNull("wakeRequest");
      }
    }
    return o;
  }

  /**
   * {@code GET /v1/energy} (contract: docs/scheduler-api.md): the model, the cluster's totals,
   * one account per ring node ({@code lastReportAtMs} -1 when never heard; {@code estimated},
   * {@code estimatedMs} and {@code resets} say how much is measured), and the recent judged
   * intervals.
   */
  static JsonNode energy(EnergyReport r) {
    ObjectNode o = ApiServlet.JSON.createObjectNode();
    o.put("atMs", r.atMs()).put("sinceMs", r.sinceMs()).put("intervalMs", r.intervalMs());
    PowerModel m = r.model();
    o.putObject("model").put("nodes", m.nodeCount()).put("activeWatts", m.activeWatts())
        .put("sleepWatts", m.sleepWatts()).put("transitionWatts", m.transitionWatts())
        .put("ioServerWatts", m.ioServerWatts()).put("overheadWatts", m.overheadWatts());
    o.putObject("cluster").put("joules", r.joules()).put("overheadJoules", r.overheadJoules())
        .put("budgetJoules", r.budgetJoules()).put("accountedMs", r.accountedMs())
        .put("overBudgetMs", r.overBudgetMs()).put("meanWatts", r.meanWatts())
        .put("budgetWatts", r.budgetWatts()).put("tolerance", r.tolerance())
        .put("debtJoules", r.debtJoules()).put("paybackWatts", r.paybackWatts())
        .put("estimatedNodes", r.nodes().stream().filter(NodeEnergy::estimated).count());
    ArrayNode nodes = o.putArray("nodes");
    for (NodeEnergy n : r.nodes()) {
      nodes.addObject().put("node", n.node()).put("awakeMs", n.awakeMs())
          .put("asleepMs", n.asleepMs()).put("transitionMs", n.transitionMs())
          .put("ioServerMs", n.ioServerMs()).put("joules", n.joules())
          .put("lastReportAtMs", n.lastReportAtMs().orElse(-1)).put("estimated", n.estimated())
          .put("estimatedMs", n.estimatedMs()).put("resets", n.resets());
    }
    ArrayNode intervals = o.putArray("intervals");
    for (IntervalEnergy i : r.intervals()) {
      intervals.addObject().put("startMs", i.startMs()).put("endMs", i.endMs())
          .put("drawnJoules", i.drawnJoules()).put("budgetJoules", i.budgetJoules())
          .put("overBudget", i.overBudget());
    }
    return o;
  }

  private static void putOptional(ObjectNode n, String field, java.util.OptionalLong v) {
    if (v.isPresent()) {
      n.put(field, v.getAsLong());
    } else {
      n.putNull(field);
    }
  }
}
