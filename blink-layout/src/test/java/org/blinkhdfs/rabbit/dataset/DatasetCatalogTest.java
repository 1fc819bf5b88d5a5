package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class DatasetCatalogTest {
  private static List<String> nodes(String spaced) {
    return List.of(spaced.split(" "));
  }

  /** The default chain counts as stored data: datasets start away from its head. */
  @Test
  void datasetsArePlannedAfterTheDefaultChain() {
    ExpansionChain base = new ExpansionChain(nodes("n1 n2 n3 n4 n5 n6 n7 n8"), 2);
    DatasetCatalog c = DatasetCatalog.planAfter(List.of(new DatasetRoot("a", "/a"),
        new DatasetRoot("b", "/b")), base);
    assertEquals(nodes("n8 n7 n6 n5 n4 n3 n1 n2"), c.get("a").orElseThrow().chain().nodes());
    assertEquals(nodes("n4 n5 n3 n6 n2 n8 n1 n7"), c.get("b").orElseThrow().chain().nodes());
    assertEquals(2, c.get("b").orElseThrow().chain().primaryCount());
    assertEquals(List.of("a", "b"), List.copyOf(c.chains().keySet()));
  }

  /** Le et al.'s 7 nodes: a's chain runs the ring backwards; b grows from the middle. */
  @Test
  void sevenNodes() {
    ExpansionChain base = new ExpansionChain(nodes("n1 n2 n3 n4 n5 n6 n7"), 2);
    DatasetCatalog c = DatasetCatalog.planAfter(List.of(new DatasetRoot("a", "/a"),
        new DatasetRoot("b", "/b")), base);
    assertEquals(nodes("n7 n6 n5 n4 n3 n1 n2"), c.get("a").orElseThrow().chain().nodes());
    // scores n1 = 1 + 1/6, n2 = 1 + 1/7, n3 = 1/3 + 1/5, n4 = 1/4 + 1/4, n5 = 1/5 + 1/3,
    // n6 = 1/6 + 1, n7 = 1/7 + 1
    assertEquals(nodes("n4 n3 n5 n2 n7 n1 n6"), c.get("b").orElseThrow().chain().nodes());
  }
}
