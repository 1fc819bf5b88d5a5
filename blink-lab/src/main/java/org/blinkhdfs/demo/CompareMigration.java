package org.blinkhdfs.demo;

import java.io.Closeable;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.bench.energy.EnergySnapshot;
import org.blinkhdfs.bench.math.GearPower;
import org.blinkhdfs.bench.math.MigrationRatio;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.workload.OpOutcome;
import org.blinkhdfs.workload.OpSample;
import org.blinkhdfs.workload.PhaseResult;
import org.blinkhdfs.workload.ServiceGate;

/**
 * The migration-based baseline ({@link MigrationBaseline}, BlinkFS §2.2) as a column of bench
 * compare: each power level is entered from 100% by concentrating the whole stored data set
 * ({@code --data-mib}) onto the nodes the activation policy keeps on, and left by spreading it
 * back once every node serves. What that costs is the level's {@value #EXPERIMENT} cell: the
 * seconds and MiB of the way in and of the way back, the energy the way in drew, the reads the
 * latency cell issued meanwhile (they wait at the baseline's gate: it serves nothing while it
 * moves) and rho, the move time over the power step ({@link MigrationRatio}), measured and
 * expected.
 *
 * <p>Why the way in is the cost: the latency cell of every layout starts when its power changes
 * and lasts one power step ({@code --cell-time}); the baseline's step begins with its move. The
 * way back to 100% between levels is the next step's move in a live signal, reported beside it.
 *
 * <p>Not thread-safe: {@link #enter} and {@link #leave} on the session's thread; the gate is
 * what the latency readers see.
 */
final class CompareMigration implements Closeable {
  static final String EXPERIMENT = "migration";
  static final String IN_S = "migrationInS";
  static final String IN_MIB = "migratedInMiB";
  static final String OUT_S = "migrationOutS";
  static final String OUT_MIB = "migratedOutMiB";
  static final String MOVES = "replicaMoves";
  static final String READS_DURING = "readsDuringMigration";
  static final String WAIT_DURING_MS = "meanReadDuringMigrationMs";
  static final String RHO = "rho";

  private final MigrationBaseline baseline;
  private final PowerModel model;
  private final MigrationRatio ratio;
  private long inStartMs;
  private long inEndMs;
  private int movesBefore;
  private long bytesBefore;
  private CellEnergy inEnergy;
  private Map<String, Double> pending = new LinkedHashMap<>();
  /** The power step rho is measured against (ms), set by {@link #stepMs(long)}. */
  private long stepMs = 1;

  private CompareMigration(MigrationBaseline baseline, PowerModel model, MigrationRatio ratio) {
    this.baseline = baseline;
    this.model = model;
    this.ratio = ratio;
  }

  /** The baseline on {@code cluster}, its expected moves from {@code ratio}. */
  static CompareMigration open(LocalCluster cluster, PowerModel model, MigrationRatio ratio)
      throws IOException {
    return new CompareMigration(MigrationBaseline.open(cluster, model), model, ratio);
  }

  /** The gate the latency readers wait at. */
  ServiceGate gate() {
    return baseline.gate();
  }

  /** Every file the baseline stores, written with every node on. */
  void dataSet(List<Path> files, int r) {
    baseline.dataSet(files, r);
  }

  /**
   * Enters {@code power} from 100%: moves the data onto the k nodes kept on, then sets the
   * power ({@link MigrationBaseline#change}), timing it and measuring its energy.
   */
  Schedule enter(int power, PowerSteps steps, EnergyProbe energy)
      throws IOException, InterruptedException {
    movesBefore = baseline.moves();
    bytesBefore = baseline.movedBytes();
    EnergySnapshot e0 = energy.begin();
    inStartMs = System.currentTimeMillis();
    Schedule s = baseline.change(power, () -> steps.follow(power)).schedule();
    inEndMs = System.currentTimeMillis();
    inEnergy = energy.end(e0);
    pending = new LinkedHashMap<>();
    pending.put(IN_S, (inEndMs - inStartMs) / 1000.0);
    pending.put(IN_MIB, (baseline.movedBytes() - bytesBefore) / 1048576.0);
    pending.put(MOVES, (double) (baseline.moves() - movesBefore));
    return s;
  }

  /** Leaves the level: back to 100%, the data spread onto every node once all serve. */
  void leave(PowerSteps steps) throws IOException, InterruptedException {
    int moves = baseline.moves();
    long bytes = baseline.movedBytes();
    long t0 = System.currentTimeMillis();
    baseline.change(100, () -> steps.follow(100));
    pending.put(OUT_S, (System.currentTimeMillis() - t0) / 1000.0);
    pending.put(OUT_MIB, (baseline.movedBytes() - bytes) / 1048576.0);
    pending.put(MOVES, pending.getOrDefault(MOVES, 0.0) + baseline.moves() - moves);
  }

  /**
   * Follows one step of bench compare's trace ({@link CompareTrace}): moves the data before the
   * power falls or after it rose, as the baseline does under a live signal ({@link
   * MigrationBaseline#change}).
   */
  PowerSteps.Followed follow(int power, PowerSteps steps)
      throws IOException, InterruptedException {
    return baseline.change(power, () -> steps.follow(power));
  }

  /** What the baseline did so far: migrations, bytes moved, time not serving. */
  Counts counts() {
    return new Counts(baseline.migrations(), baseline.movedBytes(), baseline.notServingMs());
  }

  /** The baseline's counters at one moment; {@link #since} gives a cell's share. */
  record Counts(int migrations, long movedBytes, long notServingMs) {
    /** The migrations, MiB moved and seconds not serving from {@code before} to this. */
    Map<String, Double> since(Counts before) {
      Map<String, Double> m = new LinkedHashMap<>();
      m.put(SignalSession.MIGRATIONS, (double) (migrations - before.migrations));
      m.put(SignalSession.MIGRATED_MIB, (movedBytes - before.movedBytes) / 1048576.0);
      m.put(SignalSession.NOT_SERVING_S, (notServingMs - before.notServingMs) / 1000.0);
      return m;
    }
  }

  /**
   * The level's cell metrics: what {@link #enter} and {@link #leave} measured, the way in's
   * energy (MiB moved per joule), and the reads of {@code firstRound} (the latency round that
   * ran through the move) that started before the data was in place.
   */
  Map<String, Double> measured(PhaseResult firstRound) {
    Map<String, Double> m = new LinkedHashMap<>(pending);
    m.putAll(inEnergy.metricsWithBytes(baseline.movedBytes() - bytesBefore));
    m.put(RHO, m.get(IN_S) * 1000.0 / stepMs);
    if (firstRound != null) {
      Map<String, Double> during = readsBefore(firstRound, inEndMs);
      m.putAll(during);
    }
    return m;
  }

  /** The expected way in at {@code power}: MiB, seconds and rho from {@link MigrationRatio}. */
  Map<String, Double> expected(int power) {
    int k = GearPower.activeNodes(model, power);
    return Map.of(IN_MIB, ratio.movedMiB(k), IN_S, ratio.moveSeconds(k), RHO, ratio.rho(k));
  }

  /** The power step the move is judged against (ms). */
  CompareMigration stepMs(long ms) {
    this.stepMs = ms;
    return this;
  }

  /**
   * Reads of {@code p} that started before {@code untilEpochMs}: how many, and their mean
   * latency (the wait at the closed gate included).
   */
  static Map<String, Double> readsBefore(PhaseResult p, long untilEpochMs) {
    double cut = untilEpochMs - p.startEpochMs();
    List<OpSample> during = p.samples().stream().filter(s -> s.startMs() < cut).toList();
    Map<String, Double> m = new LinkedHashMap<>();
    m.put(READS_DURING, (double) during.size());
    List<OpSample> done = during.stream().filter(s -> s.outcome() == OpOutcome.OK).toList();
    if (!done.isEmpty()) {
      m.put(WAIT_DURING_MS, done.stream().mapToDouble(OpSample::durationMs).average()
          .orElseThrow());
    }
    return m;
  }

  @Override
  public void close() throws IOException {
    baseline.close();
  }

  /** For the report: the cell's metrics explained. */
  static String note() {
    return "migration (the migration-based baseline, one cell per level): " + IN_S + " and "
        + IN_MIB + " to concentrate the whole stored data set onto the nodes the activation"
        + " policy keeps on (reads wait at its gate meanwhile: " + READS_DURING + " started"
        + " then, " + WAIT_DURING_MS + " their mean latency), " + OUT_S + " and " + OUT_MIB
        + " to spread it back at 100% before the next level, energyJ and mibPerJ of the way in;"
        + " " + RHO + " = " + IN_S + " / the power step, expected from the data set, r, the"
        + " nodes kept on and the per-node bandwidth (uniform placement, moves received in"
        + " parallel). One move per level: no round interval.";
  }
}
