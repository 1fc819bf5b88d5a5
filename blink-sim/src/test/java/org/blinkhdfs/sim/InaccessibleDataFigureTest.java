package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** BlinkFS's closed form for Fig 2, checked against numbers worked by hand. */
class InaccessibleDataFigureTest {
  @Test
  void formulaIsAllReplicasAmongTheInactiveNodes() {
    // m!(n-k)!/(n!(m-k)!) = C(m,k)/C(n,k): n = 10, k = 3, m = 5 gives 10/120.
    assertEquals(10.0 / 120, InaccessibleDataFigure.formula(10, 5, 3), 1e-15);
    // k = 1: the inactive share itself.
    assertEquals(0.3, InaccessibleDataFigure.formula(10, 3, 1), 1e-15);
    // Fewer inactive nodes than replicas: never inaccessible; all inactive: always.
    assertEquals(0, InaccessibleDataFigure.formula(10, 2, 3));
    assertEquals(1, InaccessibleDataFigure.formula(10, 10, 7), 1e-15);
    // n = 100, k = 7, half inactive: C(50,7)/C(100,7) = 99 884 400 / 16 007 560 800 = 0.00624.
    assertEquals(99_884_400.0 / 16_007_560_800.0, InaccessibleDataFigure.formula(100, 50, 7),
        1e-15);
  }
}
