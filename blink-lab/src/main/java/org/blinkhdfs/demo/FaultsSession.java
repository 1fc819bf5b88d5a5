package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.bench.energy.EnergySnapshot;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.cluster.DataNodeProcess;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.workload.ContinuousIo;

/**
 * {@code bin/blink bench faults}, issue 14's fault matrix: on one blinking local cluster whose
 * scheduler, agents, NameNode and write proxy each run in a JVM of their own, a write and read
 * workload runs without pause ({@link ContinuousIo}) while each of those daemons in turn is
 * killed with SIGKILL at a random moment, left dead for half to one blink interval, and started
 * again. The agents are killed once per kind (emulate by signals, emulate by a freezer cgroup
 * where one is writable, dry-run); an emulate agent is killed while its DataNode is frozen when
 * the random moment falls in its sleep.
 *
 * <p>Per case it checks what the issue asks: every acknowledged file reads back byte for byte in
 * a pass begun at the restart ({@link ContinuousIo#VERIFY_THREADS} readers), and each file
 * within one interval (no read waits longer than the
 * blink interval, so none waits on the fault); no DataNode left frozen (every DataNode is seen
 * running within one interval after the restart); no operation failed, except those refused
 * while the NameNode was down (never acknowledged, so nothing of them is lost). The storm check (no
 * re-replication because of sleep) is the runner's common one ({@link LayoutChecks}), over the
 * whole run, with the NameNode's counters added up across its restart ({@link
 * Tally#nameNodeCountersBeforeRestart}).
 *
 * <p>Energy: each case's cell carries the DataNodes' energy against the 40% budget from the kill
 * to one interval after the restart (the window its operations are judged in), with MiB/J over
 * the verify pass's bytes and ops/kJ over the workload's operations that completed in the
 * window. The scheduler's case is measured from its restart: its energy counters live in its
 * memory and start again at 0 ({@link #energyFromKill}). A case over budget (a node kept awake
 * while its agent was down, say) is marked ‡; the matrix makes no comparison, so nothing is left
 * out.
 *
 * <p>Not thread-safe; one run at a time.
 */
final class FaultsSession extends SessionBase {
  static final String EXPERIMENT = "faults";
  /** bench faults. */
  static final Experiment DEFINITION = Experiment.of(List.of(EXPERIMENT),
      c -> Map.of("layouts", DemoOptions.RELAY_LAYOUTS, "nodes", "6",
          "power", "40"),
      o -> "BlinkHDFS bench: faults (kill -9 of the scheduler, of each kind of agent, of the"
          + " NameNode and of the write proxy at a random moment under a write and read"
          + " workload, then a restart)", FaultsSession::new);
  private static final Path ROOT = new Path("/demo/faults");

  /** One fault: what is killed, when, for how long, and what was seen. */
  record Outcome(String target, String context, long killAtMs, long downMs, long restartMs,
      int filesVerified, long verifyMs, long maxReadMs, List<String> lost,
      Set<String> neverThawed, List<ContinuousIo.Op> failed, List<ContinuousIo.Op> refused,
      CellEnergy energy, long verifiedBytes, long okOps) {}

  private final Random random;
  private final List<Outcome> outcomes = new ArrayList<>();
  private int finalFiles;
  private List<String> finalLost = List.of();
  private long t0;
  /** Whether the last agent case's DataNode was frozen when its agent was killed. */
  private boolean frozenAtKill;

  FaultsSession(DemoOptions options, LayoutRun run, LocalCluster cluster,
      Consumer<String> progress) {
    super(options, run, cluster, progress);
    this.random = new Random(options.seed());
  }

  private int power() {
    return options.powers().get(0);
  }

  @Override
  public void run(FileSystem fs) throws IOException, InterruptedException {
    long interval = options.intervalMs();
    t0 = System.currentTimeMillis();
    progress.accept(String.format(Locale.ROOT, "faults at %d%% power, interval %d ms; agents: %s",
        power(), interval, cluster.agentKinds()));
    ContinuousIo io = ContinuousIo.start(fs, ROOT, options.replication(),
        ContinuousIo.FILE_BYTES, ContinuousIo.PAUSE_MS, options.seed(), System::currentTimeMillis);
    try {
      Thread.sleep(2 * interval); // warm up: files on every layout position, stand-ins staged
      for (Map.Entry<String, Fault> f : faults().entrySet()) {
        outcomes.add(runCase(io, fs, f.getKey(), f.getValue()));
      }
    } finally {
      io.close();
    }
    ContinuousIo.Verified last = io.verifyAll(fs, io.acknowledged());
    finalFiles = last.files();
    finalLost = last.problems();
    tallyOps(io);
  }

  /** A daemon to kill and restart. */
  private interface Fault {
    void kill() throws InterruptedException;

    void restart() throws IOException, InterruptedException;
  }

  /** The cases in order: scheduler, one agent per kind, NameNode, proxy. */
  private Map<String, Fault> faults() {
    Map<String, Fault> out = new LinkedHashMap<>();
    out.put("scheduler", new Fault() {
      public void kill() throws InterruptedException {
        cluster.killScheduler();
      }

      public void restart() throws IOException, InterruptedException {
        cluster.restartScheduler();
      }
    });
    List<String> kinds = cluster.agentKinds();
    Set<String> seen = new LinkedHashSet<>();
    for (int i = 0; i < kinds.size(); i++) {
      if (seen.add(kinds.get(i))) {
        int ring = i;
        boolean freezes = !kinds.get(i).equals("DRY_RUN");
        String node = cluster.dataNodes().stream().filter(d -> !d.staging()).toList().get(i)
            .xferAddress();
        out.put("agent " + kinds.get(i).toLowerCase(Locale.ROOT).replace('_', '-') + " (ring "
            + i + ")", new Fault() {
              public void kill() throws InterruptedException {
                if (freezes) {
                  awaitFrozen(node); // the orphan case: an agent dying while its node sleeps
                }
                cluster.killAgent(ring);
              }

              public void restart() throws IOException {
                cluster.restartAgent(ring);
              }
            });
      }
    }
    out.put("namenode", new Fault() {
      public void kill() throws InterruptedException {
        tally.nameNodeCountersBeforeRestart += nameNodeCounters();
        cluster.killNameNode();
      }

      public void restart() throws IOException, InterruptedException {
        cluster.restartNameNode();
      }
    });
    if (run.proxy().configured()) {
      out.put("proxy", new Fault() {
        public void kill() throws InterruptedException {
          cluster.proxy().kill();
        }

        public void restart() throws IOException, InterruptedException {
          cluster.proxy().start();
        }
      });
    }
    return out;
  }

  /** Waits (at most two intervals) until {@code node}'s DataNode is frozen. */
  private void awaitFrozen(String node) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 2 * options.intervalMs();
    try {
      while (!cluster.frozenDataNodes().contains(node)
          && System.currentTimeMillis() < deadline) {
        Thread.sleep(20);
      }
      frozenAtKill = cluster.frozenDataNodes().contains(node);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The NameNode's deliberate copies so far (its counters restart at 0 with it). */
  private long nameNodeCounters() {
    try {
      return cluster.nameNode().metric("BlinkSchedule", "LayoutCorrections")
          + cluster.nameNode().metric("BlinkSchedule", "ShortWriteReplicas");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private Outcome runCase(ContinuousIo io, FileSystem fs, String target, Fault fault)
      throws IOException, InterruptedException {
    long interval = options.intervalMs();
    Thread.sleep((long) (random.nextDouble() * interval)); // a random moment of the interval
    frozenAtKill = false;
    boolean fromKill = energyFromKill(target);
    EnergySnapshot e0 = fromKill ? energy().begin() : null;
    fault.kill();
    long killAt = System.currentTimeMillis();
    String context = target.startsWith("agent") && !target.contains("dry-run") ? (frozenAtKill
        ? "its DataNode was frozen at the kill" : "its DataNode was running at the kill") : "";
    long down = interval / 2 + (long) (random.nextDouble() * interval / 2);
    Thread.sleep(down);
    long restartAt = System.currentTimeMillis();
    fault.restart();
    long restarted = System.currentTimeMillis();
    if (!fromKill) {
      e0 = energy().begin();
    }
    ThawWatch watch = ThawWatch.start(cluster, interval);
    List<ContinuousIo.Acked> files = io.acknowledged();
    ContinuousIo.Verified v = io.verifyAll(fs, files);
    Set<String> neverThawed = watch.finish();
    long settleUntil = restarted + interval;
    long now = System.currentTimeMillis();
    if (now < settleUntil) {
      Thread.sleep(settleUntil - now);
    }
    CellEnergy e = energy().end(e0);
    long okOps = io.ops(fromKill ? killAt : restarted, settleUntil).stream()
        .filter(ContinuousIo.Op::ok).count();
    boolean nameNode = target.equals("namenode");
    List<ContinuousIo.Op> failed = new ArrayList<>();
    List<ContinuousIo.Op> refused = new ArrayList<>();
    for (ContinuousIo.Op o : io.ops(killAt, settleUntil)) {
      if (!o.ok()) {
        // Without its NameNode HDFS serves nothing: an operation begun before the restarted one
        // answered is refused, never acknowledged, so nothing of it can be lost.
        (nameNode && o.startMs() <= restarted ? refused : failed).add(o);
      }
    }
    Outcome out = new Outcome(target, context, killAt - t0, down, restarted - restartAt, v.files(),
        v.endMs() - restarted, v.maxReadMs(), v.problems(), neverThawed, failed, refused, e,
        v.bytes(), okOps);
    progress.accept(String.format(Locale.ROOT, "%s: killed at %.1f s%s, down %d ms, restart took"
        + " %d ms; %d files verified in %d ms (slowest read %d ms), %d lost; never thawed %s;"
        + " %d failed operations, %d refused while the NameNode was down; DataNodes %s", target,
        out.killAtMs() / 1000.0, context.isEmpty() ? "" : " (" + context + ")", down,
        out.restartMs(), v.files(), out.verifyMs(),
        v.maxReadMs(), v.problems().size(), neverThawed, failed.size(), refused.size(),
        EnergyText.line(e, v.bytes(), okOps)));
    return out;
  }

  /**
   * Whether a case's energy is measured from the kill: all but the scheduler's, whose energy
   * counters ({@code GET /v1/energy}) are in its memory, lost with it and started again at 0 by
   * the restarted one; that case is measured from the restart.
   */
  static boolean energyFromKill(String target) {
    return !target.equals("scheduler");
  }

  /**
   * A case's energy metrics: the DataNodes' energy over its window ({@link CellEnergy#metrics}),
   * MiB/J over the verify pass's bytes and ops/kJ over the workload's completed operations.
   */
  static Map<String, Double> energyMetrics(Outcome o) {
    Map<String, Double> m = new LinkedHashMap<>(o.energy().metricsWithBytes(o.verifiedBytes()));
    m.putAll(o.energy().metricsWithOps(o.okOps()));
    return m;
  }

  /** Failures outside what an outage explains go into the common checks' tally. */
  private void tallyOps(ContinuousIo io) {
    List<ContinuousIo.Op> excused = new ArrayList<>();
    outcomes.forEach(o -> excused.addAll(o.refused()));
    for (ContinuousIo.Op op : io.ops()) {
      if (!excused.contains(op)) {
        tally.add(op);
      }
    }
    tally.verifyFailures += finalLost.size();
    notes.add(excused.size() + " operations were refused while the NameNode was down (never"
        + " acknowledged, so nothing of them is lost) and are left out of the failed-read and"
        + " failed-write checks");
    notes.add(energyNote(outcomes));
  }

  /**
   * What each case's energy covers, and which cases ran over budget (the matrix compares
   * nothing, so an over-budget case is marked, not left out of a claim).
   */
  static String energyNote(List<Outcome> outcomes) {
    List<String> over = outcomes.stream().filter(o -> EnergyText.over(o.energy()))
        .map(Outcome::target).toList();
    return "faults energy: each case's cell has the DataNodes' energy from the kill to one"
        + " interval after the restart (mibPerJ over the verify pass's bytes, opsPerKJ over the"
        + " workload's operations completed in that window); the scheduler's case from its"
        + " restart, since its counters restart at 0 with it. "
        + (over.isEmpty() ? "No case ran over budget." : "Over budget " + EnergyText.OVER_MARK
            + ": " + String.join(", ", over) + "; the matrix makes no comparison, so the mark"
            + " is all it changes.");
  }

  @Override
  public List<ReportCell> cells() {
    List<ReportCell> out = new ArrayList<>();
    for (Outcome o : outcomes) {
      Map<String, Double> m = new LinkedHashMap<>();
      m.put("downMs", (double) o.downMs());
      m.put("restartMs", (double) o.restartMs());
      m.put("filesVerified", (double) o.filesVerified());
      m.put("verifyMs", (double) o.verifyMs());
      m.put("maxReadMs", (double) o.maxReadMs());
      m.put("lostFiles", (double) o.lost().size());
      m.put("neverThawed", (double) o.neverThawed().size());
      m.put("failedOps", (double) o.failed().size());
      m.put("refusedOps", (double) o.refused().size());
      if (!o.context().isEmpty()) {
        m.put("frozenAtKill", o.context().contains("frozen") ? 1.0 : 0.0);
      }
      m.putAll(energyMetrics(o));
      out.add(new ReportCell("fault: kill -9 " + o.target(), run.label(), options.replication(),
          power(), m, Map.of("maxReadMs", (double) options.intervalMs())));
    }
    return out;
  }


  @Override
  public List<Check> checks() {
    List<Check> out = new ArrayList<>();
    for (Outcome o : outcomes) {
      String n = " (kill -9 " + o.target() + ")";
      out.add(new Check("no acknowledged byte lost" + n, o.lost().isEmpty(), o.filesVerified()
          + " acknowledged files read back" + (o.lost().isEmpty() ? ", every byte equal"
          : "; lost: " + first(o.lost()))));
      out.add(new Check("every file readable within one interval of the restart" + n,
          o.lost().isEmpty() && o.maxReadMs() <= options.intervalMs(), String.format(
              Locale.ROOT, "a pass from the restart read all %d files in %d ms; the slowest"
              + " read took %d ms, limit one interval (%d ms)", o.filesVerified(), o.verifyMs(),
              o.maxReadMs(), options.intervalMs())));
      out.add(new Check("no DataNode left frozen" + n, o.neverThawed().isEmpty(),
          (o.neverThawed().isEmpty() ? "every DataNode seen running within one interval of the"
              + " restart" : "never seen running: " + o.neverThawed())
              + (o.context().isEmpty() ? "" : "; " + o.context())));
      out.add(new Check("no operation failed" + n, o.failed().isEmpty(), o.failed().isEmpty()
          ? "none failed from the kill to one interval after the restart" + (o.refused()
          .isEmpty() ? "" : "; " + o.refused().size() + " refused while the NameNode was down")
          : o.failed().size() + " failed: " + first(o.failed().stream().map(f -> (f.write()
              ? "write " : "read ") + f.problem()).toList())));
    }
    out.add(new Check("every acknowledged file intact at the end", finalLost.isEmpty(), finalFiles
        + " files read back" + (finalLost.isEmpty() ? ", every byte equal" : "; lost: "
        + first(finalLost))));
    List<String> frozen = List.of();
    try {
      frozen = cluster.frozenDataNodes();
    } catch (IOException e) {
      frozen = List.of("unknown: " + e.getMessage());
    }
    out.add(new Check("no DataNode frozen at full power after the matrix", frozen.isEmpty(),
        frozen.isEmpty() ? "every DataNode running" : "frozen: " + frozen));
    return out;
  }

  private static String first(List<String> problems) {
    return String.join("; ", problems.subList(0, Math.min(3, problems.size())))
        + (problems.size() > 3 ? "; ..." : "");
  }


  /**
   * Samples every 100 ms for one interval which DataNodes are frozen; a DataNode never seen
   * running in that time is left frozen (at this power every node's window is at least a
   * fraction of each interval).
   */
  private static final class ThawWatch {
    private final Set<String> neverRunning = new LinkedHashSet<>();
    private final Thread thread;
    private volatile IOException failure;

    private ThawWatch(LocalCluster cluster, long intervalMs) {
      for (DataNodeProcess dn : cluster.dataNodes()) {
        neverRunning.add(dn.xferAddress());
      }
      thread = new Thread(() -> {
        long end = System.currentTimeMillis() + intervalMs;
        try {
          while (System.currentTimeMillis() < end) {
            List<String> frozen = cluster.frozenDataNodes();
            synchronized (neverRunning) {
              neverRunning.retainAll(frozen);
            }
            Thread.sleep(100);
          }
        } catch (IOException e) {
          failure = e;
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }, "thaw-watch");
      thread.start();
    }

    static ThawWatch start(LocalCluster cluster, long intervalMs) {
      return new ThawWatch(cluster, intervalMs);
    }

    Set<String> finish() throws IOException, InterruptedException {
      thread.join();
      if (failure != null) {
        throw failure;
      }
      synchronized (neverRunning) {
        return Set.copyOf(neverRunning);
      }
    }
  }
}
