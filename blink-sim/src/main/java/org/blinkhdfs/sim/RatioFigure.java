package org.blinkhdfs.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.LongFunction;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.policy.ActivationPolicy;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.policy.Policies;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.policy.PolicyResult;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.power.SchedulePower;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.signal.BlinkFsSignals;
import org.blinkhdfs.model.signal.OscillatingSignal;
import org.blinkhdfs.model.signal.PowerSignal;

/**
 * BlinkFS Figs 10, 12(b) and 13 at BlinkFS's scale with the data set sized against the per-node
 * bandwidth ({@code bin/blink sim --figure blinkfs-ratio}): for each figure, the blink layouts
 * the paper compares and the migration-based baseline at BlinkFS's own data set and at data sets
 * whose reference step has ρ = 0.5, 1, 2, 4 ({@link MigrationCost}), over seeded rounds.
 *
 * <p>Scale (BlinkFS §5): 9 block servers, 25 W awake, 1 W asleep, 40 W always on (master and
 * switch), 1 s per suspend plus resume, 60 s blink interval, power steps of 5 minutes. Readers
 * ({@link StepReads}): Fig 10 one blocking reader of 64 KiB (BlinkFS: "random (and blocking)
 * read requests"); Fig 12(b) one client of Zipf(1.2) 100 KB gets over 10 000 objects with
 * exponential pauses of 50 ms (BlinkFS: MemcacheDB, 10 000 100 KB objects, Zipf); Fig 13 four
 * blocking readers of 64 KiB blocks of a 30 GB file. A read takes 6.1 ms (BlinkFS's measured
 * per-read overhead) plus its bytes at the per-node bandwidth.
 *
 * <p>Energy: a blink step draws its schedule's planned watts ({@link SchedulePower}); the
 * migration baseline draws k nodes awake, the rest asleep, and while a drop's data moves, the
 * nodes handing it over stay awake too, over the budget for as long as the move lasts.
 *
 * <p>Deterministic: round i uses seed i for block IDs, layout draws, readers and (Fig 13) the
 * synthetic price trace; every policy of a round reads the same block sequence.
 */
final class RatioFigure {
  static final String NAME = "blinkfs-ratio";
  static final int NODES = 9;
  static final long STEP_MS = 300_000;
  static final long INTERVAL_MS = 60_000;
  static final double READ_OVERHEAD_MS = 6.1;
  static final double GB = 1e9;
  static final double MIB = 1 << 20;
  /**
   * Fig 13's budget per hour over the synthetic 5-minute price trace: set so power stays above
   * what two nodes ACTIVE need, as in BlinkFS ("the available power is always more than the power
   * required to run two nodes").
   */
  static final double PRICE_BUDGET = 0.007;

  /** A compared system: a blink policy over a layout, or the migration baseline. */
  record System(String label, String layout, String policy, String primaries,
      boolean popularity) {
    boolean migration() {
      return policy.equals(MigrationBaseline.NAME);
    }
  }

  /** One figure: its signal per case, run length, readers and BlinkFS's data set(s). */
  record Figure(String id, String metric, Map<String, LongFunction<PowerSignal>> cases,
      long durationMs, StepReads.Workload reads, double readBytes, List<System> systems,
      Map<String, Double> blinkfsBytes) {}

  /** One cell's result in one round. */
  record Row(String figure, String caseLabel, String system, String data, double dataGiB,
      double rhoRef, double rhoMax, int round, long reads, double mibps, double meanLatencyMs,
      long unserved, double energyJ, double meanW, double budgetW, double overBudgetS,
      double readsPerKj, double movedGiB, double movingS) {}

  private RatioFigure() {}

  static PowerModel model() {
    return PowerModel.builder().nodeCount(NODES).activeWatts(25).sleepWatts(1).overheadWatts(40)
        .transitionMs(1000).build();
  }

  static final System RING = new System("ring", "power-balanced", "staggered", null, false);
  /**
   * Rabbit's equal work with one primary: the largest p whose chain holds r = 3 on 9 nodes
   * (p = 2, BlinkFS's split, needs 10; the layout refuses it), as the cluster benches ran it.
   */
  static final System EQUAL_WORK_1 = new System("equal work p=1", "equal-work", "activation",
      "1", false);
  static final System LOAD_PROP = new System("load-proportional", "random", "load-proportional",
      null, true);
  static final System MIGRATION = new System("migration", "", MigrationBaseline.NAME, null,
      false);

  /** The three figures at BlinkFS's scale; {@code priceBudget} sets Fig 13's budget per hour. */
  static List<Figure> figures(double nodeBytesPerSec, double priceBudget) {
    PowerModel m = model();
    Map<String, LongFunction<PowerSignal>> osc = new LinkedHashMap<>();
    for (int n : new int[] {0, 10, 20, 30, 60}) {
      osc.put("N=" + n, seed -> new OscillatingSignal(n, STEP_MS));
    }
    double kib64 = 64 * 1024;
    Figure fig10 = new Figure("fig10", "read MiB/s", osc, 3_600_000,
        new StepReads.Workload(1, 0, 20 * 1024 / 4, 0, service(kib64, nodeBytesPerSec)), kib64,
        List.of(RING, EQUAL_WORK_1, MIGRATION), mapOf("BlinkFS 10 GB", 10 * GB,
            "BlinkFS 20 GB", 20 * GB));
    Figure fig12 = new Figure("fig12b", "mean get latency ms",
        Map.of("renewable:50, floor 20%", seed -> floor(BlinkFsSignals.renewable(m, 50, 0), m)),
        10_800_000,
        new StepReads.Workload(1, 50, 10_000, 1.2, service(100_000, nodeBytesPerSec)),
        100_000, List.of(RING, EQUAL_WORK_1, LOAD_PROP, MIGRATION),
        mapOf("BlinkFS 1 GB", 1 * GB));
    Figure fig13 = new Figure("fig13", "reads served",
        Map.of("price:" + priceBudget + ", floor 20%", seed -> floor(BlinkFsSignals.marketPrice(
            priceBudget, new Random(seed)), m)), 10_800_000,
        new StepReads.Workload(4, 0, 491_520, 0, service(kib64, nodeBytesPerSec)), kib64,
        List.of(RING, EQUAL_WORK_1, LOAD_PROP, MIGRATION), mapOf("BlinkFS 30 GB", 30 * GB));
    return List.of(fig10, fig12, fig13);
  }

  /** The floor of 20% the cluster benches replay the trace's lowest steps at. */
  static final double FLOOR_PERCENT = 20;

  /** {@code s} raised to {@link #FLOOR_PERCENT} wherever it falls below. */
  static PowerSignal floor(PowerSignal s, PowerModel m) {
    return new PowerSignal() {
      @Override
      public PowerLevel levelAt(long elapsedMs) {
        PowerLevel l = s.levelAt(elapsedMs);
        return l.resolve(m).percentOfTotal() < FLOOR_PERCENT
            ? new PowerLevel.Percent(FLOOR_PERCENT) : l;
      }

      @Override
      public String describe() {
        return s.describe() + ", floor " + fmt(FLOOR_PERCENT) + "%";
      }
    };
  }

  private static Map<String, Double> mapOf(Object... kv) {
    Map<String, Double> out = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      out.put((String) kv[i], (Double) kv[i + 1]);
    }
    return out;
  }

  /** One read: BlinkFS's per-read overhead plus its bytes at the node's bandwidth. */
  static double service(double bytes, double nodeBytesPerSec) {
    return READ_OVERHEAD_MS + bytes / nodeBytesPerSec * 1000;
  }

  /** k of the activation policy at {@code level}, 0 below the minimum. */
  static int activeNodes(PowerModel m, PowerLevel level) {
    PowerBudget b = level.resolve(m);
    return b.belowMinimum() ? 0 : ActivationPolicy.activeNodes(b);
  }

  static PowerLevel[] levels(PowerSignal s, long durationMs) {
    PowerLevel[] out = new PowerLevel[(int) (durationMs / STEP_MS)];
    for (int i = 0; i < out.length; i++) {
      out[i] = s.levelAt(i * STEP_MS);
    }
    return out;
  }

  /**
   * The figure's reference step: of the changes of k between consecutive steps of round 0 with
   * k &gt; 0 on both sides, the one whose move takes longest per stored byte.
   */
  static int[] referenceStep(Figure f, double nodeBytesPerSec) {
    PowerModel m = model();
    MigrationCost perByte = new MigrationCost(1, nodeBytesPerSec, Double.POSITIVE_INFINITY);
    int[] best = null;
    for (LongFunction<PowerSignal> c : f.cases().values()) {
      PowerLevel[] lv = levels(c.apply(0), f.durationMs());
      for (int i = 1; i < lv.length; i++) {
        int a = activeNodes(m, lv[i - 1]);
        int b = activeNodes(m, lv[i]);
        if (a > 0 && b > 0 && a != b && (best == null
            || perByte.seconds(a, b) > perByte.seconds(best[0], best[1]))) {
          best = new int[] {a, b};
        }
      }
    }
    if (best == null) {
      throw new IllegalStateException(f.id() + ": no step changes the nodes on");
    }
    return best;
  }

  /** Data sets of a figure: BlinkFS's, then one per target ρ on the reference step. */
  static Map<String, Double> dataSets(Figure f, List<Double> rhos, double nodeBytesPerSec) {
    int[] ref = referenceStep(f, nodeBytesPerSec);
    Map<String, Double> out = new LinkedHashMap<>(f.blinkfsBytes());
    for (double rho : rhos) {
      out.put(String.format(Locale.ROOT, "rho=%s", fmt(rho)),
          MigrationCost.storedBytesFor(rho, ref[0], ref[1], nodeBytesPerSec, STEP_MS));
    }
    return out;
  }

  /** Every row of every figure, case, system, data set and round. */
  static List<Row> run(List<Figure> figures, List<Double> rhos, int rounds,
      double nodeBytesPerSec) {
    List<Row> rows = new ArrayList<>();
    PowerModel m = model();
    List<String> ring = Simulator.ring(NODES);
    for (Figure f : figures) {
      int[] ref = referenceStep(f, nodeBytesPerSec);
      Map<String, Double> data = dataSets(f, rhos, nodeBytesPerSec);
      for (Map.Entry<String, LongFunction<PowerSignal>> c : f.cases().entrySet()) {
        for (int round = 0; round < rounds; round++) {
          PowerLevel[] lv = levels(c.getValue().apply(round), f.durationMs());
          for (System sys : f.systems()) {
            if (sys.migration()) {
              for (Map.Entry<String, Double> d : data.entrySet()) {
                MigrationCost cost = new MigrationCost(d.getValue(), nodeBytesPerSec,
                    Double.POSITIVE_INFINITY);
                rows.add(migrationRow(f, c.getKey(), d.getKey(), cost,
                    cost.rho(ref[0], ref[1], STEP_MS), lv, m, round));
              }
            } else {
              rows.add(blinkRow(f, c.getKey(), sys, lv, m, ring, round));
            }
          }
        }
      }
    }
    return rows;
  }

  private static Row blinkRow(Figure f, String caseLabel, System sys, PowerLevel[] lv,
      PowerModel m, List<String> ring, int round) {
    Map<String, String> keys = new HashMap<>();
    if (sys.primaries() != null) {
      keys.put("blink.equalwork.primaries", sys.primaries());
    }
    if (sys == RING) {
      // BlinkFS's figures are of its ring as printed, by name since the default is phase groups
      keys.put(RingSpacing.KEY, RingSpacing.BISECTION.value());
    }
    ReplicaSets layout = ReplicaSets.byName(sys.layout(), uniform(ring, NodeMode.ACTIVE), 3,
        round, keys::get);
    Map<String, Double> popularity = sys.popularity() ? popularity(f, layout, ring, round)
        : Map.of();
    BlinkPolicy policy = Policies.byName("--policy", sys.policy());
    Map<PowerLevel, Schedule> planned = new HashMap<>();
    List<StepServer> servers = new ArrayList<>();
    Energy energy = new Energy();
    for (PowerLevel level : lv) {
      Schedule s = planned.computeIfAbsent(level, l -> plan(policy, m, ring, l, popularity));
      servers.add(StepServer.blink(s, layout, ring, 0));
      energy.step(level.resolve(m).clusterWatts(),
          m.overheadWatts() + SchedulePower.averageNodeWatts(s, m), 0, 0);
    }
    StepReads.Outcome o = StepReads.run(servers, STEP_MS, NODES, f.reads(), round);
    return row(f, caseLabel, sys.label(), "any", 0, 0, 0, round, o, energy, 0, 0);
  }

  private static Row migrationRow(Figure f, String caseLabel, String data, MigrationCost cost,
      double rhoRef, PowerLevel[] lv, PowerModel m, int round) {
    List<StepServer> servers = new ArrayList<>();
    Energy energy = new Energy();
    int holding = -1;
    double movedUntilMs = 0;
    double moved = 0;
    double movingS = 0;
    double rhoMax = 0;
    List<double[]> moves = new ArrayList<>(); // start ms, end ms, nodes kept awake to hand over
    for (int i = 0; i < lv.length; i++) {
      int k = activeNodes(m, lv[i]);
      long start = i * STEP_MS;
      if (k > 0 && holding > 0 && k != holding) {
        double seconds = cost.seconds(holding, k);
        moved += cost.bytes(holding, k);
        movingS += seconds;
        rhoMax = Math.max(rhoMax, cost.rho(holding, k, STEP_MS));
        double moveStart = Math.max(movedUntilMs, start);
        movedUntilMs = moveStart + seconds * 1000;
        moves.add(new double[] {moveStart, movedUntilMs, Math.max(0, holding - k)});
      }
      if (k > 0) {
        holding = k;
      }
      double base = m.overheadWatts() + k * m.activeWatts() + (NODES - k) * m.sleepWatts();
      double budget = lv[i].resolve(m).clusterWatts();
      double extraJ = 0;
      double overMs = 0;
      for (double[] mv : moves) {
        double overlap = Math.max(0, Math.min(mv[1], start + STEP_MS) - Math.max(mv[0], start));
        double extraW = mv[2] * (m.activeWatts() - m.sleepWatts());
        extraJ += extraW * overlap / 1000;
        if (extraW > 0 && base + extraW > budget + 1e-9) {
          overMs += overlap;
        }
      }
      energy.step(budget, base, extraJ, overMs);
      servers.add(StepServer.migration(k, (long) Math.ceil(movedUntilMs)));
    }
    StepReads.Outcome o = StepReads.run(servers, STEP_MS, NODES, f.reads(), round);
    return row(f, caseLabel, MIGRATION.label(), data, cost.storedBytes() / (1L << 30), rhoRef,
        rhoMax, round, o, energy, moved / (1L << 30), movingS);
  }

  private static Row row(Figure f, String caseLabel, String system, String data, double dataGiB,
      double rhoRef, double rhoMax, int round, StepReads.Outcome o, Energy e, double movedGiB,
      double movingS) {
    double seconds = f.durationMs() / 1000.0;
    return new Row(f.id(), caseLabel, system, data, dataGiB, rhoRef, rhoMax, round, o.served(),
        o.served() * f.readBytes() / MIB / seconds, o.meanLatencyMs(), o.unserved(), e.joules,
        e.joules / seconds, e.budgetJoules / seconds, e.overS, o.served() / (e.joules / 1000),
        movedGiB, movingS);
  }

  /** Energy of a run, step by step (each step {@link #STEP_MS}). */
  static final class Energy {
    double joules;
    double budgetJoules;
    double overS;

    /**
     * One step: budget watts, base draw, {@code extraJ} joules more (the nodes kept awake to hand
     * over data) and {@code extraOverMs} of the step over budget because of them.
     */
    void step(double budgetW, double baseW, double extraJ, double extraOverMs) {
      double s = STEP_MS / 1000.0;
      joules += baseW * s + extraJ;
      budgetJoules += budgetW * s;
      overS += baseW > budgetW + 1e-9 ? s : extraOverMs / 1000;
    }
  }

  private static Schedule plan(BlinkPolicy policy, PowerModel m, List<String> ring,
      PowerLevel level, Map<String, Double> popularity) {
    PolicyResult r = policy.plan(PolicyRequest.builder().ring(ring).model(m).level(level)
        .intervalMs(INTERVAL_MS).intervalStartMs(0).epoch(0).popularity(popularity).build());
    return r.status() == PolicyResult.Status.BELOW_MINIMUM ? uniform(ring, NodeMode.OFF)
        : r.schedule().orElseThrow();
  }

  /**
   * Load-proportional's node weights: each block's read probability split evenly over its
   * replicas (BlinkFS set them a priori from a first run; here from the workload's law).
   */
  private static Map<String, Double> popularity(Figure f, ReplicaSets layout, List<String> ring,
      long seed) {
    StepReads.Workload w = f.reads();
    double[] cdf = w.zipf() > 0 ? StepReads.zipfCdf(w.blocks(), w.zipf()) : null;
    double[] load = new double[ring.size()];
    for (long i = 0; i < w.blocks(); i++) {
      double p = cdf == null ? 1.0 / w.blocks() : cdf[(int) i] - (i == 0 ? 0 : cdf[(int) i - 1]);
      List<Integer> t = layout.targets(org.blinkhdfs.rabbit.layout.BlockHash.draw(i, seed,
          StepReads.ID_STREAM));
      for (int n : t) {
        load[n] += p / t.size();
      }
    }
    Map<String, Double> out = new HashMap<>();
    for (int i = 0; i < load.length; i++) {
      out.put(ring.get(i), load[i]);
    }
    return out;
  }

  private static Schedule uniform(List<String> ring, NodeMode mode) {
    Schedule.Builder b = Schedule.builder().intervalMs(INTERVAL_MS);
    for (String node : ring) {
      b.add(NodeSchedule.of(node, mode));
    }
    return b.build();
  }

  static String fmt(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
        : String.format(Locale.ROOT, "%.4g", v);
  }

  /** Writes results.csv (every round) and report.md; returns the files. */
  static List<Path> write(String command, List<Figure> figures, List<Double> rhos, int rounds,
      double nodeBytesPerSec, Path dir) throws IOException {
    List<Row> rows = run(figures, rhos, rounds, nodeBytesPerSec);
    Files.createDirectories(dir);
    Path csv = dir.resolve("results.csv");
    Files.writeString(csv, RatioReport.csv(rows));
    Path md = dir.resolve("report.md");
    Files.writeString(md, RatioReport.markdown(command, figures, rhos, rounds, nodeBytesPerSec,
        rows));
    return List.of(csv, md);
  }
}
