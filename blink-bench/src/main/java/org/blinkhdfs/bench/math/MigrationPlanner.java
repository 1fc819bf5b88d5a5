package org.blinkhdfs.bench.math;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The moves of BlinkFS's migration-based baseline (§2.2, §6.1 Fig 10) on a real cluster: when
 * the power keeps a new set of nodes on, copy replicas so that every block is on the nodes kept
 * on, and spread the data evenly over them ("equally distributes data across the active nodes").
 * The simulator's byte model of the same baseline is {@code org.blinkhdfs.sim.MigrationBaseline};
 * this plans the replica moves the bench then performs with the proxy's mover.
 *
 * <p>Two passes, deterministic (blocks in id order, ties by node name):
 *
 * <ol>
 *   <li><b>Evacuate.</b> Each block needs {@code min(r, |targets|)} replicas on the targets. For
 *       each one missing, a replica on a node that is not a target moves to the least-loaded
 *       target that does not hold the block (load: replicas planned on it). A block with no
 *       replica off the targets to move keeps what it has.</li>
 *   <li><b>Balance.</b> While the most-loaded target holds more than one replica more than the
 *       least-loaded, a block of the former that the latter lacks moves there (the first in id
 *       order). This is the step that fills new nodes when the power rises.</li>
 * </ol>
 *
 * <p>Every move is {@code (block, from, to)} with {@code from} losing the replica (the mover
 * passes it as the delete hint), so the replication stays r.
 *
 * <p>Worked example (tested): r = 2, blocks 1 {a, b}, 2 {b, c}, 3 {c, a}, targets {a, b}:
 * block 2 moves c → a, block 3 moves c → b; a and b hold 3 each. Raising: blocks 1-4 on {a, b},
 * targets {a, b, c, d}: 4 moves (1 a → c, 1 b → d, 2 a → c, 2 b → d), 2 replicas per node, the
 * {@code D·(b − a)/b} = 8·2/4 of the simulator's model.
 *
 * <p>Stateless.
 */
public final class MigrationPlanner {
  /** One replica move. */
  public record Move(long block, String from, String to) {}

  private MigrationPlanner() {}

  /**
   * The moves for {@code holders} (block id to the nodes holding a replica) onto {@code
   * targets} at replication {@code r}.
   */
  public static List<Move> plan(Map<Long, List<String>> holders, List<String> targets, int r) {
    if (r < 1) {
      throw new IllegalArgumentException("replication " + r + " must be at least 1");
    }
    Set<String> target = new LinkedHashSet<>(targets);
    Map<Long, Set<String>> where = new TreeMap<>();
    holders.forEach((b, h) -> where.put(b, new LinkedHashSet<>(h)));
    Map<String, Integer> load = new HashMap<>();
    for (String t : target) {
      load.put(t, 0);
    }
    for (Set<String> h : where.values()) {
      for (String n : h) {
        load.computeIfPresent(n, (k, v) -> v + 1);
      }
    }
    List<Move> moves = new ArrayList<>();
    if (target.isEmpty()) {
      return moves;
    }
    int need = Math.min(r, target.size());
    Comparator<String> byLoad = Comparator.comparingInt((String n) -> load.get(n))
        .thenComparing(Comparator.naturalOrder());
    // The busiest node, ties to the first name (max of a reversed name order).
    Comparator<String> mostFirst = Comparator.comparingInt((String n) -> load.get(n))
        .thenComparing(Comparator.<String>reverseOrder());
    for (Map.Entry<Long, Set<String>> e : where.entrySet()) {
      Set<String> h = e.getValue();
      long on = h.stream().filter(target::contains).count();
      List<String> off = h.stream().filter(n -> !target.contains(n)).sorted().toList();
      for (int i = 0; on < need && i < off.size(); i++) {
        String to = target.stream().filter(t -> !h.contains(t)).min(byLoad).orElseThrow();
        String from = off.get(i);
        moves.add(new Move(e.getKey(), from, to));
        h.remove(from);
        h.add(to);
        load.merge(to, 1, Integer::sum);
        on++;
      }
    }
    while (true) {
      String most = target.stream().max(mostFirst).orElseThrow();
      String least = target.stream().min(byLoad).orElseThrow();
      if (load.get(most) - load.get(least) <= 1) {
        break;
      }
      Long block = null;
      for (Map.Entry<Long, Set<String>> e : where.entrySet()) {
        if (e.getValue().contains(most) && !e.getValue().contains(least)) {
          block = e.getKey();
          break;
        }
      }
      if (block == null) {
        break; // every block of the busiest is on the idlest too: nothing can move
      }
      Set<String> h = where.get(block);
      h.remove(most);
      h.add(least);
      load.merge(most, -1, Integer::sum);
      load.merge(least, 1, Integer::sum);
      moves.add(new Move(block, most, least));
    }
    return moves;
  }
}
