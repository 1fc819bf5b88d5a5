package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.cluster.ProxyProcess;

/**
 * What the write proxy did during one power level of the demo, from its {@code /jmx} counters
 * read when the level starts and when it ends ({@link #begin}, {@link Level#end}): the experiment
 * {@value #EXPERIMENT}, one cell per power level.
 *
 * <p>The level's writes come last in its latency experiment, seconds before its end; their
 * targets' windows open within one blink interval. So that each level is charged with its own
 * writes' drain, {@link Level#end} first waits, still at the level's power, until the proxy has
 * scanned twice more (its {@code /jmx} values are up to 1 s old, it scans every 1 s), has
 * nothing waiting and nothing in flight, or one blink interval plus 2 s has passed. The wait
 * adds about 2 s to a level with nothing staged; the demo's throughput phase after the writes
 * usually covers the rest.
 *
 * <ul>
 *   <li>{@code meanMs}: mean time from a block's write (its file's modification time) to its
 *       last staged replica arriving in the layout, over the blocks the proxy completed in the
 *       level (running sum over running count, so the 60 s quantile windows of the proxy do not
 *       smear levels together); absent when it completed none;</li>
 *   <li>{@code movesFinished}: copies into the layout; {@code alreadyInPlace}: copies the
 *       NameNode's own correction (the fallback, running beside the proxy) had made first;</li>
 *   <li>{@code stagedReplicas}: replicas staged during the level, drained or still waiting
 *       ({@code movesFinished + alreadyInPlace} plus the growth of the backlog); {@code
 *       backlogBlocks}: moves still waiting at the level's end (they drain in the next
 *       level).</li>
 * </ul>
 *
 * <p>Not thread-safe; one per layout run.
 */
final class DrainProbe {
  static final String EXPERIMENT = "drain";
  private static final List<String> COUNTERS = List.of("MovesFinished", "MovesAlreadyInPlace",
      "WriteToLayoutNumOps", "WriteToLayoutTotalMs");

  private final ProxyProcess proxy;

  DrainProbe(ProxyProcess proxy) {
    this.proxy = proxy;
  }

  /** Reads the counters at the start of a level. */
  Level begin() throws IOException {
    return new Level(read(), proxy.metric("BacklogBlocks"));
  }

  private Map<String, Long> read() throws IOException {
    Map<String, Long> out = new LinkedHashMap<>();
    for (String c : COUNTERS) {
      out.put(c, proxy.metric(c));
    }
    return out;
  }

  /** One level's start counters. */
  final class Level {
    private final Map<String, Long> start;
    private final long backlogAtStart;

    private Level(Map<String, Long> start, long backlogAtStart) {
      this.start = start;
      this.backlogAtStart = backlogAtStart;
    }

    /**
     * Waits for the level's drain (class comment; at most {@code maxWaitMs}), then returns the
     * level's measured metrics.
     */
    Map<String, Double> end(long maxWaitMs) throws IOException, InterruptedException {
      awaitDrained(maxWaitMs);
      Map<String, Long> now = read();
      long moved = now.get("MovesFinished") - start.get("MovesFinished");
      long already = now.get("MovesAlreadyInPlace") - start.get("MovesAlreadyInPlace");
      long blocks = now.get("WriteToLayoutNumOps") - start.get("WriteToLayoutNumOps");
      long totalMs = now.get("WriteToLayoutTotalMs") - start.get("WriteToLayoutTotalMs");
      long backlog = proxy.metric("BacklogBlocks");
      Map<String, Double> m = new LinkedHashMap<>();
      if (blocks > 0) {
        m.put(Metrics.MEAN_MS, (double) totalMs / blocks);
      }
      m.put("movesFinished", (double) moved);
      m.put("alreadyInPlace", (double) already);
      m.put("backlogBlocks", (double) backlog);
      m.put("stagedReplicas", (double) Math.max(0, moved + already + backlog - backlogAtStart));
      return m;
    }
  }

  private void awaitDrained(long maxWaitMs) throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + maxWaitMs;
    long scans = proxy.metric("Scans") + 2;
    while (System.currentTimeMillis() < deadline && (proxy.metric("Scans") < scans
        || proxy.metric("BacklogBlocks") > 0 || proxy.metric("MovesInFlight") > 0)) {
      Thread.sleep(250);
    }
  }

  /** The progress line of a level's metrics. */
  static String describe(Map<String, Double> m) {
    return String.format(Locale.ROOT, "  drain: %.0f staged replicas, %.0f moved into the layout"
        + " by the proxy, %.0f there already (NameNode), %.0f waiting; mean write to layout %s",
        m.get("stagedReplicas"), m.get("movesFinished"), m.get("alreadyInPlace"),
        m.get("backlogBlocks"), m.containsKey(Metrics.MEAN_MS)
            ? String.format(Locale.ROOT, "%.0f ms", m.get(Metrics.MEAN_MS)) : "n/a");
  }

  /**
   * The run's check, after the power is back at 100%: the proxy ran throughout (its first JVM is
   * still alive) and never saw a replica it moved trimmed again (a copy-and-trim loop with the
   * NameNode); the detail also gives its totals and its backlog at the end.
   */
  Check check(String label) {
    String name = "write proxy drained without copy-and-trim loops (" + label + ")";
    boolean alive = proxy.isAlive() && proxy.starts() == 1;
    if (!alive) {
      return Check.fail(name, "the proxy died or was restarted; see " + proxy.log());
    }
    try {
      long trimmed = proxy.metric("TrimmedAfterMove");
      String detail = String.format(Locale.ROOT, "proxy ran throughout; %d moves finished, %d"
          + " already in place, %d failed (retried), %d trimmed after a move; %d moves waiting"
          + " at the end", proxy.metric("MovesFinished"), proxy.metric("MovesAlreadyInPlace"),
          proxy.metric("MovesFailed"), trimmed, proxy.metric("BacklogBlocks"));
      return trimmed == 0 ? Check.pass(name, detail) : Check.fail(name, detail);
    } catch (IOException e) {
      return Check.fail(name, "the proxy's /jmx did not answer: " + e.getMessage() + "; see "
          + proxy.log());
    }
  }
}
