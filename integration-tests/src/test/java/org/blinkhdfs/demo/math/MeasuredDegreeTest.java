package org.blinkhdfs.demo.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class MeasuredDegreeTest {
  private static final double EPS = 1e-12;

  @Test
  void workedExample() {
    assertEquals(5.0 / 6, MeasuredDegree.of(10, 4, Map.of("a", 3L, "b", 3L, "c", 2L, "d", 2L)),
        EPS);
  }

  /** An even split is 1; a node outside the allocation that served 4 of 8 makes it 1/2. */
  @Test
  void evenIsIdealAndOutsideLoadCounts() {
    assertEquals(1.0, MeasuredDegree.of(8, 2, Map.of("a", 4L, "b", 4L)), EPS);
    assertEquals(0.5, MeasuredDegree.of(8, 4, Map.of("a", 2L, "b", 1L, "c", 1L, "x", 4L)), EPS);
    assertEquals(0.0, MeasuredDegree.of(8, 4, Map.of()), EPS);
    assertThrows(IllegalArgumentException.class, () -> MeasuredDegree.of(0, 4, Map.of()));
  }
}
