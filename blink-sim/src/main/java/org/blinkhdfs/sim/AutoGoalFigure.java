package org.blinkhdfs.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.blinkhdfs.model.power.TransitionModel;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.sim.AutoGoalCase.Outcome;
import org.blinkhdfs.sim.AutoGoalCase.Spec;
import org.blinkhdfs.sim.AutoGoalCheck.Violation;

/**
 * {@code bin/blink sim --figure auto}: issue 39's simulator goals for the {@code auto} policy,
 * every design simulated ({@link AutoGoalCase}) and judged ({@link AutoGoalCheck}) over N in
 * {9, 10, 11, 13, 64, 1000}, r in {2, 3, 6}, power 10..100% in 10% steps, and transitions 0 and
 * the measured real-kernel means at t = 60 s (enter 1 152 ms + resume 215 ms = 1 367 ms,
 * {@link TransitionModel#measured()}); plus the phase-group goal "r = 3 fully available at 40%
 * with transitions 0 for every N ≥ 3" over N = 3..64, 100 and 1000.
 *
 * <p>Blocks: a case on N nodes simulates {@code min(1000·N, cap)} blocks (the cap is
 * {@code --blocks}, default {@value #DEFAULT_CAP}), so N = 1000 is a sample of 200 per node. The
 * read-throughput measure is a full scan's, bound by the most loaded node, so fewer blocks per
 * node lower every design's throughput a little (the spread of per-node counts); designs on the
 * same layout (phase groups, activation, auto) see the same blocks and compare exactly.
 *
 * <p>Writes {@code report.md} (settings, verdict, every violation with its mechanism, the
 * per-case table) and {@code results.csv} (one row per case and design).
 */
final class AutoGoalFigure {
  static final String NAME = "auto";
  static final int[] NODES = {9, 10, 11, 13, 64, 1000};
  static final int[] REPLICAS = {2, 3, 6};
  static final long DEFAULT_CAP = 200_000;
  static final long BLOCKS_PER_NODE = 1000;
  /** A node's read bandwidth for MiB/J in the report; every comparison is a ratio. */
  static final double NODE_MIBPS = 100;

  /** One judged case. */
  record Row(Spec spec, long blocks, List<Outcome> fixed, Outcome auto,
      List<Violation> violations) {}

  private AutoGoalFigure() {}

  /** The transition settings: 0 and the measured means at t = 60 s (1 367 ms). */
  static long[] transitions() {
    return new long[] {0,
        TransitionModel.measured().plannedTransitionMs(AutoGoalCase.INTERVAL_MS)};
  }

  /** Blocks simulated for a ring of {@code nodes}. */
  static long blocks(int nodes, long cap) {
    return Math.min(BLOCKS_PER_NODE * nodes, cap);
  }

  /** One case simulated and judged. */
  static Row row(Spec spec, long cap, long seed) {
    long b = blocks(spec.nodes(), cap);
    List<Outcome> all = AutoGoalCase.run(spec, BlockSample.all(b, seed));
    List<Outcome> fixed = all.subList(0, AutoGoalCase.FIXED.size());
    Outcome auto = all.get(AutoGoalCase.FIXED.size());
    return new Row(spec, b, List.copyOf(fixed), auto, AutoGoalCheck.check(fixed, auto));
  }

  /** Every case of the grid, in N, r, transition, power order, under the longest window. */
  static List<Row> rows(int[] nodes, int[] replicas, long[] transitions, long cap, long seed,
      Consumer<Row> progress) {
    return rows(nodes, replicas, transitions, cap, seed, ReadOrderMode.LONGEST_WINDOW, progress);
  }

  /** Every case of the grid, in N, r, transition, power order, under {@code order}. */
  static List<Row> rows(int[] nodes, int[] replicas, long[] transitions, long cap, long seed,
      ReadOrderMode order, Consumer<Row> progress) {
    List<Row> out = new ArrayList<>();
    for (int n : nodes) {
      for (int r : replicas) {
        for (long tr : transitions) {
          for (int p = 10; p <= 100; p += 10) {
            Row row = row(new Spec(n, r, p, tr, 0, order), cap, seed);
            progress.accept(row);
            out.add(row);
          }
        }
      }
    }
    return out;
  }

  /** The ring sizes of the second goal: 3..64, 100 and 1000. */
  static int[] fullAvailabilityNodes() {
    int[] out = new int[64];
    for (int n = 3; n <= 64; n++) {
      out[n - 3] = n;
    }
    out[62] = 100;
    out[63] = 1000;
    return out;
  }

  /** Rings where phase groups or auto at r = 3, 40%, no transitions leave a block unreadable. */
  static List<String> fullAvailabilityFailures(int[] nodes, long cap, long seed,
      ReadOrderMode order) {
    List<String> out = new ArrayList<>();
    for (int n : nodes) {
      List<Outcome> all = AutoGoalCase.run(new Spec(n, 3, 40, 0, 0, order),
          BlockSample.all(blocks(n, cap), seed));
      for (Outcome o : all) {
        if ((o.design().equals(AutoGoalCase.PHASE_GROUPS) || o.design().equals(AutoGoalCase.AUTO))
            && o.unavailable() > 0) {
          out.add(fmt("N = %d: %s (%s) unreadable %.4f%%", n, o.design(), o.plan(),
              100 * o.unavailable()));
        }
      }
    }
    return out;
  }

  /** results.csv: one row per case and design. */
  static String csv(List<Row> rows) {
    StringBuilder b = new StringBuilder("nodes,replicas,percent,transitionMs,blocks,design,plan,"
        + "unservedFraction,unavailableFraction,unavailableCi95,meanWaitMs,throughputFraction,"
        + "watts,mibPerJoule,predictedNodes,"
        + "predictedWatts,violations\n");
    for (Row row : rows) {
      List<Outcome> all = new ArrayList<>(row.fixed());
      all.add(row.auto());
      for (Outcome o : all) {
        Spec s = row.spec();
        boolean auto = o == row.auto();
        b.append(fmt("%d,%d,%d,%d,%d,%s,%s,%.6f,%.9f,%.9f,%.3f,%.6f,%.4f,%.5f,%s,%s,%s%n",
            s.nodes(), s.replicas(), s.percent(), s.transitionMs(), row.blocks(), o.design(),
            o.plan(), o.unserved(), o.unavailable(), o.unavailableCi95(), o.meanWaitMs(),
            o.throughputFraction(), o.watts(),
            NODE_MIBPS * o.perJoule(),
            Double.isNaN(o.predictedNodes()) ? "" : fmt("%.4f", o.predictedNodes()),
            Double.isNaN(o.predictedWatts()) ? "" : fmt("%.4f", o.predictedWatts()),
            auto ? kinds(row.violations()) : ""));
      }
    }
    return b.toString();
  }

  private static String kinds(List<Violation> vs) {
    List<String> k = new ArrayList<>();
    for (Violation v : vs) {
      k.add(v.kind() + " vs " + v.against() + " (" + v.cause() + ")");
    }
    return String.join("; ", k);
  }

  /** report.md's body after its header: verdict, violations, the table. */
  static String markdown(List<Row> rows, List<String> fullAvailabilityFailures, int[] fullNodes) {
    StringBuilder b = new StringBuilder();
    long violated = rows.stream().filter(r -> !r.violations().isEmpty()).count();
    long avail = rows.stream().filter(r -> r.violations().stream()
        .anyMatch(v -> !v.kind().equals("per joule"))).count();
    long perJoule = rows.stream().filter(r -> r.violations().stream()
        .anyMatch(v -> v.kind().equals("per joule"))).count();
    b.append(fmt("## Verdict%n%n- `auto` goal: %s. %d of %d cases violate it: %d in"
        + " availability or wait, %d in throughput per joule (more than %d%% below the best"
        + " fixed design).%n", violated == 0 ? "HOLDS" : "FAILS", violated, rows.size(), avail,
        perJoule, AutoGoalCheck.MARGIN_PERCENT));
    b.append("- Per-joule violations by cause:");
    for (String cause : List.of(AutoGoalCheck.READ_ORDER, AutoGoalCheck.LAYOUT_BALANCE,
        AutoGoalCheck.TRADE_OFF, AutoGoalCheck.OTHER)) {
      long c = rows.stream().flatMap(r -> r.violations().stream())
          .filter(v -> v.kind().equals("per joule") && v.cause().equals(cause)).count();
      b.append(' ').append(cause).append(' ').append(c).append(';');
    }
    b.append('\n');
    b.append(fmt("- r = 3 at 40%%, transitions 0, phase groups and auto fully available for N ="
        + " 3..64, 100, 1000 (%d rings): %s.%n%n", fullNodes.length,
        fullAvailabilityFailures.isEmpty() ? "HOLDS (unavailable fraction 0 on every ring)"
            : "FAILS on " + fullAvailabilityFailures.size()));
    for (String f : fullAvailabilityFailures) {
      b.append("  - ").append(f).append('\n');
    }
    b.append(worstByDesign(rows));
    b.append("\n## Violations\n\n");
    for (Row row : rows) {
      for (Violation v : row.violations()) {
        Spec s = row.spec();
        b.append(fmt("- N = %d, r = %d, %d%%, T_tr = %d ms, %s vs %s (%s): %s%n", s.nodes(),
            s.replicas(), s.percent(), s.transitionMs(), v.kind(), v.against(), v.cause(),
            v.mechanism()));
      }
    }
    b.append(fmt("%n## Cases%n%nEach cell: unavailable %% / mean wait ms / MiB per joule at %.0f"
        + " MiB/s per node. Ratio: auto's MiB/J over the best fixed design's.%n%n", NODE_MIBPS));
    b.append("| N | r | T_tr | P | phase-groups | aligned | staggered | activation | auto |"
        + " auto plan | ratio | goal |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Row row : rows) {
      Spec s = row.spec();
      b.append(fmt("| %d | %d | %d | %d%% |", s.nodes(), s.replicas(), s.transitionMs(),
          s.percent()));
      for (Outcome o : row.fixed()) {
        b.append(' ').append(cell(o)).append(" |");
      }
      Outcome best = AutoGoalCheck.bestPerJoule(row.fixed());
      b.append(fmt(" %s | %s | %.3f | %s |%n", cell(row.auto()), row.auto().plan(),
          best.perJoule() == 0 ? 1 : row.auto().perJoule() / best.perJoule(),
          row.violations().isEmpty() ? "ok" : kinds(row.violations())));
    }
    return b.toString();
  }

  /** Per fixed design: in how many cases it is the best per joule. */
  private static String worstByDesign(List<Row> rows) {
    StringBuilder b = new StringBuilder("Best fixed design per joule, cases:");
    for (String d : AutoGoalCase.FIXED) {
      long c = rows.stream().filter(r -> AutoGoalCheck.bestPerJoule(r.fixed()).design()
          .equals(d)).count();
      b.append(' ').append(d).append(' ').append(c).append(';');
    }
    double worst = Double.POSITIVE_INFINITY;
    Row at = null;
    for (Row r : rows) {
      double best = AutoGoalCheck.bestPerJoule(r.fixed()).perJoule();
      double ratio = best == 0 ? 1 : r.auto().perJoule() / best;
      if (ratio < worst) {
        worst = ratio;
        at = r;
      }
    }
    if (at != null) {
      b.append(fmt(" auto's lowest ratio to the best fixed design per joule: %.3f (N = %d, r ="
          + " %d, %d%%, T_tr = %d ms).%n", worst, at.spec().nodes(), at.spec().replicas(),
          at.spec().percent(), at.spec().transitionMs()));
    }
    return b.toString();
  }

  private static String cell(Outcome o) {
    String u = o.unavailable() == 0 ? "0" : fmt("%.2f", 100 * o.unavailable());
    String w = Double.isInfinite(o.meanWaitMs()) ? "∞" : o.meanWaitMs() == 0 ? "0"
        : fmt("%.0f", o.meanWaitMs());
    return u + " / " + w + " / " + fmt("%.3f", NODE_MIBPS * o.perJoule());
  }

  /**
   * Runs the whole grid and writes report.md and results.csv to {@code dir}.
   *
   * @param command the command line, recorded in the report
   * @param progress one line per case, for stderr
   */
  static List<Path> write(String command, long cap, long seed, ReadOrderMode order, Path dir,
      Consumer<String> progress) throws IOException {
    long start = System.nanoTime();
    long[] tr = transitions();
    List<Row> rows = rows(NODES, REPLICAS, tr, cap, seed, order, r -> progress.accept(fmt(
        "auto figure: N = %d, r = %d, %d%%, T_tr = %d ms: %s", r.spec().nodes(),
        r.spec().replicas(), r.spec().percent(), r.spec().transitionMs(),
        r.violations().isEmpty() ? "ok" : kinds(r.violations()))));
    int[] full = fullAvailabilityNodes();
    List<String> failures = fullAvailabilityFailures(full, cap, seed, order);
    double seconds = (System.nanoTime() - start) / 1e9;
    Files.createDirectories(dir);
    Path report = dir.resolve("report.md");
    Path csv = dir.resolve("results.csv");
    String header = fmt("# `auto` against the fixed designs, simulated%n%n`%s`%n%n"
        + "- Interval t = 60 s; transitions 0 and %d ms (%s); read window m = 0 (the"
        + " simulator's default); 25 W awake, 1 W asleep, transitions at 25 W, no overhead;"
        + " %d read instants per interval; seed %d.%n"
        + "- Blocks per case: min(%d·N, %d), all visited (N = 1000: %d, %d per node).%n"
        + "- Designs: phase-groups (G = r, its layout); aligned (even ring); staggered"
        + " (bisection ring, the paper's); activation (the affordable k nodes ACTIVE in whole"
        + " phase groups, phase-group layout); auto (fresh per case: its first decision, G ="
        + " r, no load sample so demand is unbounded, phase-group layout).%n"
        + "- Availability, waits and full-scan read throughput are the simulator's"
        + " (`EpochSweep` over the windows each policy planned and the layout's blocks); the"
        + " draw is the plan's (each node at its window's average, transitions included).%n"
        + "- Read order (`--read-order`, `blink.read.order`): %s, for every design and for"
        + " auto's own prediction.%n"
        + "- Wall time %.0f s.%n%n", command, tr[1],
        TransitionModel.measured().describe(AutoGoalCase.INTERVAL_MS), AutoGoalCase.INSTANTS,
        seed, BLOCKS_PER_NODE, cap, blocks(1000, cap), blocks(1000, cap) / 1000,
        order.configName(), seconds);
    Files.writeString(report, header + markdown(rows, failures, full));
    Files.writeString(csv, csv(rows));
    return List.of(report, csv);
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
