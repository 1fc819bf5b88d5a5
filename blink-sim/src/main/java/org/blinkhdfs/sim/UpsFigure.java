package org.blinkhdfs.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.blinkhdfs.model.battery.RideThroughDecision.Verdict;
import org.blinkhdfs.model.power.TransitionModel;
import org.blinkhdfs.sim.UpsCase.Outcome;
import org.blinkhdfs.sim.UpsCase.Spec;

/**
 * {@code bin/blink sim --figure ups}: issue 44's simulator goal, "ride-through within 5% of the
 * target over a range of capacities and loads, never below the reserve", over N in {9, 100,
 * 1000}, capacities 0.5 to 20 kWh and targets 30 min to 8 h ({@link UpsCase} each).
 *
 * <p>The verdict of a case depends on what its battery can do ({@link Outcome#kind()}):
 * <ul>
 *   <li>feasible: achieved within 5% of the target, never below the reserve;
 *   <li>capped (full power outlasts the target): lasted at least the target (less one interval,
 *       the shutdown comes at a reading), never below the reserve;
 *   <li>unreachable (not even every DataNode asleep lasts it): the goal cannot apply; it must last
 *       what the minimum gives, less than one interval short, never below the reserve.
 * </ul>
 *
 * <p>Writes {@code report.md} (settings, verdict, the table) and {@code results.csv} (one row per
 * case).
 */
final class UpsFigure {
  static final String NAME = "ups";
  static final int[] NODES = {9, 100, 1000};
  static final double[] CAPACITIES_KWH = {0.5, 1, 2, 5, 10, 20};
  static final double[] TARGETS_HOURS = {0.5, 1, 2, 4, 8};
  static final double TOLERANCE = 0.05;

  private UpsFigure() {}

  /** Whether the case meets its goal (see the class comment). */
  static boolean ok(Outcome o) {
    boolean reserve = o.minSoc() >= UpsCase.RESERVE - 1e-12;
    switch (o.kind()) {
      case "feasible":
        return reserve && Math.abs(o.ratio() - 1) <= TOLERANCE;
      case "capped":
        return reserve && o.achievedMs() > o.spec().targetMs() - UpsCase.INTERVAL_MS;
      default:
        return reserve && o.achievedMs() <= o.lastsAtMinMs()
            && o.achievedMs() > o.lastsAtMinMs() - UpsCase.INTERVAL_MS;
    }
  }

  /** Every case, in N, capacity, target order. */
  static List<Outcome> rows(long seed, Consumer<Outcome> progress) {
    List<Outcome> out = new ArrayList<>();
    for (int n : NODES) {
      UpsCase.Availability availability = new UpsCase.Availability(n, seed);
      for (double kwh : CAPACITIES_KWH) {
        for (double h : TARGETS_HOURS) {
          Outcome o = UpsCase.run(new Spec(n, 1000 * kwh, Math.round(h * 3_600_000)),
              availability);
          progress.accept(o);
          out.add(o);
        }
      }
    }
    return out;
  }

  /** results.csv: one row per case. */
  static String csv(List<Outcome> rows) {
    StringBuilder b = new StringBuilder("nodes,capacityWh,targetS,kind,lastsAtMinS,lastsAtPeakS,"
        + "achievedS,ratio,shutdown,minSoc,batteryWh,loadWh,meanWatts,unavailableFraction,"
        + "restored,intervalsByVerdict,goal\n");
    for (Outcome o : rows) {
      b.append(fmt("%d,%.0f,%d,%s,%d,%d,%d,%.4f,%s,%.4f,%.1f,%.1f,%.1f,%.6f,%s,%s,%s%n",
          o.spec().nodes(), o.spec().capacityWh(), o.spec().targetMs() / 1000, o.kind(),
          o.lastsAtMinMs() / 1000, o.lastsAtPeakMs() / 1000, o.achievedMs() / 1000, o.ratio(),
          o.shutdown(), o.minSoc(), o.batteryWh(), o.loadWh(), o.meanWatts(), o.unavailable(),
          o.restored(), verdicts(o.verdicts()).replace(", ", " "), ok(o) ? "ok" : "FAILS"));
    }
    return b.toString();
  }

  private static String verdicts(Map<Verdict, Integer> v) {
    List<String> parts = new ArrayList<>();
    for (Map.Entry<Verdict, Integer> e : v.entrySet()) {
      parts.add(e.getKey().name().toLowerCase(Locale.ROOT) + "=" + e.getValue());
    }
    return String.join(", ", parts);
  }

  /** report.md's body after its header. */
  static String markdown(List<Outcome> rows) {
    Map<String, int[]> byKind = new HashMap<>();
    for (Outcome o : rows) {
      int[] c = byKind.computeIfAbsent(o.kind(), k -> new int[2]);
      c[0]++;
      if (ok(o)) {
        c[1]++;
      }
    }
    long failed = rows.stream().filter(o -> !ok(o)).count();
    double worst = rows.stream().filter(o -> o.kind().equals("feasible"))
        .mapToDouble(o -> Math.abs(o.ratio() - 1)).max().orElse(0);
    double lowest = rows.stream().mapToDouble(Outcome::minSoc).min().orElse(1);
    StringBuilder b = new StringBuilder();
    b.append(fmt("## Verdict%n%n- Goal (ride-through within %.0f%% of the target, never below the"
        + " reserve): %s. %d of %d cases fail.%n", 100 * TOLERANCE,
        failed == 0 ? "HOLDS" : "FAILS", failed, rows.size()));
    for (String k : List.of("feasible", "capped", "unreachable")) {
      int[] c = byKind.getOrDefault(k, new int[2]);
      b.append(fmt("- %s: %d cases, %d meet their goal.%n", k, c[0], c[1]));
    }
    b.append(fmt("- Largest |achieved/target - 1| over the feasible cases: %.4f. Lowest state of"
        + " charge of any case: %.4f (reserve %.2f).%n%n", worst, lowest, UpsCase.RESERVE));
    b.append("## Cases\n\nachieved: outage start to the SHUTDOWN decision (the grid's return when"
        + " it came first, marked +). Unavailable: share of time a block had no replica awake,"
        + " while up on battery.\n\n");
    b.append("| N | kWh | target | kind | lasts at min / at peak | achieved | ratio | min SoC |"
        + " battery Wh | mean W | unavailable | verdicts | goal |\n"
        + "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Outcome o : rows) {
      b.append(fmt("| %d | %s | %s | %s | %s / %s | %s%s | %.3f | %.3f | %.0f | %.0f | %.4f | %s"
          + " | %s |%n", o.spec().nodes(), kwh(o.spec().capacityWh()),
          hours(o.spec().targetMs()), o.kind(), hours(o.lastsAtMinMs()),
          hours(o.lastsAtPeakMs()), hours(o.achievedMs()), o.shutdown() ? "" : "+", o.ratio(),
          o.minSoc(), o.batteryWh(), o.meanWatts(), o.unavailable(), verdicts(o.verdicts()),
          ok(o) ? "ok" : "FAILS"));
    }
    return b.toString();
  }

  private static String kwh(double wh) {
    double k = wh / 1000;
    return k == Math.rint(k) ? fmt("%.0f", k) : fmt("%.1f", k);
  }

  private static String hours(long ms) {
    long m = Math.round(ms / 60_000.0);
    return fmt("%dh%02d", m / 60, m % 60);
  }

  /**
   * Runs the grid and writes report.md and results.csv to {@code dir}.
   *
   * @param command the command line, recorded in the report
   * @param progress one line per case, for stderr
   */
  static List<Path> write(String command, long seed, Path dir, Consumer<String> progress)
      throws IOException {
    long start = System.nanoTime();
    List<Outcome> rows = rows(seed, o -> progress.accept(fmt("ups figure: N = %d, %s kWh,"
        + " target %s: %s, achieved %s (%.3f), %s", o.spec().nodes(), kwh(o.spec().capacityWh()),
        hours(o.spec().targetMs()), o.kind(), hours(o.achievedMs()), o.ratio(),
        ok(o) ? "ok" : "FAILS")));
    double seconds = (System.nanoTime() - start) / 1e9;
    Files.createDirectories(dir);
    Path report = dir.resolve("report.md");
    Path csv = dir.resolve("results.csv");
    String header = fmt("# Riding through a blackout on a UPS, simulated%n%n`%s`%n%n"
        + "- Trace per case: grid %d min, then on battery for %.1f x the target (the battery,"
        + " not the trace, ends the ride-through unless full power outlasts it), then grid %d"
        + " min (full power restored at once; the battery recharges at its %.0f-hour rate).%n"
        + "- Every t = %d s: a reading of the simulated battery (exact, fresh) goes to"
        + " RideThrough (RideThroughPlanner: P = usable / max(time left, t), capped at all"
        + " awake, the minimum when even that is short, SHUTDOWN when the minimum cannot last"
        + " one more interval); its level goes to the default policy (phase-groups, G = %d)"
        + " and the battery is discharged at what that schedule draws (SchedulePower, each"
        + " node at its window's average, transitions at the awake draw) plus the overhead,"
        + " divided by the efficiency. After SHUTDOWN the cluster draws nothing (the shutdown"
        + " path's energy is what the reserve holds; not modelled).%n"
        + "- Cluster: N DataNodes at 25 W awake, 1 W asleep, transitions %d ms (%s), overhead"
        + " 40 W per 9 DataNodes (40, 444, 4 444 W). Battery: full at the outage, efficiency"
        + " %.2f, reserve %.0f%%; usable = efficiency x (stored - reserve).%n"
        + "- Availability: the simulator's EpochSweep over %d phase-group-layout blocks, %d read"
        + " instants, read window 0, each plan's windows rounded down to a whole second (at most"
        + " 61 sweeps per N; the rounding can only make a plan look less available); seed %d.%n"
        + "- Wall time %.0f s.%n%n", command, UpsCase.GRID_BEFORE_MS / 60_000,
        UpsCase.OUTAGE_TARGETS, UpsCase.GRID_AFTER_MS / 60_000, UpsCase.RECHARGE_HOURS,
        UpsCase.INTERVAL_MS / 1000, UpsCase.GROUPS,
        TransitionModel.measured().plannedTransitionMs(UpsCase.INTERVAL_MS),
        TransitionModel.measured().describe(UpsCase.INTERVAL_MS), UpsCase.EFFICIENCY,
        100 * UpsCase.RESERVE, UpsCase.BLOCKS, UpsCase.INSTANTS, seed, seconds);
    Files.writeString(report, header + markdown(rows));
    Files.writeString(csv, csv(rows));
    return List.of(report, csv);
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
