package org.blinkhdfs.model.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;

/**
 * PARAID's utilization-driven gear shifting (Le, Hikida, Yokota §2.1.2) on top of the activation
 * layout: the first {@code k} ring nodes (or the request's {@link ActiveSet}) are ACTIVE and the
 * rest OFF, where {@code k} is a "gear"
 * (a configured number of nodes, e.g. {@code [2, 4, 7]}, or every size {@code 1..N}) chosen by the
 * load and then capped by the available power.
 *
 * <p><b>Why.</b> Blinking follows the power; gears follow the <em>load</em>: with plenty of power
 * and little work, PARAID/Rabbit keep only the primaries on. The power cap makes the policy safe
 * to run from a renewable signal too.
 *
 * <p><b>Hard constraints</b>: the draw never exceeds the budget (the cap uses the activation
 * arithmetic of {@link ActivationPolicy#activeNodes}); below the all-asleep minimum the result is
 * BELOW_MINIMUM. <b>Soft goals</b>: the gear tracks the load; it does not flap.
 *
 * <p><b>Algorithm.</b> The scheduler feeds one sample per blink interval through {@link
 * #observe}: the mean utilization {@code u} of the ACTIVE nodes and how many there were ({@code
 * m}). The sample is converted to the current load gear ({@code n} nodes) and to the next lower
 * gear ({@code n'} nodes) with the same estimate, "the same work spread over a different number
 * of nodes": {@code scale(u, m → x) = min(1, u·m/x)}. Two bounded windows of {@code
 * windowSamples} values keep the moving average {@code U} and the moving (population) standard
 * deviation {@code S} of the current gear, and {@code U'}, {@code S'} of the lower gear. Once the
 * window is full (a dwell time of {@code windowSamples} intervals after every shift):
 *
 * <ul>
 *   <li>up-shift when {@code U + S > T} (PARAID eq. 1), to the next larger gear;
 *   <li>otherwise down-shift when {@code U' + S' < T − hysteresis} (eq. 2; {@code hysteresis = 0}
 *       is the paper's rule).
 * </ul>
 *
 * Both windows are cleared on a shift: samples measured at another gear no longer describe this
 * one. The gear starts at the largest (safe for performance; the load pulls it down). In {@link
 * #plan}, the nodes actually activated are {@code min(gear, affordable)} rounded down to a
 * configured gear, where {@code affordable = floor((p_available − N·p_sleep) / (p_active −
 * p_sleep))}; if even the smallest gear is unaffordable, {@code affordable} nodes run (a partial
 * gear: some data of the primaries is then asleep). The cap does not change the load gear: when
 * power returns, the load gear is in force again at once.
 *
 * <p><b>No flapping.</b> With per-node noise bounded by {@code δ} around a stationary load, a
 * shift up from {@code n} needs {@code L/n + 2δ > T} and the reverse shift down needs {@code L/n
 * < T − hysteresis + δ·n_up/n}; both cannot hold when {@code hysteresis ≥ δ·(2 + n_up/n)}. The
 * dwell time keeps a single noisy interval from shifting at all.
 *
 * <p><b>Worked example</b> (gears [2, 4, 7], T = 0.8, window 3, hysteresis 0). Start at 7. Three
 * samples u = 0.3 on 7 nodes give lower-gear estimates {@code 0.3·7/4 = 0.525} with S' = 0, and
 * 0.525 &lt; 0.8: down to 4. Samples 0.5, 0.7, 0.6 on 4 nodes: U = 0.6, S = 0.0816, U + S =
 * 0.682 ≤ 0.8, and the gear-2 estimates are min(1, 2u) = 1, 1, 1: stay. Next 0.9: the window is
 * 0.7, 0.6, 0.9, U = 0.733, S = 0.125, U + S = 0.858 &gt; 0.8: up to 7.
 *
 * <p><b>Contract note.</b> {@link BlinkPolicy} asks for a pure function of the request; this
 * policy is a pure function of the request and its current gear, and only {@link #observe}
 * changes the gear. Samples observed before the first {@link #plan} (ring size unknown) are
 * ignored.
 *
 * <p>Thread-safe: every method that touches the gear state is synchronized.
 */
public final class GearShiftingPolicy implements BlinkPolicy {
  public static final String NAME = "gear-shifting";
  /** Rounding guard: sums within this of the threshold count as equal to it (no shift). */
  static final double EPSILON = 1e-9;

  /**
   * Tuning of the gear shifter.
   *
   * @param gears the gear sizes in nodes, strictly increasing and positive; empty means every
   *     size {@code 1..N}
   * @param thresholdFraction PARAID's T, in (0, 1]
   * @param windowSamples samples in each moving window, and the dwell after a shift; 1..10 000
   * @param hysteresisFraction subtracted from T for down-shifts, in [0, T)
   */
  public record Settings(List<Integer> gears, double thresholdFraction, int windowSamples,
      double hysteresisFraction) {
    public static final int MAX_WINDOW_SAMPLES = 10_000;

    public Settings {
      gears = List.copyOf(Objects.requireNonNull(gears, "gears"));
      int prev = 0;
      for (int g : gears) {
        if (g <= prev) {
          throw new IllegalArgumentException("gears " + gears
              + " must be positive node counts in strictly increasing order, e.g. [2, 4, 7]");
        }
        prev = g;
      }
      if (!(thresholdFraction > 0 && thresholdFraction <= 1)) {
        throw new IllegalArgumentException("thresholdFraction (PARAID's T) must be in (0, 1], got "
            + thresholdFraction + ": e.g. 0.8 up-shifts when utilization plus its spread tops 80%");
      }
      if (windowSamples < 1 || windowSamples > MAX_WINDOW_SAMPLES) {
        throw new IllegalArgumentException("windowSamples must be in 1.." + MAX_WINDOW_SAMPLES
            + ", got " + windowSamples + ": one sample is taken per blink interval");
      }
      if (!(hysteresisFraction >= 0 && hysteresisFraction < thresholdFraction)) {
        throw new IllegalArgumentException("hysteresisFraction must be in [0, thresholdFraction="
            + thresholdFraction + "), got " + hysteresisFraction + ": use 0 for PARAID's rule");
      }
    }

    /** Every gear size, T = 0.8, a window of 5 intervals, hysteresis 0.05. */
    public static Settings defaults() {
      return new Settings(List.of(), 0.8, 5, 0.05);
    }

    public Settings withGears(List<Integer> newGears) {
      return new Settings(newGears, thresholdFraction, windowSamples, hysteresisFraction);
    }

    public Settings withThreshold(double newThreshold) {
      return new Settings(gears, newThreshold, windowSamples, hysteresisFraction);
    }

    public Settings withWindowSamples(int newWindow) {
      return new Settings(gears, thresholdFraction, newWindow, hysteresisFraction);
    }

    public Settings withHysteresis(double newHysteresis) {
      return new Settings(gears, thresholdFraction, windowSamples, newHysteresis);
    }
  }

  /**
   * What the shifter knows, for status pages and tests.
   *
   * @param gearNodes the load gear in nodes (-1 before the first plan)
   * @param samples samples in the current window
   * @param meanUtilization U of the current gear (NaN if no samples)
   * @param stdUtilization S of the current gear (NaN if no samples)
   * @param lowerMeanUtilization U' of the next lower gear (NaN if none)
   * @param lowerStdUtilization S' of the next lower gear (NaN if none)
   * @param shifts gear shifts so far
   */
  public record GearState(int gearNodes, int samples, double meanUtilization,
      double stdUtilization, double lowerMeanUtilization, double lowerStdUtilization,
      long shifts) {}

  private final Settings settings;
  private int[] gears;
  private int ringSize = -1;
  private int gearIndex;
  private long shifts;
  private final MovingWindow current;
  private final MovingWindow lower;

  public GearShiftingPolicy() {
    this(Settings.defaults());
  }

  public GearShiftingPolicy(Settings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.current = new MovingWindow(settings.windowSamples());
    this.lower = new MovingWindow(settings.windowSamples());
  }

  @Override
  public String name() {
    return NAME;
  }

  public Settings settings() {
    return settings;
  }

  /** {@code min(1, u·fromNodes/toNodes)}: the same work on {@code toNodes} nodes. */
  public static double scaleUtilization(double utilization, int fromNodes, int toNodes) {
    return Math.min(1.0, utilization * fromNodes / toNodes);
  }

  /**
   * Feeds one utilization sample: the mean utilization of the {@code measuredOnNodes} ACTIVE
   * nodes over the last interval. Returns true when the load gear changed.
   */
  public synchronized boolean observe(double utilization, int measuredOnNodes) {
    if (!(utilization >= 0 && utilization <= 1)) {
      throw new IllegalArgumentException("utilization must be in [0, 1], got " + utilization);
    }
    if (measuredOnNodes < 0) {
      throw new IllegalArgumentException("measuredOnNodes must be >= 0, got " + measuredOnNodes);
    }
    if (gears == null || measuredOnNodes == 0) {
      return false;
    }
    current.add(scaleUtilization(utilization, measuredOnNodes, gears[gearIndex]));
    if (gearIndex > 0) {
      lower.add(scaleUtilization(utilization, measuredOnNodes, gears[gearIndex - 1]));
    }
    if (!current.isFull()) {
      return false;
    }
    double t = settings.thresholdFraction();
    if (gearIndex < gears.length - 1 && current.mean() + current.std() > t + EPSILON) {
      shift(+1);
      return true;
    }
    if (gearIndex > 0
        && lower.mean() + lower.std() < t - settings.hysteresisFraction() - EPSILON) {
      shift(-1);
      return true;
    }
    return false;
  }

  private void shift(int direction) {
    gearIndex += direction;
    shifts++;
    current.clear();
    lower.clear();
  }

  @Override
  public boolean observesUtilization() {
    return true;
  }

  /** {@link #observe}: a sample can shift the load gear. */
  @Override
  public boolean observeUtilization(double utilization, int measuredOnNodes) {
    return observe(utilization, measuredOnNodes);
  }

  /** The load gear, {@code "4 nodes"}. */
  @Override
  public String loadState() {
    return gearNodes() + " nodes";
  }

  /** The load gear in nodes, -1 before the first plan. */
  public synchronized int gearNodes() {
    return gears == null ? -1 : gears[gearIndex];
  }

  public synchronized GearState state() {
    return new GearState(gearNodes(), current.size(), current.mean(), current.std(),
        lower.mean(), lower.std(), shifts);
  }

  @Override
  public synchronized PolicyResult plan(PolicyRequest req) {
    PowerBudget budget = req.level().resolve(req.model());
    if (budget.belowMinimum()) {
      return PolicyResult.belowMinimum(budget);
    }
    resolveGears(req.ring().size());
    int k = activeNodes(gears[gearIndex], ActivationPolicy.activeNodes(budget));
    Set<String> active = ActiveSet.checked(req.activeSet(), req.ring(), k);
    List<NodeSchedule> entries = new ArrayList<>(req.ring().size());
    for (String node : req.ring()) {
      entries.add(NodeSchedule.of(node, active.contains(node) ? NodeMode.ACTIVE : NodeMode.OFF));
    }
    return PolicyResult.planned(BlinkMath.schedule(req, entries), budget);
  }

  /** The largest gear at most {@code min(loadGear, affordable)}; {@code affordable} if none. */
  private int activeNodes(int loadGearNodes, int affordableNodes) {
    int cap = Math.min(loadGearNodes, affordableNodes);
    int best = -1;
    for (int g : gears) {
      if (g <= cap) {
        best = g;
      }
    }
    return best >= 0 ? best : cap;
  }

  private void resolveGears(int n) {
    if (n == ringSize) {
      return;
    }
    int[] resolved;
    if (settings.gears().isEmpty()) {
      resolved = new int[n];
      for (int i = 0; i < n; i++) {
        resolved[i] = i + 1;
      }
    } else {
      int top = settings.gears().get(settings.gears().size() - 1);
      if (top > n) {
        throw new IllegalArgumentException("gears " + settings.gears() + " need " + top
            + " nodes but the ring has " + n + ": give gears of at most " + n + " nodes");
      }
      resolved = settings.gears().stream().mapToInt(Integer::intValue).toArray();
    }
    gears = resolved;
    ringSize = n;
    gearIndex = gears.length - 1;
    current.clear();
    lower.clear();
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s{gears=%s, T=%s, window=%d, hysteresis=%s}", NAME,
        settings.gears().isEmpty() ? "every size" : settings.gears(),
        settings.thresholdFraction(), settings.windowSamples(), settings.hysteresisFraction());
  }

  /** A bounded window of the last {@code capacity} values with mean and population std. */
  static final class MovingWindow {
    private final double[] values;
    private int next;
    private int size;

    MovingWindow(int capacity) {
      values = new double[capacity];
    }

    void add(double v) {
      values[next] = v;
      next = (next + 1) % values.length;
      size = Math.min(size + 1, values.length);
    }

    void clear() {
      next = 0;
      size = 0;
    }

    int size() {
      return size;
    }

    boolean isFull() {
      return size == values.length;
    }

    double mean() {
      if (size == 0) {
        return Double.NaN;
      }
      double sum = 0;
      for (int i = 0; i < size; i++) {
        sum += values[i];
      }
      return sum / size;
    }

    double std() {
      if (size == 0) {
        return Double.NaN;
      }
      double m = mean();
      double sq = 0;
      for (int i = 0; i < size; i++) {
        sq += (values[i] - m) * (values[i] - m);
      }
      return Math.sqrt(sq / size);
    }
  }
}
