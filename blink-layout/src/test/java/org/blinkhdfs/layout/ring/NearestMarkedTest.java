package org.blinkhdfs.layout.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link NearestMarked}: the class comment's example, and over seeds the same order as the plain
 * search it replaces ({@code +d, -d} for d = 1..N/2, keeping marked positions), the oracle here.
 */
class NearestMarkedTest {
  private static final int SEEDS = 1000;

  @Test
  void workedExample() {
    boolean[] marked = {true, true, true, false, false, false, false, false};
    assertEquals(List.of(0, 2, 1, 1), list(new NearestMarked(marked).from(5)));
    assertEquals(List.of(1, 2), list(new NearestMarked(marked).from(0)).subList(0, 2));
    assertEquals(List.of(), list(new NearestMarked(new boolean[5]).from(2)));
  }

  @Test
  void sameOrderAsThePlainSearch() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random random = new Random(seed);
      int n = 1 + random.nextInt(40);
      boolean[] marked = new boolean[n];
      double density = random.nextDouble();
      for (int p = 0; p < n; p++) {
        marked[p] = random.nextDouble() < density;
      }
      NearestMarked nearest = new NearestMarked(marked);
      for (int position = 0; position < n; position++) {
        List<Integer> expected = new ArrayList<>();
        for (int d = 1; d <= n / 2; d++) {
          for (int c : new int[] {Math.floorMod(position + d, n), Math.floorMod(position - d, n)}) {
            if (marked[c]) {
              expected.add(c);
            }
          }
        }
        assertEquals(expected, list(nearest.from(position)), "seed " + seed + " n " + n
            + " from " + position);
      }
    }
  }

  private static List<Integer> list(PrimitiveIterator.OfInt it) {
    List<Integer> out = new ArrayList<>();
    while (it.hasNext()) {
      out.add(it.nextInt());
    }
    return out;
  }
}
