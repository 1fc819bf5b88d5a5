package org.blinkhdfs.sim;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.model.battery.BatteryModel;
import org.blinkhdfs.model.battery.BatteryReading;
import org.blinkhdfs.model.battery.RideThrough;
import org.blinkhdfs.model.battery.RideThroughDecision;
import org.blinkhdfs.model.battery.RideThroughDecision.Verdict;
import org.blinkhdfs.model.battery.RideThroughPlanner;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.policy.PolicyResult;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.power.SchedulePower;
import org.blinkhdfs.model.power.TransitionModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * One blackout on a UPS, simulated interval by interval (issue 44, item 4): grid on, then on
 * battery for {@link #OUTAGE_TARGETS} x the target (so the battery, not the trace, ends the ride
 * through unless full power outlasts it), then the grid back.
 *
 * <p>Each interval t = 60 s, at its start: a reading of the simulated battery (its exact stored
 * energy, stamped now) goes to a {@link RideThrough} (the scheduler's ride-through state), the
 * decision's level goes to the default policy ({@link PhaseGroupsPolicy}, G = 3) as the scheduler
 * would pass it, and the battery is discharged for the interval at what that schedule draws
 * ({@link SchedulePower#averageNodeWatts}, transitions at the awake draw) plus the overhead,
 * divided by the inverter's efficiency. A SHUTDOWN decision switches the cluster off (draw 0: the
 * shutdown path's own energy is what the reserve is for, and is not modelled) until the grid
 * returns, which restores full power at once (the restart path is not modelled either). On the
 * grid the battery recharges at {@link #RECHARGE_HOURS}-hour rate.
 *
 * <p>Availability is the simulator's own ({@link EpochSweep} over the phase-group layout's
 * blocks, 32 read instants, read window 0), evaluated on the planned schedule with every window
 * rounded down to a whole second (at most 61 distinct sweeps per ring size; the rounding can only
 * make it look less available) and weighted by the time each plan held while the cluster was up
 * on battery.
 *
 * <p>Cluster model: N DataNodes at 25 W awake, 1 W asleep, transitions of 1 367 ms (the measured
 * real-kernel means at 60 s), an always-on overhead of 40 W per 9 DataNodes (BlinkFS's switch and
 * head node per 9 Mac minis). Battery: efficiency 0.9, reserve 20%, full at the outage.
 *
 * <p>Pure and deterministic; no Hadoop import, no clock.
 */
final class UpsCase {
  static final long INTERVAL_MS = 60_000;
  static final long GRID_BEFORE_MS = 10 * 60_000;
  static final long GRID_AFTER_MS = 30 * 60_000;
  static final double OUTAGE_TARGETS = 1.5;
  static final double EFFICIENCY = 0.9;
  static final double RESERVE = 0.2;
  static final double RECHARGE_HOURS = 8;
  static final double OVERHEAD_PER_NODE = 40.0 / 9;
  static final int GROUPS = 3;
  static final int INSTANTS = 32;
  static final long BLOCKS = 3_000;
  private static final double HOUR_MS = 3_600_000.0;

  /** One case: ring size, battery capacity (Wh), ride-through target. */
  record Spec(int nodes, double capacityWh, long targetMs) {}

  /**
   * What the case gave.
   *
   * @param spec the case
   * @param kind {@code feasible} (the minimum lasts the target and full power does not),
   *     {@code capped} (full power outlasts the target) or {@code unreachable} (not even the
   *     minimum lasts it), from the usable energy at the outage's start
   * @param lastsAtMinMs how long the usable energy lasts at the minimum draw
   * @param lastsAtPeakMs how long it lasts at full power
   * @param achievedMs from the outage's start to the SHUTDOWN decision; the outage's length when
   *     the grid returned first
   * @param shutdown whether the ride-through ended in a shutdown (else the grid returned first)
   * @param minSoc the lowest state of charge of the run
   * @param batteryWh energy taken from the battery during the outage
   * @param loadWh energy delivered to the cluster during the outage
   * @param meanWatts the cluster's mean draw while up on battery
   * @param unavailable the share of time a block had no replica awake, while up on battery
   * @param restored whether the first decision after the grid returned was full power
   * @param verdicts how many intervals each verdict held
   */
  record Outcome(Spec spec, String kind, long lastsAtMinMs, long lastsAtPeakMs, long achievedMs,
      boolean shutdown, double minSoc, double batteryWh, double loadWh, double meanWatts,
      double unavailable, boolean restored, Map<Verdict, Integer> verdicts) {
    double ratio() {
      return achievedMs / (double) spec.targetMs();
    }
  }

  private UpsCase() {}

  /** The case's power model. */
  static PowerModel model(int nodes) {
    return PowerModel.builder().nodeCount(nodes).activeWatts(25).sleepWatts(1)
        .overheadWatts(OVERHEAD_PER_NODE * nodes)
        .transitionMs(TransitionModel.measured().plannedTransitionMs(INTERVAL_MS)).build();
  }

  /**
   * Runs one case.
   *
   * @param availability the cache of swept windows for this ring size, shared across cases
   */
  static Outcome run(Spec c, Availability availability) {
    PowerModel model = model(c.nodes());
    BatteryModel battery = new BatteryModel(c.capacityWh(), EFFICIENCY, RESERVE);
    RideThroughPlanner planner = new RideThroughPlanner(battery, model, model.inactiveWatts(),
        INTERVAL_MS);
    RideThrough rt = new RideThrough(planner, c.targetMs(), 3 * INTERVAL_MS);
    PhaseGroupsPolicy policy = new PhaseGroupsPolicy(GROUPS);
    List<String> ring = Simulator.ring(c.nodes());
    long outageMs = Math.round(OUTAGE_TARGETS * c.targetMs() / INTERVAL_MS) * INTERVAL_MS;
    long gridBackMs = GRID_BEFORE_MS + outageMs;
    long endMs = gridBackMs + GRID_AFTER_MS;
    double usable0 = EFFICIENCY * (1 - RESERVE) * c.capacityWh();
    long atMin = Math.round(usable0 * HOUR_MS / planner.minimumClusterWatts());
    long atPeak = Math.round(usable0 * HOUR_MS / planner.peakClusterWatts());
    String kind = atPeak >= c.targetMs() ? "capped"
        : atMin >= c.targetMs() ? "feasible" : "unreachable";
    double stored = c.capacityWh();
    double minSoc = 1;
    double batteryWh = 0;
    double loadWh = 0;
    double upMs = 0;
    double unavailableMs = 0;
    long shutdownAt = -1;
    boolean down = false;
    Boolean restored = null;
    Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
    for (long t = 0; t < endMs; t += INTERVAL_MS) {
      boolean onBattery = t >= GRID_BEFORE_MS && t < gridBackMs;
      BatteryReading r = BatteryReading.builder(t, onBattery, "simulated UPS")
          .remainingWh(stored).fullWh(c.capacityWh()).build();
      RideThroughDecision d = rt.observe(r, t);
      verdicts.merge(d.verdict(), 1, Integer::sum);
      if (!onBattery) {
        if (t >= gridBackMs && restored == null) {
          restored = d.verdict() == Verdict.GRID && d.plannedClusterWatts()
              == model.peakClusterWatts();
        }
        down = false;
        stored = Math.min(c.capacityWh(),
            stored + c.capacityWh() / RECHARGE_HOURS * INTERVAL_MS / HOUR_MS);
        continue;
      }
      if (d.shutdown() && !down) {
        down = true;
        shutdownAt = t;
      }
      if (down) {
        continue;
      }
      PolicyResult p = policy.plan(PolicyRequest.builder().ring(ring).model(model)
          .level(d.level()).intervalMs(INTERVAL_MS).intervalStartMs(t).build());
      Schedule s = p.schedule().orElseThrow(() -> new IllegalStateException("the planner asked"
          + " for " + d.level() + " on " + c.nodes() + " nodes: " + p.status() + " "
          + p.message()));
      double draw = model.overheadWatts() + SchedulePower.averageNodeWatts(s, model);
      loadWh += draw * INTERVAL_MS / HOUR_MS;
      batteryWh += draw * INTERVAL_MS / HOUR_MS / EFFICIENCY;
      stored -= draw * INTERVAL_MS / HOUR_MS / EFFICIENCY;
      minSoc = Math.min(minSoc, stored / c.capacityWh());
      upMs += INTERVAL_MS;
      unavailableMs += INTERVAL_MS * availability.unavailable(s, ring);
    }
    long achieved = shutdownAt >= 0 ? shutdownAt - GRID_BEFORE_MS : outageMs;
    return new Outcome(c, kind, atMin, atPeak, achieved, shutdownAt >= 0, minSoc, batteryWh,
        loadWh, upMs == 0 ? 0 : loadWh * HOUR_MS / upMs, upMs == 0 ? 1 : unavailableMs / upMs,
        Boolean.TRUE.equals(restored), verdicts);
  }

  /**
   * The simulator's unavailable fraction of a phase-group schedule, windows rounded down to a
   * whole second, cached per ring size and rounded schedule.
   */
  static final class Availability {
    private final Map<String, Double> cache = new HashMap<>();
    private final ReplicaSets layout;
    private final BlockSample sample;
    private int sweeps;

    Availability(int nodes, long seed) {
      this.layout = AutoGoalCase.phaseGroupLayout(nodes, GROUPS);
      this.sample = BlockSample.all(BLOCKS, seed);
    }

    int sweeps() {
      return sweeps;
    }

    double unavailable(Schedule s, List<String> ring) {
      Schedule.Builder b = Schedule.builder().intervalMs(s.intervalMs());
      for (NodeSchedule n : s.nodes()) {
        if (n.mode() == NodeMode.BLINK) {
          long w = n.activeMs() / 1000 * 1000;
          b.add(w == 0 ? NodeSchedule.of(n.node(), NodeMode.OFF)
              : NodeSchedule.blink(n.node(), n.activeOffsetMs(), w));
        } else {
          b.add(n);
        }
      }
      Schedule rounded = b.build();
      String key = AutoGoalCase.describe(rounded, ring);
      Double u = cache.get(key);
      if (u == null) {
        EpochStats st = EpochSweep.run(rounded, layout, sample, INSTANTS, 0, v -> { });
        u = st.unavailableSum() / st.visits();
        cache.put(key, u);
        sweeps++;
      }
      return u;
    }
  }
}
