package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ExpansionChainTest {
  /** Chain [n1 n2 n3 n4], p = 2: primaries store 1/2 and contribute 1; n3 stores and adds 1/3. */
  @Test
  void positionsContributionsAndStoredFractions() {
    ExpansionChain c = new ExpansionChain(List.of("n1", "n2", "n3", "n4"), 2);
    assertEquals(OptionalInt.of(3), c.position("n3"));
    assertEquals(OptionalInt.empty(), c.position("x"));
    assertEquals(1.0, c.contribution("n2"), 0);
    assertEquals(1.0 / 3, c.contribution("n3"), 1e-15);
    assertEquals(0.0, c.contribution("x"), 0);
    assertEquals(0.5, c.storedFraction("n1"), 0);
    assertEquals(0.25, c.storedFraction("n4"), 0);
    assertEquals(0.0, c.storedFraction("x"), 0);
    assertEquals(List.of("n1", "n2", "n3"), c.firstNodes(3));
    assertEquals(c.nodes(), c.firstNodes(10));
    assertEquals("n4", c.nodeAt(4));
  }

  @Test
  void rejectsBadChains() {
    assertThrows(IllegalArgumentException.class, () -> new ExpansionChain(List.of(), 1));
    assertThrows(IllegalArgumentException.class, () -> new ExpansionChain(List.of("a"), 2));
    assertThrows(IllegalArgumentException.class, () -> new ExpansionChain(List.of("a"), 0));
    assertThrows(IllegalArgumentException.class, () -> new ExpansionChain(List.of("a", "a"), 1));
    assertThrows(IllegalArgumentException.class, () -> new ExpansionChain(List.of(" "), 1));
  }

  @Test
  void catalogLooksUpDatasets() {
    DatasetCatalog catalog = Fig3Example.catalog();
    assertEquals(List.of("d1", "d2", "d3"), List.copyOf(catalog.chains().keySet()));
    assertEquals(Optional.of("/d2"), catalog.get("d2").map(Dataset::root));
    assertEquals(Optional.empty(), catalog.get("d9"));
    assertEquals(new DatasetRoot("d3", "/d3"), catalog.roots().get(2));
    assertThrows(IllegalArgumentException.class, () -> new DatasetCatalog(List.of(
        catalog.get("d1").orElseThrow(), catalog.get("d1").orElseThrow())));
  }
}
