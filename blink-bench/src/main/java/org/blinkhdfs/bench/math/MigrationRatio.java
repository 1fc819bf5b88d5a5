package org.blinkhdfs.bench.math;

import java.util.Locale;

/**
 * How long a power step gives the migration-based baseline (BlinkFS §2.2) to move its data, as
 * the ratio issue 38 asks every comparison to state: {@code rho = (the time to move the data one
 * power step must move, at the per-node bandwidth) / (the power step's length)}. With rho > 1 the
 * baseline is still moving when the step ends; BlinkFS's own experiments had rho well below 1
 * (Fig 10: 10-20 GB through one 1 Gb/s node in 80-160 s, 0.27-0.53 of its 5-minute step), which
 * is why its migration baseline looks cheap there.
 *
 * <p>The step considered: from every node on to {@code k} ring nodes kept on. The baseline
 * concentrates the data onto the {@code t = k + staging} nodes that stay on (staging nodes are
 * always on), each block needing {@code min(r, t)} replicas there. Written with every node on,
 * a block has on average {@code r t / M} of its replicas there already ({@code M} = ring +
 * staging nodes, uniform placement), so the step moves {@code D max(0, min(r, t) - r t / M)} and
 * the {@code t} targets receive it in parallel, each at the per-node bandwidth {@code B}:
 * {@code moveSeconds = moved / (t B)}.
 *
 * <p>Worked example (bench compare's defaults): D = 640 MiB, r = 3, 9 ring nodes and 1 staging,
 * B = 10 MiB/s, step 30 s. At 20% k = 1, t = 2: moved = 640 (2 - 0.6) = 896 MiB, 896 / 20 = 44.8
 * s, rho = 1.49. At 60% k = 5, t = 6: 640 (3 - 1.8) = 768 MiB over 6 nodes, 12.8 s, rho = 0.43.
 * The whole data set through one node takes 64 s, 2.13 steps (BlinkFS's 0.27-0.53).
 *
 * <p>Immutable; no Hadoop types.
 *
 * @param dataMiB the data set the baseline must hold on the nodes kept on (logical MiB)
 * @param replication r
 * @param ringNodes N, the nodes that blink
 * @param stagingNodes always-on nodes, which hold data too
 * @param bandwidthMiBps the per-DataNode cap on moves
 * @param stepSeconds the power step's length
 */
public record MigrationRatio(double dataMiB, int replication, int ringNodes, int stagingNodes,
    double bandwidthMiBps, double stepSeconds) {
  /** BlinkFS Fig 10's ratio of the whole data set through one node to its step, low end. */
  public static final double BLINKFS_LOW = 0.27;
  /** The high end (20 GB). */
  public static final double BLINKFS_HIGH = 0.53;

  public MigrationRatio {
    if (dataMiB <= 0 || replication < 1 || ringNodes < 1 || stagingNodes < 0
        || bandwidthMiBps <= 0 || stepSeconds <= 0) {
      throw new IllegalArgumentException(String.format(Locale.ROOT, "migration ratio of %.1f"
          + " MiB, r = %d, %d + %d nodes, %.1f MiB/s, %.1f s steps: every size must be"
          + " positive (staging may be 0)", dataMiB, replication, ringNodes, stagingNodes,
          bandwidthMiBps, stepSeconds));
    }
  }

  /** MiB the step from every node on to {@code k} ring nodes on must move (see the class). */
  public double movedMiB(int k) {
    int t = Math.min(k, ringNodes) + stagingNodes;
    if (t == 0) {
      return 0; // nothing stays on: the baseline keeps the data where it is
    }
    double nodes = ringNodes + stagingNodes;
    return dataMiB * Math.max(0, Math.min(replication, t) - replication * t / nodes);
  }

  /** Seconds the {@code k + staging} targets take to receive {@link #movedMiB} at B each. */
  public double moveSeconds(int k) {
    int t = Math.min(k, ringNodes) + stagingNodes;
    return t == 0 ? 0 : movedMiB(k) / (t * bandwidthMiBps);
  }

  /** rho of the step to {@code k} ring nodes on: {@link #moveSeconds} over the step. */
  public double rho(int k) {
    return moveSeconds(k) / stepSeconds;
  }

  /** The whole data set through one node over one step: BlinkFS's way of stating it. */
  public double wholeSetRatio() {
    return dataMiB / bandwidthMiBps / stepSeconds;
  }
}
