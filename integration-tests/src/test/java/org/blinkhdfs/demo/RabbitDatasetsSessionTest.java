package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulator's read of bench rabbit-datasets, by hand. */
class RabbitDatasetsSessionTest {
  private static final double EPS = 1e-12;

  /**
   * A = {a, b, c}: blocks [a, b], [a, c], [a, b], [b, c] go to a, c, b, b (LeastServed): b
   * serves 2 of B = 4, B/n = 4/3, degree 2/3. A block with no holder in A makes it 0.
   */
  @Test
  void simulatedReadFollowsTheNameNodesRule() {
    List<List<String>> blocks = List.of(List.of("a", "b"), List.of("a", "c"),
        List.of("a", "b"), List.of("b", "c"));
    assertEquals(2.0 / 3, RabbitDatasetsSession.simulatedRead(blocks, List.of("a", "b", "c")),
        EPS);
    assertEquals(0.0, RabbitDatasetsSession.simulatedRead(blocks, List.of("a")), EPS);
    assertEquals(0.0, RabbitDatasetsSession.simulatedRead(blocks, List.of()), EPS);
  }
}
