package org.blinkhdfs.bench.stats;

/**
 * The SplitMix64 generator (Steele, Lea, Flood 2014; Vigna's reference {@code splitmix64.c}) as
 * pure functions, so any output of any stream can be computed directly from its index.
 *
 * <p>Why: deterministic test data must be readable at a random offset (a positioned read of
 * 64 KB in the middle of a 1 GB file) without generating everything before it. SplitMix64's
 * state after {@code n} steps is simply {@code seed + n·γ} ({@code γ = 0x9E3779B97F4A7C15}), and
 * each output is a fixed bijective mix of that state, so output {@code n} costs one {@link
 * #mix} and no state.
 *
 * <p>Algorithm: {@code next()} of the reference code is {@code mix(state += γ)}, hence {@link
 * #nth(long, long) nth(seed, n)} {@code = mix(seed + n·γ)} for {@code n ≥ 1}. {@link #mix} is
 * the reference finaliser (Stafford's variant 13 of MurmurHash3's fmix64).
 *
 * <p>Worked example (the reference test vector): seeded with {@code 1234567}, the first outputs
 * are {@code 6457827717110365317}, {@code 3203168211198807973}, {@code 9817491932198370423}.
 *
 * <p>Stateless and thread-safe.
 */
public final class SplitMix64 {
  /** The golden-ratio increment {@code γ}, odd, {@code 2^64/φ}. */
  public static final long GAMMA = 0x9E3779B97F4A7C15L;

  private SplitMix64() {}

  /** The SplitMix64 finaliser: a bijection on 64-bit values with good avalanche. */
  public static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The {@code n}-th output ({@code n ≥ 1}) of the generator seeded with {@code seed}. */
  public static long nth(long seed, long n) {
    return mix(seed + n * GAMMA);
  }
}
