package org.blinkhdfs.bench.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DatasetCombosTest {
  private static final List<String> EIGHT = List.of("d1", "d2", "d3", "d4", "d5", "d6", "d7",
      "d8");

  @Test
  void allCombinationsWhenFewEnough() {
    assertEquals(List.of(List.of("d1", "d2"), List.of("d1", "d3"), List.of("d2", "d3")),
        DatasetCombos.sample(List.of("d1", "d2", "d3"), 2, 5, 1));
    assertEquals(List.of(EIGHT), DatasetCombos.sample(EIGHT, 8, 6, 1));
    assertEquals(8, DatasetCombos.sample(EIGHT, 1, 8, 1).size());
  }

  /** C(8, 4) = 70 combinations; a sample of 6 is distinct, sorted, seeded. */
  @Test
  void sampleIsDistinctSortedAndSeeded() {
    for (long seed = 0; seed < 50; seed++) {
      List<List<String>> s = DatasetCombos.sample(EIGHT, 4, 6, seed);
      assertEquals(6, s.size());
      assertEquals(6, new HashSet<>(s).size(), "distinct, seed " + seed);
      for (List<String> combo : s) {
        assertEquals(4, Set.copyOf(combo).size());
        assertTrue(EIGHT.containsAll(combo));
        List<String> sorted = combo.stream().sorted().toList();
        assertEquals(sorted, combo, "names in order");
      }
      for (int i = 1; i < s.size(); i++) {
        assertTrue(String.join(",", s.get(i - 1)).compareTo(String.join(",", s.get(i))) < 0,
            "lexicographic, seed " + seed);
      }
      assertEquals(s, DatasetCombos.sample(EIGHT, 4, 6, seed));
    }
    assertTrue(!DatasetCombos.sample(EIGHT, 4, 6, 1).equals(DatasetCombos.sample(EIGHT, 4, 6, 2)));
  }

  @Test
  void badSizesAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> DatasetCombos.sample(EIGHT, 0, 6, 1));
    assertThrows(IllegalArgumentException.class, () -> DatasetCombos.sample(EIGHT, 9, 6, 1));
    assertThrows(IllegalArgumentException.class, () -> DatasetCombos.sample(EIGHT, 2, 0, 1));
  }
}
