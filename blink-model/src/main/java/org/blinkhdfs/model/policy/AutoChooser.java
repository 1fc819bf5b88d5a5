package org.blinkhdfs.model.policy;

import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.blinkhdfs.model.power.PowerBudget;

/**
 * The decision of the {@code auto} policy, with hysteresis: which {@link AutoCandidate} is in
 * force after each decision.
 *
 * <h2>Objective</h2>
 * {@link AutoPrediction#BEST_FIRST}: within the budget, then availability first (fully available
 * beats any wait; then less unavailable time, then a shorter mean wait), then delivered read
 * throughput per joule, with demand closing the loop ({@link LoadSignals}): a plan that carries
 * a measured demand beats one that does not, and since awake nodes beyond the demand deliver
 * nothing and only cost, the cheapest plan that carries it wins (Amur &amp; Schwan's max-perf set
 * sized by demand); when reads are held, containers wait or nothing was measured, demand is
 * unbounded and every awake node-second counts.
 *
 * <h2>Hysteresis</h2>
 * The choice in force changes at once when it is no longer a candidate, no longer fits the
 * budget, is less available than the best (availability and the budget are never traded for
 * stability), or does not carry a measured demand that the best carries (the awake set grows at
 * once, as an autoscaler scales up; it shrinks only through hysteresis and
 * {@link AutoPolicy}'s demand window). Otherwise it is replaced only when the same better
 * candidate gives more than
 * {@code margin} more delivered throughput per watt (per watt the draw, when both deliver
 * nothing) in H consecutive decisions. On a constant input the best is constant, so the choice
 * changes at most once: it never flaps.
 *
 * <p>Worked example (9 nodes, G = r = 3, 25 W / 1 W, no transitions, t = 60 s, 70% = 157.5 W,
 * H = 3, margin 5%): with u = 0.5 on 3 ACTIVE nodes the demand is 1.875 node-eq, every plan
 * carries it and activation 3 (81 W) is the cheapest. Once reads are held demand is unbounded
 * and activation 6 gives 6 node-eq for 153 W (0.03922/W), 5.9% more than activation 3's 3/81 =
 * 0.03704/W: two decisions keep activation 3, the third switches. Blinking and the hybrids spend
 * all 157.5 W for no more than their activation delivers under the read order (3 node-eq blinking,
 * {@link ReadOrderCapacity}). At 100% activation 9 gives 9/225 = 0.04/W, only 2.0% more than
 * activation 6, so activation 6 stays.
 *
 * <p>Thread-safe (synchronized); the only state is the choice and the count.
 */
public final class AutoChooser {
  private final AutoSettings settings;
  private final Clock clock;
  private AutoCandidate current;
  private AutoCandidate challenger;
  private int streak;
  private AutoDecision last;

  public AutoChooser(AutoSettings settings, Clock clock) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  public AutoSettings settings() {
    return settings;
  }

  /** The last decision; empty before the first. */
  public synchronized Optional<AutoDecision> last() {
    return Optional.ofNullable(last);
  }

  /**
   * Decides for {@code in}: the best candidate, held back by hysteresis (class comment).
   *
   * @throws IllegalArgumentException when the budget cannot keep every DataNode asleep: no
   *     candidate fits, and the caller must say BELOW_MINIMUM rather than ask
   */
  public synchronized AutoDecision decide(AutoInputs in) {
    PowerBudget budget = in.level().resolve(in.model());
    if (budget.belowMinimum()) {
      throw new IllegalArgumentException(fmt("%s leaves %.2f W for the DataNodes, below the"
          + " %.2f W they draw all asleep: no plan fits; report BELOW_MINIMUM instead",
          in.level(), budget.nodeWatts(), in.model().inactiveWatts()));
    }
    List<AutoPrediction> all = AutoEvaluator.evaluate(in);
    AutoPrediction best = all.get(0);
    for (AutoPrediction p : all) {
      if (AutoPrediction.BEST_FIRST.compare(p, best) < 0) {
        best = p;
      }
    }
    AutoPrediction inForce = find(all, current);
    int n = in.nodes();
    AutoPrediction chosen;
    String why;
    if (inForce == null || !inForce.feasible() || inForce.availabilityVersus(best) > 0
        || best.meetsDemand() && !inForce.meetsDemand()) {
      why = inForce == null && current == null ? "first decision"
          : inForce == null ? current.describe(n) + " is no longer a candidate"
          : !inForce.feasible() ? current.describe(n) + " no longer fits the budget"
          : inForce.availabilityVersus(best) > 0 ? current.describe(n) + " is less available"
          : current.describe(n) + " does not carry the demand";
      chosen = best;
      resetStreak();
    } else if (best.candidate().equals(current)) {
      why = "still the best";
      chosen = best;
      resetStreak();
    } else {
      double gain = gain(inForce, best);
      if (gain > settings.marginFraction()) {
        streak = best.candidate().equals(challenger) ? streak + 1 : 1;
        challenger = best.candidate();
      } else {
        resetStreak();
      }
      if (streak >= settings.hysteresisDecisions()) {
        why = fmt("%s %s for %d decisions (margin %.0f%%)", best.candidate().describe(n),
            gainText(gain), streak, 100 * settings.marginFraction());
        chosen = best;
        resetStreak();
      } else {
        why = streak == 0
            ? fmt("kept: %s %s, within the %.0f%% margin", best.candidate().describe(n),
                gainText(gain), 100 * settings.marginFraction())
            : fmt("kept: %s %s, %d of %d decisions", best.candidate().describe(n),
                gainText(gain), streak, settings.hysteresisDecisions());
        chosen = inForce;
      }
    }
    boolean switched = !chosen.candidate().equals(current);
    current = chosen.candidate();
    last = new AutoDecision(chosen, best, all, switched, reason(in, chosen, all, why),
        clock.millis(), n);
    return last;
  }

  private void resetStreak() {
    streak = 0;
    challenger = null;
  }

  /**
   * Relative gain of {@code to} over {@code from}: infinite when only {@code to} carries the
   * demand, else in delivered per watt, else (neither delivers) in draw.
   */
  static double gain(AutoPrediction from, AutoPrediction to) {
    if (to.meetsDemand() && !from.meetsDemand()) {
      return Double.POSITIVE_INFINITY;
    }
    if (from.perWatt() > 0) {
      return to.perWatt() / from.perWatt() - 1;
    }
    if (to.perWatt() > 0) {
      return Double.POSITIVE_INFINITY;
    }
    return to.drawWatts() > 0 ? from.drawWatts() / to.drawWatts() - 1 : 0;
  }

  private static String gainText(double gain) {
    return Double.isInfinite(gain) ? "carries the demand"
        : fmt("gives %.1f%% more per joule", 100 * gain);
  }

  private static AutoPrediction find(List<AutoPrediction> all, AutoCandidate c) {
    for (AutoPrediction p : all) {
      if (p.candidate().equals(c)) {
        return p;
      }
    }
    return null;
  }

  private static String reason(AutoInputs in, AutoPrediction chosen, List<AutoPrediction> all,
      String why) {
    int n = in.nodes();
    StringBuilder b = new StringBuilder();
    b.append(chosen.candidate().describe(n)).append(" (").append(why).append("): ")
        .append(chosen.describe());
    AutoPrediction blink = all.get(0);
    PowerBudget budget = in.level().resolve(in.model());
    double a = budget.belowMinimum() ? 0 : BlinkMath.activeFraction(budget);
    b.append(fmt("; blinking: a = %.4f %s %.4f for every block readable, %s",
        a, blink.fullyAvailable() ? ">=" : "<", AutoEvaluator.fullyAvailableFraction(in),
        blink.describe()));
    for (AutoCandidate.Kind kind : List.of(AutoCandidate.Kind.ACTIVATION,
        AutoCandidate.Kind.HYBRID)) {
      AutoPrediction bestOfKind = null;
      for (AutoPrediction p : all) {
        if (p.candidate().kind() == kind && (bestOfKind == null
            || AutoPrediction.BEST_FIRST.compare(p, bestOfKind) < 0)) {
          bestOfKind = p;
        }
      }
      b.append("; ");
      if (bestOfKind == null) {
        b.append(kind.label()).append(": none affordable");
      } else {
        b.append("best ").append(bestOfKind.candidate().describe(n)).append(": ")
            .append(bestOfKind.describe());
      }
    }
    b.append("; ").append(in.load().describe(in.targetUtilization()))
        .append("; a switch moves no data (one layout)");
    return b.toString();
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
