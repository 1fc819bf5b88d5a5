package org.blinkhdfs.model.battery;

import java.util.Locale;
import java.util.OptionalDouble;
import org.blinkhdfs.model.battery.RideThroughDecision.Verdict;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;

/**
 * Plans the whole cluster's power on a UPS so that the battery lasts until a target time.
 *
 * <p>On the grid: full power (this restores it when the grid returns). On battery, with {@code E}
 * the usable energy ({@link BatteryModel#usableWh}, inverter losses and reserve taken out), {@code
 * T} the time from the reading to the target end, {@code Δ} the replanning period, {@code
 * P_min = overhead + minimumNodeWatts} (every DataNode in the policy's least state) and {@code
 * P_peak = overhead + p_total}:
 * <pre>
 *   SHUTDOWN            if the UPS says LB/FSD, or E &lt; P_min·Δ (not even one more period)
 *   P = E / max(T, Δ)
 *   TARGET_PASSED       if T &le; 0: plan min(P, P_peak), full power until the last periods
 *   FULL_POWER_LASTS    if P &ge; P_peak: plan P_peak (100%)
 *   CANNOT_REACH_TARGET if P &lt; P_min: plan P_min, which lasts E / P_min
 *   RIDE_THROUGH        otherwise: plan P, whole-cluster watts (the overhead is served first,
 *                       {@link PowerLevel.Watts}, and the policy spends the rest on DataNodes)
 * </pre>
 * {@code max(T, Δ)}: a plan always lasts until the next replan, so the energy never falls below
 * the reserve between two readings as long as the cluster draws at most its plan. Past the target
 * there is nothing left to save for, so the cluster serves at full power until the reserve (with
 * a battery that full power outlasts, that is what it did all along); an operator who wants the
 * rest stretched raises the target.
 *
 * <p>Why replanning converges: with the plan {@code P_k = E_k/T_k} and a draw {@code d ≤ P_k} for
 * a period {@code δ}, {@code E_{k+1} = E_k − d·δ ≥ P_k·(T_k − δ)}, so {@code P_{k+1} =
 * E_{k+1}/(T_k − δ) ≥ P_k}: energy the cluster did not draw (a policy that leaves part of its
 * budget unspent, a lighter load) is planned again later, and the energy above the reserve is 0
 * at the target when every plan is drawn in full. Nothing is stored between decisions: the plan is
 * a pure function of the reading, the target and the settings.
 *
 * <p>Worked example (BlinkFS's 9 Mac minis, 25 W / 1 W, 40 W overhead: {@code P_min = 49 W},
 * {@code P_peak = 265 W}; battery 2 000 Wh, efficiency 0.9, reserve 20%): at 62% with 2 h to the
 * target, {@code E = 756 Wh}, {@code P = 756 / 2 = 378 W ≥ 265 W}: full power, which lasts 756 /
 * 265 = 2.85 h. With 8 h left, {@code P = 94.5 W}: RIDE_THROUGH, 54.5 W for the DataNodes (24.2%
 * of all awake). With 20 h left, {@code P = 37.8 W < 49 W}: CANNOT_REACH_TARGET, the minimum lasts
 * 756 / 49 = 15.43 h. At 20.3% ({@code E} = 0.9·6 = 5.4 Wh) with {@code Δ} = 60 s, {@code P_min·Δ
 * = 0.82 Wh}, so it still plans; at 20.01% (0.18 Wh) it is SHUTDOWN.
 *
 * <p>Immutable and thread-safe; no clock: every time is passed in.
 */
public final class RideThroughPlanner {
  /**
   * Added to the minimum so that rounding never reads a plan at exactly the minimum as below it
   * (a policy refuses a budget below its minimum).
   */
  static final double MINIMUM_MARGIN_WATTS = 1e-6;

  private final BatteryModel battery;
  private final PowerModel model;
  private final double minimumNodeWatts;
  private final long replanMs;

  /**
   * A planner.
   *
   * @param battery the battery
   * @param model the DataNodes' power model, with the always-on overhead
   * @param minimumNodeWatts the least the DataNodes draw under the policy ({@code
   *     BlinkPolicy#minimumNodeWatts}: every DataNode asleep for the blink policies)
   * @param replanMs how often a reading is planned on (the scheduler's tick or reading period)
   */
  public RideThroughPlanner(BatteryModel battery, PowerModel model, double minimumNodeWatts,
      long replanMs) {
    if (!Double.isFinite(minimumNodeWatts) || minimumNodeWatts < 0
        || minimumNodeWatts > model.totalWatts()) {
      throw new IllegalArgumentException("minimumNodeWatts = " + minimumNodeWatts + " is outside"
          + " 0.." + model.totalWatts() + " W: give the policy's least DataNode draw");
    }
    if (replanMs <= 0) {
      throw new IllegalArgumentException("replanMs = " + replanMs + " must be > 0: give how"
          + " often the scheduler plans on a new reading, e.g. its interval");
    }
    this.battery = java.util.Objects.requireNonNull(battery, "battery");
    this.model = model;
    this.minimumNodeWatts = minimumNodeWatts;
    this.replanMs = replanMs;
  }

  public BatteryModel battery() {
    return battery;
  }

  public PowerModel model() {
    return model;
  }

  public long replanMs() {
    return replanMs;
  }

  /** Every DataNode in its least state, plus the overhead, W. */
  public double minimumClusterWatts() {
    return model.overheadWatts() + minimumNodeWatts;
  }

  /** Every DataNode awake, plus the overhead, W. */
  public double peakClusterWatts() {
    return model.peakClusterWatts();
  }

  /**
   * The decision for one reading.
   *
   * @param r the reading (its freshness is the caller's to check, {@link RideThrough} does)
   * @param nowMs when the decision is made
   * @param targetEndMs when the ride-through should end (the outage's start plus the target);
   *     ignored on the grid
   */
  public RideThroughDecision plan(BatteryReading r, long nowMs, long targetEndMs) {
    double stored = battery.storedWh(r);
    double reserve = battery.reserveWh(r);
    double usable = battery.usableWh(r);
    double min = minimumClusterWatts();
    double peak = peakClusterWatts();
    String energy = String.format(Locale.ROOT, "%.1f Wh usable above the %.0f%% reserve"
        + " (%.1f Wh stored, %.1f Wh reserve, x%.2f to the load)", usable,
        100 * battery.reserveFraction(), stored, reserve, battery.efficiency());
    if (!r.onBattery()) {
      return decision(Verdict.GRID, new PowerLevel.Percent(100), r, nowMs, 0, peak, -1,
          "on the grid: full power (" + r.describe() + ")");
    }
    long timeLeft = targetEndMs - r.readAtMs();
    if (r.lowBattery()) {
      return decision(Verdict.SHUTDOWN, minimum(), r, nowMs, timeLeft, min, lasts(usable, min),
          "the UPS reports a low battery (LB/FSD): shut down cleanly now, " + energy);
    }
    if (usable < min * replanMs / 3_600_000.0) {
      return decision(Verdict.SHUTDOWN, minimum(), r, nowMs, timeLeft, min, lasts(usable, min),
          String.format(Locale.ROOT, "at the reserve: %s, less than the minimum %.1f W needs"
          + " for one more %s: shut down cleanly now", energy, min, duration(replanMs)));
    }
    long horizon = Math.max(timeLeft, replanMs);
    double p = usable * 3_600_000.0 / horizon;
    if (timeLeft <= 0) {
      double w = Math.min(p, peak);
      return decision(Verdict.TARGET_PASSED, w >= peak ? new PowerLevel.Percent(100)
          : new PowerLevel.Watts(w), r, nowMs, timeLeft, w, lasts(usable, w),
          String.format(Locale.ROOT, "the target passed %s ago: %s; %.1f W (full power is %.1f"
          + " W) until the reserve, which lasts %s; raise the target to stretch it",
          duration(-timeLeft), energy, w, peak, duration(lasts(usable, w))));
    }
    if (p >= peak) {
      return decision(Verdict.FULL_POWER_LASTS, new PowerLevel.Percent(100), r, nowMs, timeLeft,
          peak, lasts(usable, peak), String.format(Locale.ROOT, "on battery: %s for %s to the"
          + " target would allow %.1f W; full power (%.1f W) lasts %s", energy,
          duration(timeLeft), p, peak, duration(lasts(usable, peak))));
    }
    if (p < min) {
      return decision(Verdict.CANNOT_REACH_TARGET, minimum(), r, nowMs, timeLeft, min,
          lasts(usable, min), String.format(Locale.ROOT, "on battery: %s cannot last the %s to"
          + " the target even at the minimum %.1f W (it would need %.1f W): planning the minimum,"
          + " which lasts %s", energy, duration(timeLeft), min, p,
          duration(lasts(usable, min))));
    }
    double nodes = p - model.overheadWatts();
    return decision(Verdict.RIDE_THROUGH, new PowerLevel.Watts(p), r, nowMs, timeLeft, p,
        horizon, String.format(Locale.ROOT, "on battery: %s over %s to the target: plan %.1f W"
        + " for the whole cluster (%.1f W overhead, %.1f W for the DataNodes, %.1f%% of all"
        + " awake)", energy, duration(timeLeft), p, model.overheadWatts(), nodes,
        100 * nodes / model.totalWatts()));
  }

  /** The minimum as a level, a microwatt above it so rounding never puts it below. */
  PowerLevel minimum() {
    return new PowerLevel.Watts(minimumClusterWatts() + MINIMUM_MARGIN_WATTS);
  }

  private RideThroughDecision decision(Verdict v, PowerLevel level, BatteryReading r,
      long nowMs, long timeLeft, double planned, long lastsMs, String reason) {
    OptionalDouble measured = r.loadWatts();
    String m = measured.isPresent() ? String.format(Locale.ROOT, "; the UPS measures %.1f W",
        measured.getAsDouble()) : "";
    return new RideThroughDecision(v, level, nowMs, r.readAtMs(), battery.storedWh(r),
        battery.reserveWh(r), battery.usableWh(r), r.onBattery() ? timeLeft : 0, planned,
        minimumClusterWatts(), peakClusterWatts(), lastsMs, measured, reason + m);
  }

  /** How long {@code wh} lasts at {@code watts}, ms. */
  static long lasts(double wh, double watts) {
    return watts <= 0 ? Long.MAX_VALUE : Math.round(wh * 3_600_000.0 / watts);
  }

  /** "2h05m", "4m30s", "12s". */
  static String duration(long ms) {
    long s = Math.max(0, ms) / 1000;
    if (s >= 3600) {
      return String.format(Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
    }
    if (s >= 60) {
      return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
    return s + "s";
  }
}
