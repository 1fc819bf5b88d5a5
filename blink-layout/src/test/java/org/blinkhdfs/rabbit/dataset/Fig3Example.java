package org.blinkhdfs.rabbit.dataset;

import java.util.List;
import java.util.Map;

/** The small analogue of Rabbit Fig. 3(a) shared by the tests: 8 nodes, three datasets, p = 2. */
final class Fig3Example {
  static final List<String> NODES = List.of("n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8");
  static final int P = 2;

  private Fig3Example() {}

  /** Datasets d1, d2, d3 planned in that order ({@link ChainPlannerTest} works the chains). */
  static DatasetCatalog catalog() {
    return DatasetCatalog.plan(List.of(new DatasetRoot("d1", "/d1"), new DatasetRoot("d2", "/d2"),
        new DatasetRoot("d3", "/d3")), NODES, P);
  }

  static Map<String, ExpansionChain> chains() {
    return catalog().chains();
  }
}
