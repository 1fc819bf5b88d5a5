package org.blinkhdfs.layout.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.blinkhdfs.layout.NewBlockView;
import org.junit.jupiter.api.Test;

/**
 * {@link FirstPositions}: the worked example of its class comment, and over seeds the same first
 * positions (same random draws) as the per-block scan {@code RingLayoutModel#newBlock} ran before
 * (kept here as the oracle), on views with random usable and fillable masks.
 */
class FirstPositionsTest {
  private static final int SEEDS = 1000;

  @Test
  void workedExample() {
    boolean[] usable = {true, true, true, true, true, false, false, false, false};
    boolean[] fillable = new boolean[9];
    java.util.Arrays.fill(fillable, true);
    int[] offsets = {0, 4, 6};
    FirstPositions best = FirstPositions.scan(offsets, 3, new MaskView(usable, fillable, 4, 0));
    assertEquals(List.of(0, 3, 4, 5, 6, 7), best.best());
    assertEquals(4, best.choose(new MaskView(usable, fillable, 4, 0)));
    // Writer 1 is usable but not among the best: a random best one, as the oracle draws it.
    MaskView oracleView = new MaskView(usable, fillable, 1, 7);
    assertEquals(Oracle.first(offsets, 3, oracleView),
        best.choose(new MaskView(usable, fillable, 1, 7)));
  }

  @Test
  void sameChoiceAsThePerBlockScan() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random random = new Random(seed);
      int n = 1 + random.nextInt(60);
      int r = 1 + random.nextInt(Math.min(n, 5));
      int[] offsets = GapSplitter.offsets(n, r);
      boolean[] usable = new boolean[n];
      boolean[] fillable = new boolean[n];
      double awake = random.nextDouble();
      for (int p = 0; p < n; p++) {
        fillable[p] = random.nextDouble() < 0.9;
        usable[p] = fillable[p] && random.nextDouble() < awake;
      }
      int writer = random.nextInt(n + 1) - 1;
      long drawSeed = random.nextLong();
      FirstPositions best = FirstPositions.scan(offsets, r,
          new MaskView(usable, fillable, writer, drawSeed));
      String where = "seed=" + seed + " n=" + n + " r=" + r + " writer=" + writer;
      // Several blocks from one view: the shared value and the scan draw the same sequence.
      MaskView a = new MaskView(usable, fillable, writer, drawSeed);
      MaskView b = new MaskView(usable, fillable, writer, drawSeed);
      for (int block = 0; block < 5; block++) {
        assertEquals(Oracle.first(offsets, r, a), best.choose(b), where);
      }
    }
  }

  /** The scan RingLayoutModel#newBlock ran for every block before FirstPositions. */
  private static final class Oracle {
    static int first(int[] offsets, int replicas, NewBlockView view) {
      int bestScore = -1;
      List<Integer> best = new ArrayList<>();
      for (int f = 0; f < view.ringSize(); f++) {
        List<Integer> candidate = FirstPositions.shifted(f, offsets, view.ringSize());
        int score = view.takeable(candidate) * (replicas + 1) + view.fillable(candidate);
        if (score > bestScore) {
          bestScore = score;
          best.clear();
        }
        if (score == bestScore) {
          best.add(f);
        }
      }
      int writer = view.writerPosition();
      return writer >= 0 && view.usable(writer) && best.contains(writer) ? writer
          : view.withRandom(random -> best.get(random.nextInt(best.size())));
    }
  }

  /** Counts positions by two masks, without racks or storage types. */
  private static final class MaskView implements NewBlockView {
    private final boolean[] usable;
    private final boolean[] fillable;
    private final int writer;
    private final Random random;

    MaskView(boolean[] usable, boolean[] fillable, int writer, long seed) {
      this.usable = usable;
      this.fillable = fillable;
      this.writer = writer;
      this.random = new Random(seed);
    }

    @Override
    public int ringSize() {
      return usable.length;
    }

    @Override
    public int writerPosition() {
      return writer;
    }

    @Override
    public boolean usable(int position) {
      return usable[position];
    }

    @Override
    public int takeable(List<Integer> positions) {
      return count(positions, usable);
    }

    @Override
    public int fillable(List<Integer> positions) {
      return count(positions, fillable);
    }

    @Override
    public <T> T withRandom(Function<Random, T> draw) {
      return draw.apply(random);
    }

    private static int count(List<Integer> positions, boolean[] mask) {
      int n = 0;
      for (int p : positions) {
        n += mask[p] ? 1 : 0;
      }
      return n;
    }
  }
}
