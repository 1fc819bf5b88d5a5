package org.blinkhdfs.bench.availability;

import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.blinkhdfs.model.availability.BlockAvailability;

/**
 * What {@link ExpectedReadWait} predicts for reads of a population of blocks, each read arriving
 * at a uniformly random phase of the blink interval, for a block drawn with probability
 * proportional to its weight.
 *
 * <p>Blocks that are never available (every holder OFF or never awake) have no finite wait; they
 * are counted apart ({@link #neverAvailableCount}, {@link #neverAvailableFraction}) and left out
 * of {@link #meanWaitMs} and {@link #maxWaitMs}, instead of turning the mean into infinity. They
 * do count in {@link #mustWaitProbability}: a read of such a block always waits.
 *
 * @param blockCount replica sets considered
 * @param meanWaitMs weighted mean of {@code BlockAvailability#expectedWaitMs} over blocks that
 *     are available at some phase; empty when none is
 * @param maxWaitMs longest gap of any ever-available block; empty when none is
 * @param mustWaitProbability weighted probability a read finds no holder awake, in [0, 1]
 * @param alwaysAvailableFraction weight share of blocks with a holder awake at every phase
 * @param neverAvailableCount blocks with no holder ever awake
 * @param neverAvailableFraction their weight share, in [0, 1]
 */
public record ReadWaitExpectation(int blockCount, OptionalDouble meanWaitMs,
    OptionalLong maxWaitMs, double mustWaitProbability, double alwaysAvailableFraction,
    int neverAvailableCount, double neverAvailableFraction) {

  /** True when every block is readable at some phase. */
  public boolean allEventuallyAvailable() {
    return neverAvailableCount == 0;
  }

  /** Streaming weighted sums; one instance per computation, not thread-safe. */
  static final class Accumulator {
    private int blocks;
    private double totalWeight;
    private double availableWeight;
    private double waitWeighted;
    private double mustWaitWeighted;
    private double alwaysWeight;
    private int neverCount;
    private double neverWeight;
    private long maxWait = -1;

    void add(BlockAvailability b, double weight) {
      blocks++;
      totalWeight += weight;
      mustWaitWeighted += weight * b.unavailableFraction();
      if (b.neverAvailable()) {
        neverCount++;
        neverWeight += weight;
        return;
      }
      availableWeight += weight;
      waitWeighted += weight * b.expectedWaitMs().getAsDouble();
      maxWait = Math.max(maxWait, b.maxWaitMs().getAsLong());
      if (b.alwaysAvailable()) {
        alwaysWeight += weight;
      }
    }

    ReadWaitExpectation result() {
      if (blocks == 0) {
        throw new IllegalArgumentException("no replica sets given: give at least one block");
      }
      return new ReadWaitExpectation(blocks,
          availableWeight > 0 ? OptionalDouble.of(waitWeighted / availableWeight)
              : OptionalDouble.empty(),
          maxWait >= 0 ? OptionalLong.of(maxWait) : OptionalLong.empty(),
          mustWaitWeighted / totalWeight, alwaysWeight / totalWeight, neverCount,
          neverWeight / totalWeight);
    }
  }
}
