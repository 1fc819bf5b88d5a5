package org.blinkhdfs.layout.ring;

import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;

/**
 * The marked ring positions nearest to a position, nearest first: the order a stand-in is
 * searched for (clockwise {@code +d} before counter-clockwise {@code -d} at each distance d =
 * 1, 2, ..., N/2), skipping the unmarked positions without visiting them.
 *
 * <p>Why: on a staggered ring half the nodes sleep in one arc, and a layout position deep in it
 * is up to N/4 hops from an awake node; asking every hop costs O(N) per decision. The distances
 * to the next marked position in each direction are computed once per mask (O(N)); a search
 * then jumps from marked position to marked position.
 *
 * <p>Example (ring of 8, marked 0, 1, 2; from 5): +1 = 6 no, -1 = 4 no, +2 = 7 no, -2 = 3 no,
 * +3 = 0 yes, -3 = 2 yes, +4 = 1 yes, -4 = 1 yes (N/2 reached from both sides, as the plain
 * search tries it): order 0, 2, 1, 1.
 *
 * <p>Immutable and thread-safe; the iterators are not.
 */
public final class NearestMarked {
  private final int n;
  /** Hops from p clockwise to the first marked position (0 when p is marked); n when none. */
  private final int[] clockwise;
  /** The same counter-clockwise. */
  private final int[] counterClockwise;

  /** Over {@code marked} (read once; later changes are not seen). */
  public NearestMarked(boolean[] marked) {
    this.n = marked.length;
    this.clockwise = new int[n];
    this.counterClockwise = new int[n];
    fill(marked, clockwise, 1);
    fill(marked, counterClockwise, -1);
  }

  private void fill(boolean[] marked, int[] hops, int step) {
    int anchor = -1;
    for (int p = 0; p < n; p++) {
      if (marked[p]) {
        anchor = p;
        break;
      }
    }
    if (anchor < 0) {
      Arrays.fill(hops, n);
      return;
    }
    // Walk against the direction from the anchor: each position is one hop more than the next.
    int next = 0;
    for (int i = 0; i < n; i++) {
      int p = Math.floorMod(anchor - step * i, n);
      next = marked[p] ? 0 : next + 1;
      hops[p] = next;
    }
  }

  /** The marked positions within N/2 hops of {@code position}, nearest first (class comment). */
  public PrimitiveIterator.OfInt from(int position) {
    return new PrimitiveIterator.OfInt() {
      private int plus = hopsFrom(position, 1, 1);
      private int minus = hopsFrom(position, -1, 1);

      @Override
      public boolean hasNext() {
        return Math.min(plus, minus) <= n / 2;
      }

      @Override
      public int nextInt() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        if (plus <= minus) {
          int p = Math.floorMod(position + plus, n);
          plus = hopsFrom(position, 1, plus + 1);
          return p;
        }
        int p = Math.floorMod(position - minus, n);
        minus = hopsFrom(position, -1, minus + 1);
        return p;
      }
    };
  }

  /** The distance d ≥ {@code least} of the first marked position at position + step·d. */
  private int hopsFrom(int position, int step, int least) {
    if (least > n / 2) {
      return Integer.MAX_VALUE;
    }
    int start = Math.floorMod(position + step * least, n);
    int hops = (step > 0 ? clockwise : counterClockwise)[start];
    return hops >= n ? Integer.MAX_VALUE : least + hops;
  }
}
