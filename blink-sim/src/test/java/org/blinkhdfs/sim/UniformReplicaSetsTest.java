package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class UniformReplicaSetsTest {
  @Test
  void everyNodeOfAFullRingOnce() {
    UniformReplicaSets u = new UniformReplicaSets(3, 3, 7);
    for (long id = 0; id < 100; id++) {
      assertEquals(new HashSet<>(List.of(0, 1, 2)), new HashSet<>(u.targets(id)));
    }
  }

  @Test
  void distinctDeterministicAndNearUniformOverSeeds() {
    for (long seed = 0; seed < 5; seed++) {
      UniformReplicaSets u = new UniformReplicaSets(10, 3, seed);
      int[] perNode = new int[10];
      for (long id = 0; id < 20_000; id++) {
        List<Integer> t = u.targets(id);
        assertEquals(t, u.targets(id));
        assertEquals(3, new HashSet<>(t).size());
        t.forEach(p -> perNode[p]++);
      }
      for (int c : perNode) {
        // 6 000 expected per node; binomial sd ~ 70, so 5 sd is 350.
        assertTrue(Math.abs(c - 6_000) < 350, "seed " + seed + ": " + c);
      }
    }
  }
}
