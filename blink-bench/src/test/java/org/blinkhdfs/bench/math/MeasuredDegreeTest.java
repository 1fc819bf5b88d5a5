package org.blinkhdfs.bench.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MeasuredDegreeTest {
  private static final double EPS = 1e-12;
  private static final Set<String> ABCD = Set.of("a", "b", "c", "d");

  @Test
  void workedExample() {
    assertEquals(5.0 / 6, MeasuredDegree.of(10, ABCD, Map.of("a", 3L, "b", 3L, "c", 2L,
        "d", 2L)), EPS);
    assertEquals(0.0, MeasuredDegree.of(10, ABCD, Map.of("a", 3L, "b", 3L, "c", 2L, "d", 1L,
        "x", 1L)), EPS);
  }

  /** An even split is 1; an allocated node that served nothing still counts in n. */
  @Test
  void evenIsIdealAndIdleNodesCount() {
    assertEquals(1.0, MeasuredDegree.of(8, List.of("a", "b"), Map.of("a", 4L, "b", 4L)), EPS);
    assertEquals(0.5, MeasuredDegree.of(8, ABCD, Map.of("a", 4L, "b", 4L)), EPS);
    assertEquals(0.0, MeasuredDegree.of(8, ABCD, Map.of()), EPS);
    assertThrows(IllegalArgumentException.class, () -> MeasuredDegree.of(0, ABCD, Map.of()));
    assertThrows(IllegalArgumentException.class, () -> MeasuredDegree.of(8, Set.of(),
        Map.of()));
  }
}
