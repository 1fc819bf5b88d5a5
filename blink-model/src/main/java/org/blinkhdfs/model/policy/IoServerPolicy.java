package org.blinkhdfs.model.policy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;

/**
 * Amur &amp; Schwan's io-server control (HotPower/WEED 2010 §3): every DataNode keeps its disks
 * and DataNode on, so all data stays available at full I/O bandwidth; only {@code k} nodes stay
 * max-perf (ACTIVE: compute on) and the rest are IO_SERVER (compute off, no tasks scheduled).
 *
 * <p><b>Hard constraints</b>: no node sleeps; the draw {@code k·p_active + (N − k)·p_io} never
 * exceeds the budget; below {@code N·p_io} (every node io-server) the result is BELOW_MINIMUM,
 * never a clamped schedule. <b>Soft goal</b>: compute runs where the compute load is.
 *
 * <p><b>Algorithm.</b> {@code k = floor((p_available − N·p_io) / (p_active − p_io))}, clamped to
 * {@code [0, N]} (with {@code p_io = p_active} the power either covers everyone or nothing), then
 * limited to {@link #nodesForCompute()} when the control loop says fewer nodes carry the compute
 * load. The {@code k} nodes with the highest {@link #computeLoad()} stay max-perf, ties (and nodes
 * without an entry, load 0) in ring order.
 *
 * <p><b>Worked example</b> (the paper's 4-node cluster, Obelix max-perf 252 W, Asterix-I
 * io-server 77 W): all io-server draws 308 W. With 700 W, {@code k = floor((700 − 308)/175) =
 * floor(2.24) = 2}, drawing {@code 2·252 + 2·77 = 658 W} (Table 2's 2-server row). With 833 W,
 * {@code k = 3} (833 W, Table 2); with 307 W, BELOW_MINIMUM.
 *
 * <p>Note: {@link PolicyResult#drawnNodeWatts()} counts IO_SERVER nodes at {@code p_active}
 * (over-reports this policy's draw); {@code org.blinkhdfs.control.scheduler.SchedulePower} counts
 * them at {@link PowerModel#ioServerWatts()}.
 *
 * <p>Immutable and thread-safe; {@link #withComputeLoad} and {@link #withNodesForCompute} return
 * new instances (the scheduler's {@code setPolicy} publishes them).
 */
public final class IoServerPolicy implements BlinkPolicy {
  public static final String NAME = "io-server";

  private final Map<String, Double> computeLoad;
  private final OptionalInt nodesForCompute;

  /** No compute-load information: power alone decides, max-perf nodes in ring order. */
  public IoServerPolicy() {
    this(Map.of(), OptionalInt.empty());
  }

  private IoServerPolicy(Map<String, Double> computeLoad, OptionalInt nodesForCompute) {
    this.computeLoad = computeLoad;
    this.nodesForCompute = nodesForCompute;
  }

  @Override
  public String name() {
    return NAME;
  }

  /** Per-node compute load (any non-negative unit, e.g. running tasks); higher stays max-perf. */
  public IoServerPolicy withComputeLoad(Map<String, Double> load) {
    Map<String, Double> copy = new LinkedHashMap<>();
    for (Map.Entry<String, Double> e : Objects.requireNonNull(load, "load").entrySet()) {
      double v = e.getValue() == null ? Double.NaN : e.getValue();
      if (!Double.isFinite(v) || v < 0) {
        throw new IllegalArgumentException("compute load of '" + e.getKey() + "' is " + v
            + ": give a finite load >= 0 (e.g. running tasks)");
      }
      copy.put(e.getKey(), v);
    }
    return new IoServerPolicy(Map.copyOf(copy), nodesForCompute);
  }

  /**
   * At most {@code n} max-perf nodes: what the compute load needs (Amur &amp; Schwan's control).
   */
  public IoServerPolicy withNodesForCompute(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("nodesForCompute must be >= 0, got " + n
          + ": give how many max-perf nodes the compute load needs");
    }
    return new IoServerPolicy(computeLoad, OptionalInt.of(n));
  }

  public Map<String, Double> computeLoad() {
    return computeLoad;
  }

  public OptionalInt nodesForCompute() {
    return nodesForCompute;
  }

  /** {@code N·p_io}: the DataNodes' draw with every node io-server. */
  public static double allIoServerWatts(PowerModel m) {
    return m.nodeCount() * m.ioServerWatts();
  }

  /** {@code N·p_io}: with every node io-server, the least this policy plans. */
  @Override
  public double minimumNodeWatts(PowerModel model) {
    return allIoServerWatts(model);
  }

  @Override
  public String minimumState() {
    return "every DataNode io-server";
  }

  /** Max-perf nodes {@code budget} affords, before the compute-load limit; -1 if below minimum. */
  public static int maxPerfNodes(PowerBudget budget) {
    PowerModel m = budget.model();
    double spare = budget.nodeWatts() - allIoServerWatts(m);
    if (spare < -1e-9) {
      return -1;
    }
    double step = m.activeWatts() - m.ioServerWatts();
    if (step <= 0) {
      return m.nodeCount();
    }
    return (int) Math.max(0, Math.min(m.nodeCount(), Math.floor(spare / step + 1e-9)));
  }

  @Override
  public PolicyResult plan(PolicyRequest req) {
    PowerBudget budget = req.level().resolve(req.model());
    int k = maxPerfNodes(budget);
    if (k < 0) {
      return PolicyResult.belowMinimum(budget, allIoServerWatts(req.model()),
          "every node draws in io-server state");
    }
    if (nodesForCompute.isPresent()) {
      k = Math.min(k, nodesForCompute.getAsInt());
    }
    Set<String> maxPerf = chooseMaxPerf(req.ring(), k);
    List<NodeSchedule> entries = new ArrayList<>(req.ring().size());
    for (String node : req.ring()) {
      entries.add(NodeSchedule.of(node, maxPerf.contains(node) ? NodeMode.ACTIVE
          : NodeMode.IO_SERVER));
    }
    return PolicyResult.planned(BlinkMath.schedule(req, entries), budget);
  }

  /** The {@code k} ring nodes with the highest compute load; ties in ring order. */
  Set<String> chooseMaxPerf(List<String> ring, int k) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < ring.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.<Integer>comparingDouble(i -> -computeLoad.getOrDefault(ring.get(i), 0.0))
        .thenComparingInt(i -> i));
    Set<String> out = new HashSet<>();
    for (int j = 0; j < k && j < order.size(); j++) {
      out.add(ring.get(order.get(j)));
    }
    return out;
  }

  @Override
  public String toString() {
    return NAME + "{nodesForCompute=" + nodesForCompute + ", computeLoad=" + computeLoad + "}";
  }
}
