package org.blinkhdfs.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.cluster.LocalCluster;

/**
 * What every {@link ClusterSession} holds: the run's options, the layout it runs on, its fresh
 * cluster, where progress lines go, and the cells, checks, notes and totals it collects for the
 * report. A session adds to these as it measures; one that derives its cells or checks (the
 * relay's findings) overrides the accessor.
 *
 * <p>Why a base class: each session repeated the same eight fields and four accessors.
 *
 * <p>Not thread-safe: a session runs on the runner's thread (its workloads' threads report to it
 * through thread-safe {@link Tally} counters).
 */
abstract class SessionBase implements ClusterSession {
  protected final DemoOptions options;
  protected final LayoutRun run;
  protected final LocalCluster cluster;
  protected final Consumer<String> progress;
  protected final List<ReportCell> cells = new ArrayList<>();
  protected final List<Check> checks = new ArrayList<>();
  protected final List<String> notes = new ArrayList<>();
  protected final Tally tally = new Tally();
  private EnergyProbe energy;

  protected SessionBase(DemoOptions options, LayoutRun run, LocalCluster cluster,
      Consumer<String> progress) {
    this.options = options;
    this.run = run;
    this.cluster = cluster;
    this.progress = progress;
  }

  /** The cells' energy, read from this cluster's scheduler (created on first use). */
  protected EnergyProbe energy() {
    if (energy == null) {
      energy = new EnergyProbe(new org.blinkhdfs.cluster.SchedulerEnergy(
          cluster.schedulerAddress()), cluster.spec().intervalMs());
    }
    return energy;
  }

  @Override
  public List<ReportCell> cells() {
    return cells;
  }

  @Override
  public Tally tally() {
    return tally;
  }

  @Override
  public List<Check> checks() {
    return checks;
  }

  @Override
  public List<String> notes() {
    return notes;
  }
}
