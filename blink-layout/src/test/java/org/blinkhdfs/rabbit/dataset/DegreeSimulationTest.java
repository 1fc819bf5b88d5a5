package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The paper's layout simulator (§4.3.1, Figs. 8 and 9): store D datasets with chains over the
 * whole cluster, make every combination of L of them live, allocate all N nodes by fair share,
 * and average the degree of power-proportionality over the live datasets of all combinations.
 * Rabbit reports an average around 0.9. The table printed here is quoted in docs/datasets.md.
 */
class DegreeSimulationTest {
  @Test
  void averageDegreeIsAroundNinetyPercentLikeThePaper() {
    for (int datasets = 2; datasets <= 8; datasets++) {
      double[] r = simulate(100, 5, datasets, 2);
      System.out.printf(Locale.ROOT, "N=100 p=5 D=%d live=2: mean %.3f worst %.3f%n", datasets,
          r[0], r[1]);
      assertTrue(r[0] >= 0.89, "D=" + datasets + " mean " + r[0]);
    }
    for (int live = 1; live <= 4; live++) {
      double[] r = simulate(14, 2, 6, live);
      System.out.printf(Locale.ROOT, "N=14 p=2 D=6 live=%d: mean %.3f worst %.3f%n", live, r[0],
          r[1]);
      assertTrue(r[0] >= 0.84, "live=" + live + " mean " + r[0]);
    }
  }

  /** Two datasets are reverse chains of each other: both live, no contested node, all ideal. */
  @Test
  void twoDatasetsAreAlwaysIdeal() {
    double[] r = simulate(20, 2, 2, 2);
    assertEquals(1.0, r[0], 1e-12);
    assertEquals(1.0, r[1], 1e-12);
  }

  /** {mean, worst} degree over every L-subset of D datasets, all N nodes on, fair share. */
  private static double[] simulate(int nodeCount, int p, int datasets, int live) {
    List<String> nodes = new ArrayList<>();
    for (int i = 1; i <= nodeCount; i++) {
      nodes.add("n" + i);
    }
    List<DatasetRoot> roots = new ArrayList<>();
    for (int d = 0; d < datasets; d++) {
      roots.add(new DatasetRoot("d" + d, "/d" + d));
    }
    Map<String, ExpansionChain> chains = DatasetCatalog.plan(roots, nodes, p).chains();
    double sum = 0;
    double worst = 1;
    int count = 0;
    for (int mask = 0; mask < (1 << datasets); mask++) {
      if (Integer.bitCount(mask) != live) {
        continue;
      }
      Set<String> names = new HashSet<>();
      for (int d = 0; d < datasets; d++) {
        if ((mask & (1 << d)) != 0) {
          names.add("d" + d);
        }
      }
      Allocation a = NodeAllocator.allocate(chains, LiveDatasets.of(names), nodeCount,
          SharePolicy.FAIR_SHARE);
      for (double v : PowerProportionality.of(a, chains).byDataset().values()) {
        sum += v;
        worst = Math.min(worst, v);
        count++;
      }
    }
    return new double[] {sum / count, worst};
  }
}
