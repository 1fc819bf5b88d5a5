package org.blinkhdfs.sim;

import java.util.ArrayList;
import java.util.List;
import org.blinkhdfs.rabbit.layout.BlockHash;

/**
 * HDFS's default placement as the simulator models it (BlinkFS Fig 2's "random placement"): each
 * block's r replicas on r distinct nodes drawn uniformly, independently of every other block,
 * with no rack rule (one rack) and no load or space skew.
 *
 * <p>Why a hash and not a {@code java.util.Random} stream: a stream would tie a block's replicas
 * to the order blocks are visited, so sampling or sharding blocks would change them. Draw i of a
 * block is {@link BlockHash#index}{@code (blockId, seed, i, N)} (SplitMix64, the hash every
 * layout of the port uses), which is a seeded uniform stream per block; a draw that repeats an
 * earlier position is redrawn from the next stream, so the set is uniform over the r-subsets.
 *
 * <p>Example: N = 3, r = 3 gives a permutation of {0, 1, 2} for every block. Immutable.
 */
public final class UniformReplicaSets implements ReplicaSets {
  /** A limit on the draws per block (redraws of repeats); reached with probability ~0. */
  static final int MAX_DRAWS = 1 << 16;

  private final int nodes;
  private final int replicas;
  private final long seed;

  /** r of {@code nodes} uniformly per block, seeded by {@code seed}. */
  public UniformReplicaSets(int nodes, int replicas, long seed) {
    if (nodes < 1 || replicas < 1 || replicas > nodes) {
      throw new IllegalArgumentException("need 1 <= replicas (" + replicas + ") <= nodes ("
          + nodes + ")");
    }
    this.nodes = nodes;
    this.replicas = replicas;
    this.seed = seed;
  }

  @Override
  public List<Integer> targets(long blockId) {
    List<Integer> out = new ArrayList<>(replicas);
    for (int stream = 0; out.size() < replicas; stream++) {
      if (stream >= MAX_DRAWS) {
        throw new IllegalStateException("no distinct replica set after " + MAX_DRAWS + " draws");
      }
      int p = BlockHash.index(blockId, seed, stream, nodes);
      if (!out.contains(p)) {
        out.add(p);
      }
    }
    return out;
  }
}
