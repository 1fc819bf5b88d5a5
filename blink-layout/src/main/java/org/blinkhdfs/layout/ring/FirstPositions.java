package org.blinkhdfs.layout.ring;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.blinkhdfs.layout.NewBlockView;

/**
 * The best first positions of a rotation-invariant layout on one view of the ring: the part of
 * {@link RingLayoutModel#newBlock} that costs O(N·r), kept as a value so that a view whose
 * scores do not change between decisions can compute it once and reuse it ({@link
 * NewBlockView#firstPositions}); what is left per block is {@link #choose}, O(1).
 *
 * <p>Score of a first position f, whose layout is {@code (f + offset) mod N} for each offset:
 * {@code takeable * (r + 1) + fillable} ({@link NewBlockView}), so takeable decides and fillable
 * breaks its ties. The best are those of the highest score, ascending.
 *
 * <p>Choice: the writer's own position when it is usable and among the best (HDFS locality),
 * else a seeded-random one of the best ({@code best[random.nextInt(best.length)]}).
 *
 * <p>Example (ring of 9, offsets [0, 4, 6], r = 3, nodes 0 to 4 usable, all fillable):
 * layout(0) = [0, 4, 6] takes 2 and scores 2·4 + 3 = 11, as do the layouts of 3, 4, 5, 6 and 7
 * ([3, 7, 0], [4, 8, 1], ...); those of 1, 2 and 8 take one. Best = [0, 3, 4, 5, 6, 7]; a
 * writer at 4 gets 4, one at 1 (not best) or off the ring a random one of the six.
 *
 * <p>Immutable and thread-safe.
 */
public final class FirstPositions {
  private final int[] best;
  private final BitSet isBest;

  private FirstPositions(int[] best, BitSet isBest) {
    this.best = best;
    this.isBest = isBest;
  }

  /** Scores every first position of {@code view}'s ring: O(N·r) calls to the view. */
  public static FirstPositions scan(int[] offsets, int replicas, NewBlockView view) {
    int n = view.ringSize();
    int bestScore = -1;
    int[] best = new int[n];
    int count = 0;
    for (int f = 0; f < n; f++) {
      List<Integer> candidate = shifted(f, offsets, n);
      int score = view.takeable(candidate) * (replicas + 1) + view.fillable(candidate);
      if (score > bestScore) {
        bestScore = score;
        count = 0;
      }
      if (score == bestScore) {
        best[count++] = f;
      }
    }
    BitSet isBest = new BitSet(n);
    for (int i = 0; i < count; i++) {
      isBest.set(best[i]);
    }
    return new FirstPositions(Arrays.copyOf(best, count), isBest);
  }

  /** The best first positions, ascending. */
  public List<Integer> best() {
    List<Integer> out = new ArrayList<>(best.length);
    for (int f : best) {
      out.add(f);
    }
    return out;
  }

  /** The first position of one new block (class comment): O(1). */
  public int choose(NewBlockView view) {
    int writer = view.writerPosition();
    if (writer >= 0 && view.usable(writer) && isBest.get(writer)) {
      return writer;
    }
    return view.withRandom(random -> best[random.nextInt(best.length)]);
  }

  /** The layout whose first position is {@code first}: each offset shifted by it, mod N. */
  static List<Integer> shifted(int first, int[] offsets, int ringSize) {
    List<Integer> positions = new ArrayList<>(offsets.length);
    for (int offset : offsets) {
      positions.add((first + offset) % ringSize);
    }
    return positions;
  }
}
