package org.blinkhdfs.model.policy;

import java.util.ArrayList;
import java.util.List;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.schedule.NodeSchedule;

/**
 * Blink's load-proportional policy (Sharma et al., used as a baseline in BlinkFS §5): each node is
 * powered for a time proportional to the popularity of its blocks, with the same total power as
 * staggered blinking.
 *
 * <p>Algorithm: the total powered time is {@code N·f·t} (f from {@link BlinkMath}); node i gets
 * {@code λ·w_i}, capped at t, with λ chosen so the times add up to the total (water-filling: nodes
 * that hit the cap free their excess for the others). Nodes with no popularity entry weigh 0; if
 * every weight is 0 all nodes weigh 1 (staggered-circular). Windows start at {@code t·i/N} like
 * {@link StaggeredCircularPolicy}.
 *
 * <p>Worked example (3 nodes, t = 60 s, f = 0.5, weights 4, 1, 1): total 90 s; λ = 15 gives 60,
 * 15, 15 — node 0 hits the cap exactly, so powered times are 60 000, 15 000 and 15 000 ms.
 */
public final class LoadProportionalPolicy implements BlinkPolicy {
  public static final String NAME = "load-proportional";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public PolicyResult plan(PolicyRequest req) {
    PowerBudget budget = req.level().resolve(req.model());
    if (budget.belowMinimum()) {
      return PolicyResult.belowMinimum(budget);
    }
    long t = req.intervalMs();
    int n = req.ring().size();
    double[] weights = weights(req);
    double[] powered = waterFill(weights, n * BlinkMath.activeFraction(budget) * t, t);
    List<NodeSchedule> entries = new ArrayList<>(n);
    int notWorth = 0;
    long mostPowered = 0;
    for (int i = 0; i < n; i++) {
      long p = BlinkMath.poweredMs(powered[i] / t, t);
      long window = BlinkMath.windowMs(p, t, req.model());
      if (BlinkMath.notWorthASleep(p, t, req.model())) {
        notWorth++;
        mostPowered = Math.max(mostPowered, p);
      }
      entries.add(BlinkMath.entry(req.ring().get(i), Math.floorDiv(t * i, (long) n), window, t));
    }
    String note = notWorth == 0 ? ""
        : BlinkMath.notWorthASleepNote(notWorth, mostPowered, req.model());
    return PolicyResult.planned(BlinkMath.schedule(req, entries), budget, note);
  }

  private static double[] weights(PolicyRequest req) {
    int n = req.ring().size();
    double[] w = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      w[i] = req.popularity().getOrDefault(req.ring().get(i), 0.0);
      sum += w[i];
    }
    if (sum == 0) {
      java.util.Arrays.fill(w, 1.0);
    }
    return w;
  }

  /**
   * Splits {@code totalMs} among nodes in proportion to {@code weights}, none above {@code capMs}.
   * Package-private for tests.
   */
  static double[] waterFill(double[] weights, double totalMs, long capMs) {
    int n = weights.length;
    double[] out = new double[n];
    boolean[] capped = new boolean[n];
    double remaining = totalMs;
    for (int round = 0; round < n; round++) {
      double wsum = 0;
      for (int i = 0; i < n; i++) {
        if (!capped[i]) {
          wsum += weights[i];
        }
      }
      if (wsum <= 0 || remaining <= 0) {
        break;
      }
      double lambda = remaining / wsum;
      boolean newlyCapped = false;
      for (int i = 0; i < n; i++) {
        if (!capped[i] && lambda * weights[i] >= capMs) {
          capped[i] = true;
          out[i] = capMs;
          remaining -= capMs;
          newlyCapped = true;
        }
      }
      if (!newlyCapped) {
        for (int i = 0; i < n; i++) {
          if (!capped[i]) {
            out[i] = lambda * weights[i];
          }
        }
        break;
      }
    }
    return out;
  }
}
