package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Random clusters and live sets. With chains over the whole cluster (as planned by
 * {@link DatasetCatalog#plan}) and n ≤ N:
 * <ul>
 *   <li>the A(d) partition exactly n active nodes, each a subset of d's chain in chain order;
 *   <li>every live dataset gets ≥ 1 node when n ≥ |D_L|;
 *   <li>fair share: sizes differ by at most one; priority: heavier never gets fewer nodes;
 *   <li>deterministic, and independent of the order datasets were named in;
 *   <li>degrees are in [0, 1].
 * </ul>
 * With random shorter chains the sets stay disjoint subsets of their chains, at most n in all.
 */
class NodeAllocatorPropertyTest {
  private static final int SEEDS = 400;

  @Test
  void fullChainsPartitionTheActiveNodes() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random random = new Random(seed);
      int nodeCount = 1 + random.nextInt(40);
      List<String> nodes = nodes(nodeCount);
      int datasets = 1 + random.nextInt(6);
      int p = 1 + random.nextInt(Math.min(nodeCount, 4));
      List<DatasetRoot> roots = new ArrayList<>();
      for (int d = 0; d < datasets; d++) {
        roots.add(new DatasetRoot("ds" + d, "/data/" + d));
      }
      Map<String, ExpansionChain> chains = DatasetCatalog.plan(roots, nodes, p).chains();
      Map<String, Integer> weights = randomLive(random, datasets);
      int n = random.nextInt(nodeCount + 1);
      for (SharePolicy policy : SharePolicy.values()) {
        String where = "seed=" + seed + " N=" + nodeCount + " p=" + p + " n=" + n + " "
            + policy + " live=" + weights;
        Allocation a = NodeAllocator.allocate(chains, LiveDatasets.withWeights(weights), n,
            policy);
        assertPartition(a, chains, n, where);
        assertEquals(n, a.activeNodes().size(), where);
        if (n >= weights.size()) {
          weights.keySet().forEach(d -> assertTrue(a.nodesOf(d).size() >= 1, where + " " + d));
        }
        for (String x : weights.keySet()) {
          for (String y : weights.keySet()) {
            int sx = a.nodesOf(x).size();
            int sy = a.nodesOf(y).size();
            if (policy == SharePolicy.FAIR_SHARE) {
              assertTrue(Math.abs(sx - sy) <= 1, where);
            } else if (weights.get(x) > weights.get(y)) {
              assertTrue(sx >= sy, where + " " + x + " vs " + y);
            }
          }
        }
        Map<String, Integer> reversed = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(weights.keySet());
        Collections.reverse(names);
        names.forEach(d -> reversed.put(d, weights.get(d)));
        assertEquals(a, NodeAllocator.allocate(chains, LiveDatasets.withWeights(reversed), n,
            policy), where);
        PowerProportionality.of(a, chains).byDataset().values()
            .forEach(v -> assertTrue(v >= 0 && v <= 1, where + " degree " + v));
      }
    }
  }

  @Test
  void shortChainsStayDisjointSubsets() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random random = new Random(seed);
      int nodeCount = 2 + random.nextInt(30);
      List<String> nodes = nodes(nodeCount);
      int datasets = 1 + random.nextInt(5);
      Map<String, ExpansionChain> chains = new LinkedHashMap<>();
      for (int d = 0; d < datasets; d++) {
        int spread = 1 + random.nextInt(nodeCount);
        int p = 1 + random.nextInt(spread);
        chains.put("ds" + d,
            ChainPlanner.next(nodes, new ArrayList<>(chains.values()), p, spread));
      }
      Map<String, Integer> weights = randomLive(random, datasets);
      int n = random.nextInt(nodeCount + 3);
      for (SharePolicy policy : SharePolicy.values()) {
        Allocation a = NodeAllocator.allocate(chains, LiveDatasets.withWeights(weights), n,
            policy);
        String where = "seed=" + seed + " " + policy;
        assertPartition(a, chains, n, where);
        assertTrue(a.activeNodes().size() <= n, where);
      }
    }
  }

  /** A single live dataset with full chains gets the head of its chain: degree 1 from n = p. */
  @Test
  void aLoneDatasetGetsItsChainHead() {
    Map<String, ExpansionChain> chains = Fig3Example.chains();
    for (int n = 0; n <= 8; n++) {
      Allocation a = NodeAllocator.allocate(chains, LiveDatasets.of(Set.of("d3")), n,
          SharePolicy.FAIR_SHARE);
      assertEquals(chains.get("d3").firstNodes(n), a.nodesOf("d3"));
      double expected = n >= Fig3Example.P ? 1.0 : 0.0; // below p some data is off
      assertEquals(expected, PowerProportionality.of(a, chains).byDataset().get("d3"), 1e-12);
    }
  }

  @Test
  void rejectsUnknownLiveDatasetAndNegativeN() {
    Map<String, ExpansionChain> chains = Fig3Example.chains();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> NodeAllocator.allocate(chains, LiveDatasets.of(Set.of("nope")), 4,
            SharePolicy.FAIR_SHARE));
    assertTrue(e.getMessage().contains("nope"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> NodeAllocator.allocate(chains,
        LiveDatasets.of(Set.of("d1")), -1, SharePolicy.FAIR_SHARE));
  }

  private static void assertPartition(Allocation a, Map<String, ExpansionChain> chains, int n,
      String where) {
    Set<String> seen = new HashSet<>();
    a.byDataset().forEach((d, nodes) -> {
      List<String> chain = chains.get(d).nodes();
      int last = -1;
      for (String node : nodes) {
        assertTrue(seen.add(node), where + ": " + node + " allocated twice");
        int at = chain.indexOf(node);
        assertTrue(at > last, where + ": " + d + " not a chain-ordered subset: " + nodes);
        last = at;
      }
    });
    assertEquals(seen, a.activeNodes(), where);
    assertTrue(seen.size() <= n, where);
  }

  private static Map<String, Integer> randomLive(Random random, int datasets) {
    Map<String, Integer> weights = new LinkedHashMap<>();
    for (int d = 0; d < datasets; d++) {
      if (random.nextBoolean() || (d == datasets - 1 && weights.isEmpty())) {
        weights.put("ds" + d, 1 + random.nextInt(5));
      }
    }
    return weights;
  }

  private static List<String> nodes(int count) {
    List<String> nodes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      nodes.add("10.0.0." + (i + 1) + ":9866");
    }
    return nodes;
  }
}
