package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.blinkhdfs.bench.math.GearPower;
import org.blinkhdfs.bench.math.SteadyNodes;
import org.blinkhdfs.cluster.CoveringMaintenance;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.control.scheduler.SchedulerStatus;
import org.blinkhdfs.model.policy.AutoPolicy;
import org.blinkhdfs.model.policy.CoveringSet;
import org.blinkhdfs.model.power.PowerLevel;
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
 *   <li><b>The stock covering set</b> ({@link LocalCluster#coveringMaintenance()}). No BlinkHDFS
 *       code on its NameNode holds OFF nodes in maintenance, so the steps do what the operator's
 *       script does: before the power falls, the domains the covering plan leaves OFF go into
 *       HDFS maintenance ({@code dfs.hosts} and {@code dfsadmin -refreshNodes}) and only once
 *       the NameNode shows them IN_MAINTENANCE (no write target, no read location) does the
 *       scheduler plan them OFF and their agents suspend them; when the power rises, the woken
 *       nodes heartbeat first and then return to service, and the level is measured once they
 *       are NORMAL. Its minimum gear is domain 0, kept on above the budget like the Rabbit
 *       layouts' and noted.</li>
 * </ul>
 *
 * <p>Not thread-safe; one per layout run.
 */
final class PowerSteps {
  /** How long the NameNode may take to show a maintenance change (its admin monitor: 1 s). */
  private static final long MAINTENANCE_TIMEOUT_MS = 60_000;
  private final LocalCluster cluster;
  private final PowerModel model;
  private final String label;
  private final int minimumActive;
  private final Optional<CoveringMaintenance> covering;
  private final Consumer<String> progress;
  private final List<String> notes = new ArrayList<>();
  private boolean overridden;
  /** {@link #leave} woke every node for auto; the next level gives the choice back. */
  private boolean allWoken;

  /**
   * @param model the ring's power model, as the scheduler's activation policy uses it
   * @param minimumActive the layout's minimum gear in ring nodes; 0 for layouts without one
   */
  PowerSteps(LocalCluster cluster, PowerModel model, String label, int minimumActive,
      Consumer<String> progress) {
    this.cluster = cluster;
    this.model = model;
    this.label = label;
    this.covering = cluster.coveringMaintenance();
    this.minimumActive = covering.map(c -> Math.max(minimumActive,
        c.hosts().coveringSet().domainSize(0))).orElse(minimumActive);
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
  Schedule enter(int power) throws IOException, InterruptedException {
    releaseWoken();
    holdOffDomains(power);
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
  Followed follow(int power) throws IOException, InterruptedException {
    releaseWoken();
    Set<String> released = holdOffDomains(power);
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
    returnToService(released);
    return new Followed(s, below);
  }

  /**
   * The stock covering set, before the power changes to {@code power}: the nodes the covering
   * plan leaves OFF that are not yet in maintenance go in now, and the NameNode shows them
   * IN_MAINTENANCE before the scheduler may plan them OFF. Nodes the plan turns back on stay in
   * maintenance (they are still asleep) and are returned by the caller once awake.
   *
   * @return the nodes in maintenance that the plan at {@code power} turns back on
   */
  private Set<String> holdOffDomains(int power) throws IOException, InterruptedException {
    if (covering.isEmpty()) {
      return Set.of();
    }
    CoveringMaintenance c = covering.get();
    CoveringSet.Plan plan = c.hosts().coveringSet().plan(new PowerLevel.Percent(power)
        .resolve(model));
    Set<String> off = c.hosts().offNodes(plan);
    Set<String> released = new TreeSet<>(c.held());
    released.removeAll(off);
    Set<String> hold = new TreeSet<>(c.held());
    hold.addAll(off);
    if (!hold.equals(c.held())) {
      long ms = c.apply(hold, MAINTENANCE_TIMEOUT_MS);
      progress.accept(String.format(Locale.ROOT, "  %s at %d%%: %d whole upgrade domain(s)"
          + " ACTIVE (%d nodes, %.0f W of %.0f W); %s IN_MAINTENANCE %d ms after dfsadmin"
          + " -refreshNodes, before their agents suspend them", label, power,
          plan.activeDomains(), plan.activeNodes(), plan.plannedWatts(), plan.budgetWatts(),
          off, ms));
    }
    return released;
  }

  /**
   * The stock covering set, after the power rose: waits until {@code nodes} heartbeat again
   * (their agents wake them at the next check-in), then returns them to service and waits until
   * the NameNode shows them NORMAL.
   */
  private void returnToService(Set<String> nodes) throws IOException, InterruptedException {
    if (covering.isEmpty() || nodes.isEmpty()) {
      return;
    }
    cluster.awaitHeard(nodes);
    Set<String> still = new TreeSet<>(covering.get().held());
    still.removeAll(nodes);
    long ms = covering.get().apply(still, MAINTENANCE_TIMEOUT_MS);
    progress.accept("  " + nodes + " awake and back in service (NORMAL " + ms + " ms after"
        + " dfsadmin -refreshNodes)");
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
    releaseWoken();
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
    // auto sizes the awake set by demand, so at 100% it may keep nodes OFF: wake them all
    // through the override until they heartbeat, then give the choice back to auto
    // through the override, which stays until the next level starts (the checks after the last
    // level read every DataNode's JMX, which a frozen node never answers)
    boolean wakeAll = offNodes && AutoPolicy.NAME.equals(cluster.spec().schedulePolicy());
    if (wakeAll) {
      cluster.setActiveNodes(OptionalInt.of(cluster.spec().dataNodes()));
      overridden = false;
      allWoken = true;
    } else if (overridden) {
      cluster.setActiveNodes(OptionalInt.empty());
      overridden = false;
    }
    if (offNodes) {
      long ms = cluster.awaitAllHeard();
      progress.accept("  OFF nodes back: every DataNode heartbeating " + ms + " ms after the"
          + " power went back to 100% (an OFF agent sleeps until its next check-in)");
    }
    if (covering.isPresent()) {
      returnToService(covering.get().held());
    }
  }

  /** Clears the override {@link #leave} set to wake every node under auto, if it did. */
  private void releaseWoken() throws InterruptedException {
    if (allWoken) {
      cluster.setActiveNodes(OptionalInt.empty());
      allWoken = false;
    }
  }

  /** Notes for the report (minimum-gear overshoots). */
  List<String> notes() {
    return List.copyOf(notes);
  }
}
