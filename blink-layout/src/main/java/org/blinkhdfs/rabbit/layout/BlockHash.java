package org.blinkhdfs.rabbit.layout;

import java.util.Objects;
import java.util.Random;

/**
 * Deterministic draws from a block ID, so any component (NameNode, proxy, simulator) recomputes
 * a block's targets without state.
 *
 * <p>A draw is {@code mix(blockId ^ mix(mix(seed) ^ stream))}, {@code mix} being the SplitMix64
 * step (add 0x9E3779B97F4A7C15, then its finalizer) as in the ring layout's
 * {@code RingLayout#firstFromHash}. The stream number separates the independent choices one block
 * needs (its primary, its secondary offset, ...): the same block ID under two streams gives
 * unrelated values. Mixing the seed first keeps structured (key, seed) pairs apart.
 *
 * <p>{@link #units} returns the top {@value #UNIT_BITS} bits: a uniform fraction in [0, 1) as an
 * exact integer count of 2^-40 steps, the currency of {@link SystematicSampler}.
 *
 * <p>Stateless and thread-safe. Changing any constant here moves every existing block's layout.
 */
public final class BlockHash {
  /** Bits of a fraction drawn by {@link #units}. */
  public static final int UNIT_BITS = 40;
  /** One whole in units of 2^-40; fractions are 0 .. UNIT-1. */
  public static final long UNIT = 1L << UNIT_BITS;

  private BlockHash() {}

  /** A 64-bit draw for {@code blockId} under {@code seed} and {@code stream}. */
  public static long draw(long blockId, long seed, int stream) {
    return mix(blockId ^ mix(mix(seed) ^ stream));
  }

  /**
   * A draw reduced to 0..bound-1 (unsigned remainder; the bias is below bound / 2^64).
   *
   * @throws IllegalArgumentException when bound &lt; 1
   */
  public static int index(long blockId, long seed, int stream, int bound) {
    if (bound < 1) {
      throw new IllegalArgumentException("bound must be at least 1, got " + bound);
    }
    return (int) Long.remainderUnsigned(draw(blockId, seed, stream), bound);
  }

  /** A uniform fraction in [0, 1) as 0..UNIT-1 (the draw's top 40 bits). */
  public static long units(long blockId, long seed, int stream) {
    return draw(blockId, seed, stream) >>> (Long.SIZE - UNIT_BITS);
  }

  /** The same kind of fraction from an injected (seeded) random source. */
  public static long units(Random random) {
    Objects.requireNonNull(random, "random must not be null");
    return random.nextLong() >>> (Long.SIZE - UNIT_BITS);
  }

  /** The SplitMix64 step. */
  static long mix(long value) {
    long z = value + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
