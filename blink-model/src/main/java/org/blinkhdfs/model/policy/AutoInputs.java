package org.blinkhdfs.model.policy;

import java.util.Objects;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ReadOrderMode;

/**
 * Everything one decision of the {@code auto} policy depends on. The ring size N is the power
 * model's node count; the transition time (enter plus resume) and the minimum useful window are
 * the model's; the budget is a {@link PowerLevel}, a percentage of all DataNodes awake or
 * whole-cluster watts.
 *
 * @param model the DataNodes' power model (N, active / sleep / transition watts, T_tr)
 * @param replication r, the replication of the blocks the layout holds
 * @param groups G, the phase groups of the layout (G = r is the design); more than N means N
 * @param level the available power
 * @param intervalMs t
 * @param readWindowMs m, how much of a window a read needs left to start
 * @param load the live load
 * @param targetUtilization T in (0, 1]: demand is measured work at this utilization
 * @param readOrder the NameNode's {@code blink.read.order}, which decides what throughput a plan
 *     delivers ({@link ReadOrderCapacity})
 */
public record AutoInputs(PowerModel model, int replication, int groups, PowerLevel level,
    long intervalMs, long readWindowMs, LoadSignals load, double targetUtilization,
    ReadOrderMode readOrder) {

  public AutoInputs {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(readOrder, "readOrder");
    Objects.requireNonNull(level, "level");
    Objects.requireNonNull(load, "load");
    int n = model.nodeCount();
    if (replication < 1 || replication > n) {
      throw new IllegalArgumentException("replication must be within 1.." + n + ", got "
          + replication + ": a ring of " + n + " nodes holds at most one replica per node");
    }
    if (groups < 1) {
      throw new IllegalArgumentException("phase groups must be at least 1, got " + groups
          + ": give the layout's group count (the replication, e.g. 3)");
    }
    if (intervalMs < 1) {
      throw new IllegalArgumentException("intervalMs must be at least 1, got " + intervalMs
          + ": give the blink interval in milliseconds");
    }
    if (readWindowMs < 0) {
      throw new IllegalArgumentException("readWindowMs must be >= 0, got " + readWindowMs
          + ": give blink.read.min.window.ms");
    }
    if (!(targetUtilization > 0 && targetUtilization <= 1)) {
      throw new IllegalArgumentException("target utilization must be in (0, 1], got "
          + targetUtilization + ": e.g. 0.8 sizes the awake set so it runs 80% busy");
    }
  }

  /** These inputs under the default read order, {@link ReadOrderMode#LONGEST_WINDOW}. */
  public AutoInputs(PowerModel model, int replication, int groups, PowerLevel level,
      long intervalMs, long readWindowMs, LoadSignals load, double targetUtilization) {
    this(model, replication, groups, level, intervalMs, readWindowMs, load, targetUtilization,
        ReadOrderMode.LONGEST_WINDOW);
  }

  /** N. */
  public int nodes() {
    return model.nodeCount();
  }

  /** The groups the ring really has: {@code min(G, N)}. */
  public int effectiveGroups() {
    return Math.min(groups, nodes());
  }

  /** These inputs with another load. */
  public AutoInputs withLoad(LoadSignals newLoad) {
    return new AutoInputs(model, replication, groups, level, intervalMs, readWindowMs, newLoad,
        targetUtilization, readOrder);
  }

  /** These inputs at another power level. */
  public AutoInputs withLevel(PowerLevel newLevel) {
    return new AutoInputs(model, replication, groups, newLevel, intervalMs, readWindowMs, load,
        targetUtilization, readOrder);
  }
}
