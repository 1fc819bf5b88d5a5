package org.blinkhdfs.bench.math;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How the blocks of a data set load the awake nodes when it is read in full, and the read
 * throughput that bounds: the "does the layout let n nodes serve?" question of a gear.
 *
 * <p>Why: with every node capped at the same bandwidth {@code b}, reading B blocks takes at
 * least {@code max_node load / b}, so aggregate throughput is at most {@code b·B / maxLoad};
 * {@code b·n} (the bandwidth model) needs every one of the n awake nodes to serve exactly B/n.
 * Two read selections are modelled:
 *
 * <ul>
 *   <li>{@link #randomChoiceMiBps}: each block is read from one of its awake replicas chosen
 *       uniformly (HDFS's shuffle among equally near replicas, which {@code BlinkNetworkTopology}
 *       keeps among ACTIVE nodes): node j's expected load is {@code Σ_blocks 1/a_block} over
 *       the blocks it holds, {@code a_block} the block's awake replicas;</li>
 *   <li>{@link #balancedMiBps}: the best any read selection can do (Rabbit's hit-ratio
 *       balancer at its ideal). A fractional assignment of blocks to awake holders has maximum
 *       load {@code max over sets S of awake nodes of (blocks whose awake replicas all lie in
 *       S)/|S|} (Hall's theorem for fractional b-matchings); we enumerate the subsets.</li>
 * </ul>
 *
 * <p>Worked example: blocks {a,b}, {a,c}, {a}, awake {a,b,c}. Random choice loads a with
 * 1/2 + 1/2 + 1 = 2, b and c with 1/2: at 10 MiB/s per node, {@code 10·3/2 = 15} MiB/s.
 * Balanced: S = {a} confines 1 block, {a,b} 2/2, {a,b,c} 3/3, so max 1 and {@code 10·3/1 = 30}
 * MiB/s = 3 nodes' worth.
 *
 * <p>Limits: at most {@value #MAX_BALANCED_NODES} awake nodes for the subset enumeration.
 * Stateless.
 */
public final class ReadLoad {
  public static final int MAX_BALANCED_NODES = 20;

  private ReadLoad() {}

  /** Blocks with no replica on an awake node (unreadable until a node wakes). */
  public static int uncovered(List<List<String>> replicaSets, Set<String> awake) {
    int n = 0;
    for (List<String> set : replicaSets) {
      if (set.stream().noneMatch(awake::contains)) {
        n++;
      }
    }
    return n;
  }

  /** Expected blocks each awake node serves under uniform choice among awake replicas. */
  public static Map<String, Double> randomChoiceLoads(List<List<String>> replicaSets,
      Set<String> awake) {
    Map<String, Double> load = new LinkedHashMap<>();
    awake.forEach(n -> load.put(n, 0.0));
    for (List<String> set : replicaSets) {
      List<String> on = set.stream().filter(awake::contains).distinct().toList();
      requireCovered(on, set);
      for (String node : on) {
        load.merge(node, 1.0 / on.size(), Double::sum);
      }
    }
    return load;
  }

  /** {@code perNodeMiBps · B / max load} under uniform choice; see the class comment. */
  public static double randomChoiceMiBps(double perNodeMiBps, List<List<String>> replicaSets,
      Set<String> awake) {
    double max = randomChoiceLoads(replicaSets, awake).values().stream()
        .mapToDouble(Double::doubleValue).max().orElse(0);
    return max == 0 ? 0 : perNodeMiBps * replicaSets.size() / max;
  }

  /** {@code perNodeMiBps · B / (least possible max load)}; see the class comment. */
  public static double balancedMiBps(double perNodeMiBps, List<List<String>> replicaSets,
      Set<String> awake) {
    List<String> nodes = new ArrayList<>(awake);
    if (nodes.size() > MAX_BALANCED_NODES) {
      throw new IllegalArgumentException(nodes.size() + " awake nodes: the balanced bound"
          + " enumerates subsets and takes at most " + MAX_BALANCED_NODES);
    }
    List<Integer> masks = new ArrayList<>();
    for (List<String> set : replicaSets) {
      int mask = 0;
      for (String node : set) {
        int i = nodes.indexOf(node);
        mask |= i >= 0 ? 1 << i : 0;
      }
      requireCovered(mask == 0 ? List.of() : List.of("x"), set);
      masks.add(mask);
    }
    double max = 0;
    for (int s = 1; s < 1 << nodes.size(); s++) {
      int confined = 0;
      for (int m : masks) {
        confined += (m & ~s) == 0 ? 1 : 0;
      }
      max = Math.max(max, confined / (double) Integer.bitCount(s));
    }
    return max == 0 ? 0 : perNodeMiBps * replicaSets.size() / max;
  }

  private static void requireCovered(List<String> awakeHolders, List<String> set) {
    if (awakeHolders.isEmpty()) {
      throw new IllegalArgumentException("block with replicas " + set + " has none on an awake"
          + " node: no read selection can serve it; check uncovered() first");
    }
  }
}
