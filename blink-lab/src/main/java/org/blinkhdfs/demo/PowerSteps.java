package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.blinkhdfs.bench.math.GearPower;
import org.blinkhdfs.bench.math.SteadyNodes;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.control.scheduler.SchedulerStatus;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Moves one layout's cluster from power level to power level, handling what the activation
 * policy's plain arithmetic does not know about the Rabbit layouts.
 *
 * <ul>
 *   <li><b>Minimum gear.</b> Equal work needs its p primaries on, PARAID its group 1: with fewer
 *       nodes some blocks have no replica awake and a read would wait for ever. When the power
 *       affords fewer ACTIVE nodes (9 nodes at 20% afford 1), the layout's minimum gear is kept
 *       on through the scheduler's admin override ({@code -setActive m}) and the overshoot
 *       (planned minus available watts, from the scheduler's status) is written to the progress
 *       line and to the report's notes. Never silently: the cell is then measured at m nodes
 *       and its expectation uses the schedule actually in force.</li>
 *   <li><b>OFF nodes.</b> The emulate agent freezes an OFF node's DataNode until its next
 *       check-in (one interval in the local cluster) or the lease end; the NameNode holds it in
 *       HDFS maintenance meanwhile, so no re-replication starts. A node frozen at one level
 *       learns of the next only at its check-in, so {@link #leave} raises the power back to 100%
 *       after every level that had OFF nodes and waits until every DataNode heartbeats again
 *       ({@link LocalCluster#awaitAllHeard}): every level starts from all nodes on, and none is
 *       measured as a stale sleeper left over from the level before.</li>
 * </ul>
 *
 * <p>Not thread-safe; one per layout run.
 */
final class PowerSteps {
  private final LocalCluster cluster;
  private final PowerModel model;
  private final String label;
  private final int minimumActive;
  private final Consumer<String> progress;
  private final List<String> notes = new ArrayList<>();
  private boolean overridden;

  /**
   * @param model the ring's power model, as the scheduler's activation policy uses it
   * @param minimumActive the layout's minimum gear in ring nodes; 0 for layouts without one
   */
  PowerSteps(LocalCluster cluster, PowerModel model, String label, int minimumActive,
      Consumer<String> progress) {
    this.cluster = cluster;
    this.model = model;
    this.label = label;
    this.minimumActive = minimumActive;
    this.progress = progress;
  }

  /**
   * Sets {@code power} and, if it affords fewer ACTIVE nodes than the layout's minimum gear, keeps
   * that on. When the power model says so up front, the gear is pinned before the power drops,
   * so no published schedule, not even for the moment between two epochs, has fewer nodes on
   * than the minimum gear: the NameNode's maintenance keeper polls every 500 ms, and HDFS copies
   * blocks to keep one replica outside maintenance when it holds all but the last node (a demo
   * run that lowered the power first saw 18 such copies). Should the published plan still fall
   * short (a scheduler with another power model), the override follows afterwards.
   */
  Schedule enter(int power) throws InterruptedException {
    int affordable = GearPower.activeNodes(model, power);
    if (minimumActive > 0 && affordable < minimumActive) {
      cluster.setActiveNodes(OptionalInt.of(minimumActive));
      overridden = true;
      Schedule s = cluster.setPowerPercent(power);
      note(belowMinimum(power, affordable));
      return s;
    }
    Schedule s = cluster.setPowerPercent(power);
    int active = SteadyNodes.servingRingNodes(s);
    if (minimumActive == 0 || SteadyNodes.serving(s).isEmpty() || active >= minimumActive) {
      return s;
    }
    return override(minimumActive, belowMinimum(power, active));
  }

  /**
   * For a power signal replayed step after step without going back to 100% between steps
   * ({@link SignalSession}): sets {@code power}, keeping the layout's minimum gear on while the
   * power affords fewer nodes (pinned before the power drops, as in {@link #enter}) and clearing
   * that override once the power affords the gear again (after the power rose, so the gear
   * stays on throughout). Unlike {@link #enter} it adds no note: a signal crosses the minimum
   * many times, and the caller reports the steps it was kept in.
   *
   * @return the schedule in force and whether the minimum gear was kept on above the budget
   */
  Followed follow(int power) throws InterruptedException {
    boolean below = minimumActive > 0 && GearPower.activeNodes(model, power) < minimumActive;
    if (below && !overridden) {
      cluster.setActiveNodes(OptionalInt.of(minimumActive));
      overridden = true;
    }
    Schedule s = cluster.setPowerPercent(power);
    if (!below && overridden) {
      s = cluster.setActiveNodes(OptionalInt.empty());
      overridden = false;
    }
    return new Followed(s, below);
  }

  /** What {@link #follow} left in force. */
  record Followed(Schedule schedule, boolean minimumGearKept) {}

  private String belowMinimum(int power, int active) {
    return String.format(Locale.ROOT, "%s at %d%% power: the power affords %d ACTIVE node(s),"
        + " below the layout's minimum gear of %d (every block needs a replica on the first %d"
        + " chain nodes); the minimum gear was kept on", label, power, active, minimumActive,
        minimumActive);
  }

  /**
   * Sets the gear of {@code n} nodes through the activation policy at {@code percent} (the
   * power that affords exactly n, {@code GearPower#percentFor}); should the published plan differ
   * (another power model in the scheduler), the admin override sets n and the note says so.
   */
  Schedule enterGear(int percent, int n) throws InterruptedException {
    Schedule s = cluster.setPowerPercent(percent);
    int active = SteadyNodes.servingRingNodes(s);
    if (active == n && SteadyNodes.serving(s).isPresent()) {
      return s;
    }
    return override(n, String.format(Locale.ROOT, "%s gear %d: the scheduler planned %d ACTIVE"
        + " node(s) at %d%% power; the admin override set %d", label, n, active, percent, n));
  }

  private Schedule override(int n, String why) throws InterruptedException {
    Schedule s = cluster.setActiveNodes(OptionalInt.of(n));
    overridden = true;
    note(why);
    return s;
  }

  /** Adds {@code why} with the scheduler's planned and available watts to the notes. */
  private void note(String why) {
    SchedulerStatus st = cluster.schedulerStatus();
    double over = st.plannedWatts() - st.availableWatts();
    String note = why + String.format(Locale.ROOT, ", planning %.0f W of %.0f W available%s",
        st.plannedWatts(), st.availableWatts(), over > 1e-9 ? String.format(Locale.ROOT,
            " (%.0f W, %.0f%% over budget)", over, 100 * over / st.availableWatts()) : "");
    notes.add(note);
    progress.accept("  " + note);
  }

  /**
   * Clears an override and thaws OFF nodes briefly (see the class comment). The power goes back
   * to 100% before the override is cleared, so the minimum gear stays on throughout.
   */
  void leave(Schedule s) throws IOException, InterruptedException {
    boolean offNodes = SteadyNodes.hasOffNodes(s);
    if (offNodes) {
      cluster.setPowerPercent(100);
    }
    if (overridden) {
      cluster.setActiveNodes(OptionalInt.empty());
      overridden = false;
    }
    if (offNodes) {
      long ms = cluster.awaitAllHeard();
      progress.accept("  OFF nodes back: every DataNode heartbeating " + ms + " ms after the"
          + " power went back to 100% (an OFF agent sleeps until its next check-in)");
    }
  }

  /** Notes for the report (minimum-gear overshoots). */
  List<String> notes() {
    return List.copyOf(notes);
  }
}
