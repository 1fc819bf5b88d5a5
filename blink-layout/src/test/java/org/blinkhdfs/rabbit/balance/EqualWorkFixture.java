package org.blinkhdfs.rabbit.balance;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A test-only equal-work layout (Rabbit §3.1.3), independent of the real layout package: the
 * primary replica of block j on primary {@code j mod p}; then, for i = p+1..N, the node at chain
 * position i gets ⌊B/i⌋ secondary replicas, on the blocks with the fewest replicas so far (seeded
 * random among equals). So a node's blocks share their other replicas with random nodes, and
 * replica counts stay within one of each other (r = 3 for most blocks at N = 24, p = 3).
 *
 * <p>Why random: an earlier fixture laid secondary runs end to end (node p+1's blocks, then
 * p+2's, ...), so a node's blocks always shared their other replica with the same few nodes. A
 * max-flow check showed the best possible assignment then leaves the busiest node at 76 reads for
 * B/n = 70.83 (n = 24), so no balancer can be even on it; with random pairing the optimum is 71.
 */
final class EqualWorkFixture {
  final List<String> nodes;
  final int primaryCount;
  final int blocks;
  final List<List<String>> replicas;
  final Map<String, Long> stored;

  EqualWorkFixture(int nodeCount, int primaryCount, int blocks, long seed) {
    this.primaryCount = primaryCount;
    this.blocks = blocks;
    List<String> names = new ArrayList<>();
    for (int i = 1; i <= nodeCount; i++) {
      names.add(String.format("dn%03d", i));
    }
    this.nodes = List.copyOf(names);
    Random random = new Random(seed);
    List<List<String>> reps = new ArrayList<>();
    List<Integer> ids = new ArrayList<>();
    for (int j = 0; j < blocks; j++) {
      reps.add(new ArrayList<>(List.of(nodes.get(j % primaryCount))));
      ids.add(j);
    }
    for (int i = primaryCount + 1; i <= nodeCount; i++) {
      Collections.shuffle(ids, random);
      ids.sort(Comparator.comparingInt(j -> reps.get(j).size()));
      for (int k = 0; k < blocks / i; k++) {
        reps.get(ids.get(k)).add(nodes.get(i - 1));
      }
    }
    this.replicas = reps.stream().map(List::copyOf).toList();
    Map<String, Long> counts = new HashMap<>();
    replicas.forEach(r -> r.forEach(n -> counts.merge(n, 1L, Long::sum)));
    this.stored = Map.copyOf(counts);
  }

  /** The first n nodes of the chain. */
  Set<String> firstNodes(int n) {
    return new LinkedHashSet<>(nodes.subList(0, n));
  }

  /** Block ids 0..B-1 in a seeded random order: one full read of the dataset. */
  List<Integer> readOrder(long seed) {
    List<Integer> order = new ArrayList<>();
    for (int j = 0; j < blocks; j++) {
      order.add(j);
    }
    Collections.shuffle(order, new Random(seed));
    return order;
  }
}
