package org.blinkhdfs.sim;

import org.blinkhdfs.rabbit.layout.BlockHash;

/**
 * The blocks a sweep visits: all B of them, or a systematic sample of S (every B/S-th), each
 * with a block ID drawn from the run's seed, so nothing per block is stored.
 *
 * <p>Block i (0 ≤ i &lt; B) has ID {@code BlockHash.draw(i, seed, }{@value #ID_STREAM}{@code )}:
 * HDFS allocates IDs sequentially, and every layout of the port hashes the ID, so a sequential
 * ID and a hashed one give the same distribution of layouts; hashing lets {@code --seed} choose a
 * different but repeatable set of blocks for every layout (random placement also hashes the
 * seed). With a sample, visit j is block {@code floor(j·B/S)}.
 *
 * <p>Example: B = 10, S = 4 visits blocks 0, 2, 5, 7. Immutable.
 */
public record BlockSample(long blocks, long visits, long seed) {
  static final int ID_STREAM = 1_000_003;

  public BlockSample {
    if (blocks < 1 || visits < 1 || visits > blocks) {
      throw new IllegalArgumentException("need 1 <= visits (" + visits + ") <= blocks (" + blocks
          + ")");
    }
  }

  /** Every block. */
  public static BlockSample all(long blocks, long seed) {
    return new BlockSample(blocks, blocks, seed);
  }

  /** True when only some blocks are visited. */
  public boolean sampled() {
    return visits < blocks;
  }

  /** The block ID of visit {@code j}. */
  public long blockId(long j) {
    long index = visits == blocks ? j : multiplyDivide(j, blocks, visits);
    return BlockHash.draw(index, seed, ID_STREAM);
  }

  private static long multiplyDivide(long a, long b, long c) {
    if (Math.multiplyHigh(a, b) == 0 && a * b >= 0) {
      return a * b / c;
    }
    return java.math.BigInteger.valueOf(a).multiply(java.math.BigInteger.valueOf(b))
        .divide(java.math.BigInteger.valueOf(c)).longValueExact();
  }
}
