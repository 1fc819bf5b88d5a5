package org.blinkhdfs.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.group.Group;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.group.GroupsJson;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.workload.LatencyConfig;
import org.blinkhdfs.workload.LatencyWorkload;
import org.blinkhdfs.workload.PhaseResult;
import org.blinkhdfs.workload.WorkloadClock;
import org.blinkhdfs.workload.WorkloadProgress;

/**
 * {@code bin/blink bench groups} (issue 18, flexStore §3): two application groups of the same
 * size, {@code hi} (priority 10) and {@code lo} (priority 1), each with a p90 read-latency target
 * of a tenth of the blink interval, on the ring; one run with the NameNode planning replicas for
 * the groups ({@code +groups}) and one without, side by side.
 *
 * <p>The groups' replicas may take at most {@code --group-budget} groups' data ({@code
 * blink.groups.budget.bytes}; default one: room for one more replica of every file of one group),
 * so when both groups need more, {@code lo}, the lower priority, is the one left short
 * (flexStore: the low-priority groups lose availability first). A first run with three groups'
 * worth of room raised both groups to 4 replicas at 30% power, and both met their targets. At each
 * power level the session waits until the replication the NameNode set is in place (every block
 * holds its file's replication), then measures random reads of each group in turn: cells {@code
 * groups-hi} and {@code groups-lo} with the latency metrics, the files' mean replication
 * ({@value #REPLICATION}) and the target ({@value #TARGET}).
 *
 * <p>Checks (the +groups run): at every level below 100%, {@code hi}'s measured p90 meets its
 * target. How {@code lo} and the run without groups fare is reported, not judged.
 */
final class GroupsSession extends SessionBase {
  static final String EXPERIMENT = "groups";
  /** Cell metric: the group's files' mean replication when the cell ends. */
  static final String REPLICATION = "replication";
  /** Cell metric: the group's p90 target, ms. */
  static final String TARGET = "p90TargetMs";
  /** The run flag that turns the NameNode's group replication on. */
  static final String FLAG = "groups";
  /** bench groups. */
  static final Experiment DEFINITION = Experiment.of(List.of(EXPERIMENT),
      c -> Map.of("layouts", DemoOptions.GROUPS_LAYOUTS,
          "power", "100,40,30"),
      o -> "BlinkHDFS bench: " + EXPERIMENT, GroupsSession::new);
  private static final List<String> GROUPS = List.of("hi", "lo");
  /** Longest wait for the replication set for a level to be in place, in intervals. */
  private static final int SETTLE_INTERVALS = 30;

  private final WorkloadProgress workloadProgress;
  private final PowerSteps steps;
  private final Map<String, LatencyConfig> data = new LinkedHashMap<>();
  private final Map<String, List<Path>> files = new LinkedHashMap<>();

  GroupsSession(DemoOptions options, LayoutRun run, LocalCluster cluster,
      Consumer<String> progress) {
    super(options, run, cluster, progress);
    this.workloadProgress = WorkloadProgress.lines(l -> progress.accept("  " + l));
    this.steps = new PowerSteps(cluster, PowerModel.macMini(options.nodes()), run.label(),
        options.layoutKeys().minimumActiveNodes(run.layout()), progress);
  }

  /** The p90 target of both groups: a tenth of the blink interval. */
  static long targetMs(long intervalMs) {
    return intervalMs / 10;
  }

  /** Bytes of one group's data. */
  static long groupBytes(DemoOptions o) {
    return (long) o.latencyFiles() * ((long) o.latencyFileMiB() << 20);
  }

  /** The NameNode keys of a +groups run: the groups file, one plan per interval, the budget. */
  static Map<String, String> nameNodeKeys(DemoOptions o, java.nio.file.Path groupsFile) {
    return Map.of("blink.groups.replication.enabled", "true",
        "blink.groups.file", groupsFile.toAbsolutePath().toString(),
        "blink.popularity.period.ms", Long.toString(o.intervalMs()),
        "blink.groups.budget.bytes", Long.toString(budgetBytes(o)));
  }

  /** The most bytes the groups' extra replicas may take: {@code --group-budget} groups' data. */
  static long budgetBytes(DemoOptions o) {
    return o.groupBudget() * groupBytes(o);
  }

  /** Writes the groups document of a +groups run to {@code file}. */
  static void writeGroups(DemoOptions o, java.nio.file.Path file) throws IOException {
    GroupSet groups = GroupSet.empty();
    for (String g : GROUPS) {
      groups = groups.add(Group.live(g, List.of(dir(g).toString()), g.equals("hi") ? 10 : 1)
          .withP90TargetMs(OptionalLong.of(targetMs(o.intervalMs()))));
    }
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, GroupsJson.write(groups), StandardCharsets.UTF_8);
  }

  private static Path dir(String group) {
    return new Path("/demo/groups/" + group);
  }




  @Override
  public List<String> notes() {
    List<String> all = new ArrayList<>(steps.notes());
    all.addAll(notes);
    return all;
  }

  @Override
  public void run(FileSystem fs) throws IOException, InterruptedException {
    cluster.setPowerPercent(100);
    int r = options.replicationFor(run.layout());
    for (String g : GROUPS) {
      LatencyConfig c = LayoutSession.latencyConfig(options, dir(g), r);
      progress.accept(run.label() + ": writing group " + g + " (" + c.fileCount() + " files of "
          + options.latencyFileMiB() + " MiB, r=" + r + ")");
      LatencyWorkload w = new LatencyWorkload(c, fs, WorkloadClock.system(), options.seed());
      w.prepare(workloadProgress);
      data.put(g, c);
      List<Path> paths = new ArrayList<>();
      for (int i = 0; i < c.fileCount(); i++) {
        paths.add(w.dataFile(i));
      }
      files.put(g, paths);
    }
    long target = targetMs(options.intervalMs());
    notes.add(run.label() + ": groups hi (priority 10) and lo (priority 1), p90 target " + target
        + " ms each" + (run.groups() ? ", group replicas at most " + budgetBytes(options)
            + " bytes (" + options.groupBudget() + " group's data: as many more replicas of"
            + " one group)"
            : ", group replication off"));
    for (int power : options.powers()) {
      Schedule s = steps.enter(power);
      progress.accept(run.label() + " at " + power + "% power: epoch " + s.epoch());
      if (run.groups()) {
        settle(fs);
        String plan = cluster.nameNode().metricText("BlinkSchedule", "tag.GroupPlan");
        notes.add(run.label() + " at " + power + "%: the NameNode's plan: " + plan);
        progress.accept("  the NameNode's plan: " + plan);
      }
      for (String g : GROUPS) {
        LatencyWorkload w = new LatencyWorkload(data.get(g), fs, WorkloadClock.system(),
            options.seed() * 1_000 + power * 10L + g.hashCode());
        org.blinkhdfs.bench.energy.EnergySnapshot e0 = energy().begin();
        PhaseResult read = w.readPhase(workloadProgress);
        Map<String, Double> joules = energy().endOps(e0, read.okOps());
        tally.add(read, false);
        Map<String, Double> m = LayoutSession.latencyMetrics(read);
        m.putAll(joules);
        m.put(REPLICATION, meanReplication(fs, g));
        m.put(TARGET, (double) target);
        cells.add(new ReportCell(EXPERIMENT + "-" + g, run.label(), r, power, m, Map.of()));
        double p90 = m.getOrDefault(Metrics.P90_MS, Double.NaN);
        progress.accept(String.format(Locale.ROOT, "  group %s: replication %.1f, %d reads,"
            + " p90 %.0f ms (target %d ms)", g, m.get(REPLICATION), read.okOps(), p90, target));
        if (run.groups() && g.equals("hi") && power < 100) {
          String detail = String.format(Locale.ROOT, "%s at %d%%: hi's p90 %.0f ms, target %d"
              + " ms, replication %.1f", run.label(), power, p90, target, m.get(REPLICATION));
          checks.add(p90 <= target ? Check.pass("groups: the high-priority group meets its"
              + " p90 target", detail) : Check.fail("groups: the high-priority group meets its"
              + " p90 target", detail));
        }
      }
      steps.leave(s);
    }
  }

  /**
   * Waits two plan periods, then until every block of both groups holds its file's replication
   * (the NameNode's floors are in place), at most {@value #SETTLE_INTERVALS} intervals.
   */
  private void settle(FileSystem fs) throws IOException, InterruptedException {
    Thread.sleep(2 * options.intervalMs());
    long deadline = System.currentTimeMillis() + SETTLE_INTERVALS * options.intervalMs();
    while (System.currentTimeMillis() < deadline) {
      if (placed(fs)) {
        return;
      }
      Thread.sleep(500);
    }
    notes.add(run.label() + ": the replication set for a level was not in place after "
        + SETTLE_INTERVALS + " intervals; that level was measured as it was");
  }

  private boolean placed(FileSystem fs) throws IOException {
    for (List<Path> paths : files.values()) {
      for (Path p : paths) {
        FileStatus st = fs.getFileStatus(p);
        for (BlockLocation b : fs.getFileBlockLocations(st, 0, st.getLen())) {
          if (b.getHosts().length != st.getReplication()) {
            return false;
          }
        }
      }
    }
    return true;
  }

  private double meanReplication(FileSystem fs, String group) throws IOException {
    double sum = 0;
    for (Path p : files.get(group)) {
      sum += fs.getFileStatus(p).getReplication();
    }
    return sum / files.get(group).size();
  }
}
