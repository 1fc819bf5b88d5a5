package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.blinkhdfs.bench.math.SteadyNodes;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.cluster.AutoState;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.cluster.SchedulerAuto;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.scheduler.SchedulerConfig;

/**
 * A {@code phase-groups+auto} run's power levels as auto decided them: after each power step it
 * waits for auto's decision to settle ({@link AutoSettle}), measures under the schedule then in
 * force, reads the decision again at the level's end, and leaves one report note per level
 * ("auto chose X: reason", {@link #note}) and the level's checks ({@link AutoChecks}).
 *
 * <p>Why the schedule is read again after the settle: the schedule {@link PowerSteps#enter}
 * returns is the first plan at the new power; when hysteresis replaces it a few intervals later,
 * the cell's expectations and the OFF nodes thawed afterwards must follow the plan in force.
 *
 * <p>Not thread-safe; one per layout run, on the session's thread.
 */
final class AutoLevels {
  private final String label;
  private final LocalCluster cluster;
  private final SchedulerAuto reader;
  private final AutoSettle settle;
  private final Consumer<String> progress;
  private final List<String> notes = new ArrayList<>();
  private final List<Check> checks = new ArrayList<>();
  private List<List<String>> holders = List.of();
  private Level level;

  /** What one level started with. */
  private record Level(int power, AutoSettle.Settled settled, Schedule start,
      Map<String, Long> sleepsBefore) {}

  AutoLevels(String label, LocalCluster cluster, Consumer<String> progress) {
    this.label = label;
    this.cluster = cluster;
    this.reader = new SchedulerAuto(cluster.schedulerAddress());
    this.settle = new AutoSettle(reader::read, Thread::sleep, System::currentTimeMillis,
        hysteresis(cluster.spec().schedulerKeys()), cluster.spec().intervalMs());
    this.progress = progress;
  }

  /** H as the scheduler reads it: {@code blink.scheduler.auto.hysteresis}, else its default. */
  static int hysteresis(Map<String, String> schedulerKeys) {
    String key = SchedulerConfig.AUTO_HYSTERESIS.name();
    String v = schedulerKeys.getOrDefault(key, SchedulerConfig.AUTO_HYSTERESIS.defaultValue());
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " = '" + v + "' is not a whole number of"
          + " decisions, e.g. 3");
    }
  }

  /** Every block's holders among the files written at 100% (for the ACTIVE-replica check). */
  void holders(List<List<String>> blockHolders) {
    this.holders = List.copyOf(blockHolders);
  }

  /**
   * After {@link PowerSteps#enter}: waits until auto's decision is stable, then returns the
   * schedule in force to measure under.
   */
  Schedule settle(int power, Schedule entered) throws IOException, InterruptedException {
    AutoSettle.Settled s = settle.await();
    Schedule now = cluster.schedule().orElse(entered);
    level = new Level(power, s, now, cluster.sleepsByNode());
    progress.accept("  auto at " + power + "%: " + s.state().choice() + " ("
        + s.describe(settle.hysteresis()) + ")");
    return now;
  }

  /**
   * At the level's end, before {@link PowerSteps#leave}: the schedule whose OFF nodes must be
   * thawed, the end's if auto switched to a plan with OFF nodes during the level.
   */
  Schedule toLeave() {
    Schedule end = cluster.schedule().orElse(level.start());
    return SteadyNodes.hasOffNodes(end) ? end : level.start();
  }

  /** After {@link PowerSteps#leave}: the level's note and checks. */
  void finish() throws IOException {
    Optional<AutoState> end = reader.read();
    Schedule endSchedule = cluster.schedule().orElse(level.start());
    String line = note(label, level.power(), level.settled(), settle.hysteresis(), end);
    notes.add(line);
    progress.accept("  " + line);
    checks.addAll(AutoChecks.level(label, level.power(), level.settled().state(), level.start(),
        endSchedule, level.sleepsBefore(), cluster.sleepsByNode(), holders));
    level = null;
  }

  /**
   * "phase-groups+auto at 40%: auto chose activation 3 on + 6 off: reason (settled after 1
   * decision in 0 ms; load: ...)", and what it had switched to by the level's end if anything.
   */
  static String note(String label, int power, AutoSettle.Settled s, int hysteresis,
      Optional<AutoState> end) {
    AutoState c = s.state();
    String out = label + " at " + power + "%: auto chose " + c.choice() + ": " + c.reason()
        + " (" + s.describe(hysteresis) + (c.load().isEmpty() ? "" : "; load: " + c.load())
        + ")";
    if (end.isPresent() && !end.get().choice().equals(c.choice())) {
      out += "; by the level's end it had switched to " + end.get().choice() + ": "
          + end.get().reason();
    }
    return out;
  }

  List<String> notes() {
    return List.copyOf(notes);
  }

  List<Check> checks() {
    return List.copyOf(checks);
  }
}
