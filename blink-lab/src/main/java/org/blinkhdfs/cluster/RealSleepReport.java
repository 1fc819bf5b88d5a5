package org.blinkhdfs.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.blinkhdfs.guest.GuestStats;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * What {@link RealSleepBench} measured, turned into per-cycle transition times, distributions and
 * the pass criteria of issue 37, written as {@code real-sleep.json} and {@code report.md}.
 *
 * <p>Per cycle (host clock unless said otherwise; {@link GuestMonitor} polls every 100 ms):
 * <ul>
 *   <li>{@code enterMs}: the planned end of the node's window (or the power change to the
 *       blinking schedule, if later) to QEMU reporting it suspended —
 *       the agent noticing, its checks, arming the RTC, {@code sync}, the kernel's freeze and
 *       device suspend;
 *   <li>{@code kernelEnterMs} / {@code kernelResumeMs}: the guest kernel's own timestamps, {@code
 *       PM: suspend entry} to {@code Preparing to enter system sleep state S3}, and {@code Waking
 *       up from system sleep state S3} to {@code PM: suspend exit};
 *   <li>{@code asleepMs}: suspended to running again, as QEMU reports;
 *   <li>{@code wakeErrorMs}: running again minus the RTC alarm the agent arms for the next window
 *       ({@code floor((windowStart − 2 s resume latency) / 1 s)}); the guest's clock is set from
 *       its RTC in whole seconds, so up to 1 s of it can be the guest's clock, not the alarm;
 *   <li>{@code resumeMs}: running again to the DataNode accepting a connection;
 *       {@code heartbeatMs}: to the NameNode's next heartbeat from it;
 *   <li>{@code servedFromWindowMs}: when the DataNode served again relative to its window's
 *       planned start (negative: ready before the window opened, as the resume latency intends).
 * </ul>
 */
final class RealSleepReport {
  /** One read of a data-set file. */
  record Read(String client, String file, long startMs, long durationMs, boolean ok,
      String error, int replicas, int suspendedReplicas) {}

  /**
   * One wake on demand: {@code windowInMs} how long before its window (and ~2 s before its RTC
   * alarm) the guest was woken; then request to QEMU running and to the DataNode serving.
   */
  record Wake(String node, String decision, long windowInMs, long runningMs, long servingMs) {}

  /** One write. */
  record Write(String file, String phase, int mib, long startMs, long durationMs, boolean ok,
      String error) {}

  private static final Pattern STAMP = Pattern.compile("^\\[\\s*(\\d+\\.\\d+)\\] (.*)$");
  /** The agent's per-cycle line ({@code AgentLoop}, {@code TransitionTimes#describe}). */
  private static final Pattern AGENT = Pattern.compile("awake after sleep \\d+: .*decision.{1,3}"
      + "entry (-?[0-9.]+|\\?)(?: ms)?, enter (-?[0-9.]+|\\?)(?: ms)?, kernel resume"
      + " (-?[0-9.]+|\\?)(?: ms)?, RTC wake error ([+-]?\\d+|\\?)(?: ms)?, resume (\\d+|\\?)"
      + "(?:.*next resume latency (\\d+) ms)?");
  /**
   * A guest that ran again this much before the RTC alarm the plan implies was woken on demand
   * (a wake request or a power rise through the scheduler's wake backend), not by its alarm:
   * more than the guest clock's whole-second uncertainty plus a margin.
   */
  private static final long ON_DEMAND_EARLY_MS = 1_500;
  /** How far an agent's log time may be from the host's view of the same resume. */
  private static final long MATCH_MS = 3_000;
  private static final Pattern LOG_TIME = Pattern.compile("^(\\d\\d):(\\d\\d):(\\d\\d),(\\d{3}) ");
  /**
   * The same on the agent's own clock, which the RTC's whole seconds align with (its RTC wake
   * errors were 0..120 ms): a resume more than half a second before the alarm was not the RTC.
   */
  private static final long AGENT_DEMAND_EARLY_MS = 500;
  private static final long RESUME_LATENCY_MS = 2_000;

  private final RealSleepOptions options;
  private final String accelerator;
  private final long bootMs;
  private final long blinkMs;
  private final long blinkStartMs;
  private final Schedule schedule;
  private final List<String> ring;
  private final Map<String, GuestStats> before;
  private final Map<String, GuestStats> after;
  private final List<Map<String, Object>> cycles = new ArrayList<>();
  private final List<Read> reads;
  private final List<Write> writes;
  private final List<Wake> wakes;
  private final long bytesVerified;
  private final long bytesLost;

  RealSleepReport(RealSleepOptions options, String accelerator, long bootMs, long blinkStartMs,
      long blinkMs, Schedule schedule, List<String> ring, Map<String, GuestStats> before,
      Map<String, GuestStats> after, List<GuestMonitor.Cycle> observed,
      Map<String, List<String>> consoles, Map<String, List<String>> agents, List<Read> reads,
      List<Write> writes, List<Wake> wakes, long bytesVerified, long bytesLost) {
    this.options = options;
    this.accelerator = accelerator;
    this.bootMs = bootMs;
    this.blinkMs = blinkMs;
    this.blinkStartMs = blinkStartMs;
    this.schedule = schedule;
    this.ring = List.copyOf(ring);
    this.before = Map.copyOf(before);
    this.after = Map.copyOf(after);
    this.reads = List.copyOf(reads);
    this.writes = List.copyOf(writes);
    this.wakes = List.copyOf(wakes);
    this.bytesVerified = bytesVerified;
    this.bytesLost = bytesLost;
    Map<String, List<long[]>> kernel = new LinkedHashMap<>();
    consoles.forEach((node, lines) -> kernel.put(node, kernelCycles(lines)));
    Map<String, List<double[]>> agent = new LinkedHashMap<>();
    agents.forEach((node, lines) -> agent.put(node, agentCycles(lines)));
    Map<String, Integer> seen = new LinkedHashMap<>();
    Map<String, Boolean> lastWasDemand = new LinkedHashMap<>();
    for (GuestMonitor.Cycle c : observed) {
      if (c.runningAtMs() < 0) {
        continue;
      }
      int k = seen.merge(c.node(), 1, Integer::sum) - 1;
      Map<String, Object> m = cycle(c, kernel.getOrDefault(c.node(), List.of()), k);
      double[] ac = nearest(agent.getOrDefault(c.node(), List.of()), c.runningAtMs());
      long hostError = (Long) m.get("wakeErrorMs");
      boolean early = ac[1] == -1 ? hostError < -ON_DEMAND_EARLY_MS
          : ac[1] < -AGENT_DEMAND_EARLY_MS;
      m.put("wokenBy", early ? "demand" : "rtc");
      if (lastWasDemand.getOrDefault(c.node(), false)) {
        m.put("enterMs", -1L); // held awake by the wake request: no planned window end
      }
      lastWasDemand.put(c.node(), early);
      m.put("hostWakeErrorMs", hostError);
      m.put("wakeErrorMs", ac[1] == -1 ? hostError : (long) ac[1]);
      m.put("decisionToEntryMs", ac[0]);
      m.put("agentResumeMs", ac[2]);
      m.put("nextResumeLatencyMs", ac[3]);
      cycles.add(m);
    }
  }

  /**
   * The guest kernel's cycles from its console: per cycle {@code [enter µs, resume µs]} between
   * {@code suspend entry}, {@code Preparing to enter ... S3}, {@code Waking up from ... S3} and
   * {@code suspend exit}; -1 where a line is missing.
   */
  static List<long[]> kernelCycles(List<String> console) {
    List<long[]> out = new ArrayList<>();
    double entry = -1;
    double enter = -1;
    double waking = -1;
    for (String l : console) {
      Matcher m = STAMP.matcher(l.strip());
      if (!m.find()) {
        continue;
      }
      double t = Double.parseDouble(m.group(1));
      String text = m.group(2);
      if (text.startsWith("PM: suspend entry")) {
        entry = t;
        enter = -1;
        waking = -1;
      } else if (text.contains("Preparing to enter system sleep state S3")) {
        enter = t;
      } else if (text.contains("Waking up from system sleep state S3")) {
        waking = t;
      } else if (text.startsWith("PM: suspend exit") && entry >= 0) {
        out.add(new long[] {enter < 0 ? -1 : Math.round((enter - entry) * 1e6),
            waking < 0 ? -1 : Math.round((t - waking) * 1e6)});
        entry = -1;
      }
    }
    return out;
  }

  /**
   * The agent's own numbers per cycle, from its log lines: {@code [decision→entry ms, RTC wake
   * error ms (its clock against its alarm), alarm to DataNode serving ms, next resume latency
   * ms, the line's UTC time of day in ms]}; -1 where the line has {@code ?}.
   */
  static List<double[]> agentCycles(List<String> log) {
    List<double[]> out = new ArrayList<>();
    for (String l : log) {
      Matcher m = AGENT.matcher(l.strip());
      Matcher t = LOG_TIME.matcher(l);
      if (m.find()) {
        out.add(new double[] {num(m.group(1)), num(m.group(4)), num(m.group(5)),
            m.group(6) == null ? -1 : num(m.group(6)), !t.find() ? -1
                : ((Integer.parseInt(t.group(1)) * 60 + Integer.parseInt(t.group(2))) * 60
                    + Integer.parseInt(t.group(3))) * 1000 + Integer.parseInt(t.group(4))});
      }
    }
    return out;
  }

  /**
   * The agent's cycle logged nearest to {@code runningAtMs} (its log's UTC time of day, within
   * {@link #MATCH_MS}: the guest's clock is within about a second of the host's and cycles are
   * seconds apart), or all -1. Matching by time, not by count: a cycle the host saw without a
   * log line (the run ended first) must not shift every later one.
   */
  static double[] nearest(List<double[]> agent, long runningAtMs) {
    long dayMs = Math.floorMod(runningAtMs, 86_400_000L);
    double[] best = new double[] {-1, -1, -1, -1, -1};
    double bestGap = MATCH_MS;
    for (double[] a : agent) {
      double gap = Math.abs(a[4] - dayMs);
      gap = Math.min(gap, 86_400_000 - gap);
      if (a[4] >= 0 && gap <= bestGap) {
        bestGap = gap;
        best = a;
      }
    }
    return best;
  }

  private static double num(String s) {
    return s.equals("?") ? -1 : Double.parseDouble(s);
  }

  private Map<String, Object> cycle(GuestMonitor.Cycle c, List<long[]> kernel, int k) {
    ActiveWindow w = schedule.window(c.node());
    long interval = schedule.intervalMs();
    long base = schedule.intervalStartMs() + w.offsetMs() + w.lengthMs();
    long windowEnd = base + Math.floorDiv(c.suspendedAtMs() - base, interval) * interval;
    long nextOpen = windowEnd + interval - w.lengthMs();
    long alarm = Math.floorDiv(nextOpen - RESUME_LATENCY_MS, 1000) * 1000;
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("node", c.node());
    // The first window end after the power change may precede the schedule that made it one.
    m.put("enterMs", c.suspendedAtMs() - Math.max(windowEnd, blinkStartMs));
    m.put("asleepMs", c.runningAtMs() - c.suspendedAtMs());
    m.put("resumeMs", c.servingAtMs() < 0 ? -1 : c.servingAtMs() - c.runningAtMs());
    m.put("wakeErrorMs", c.runningAtMs() - alarm);
    m.put("heartbeatMs", c.heartbeatAtMs() < 0 ? -1 : c.heartbeatAtMs() - c.runningAtMs());
    m.put("servedFromWindowMs", c.servingAtMs() < 0 ? -1 : c.servingAtMs() - nextOpen);
    long[] kc = k < kernel.size() ? kernel.get(k) : new long[] {-1, -1};
    m.put("kernelEnterMs", kc[0] < 0 ? -1 : kc[0] / 1000.0);
    m.put("kernelResumeMs", kc[1] < 0 ? -1 : kc[1] / 1000.0);
    return m;
  }

  long suspendSuccess() {
    return after.values().stream().mapToLong(GuestStats::success).sum();
  }

  long suspendFail() {
    return after.values().stream().mapToLong(GuestStats::fail).sum();
  }

  /**
   * Every guest ≥ 3 successful suspends, none failed, RTC wake error within 1 s, no byte lost,
   * and every wake on demand tried brought its DataNode back.
   */
  boolean passed() {
    boolean counts = ring.stream().allMatch(n -> after.containsKey(n)
        && after.get(n).success() >= 3);
    boolean wake = rtcCycles().size() >= 3 && rtcCycles().stream()
        .allMatch(c -> Math.abs(((Number) c.get("wakeErrorMs")).longValue()) <= 1000);
    boolean onDemand = wakes.stream().allMatch(w -> w.servingMs() >= 0);
    return counts && suspendFail() == 0 && wake && onDemand && bytesLost == 0
        && bytesVerified > 0;
  }

  /** The cycles the RTC alarm ended (not a wake on demand). */
  List<Map<String, Object>> rtcCycles() {
    return cycles.stream().filter(c -> c.get("wokenBy").equals("rtc")).toList();
  }

  /** Mean, p90, max and n of a cycle field, over the RTC-woken cycles that have it. */
  String distribution(String field) {
    List<Double> v = new ArrayList<>();
    for (Map<String, Object> c : rtcCycles()) {
      double d = ((Number) c.get(field)).doubleValue();
      if (d != -1) {
        v.add(d);
      }
    }
    if (v.isEmpty()) {
      return "| " + field + " | - | - | - | 0 |";
    }
    Collections.sort(v);
    double mean = v.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double p90 = v.get((int) Math.ceil(0.9 * v.size()) - 1);
    return String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %d |", field, mean, p90,
        v.get(v.size() - 1), v.size());
  }

  String summary() {
    return String.format(Locale.ROOT, "real-sleep: %s; kernels counted %d S3 suspends, %d failed;"
        + " %d cycles timed; %d bytes verified, %d lost; %s", accelerator, suspendSuccess(),
        suspendFail(), cycles.size(), bytesVerified, bytesLost, passed() ? "PASSED" : "FAILED");
  }

  void write(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("real-sleep.json"), json());
    Files.writeString(dir.resolve("report.md"), markdown());
  }

  private String json() {
    StringBuilder b = new StringBuilder("{\n");
    b.append("  \"accelerator\": \"").append(accelerator).append("\",\n");
    b.append("  \"intervalMs\": ").append(options.intervalMs()).append(",\n");
    b.append("  \"powerPercent\": ").append(options.powerPercent()).append(",\n");
    b.append("  \"guests\": ").append(options.guests()).append(",\n");
    b.append("  \"suspendSuccess\": ").append(suspendSuccess()).append(",\n");
    b.append("  \"suspendFail\": ").append(suspendFail()).append(",\n");
    b.append("  \"bytesVerified\": ").append(bytesVerified).append(",\n");
    b.append("  \"bytesLost\": ").append(bytesLost).append(",\n");
    b.append("  \"passed\": ").append(passed()).append(",\n");
    b.append("  \"perGuest\": [");
    List<String> g = new ArrayList<>();
    for (String n : ring) {
      GuestStats a = after.get(n);
      GuestStats s = before.get(n);
      g.add(String.format(Locale.ROOT, "{\"node\": \"%s\", \"success\": %d, \"fail\": %d,"
          + " \"successWhileBlinking\": %d}", n, a == null ? 0 : a.success(),
          a == null ? 0 : a.fail(), a == null || s == null ? 0 : a.success() - s.success()));
    }
    b.append(String.join(", ", g)).append("],\n  \"cycles\": [\n");
    List<String> cs = new ArrayList<>();
    for (Map<String, Object> c : cycles) {
      List<String> f = new ArrayList<>();
      c.forEach((k, v) -> f.add("\"" + k + "\": " + (v instanceof String ? "\"" + v + "\"" : v)));
      cs.add("    {" + String.join(", ", f) + "}");
    }
    b.append(String.join(",\n", cs)).append("\n  ],\n  \"reads\": {");
    List<String> rs = new ArrayList<>();
    for (String client : List.of("blink", "stock")) {
      rs.add("\"" + client + "\": " + readJson(client));
    }
    b.append(String.join(", ", rs)).append("},\n");
    List<String> ws = new ArrayList<>();
    for (Wake w : wakes) {
      ws.add(String.format(Locale.ROOT, "{\"node\": \"%s\", \"windowInMs\": %d,"
          + " \"runningMs\": %d, \"servingMs\": %d}", w.node(), w.windowInMs(), w.runningMs(),
          w.servingMs()));
    }
    b.append("  \"wakeOnDemand\": [").append(String.join(", ", ws)).append("],\n");
    long writesOk = writes.stream().filter(Write::ok).count();
    b.append("  \"writes\": {\"n\": ").append(writes.size()).append(", \"ok\": ")
        .append(writesOk).append("}\n}\n");
    return b.toString();
  }

  private String readJson(String client) {
    List<Read> mine = reads.stream().filter(r -> r.client().equals(client)).toList();
    List<Read> met = mine.stream().filter(r -> r.suspendedReplicas() > 0).toList();
    return String.format(Locale.ROOT, "{\"n\": %d, \"ok\": %d, \"failed\": %d,"
        + " \"metSuspended\": %d, \"metSuspendedOk\": %d, \"allReplicasSuspended\": %d,"
        + " \"p50Ms\": %d, \"p90Ms\": %d, \"maxMs\": %d, \"metSuspendedP90Ms\": %d}",
        mine.size(), mine.stream().filter(Read::ok).count(),
        mine.stream().filter(r -> !r.ok()).count(), met.size(),
        met.stream().filter(Read::ok).count(),
        mine.stream().filter(r -> r.replicas() > 0 && r.suspendedReplicas() == r.replicas())
            .count(), quantile(mine, 0.5), quantile(mine, 0.9), quantile(mine, 1.0),
        quantile(met, 0.9));
  }

  private static long quantile(List<Read> rs, double q) {
    if (rs.isEmpty()) {
      return -1;
    }
    List<Long> d = new ArrayList<>(rs.stream().map(Read::durationMs).sorted().toList());
    return d.get(Math.max(0, (int) Math.ceil(q * d.size()) - 1));
  }

  private String markdown() {
    List<String> l = new ArrayList<>();
    l.add("# Real sleep: DataNodes in real kernels suspended to S3");
    l.add("");
    l.add("`bin/blink bench real-sleep --guests " + options.guests() + " --staging "
        + options.staging() + " --interval " + options.intervalMs() / 1000 + "s --power "
        + options.powerPercent() + " --cycles " + options.cycles() + " --data "
        + options.dataMiB() + "`");
    l.add("");
    l.add("- " + summary());
    l.add(String.format(Locale.ROOT, "- Setup: %d DataNode guests (QEMU, %s, %d MB, Debian's"
        + " kernel; DataNode + `bin/blink agent --actuator real` as root in each), %d staging"
        + " DataNode(s), NameNode and scheduler on the host; taps on a host bridge (a suspended"
        + " guest answers nothing). Boot to all live: %.0f s.", options.guests(), accelerator,
        options.memoryMb(), options.staging(), bootMs / 1000.0));
    l.add(String.format(Locale.ROOT, "- Interval %d s, %d%% power, staggered: each guest planned"
        + " awake %d%% of each interval; blinking lasted %.0f s. Agent resume latency 2 s (the"
        + " RTC alarm fires 2 s before the window), RTC alarms in whole seconds.",
        options.intervalMs() / 1000, options.powerPercent(), options.powerPercent(),
        blinkMs / 1000.0));
    l.add(String.format(Locale.ROOT, "- Data: %d MiB in %d MiB files written before blinking,"
        + " %d MiB files written during it; DataNode bandwidth cap 10 MiB/s, so one file is"
        + " about %.1f s of one DataNode's transfer. Energy is not measured in this bench (issue"
        + " 38); the guests' measured time in S3 is in the cycles.", options.dataMiB(), 8, 4,
        0.8));
    l.add("");
    l.add("## Transition times (ms)");
    l.add("");
    l.add(String.format(Locale.ROOT, "Over the %d cycles the RTC alarm ended; %d more ended"
        + " early by a wake on demand (below, and the power rise to 100%% at the end).",
        rtcCycles().size(), cycles.size() - rtcCycles().size()));
    l.add("");
    l.add("| field | mean | p90 | max | n |");
    l.add("|---|---|---|---|---|");
    for (String f : List.of("enterMs", "decisionToEntryMs", "kernelEnterMs", "asleepMs",
        "wakeErrorMs", "hostWakeErrorMs", "kernelResumeMs", "agentResumeMs", "resumeMs",
        "heartbeatMs", "servedFromWindowMs", "nextResumeLatencyMs")) {
      l.add(distribution(f));
    }
    l.add("");
    l.add("`decisionToEntryMs`, `wakeErrorMs`, `agentResumeMs` and `nextResumeLatencyMs` are the"
        + " agent's own (guest clock and kernel log): RTC wake error is the `mem` write's return"
        + " against the alarm it armed; `agentResumeMs` the alarm to its DataNode's port"
        + " accepting; `nextResumeLatencyMs` the learned early wake. `hostWakeErrorMs` is the"
        + " same seen from the host (QMP running against the planned alarm), off by up to 1 s of"
        + " guest clock.");
    l.add("");
    l.add("## Wake on demand (QMP system_wakeup through the scheduler's wake backend)");
    l.add("");
    l.add("| guest | window was in (ms) | request to running (ms) | to serving (ms) |");
    l.add("|---|---|---|---|");
    for (Wake w : wakes) {
      l.add("| " + w.node() + " | " + w.windowInMs() + " | " + w.runningMs() + " | "
          + w.servingMs() + " |");
    }
    l.add("");
    l.add("## The kernels' counters (/sys/power/suspend_stats)");
    l.add("");
    l.add("| guest | success | fail | success while blinking |");
    l.add("|---|---|---|---|");
    for (String n : ring) {
      GuestStats a = after.get(n);
      GuestStats s = before.get(n);
      l.add("| " + n + " | " + (a == null ? "-" : a.success()) + " | "
          + (a == null ? "-" : a.fail()) + " | "
          + (a == null || s == null ? "-" : a.success() - s.success()) + " |");
    }
    l.add("");
    l.add("## Reads while blinking");
    l.add("");
    l.add("`metSuspended`: reads that started while a replica's guest was in S3 (QMP). JSON:");
    l.add("");
    l.add("- blink client: `" + readJson("blink") + "`");
    l.add("- stock client: `" + readJson("stock") + "`");
    for (Read r : reads) {
      if (!r.ok()) {
        l.add("- failed " + r.client() + " read of " + r.file() + " after " + r.durationMs()
            + " ms: " + r.error());
      }
    }
    l.add("");
    l.add("## Writes");
    l.add("");
    for (Write w : writes) {
      l.add("- " + w.file() + " (" + w.mib() + " MiB, " + w.phase() + "): " + (w.ok() ? "ok in "
          + w.durationMs() + " ms" : "FAILED: " + w.error()));
    }
    l.add("");
    return String.join("\n", l);
  }
}
