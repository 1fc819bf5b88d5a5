package org.blinkhdfs.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.blinkhdfs.model.availability.BlockAvailability;
import org.blinkhdfs.model.availability.Gap;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.BalancedReadOrder;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * One pass over the blocks under one schedule epoch: for every visited block, its replicas from
 * {@link ReplicaSets}, its awake coverage and gaps ({@link BlockAvailability}, the demo's exact
 * availability math, over the schedule's windows),
 * its waits ({@link WaitHistogram}), and which replica serves it at each read instant ({@link
 * ReadRanks}); nothing per block is kept, so memory is O(N·K + histogram) for any B.
 *
 * <p>Per block b with gaps g_1..g_m in an interval T (gaps of the union of the replicas' usable
 * windows: awake with at least the minimum window left):
 *
 * <ul>
 *   <li>unavailable fraction u_b = (T − covered_b) / T, covered by the <em>awake</em> windows;
 *   <li>mean wait of a read arriving uniformly in the interval: Σ g_i² / (2T); a block whose
 *       replicas are never usable is not served in the epoch and counts in the never mass;
 *   <li>at read instant k the block goes to its replica of best {@link ReadRanks rank}, split
 *       among ties (the longest window, {@link ReadOrderMode#LONGEST_WINDOW}), or whole to the
 *       replica {@link BalancedReadOrder} chooses by its ID ({@link ReadOrderMode#BALANCED});
 *       node j's load L_jk is the blocks it serves.
 * </ul>
 *
 * <p>Read throughput at instant k, as a fraction of the ideal: with every node capped at the same
 * bandwidth b and a full scan of the servable blocks R_k, the scan takes at least max_j L_jk / b,
 * so the throughput is b·R_k / max_j L_jk, against the ideal b·N (all N nodes awake, evenly
 * loaded): {@code R_k / (N · max_j L_jk)} (0 when nothing is servable). The bandwidth cancels.
 *
 * <p>Worked example (3 nodes, r = 1, windows of T/3 staggered, one block per node, K = 3): each
 * block is unavailable 2/3 of the time; gaps of 2T/3 give a mean wait of (2T/3)²/(2T) = 2T/9; at
 * each instant one block is servable from one node: throughput 1/(3·1) = 1/3.
 *
 * <p>Stateless; the inputs are immutable.
 */
public final class EpochSweep {
  /** How often, in visited blocks, progress is reported. */
  public static final long PROGRESS_EVERY = 1L << 20;

  private EpochSweep() {}

  /** Sweeps {@code sample} under {@code schedule} with the NameNode's longest-window order. */
  public static EpochStats run(Schedule schedule, ReplicaSets layout, BlockSample sample,
      int instants, long minWindowMs, LongConsumer progress) {
    return run(schedule, layout, sample, instants, minWindowMs, ReadOrderMode.LONGEST_WINDOW,
        progress);
  }

  /**
   * Sweeps {@code sample} under {@code schedule}.
   *
   * @param readOrder which replica a read goes to ({@code blink.read.order})
   * @param progress called with the visits done every {@link #PROGRESS_EVERY} blocks
   */
  public static EpochStats run(Schedule schedule, ReplicaSets layout, BlockSample sample,
      int instants, long minWindowMs, ReadOrderMode readOrder, LongConsumer progress) {
    long t = schedule.intervalMs();
    List<String> ring = schedule.ring();
    int n = ring.size();
    List<ActiveWindow> awake = new ArrayList<>(n);
    List<ActiveWindow> usable = new ArrayList<>(n);
    for (String node : ring) {
      ActiveWindow w = schedule.window(node);
      awake.add(w);
      usable.add(w.isAlways() || minWindowMs == 0 ? w
          : new ActiveWindow(w.offsetMs(), Math.max(0, w.lengthMs() - minWindowMs), t));
    }
    ReadRanks ranks = new ReadRanks(schedule, instants, minWindowMs, readOrder);
    double[][] load = new double[instants][n];
    long[] servable = new long[instants];
    WaitHistogram waits = new WaitHistogram(t);
    double unavailableSum = 0;
    double unavailableSquares = 0;
    double waitSum = 0;
    long served = 0;
    for (long j = 0; j < sample.visits(); j++) {
      long blockId = sample.blockId(j);
      List<Integer> replicas = layout.targets(blockId);
      BlockAvailability awakeCover = BlockAvailability.forReplicas(awake, replicas);
      double u = awakeCover.unavailableFraction();
      unavailableSum += u;
      unavailableSquares += u * u;
      BlockAvailability usableCover = minWindowMs == 0 ? awakeCover
          : BlockAvailability.forReplicas(usable, replicas);
      if (usableCover.neverAvailable()) {
        waits.addNever(t, 1);
      } else {
        served++;
        waits.addZero(usableCover.coveredMs(), 1);
        for (Gap g : usableCover.gaps()) {
          waits.addGap(g.lengthMs(), 1);
        }
        waitSum += usableCover.expectedWaitMs().getAsDouble();
      }
      if (ranks.balanced()) {
        assignBalanced(blockId, replicas, ranks, load, servable);
      } else {
        assignReads(replicas, ranks, load, servable);
      }
      if ((j + 1) % PROGRESS_EVERY == 0) {
        progress.accept(j + 1);
      }
    }
    return new EpochStats(sample.visits(), unavailableSum, unavailableSquares, waitSum, served,
        throughput(load, servable, n), awakeFraction(ranks, n), waits);
  }

  private static void assignReads(List<Integer> replicas, ReadRanks ranks, double[][] load,
      long[] servable) {
    int r = replicas.size();
    for (int k = 0; k < ranks.instants(); k++) {
      int best = ReadRanks.UNUSABLE;
      int ties = 0;
      for (int i = 0; i < r; i++) {
        int rank = ranks.rank(k, replicas.get(i));
        if (rank < best) {
          best = rank;
          ties = 1;
        } else if (rank == best) {
          ties++;
        }
      }
      if (best == ReadRanks.UNUSABLE) {
        continue;
      }
      servable[k]++;
      double share = 1.0 / ties;
      for (int i = 0; i < r; i++) {
        int p = replicas.get(i);
        if (ranks.rank(k, p) == best) {
          load[k][p] += share;
        }
      }
    }
  }

  /** Each instant's read of the block goes whole to the replica chosen by its ID. */
  private static void assignBalanced(long blockId, List<Integer> replicas, ReadRanks ranks,
      double[][] load, long[] servable) {
    int r = replicas.size();
    int[] places = new int[r];
    for (int k = 0; k < ranks.instants(); k++) {
      for (int i = 0; i < r; i++) {
        places[i] = ranks.place(k, replicas.get(i));
      }
      int chosen = BalancedReadOrder.choose(blockId, places, r);
      if (chosen >= 0) {
        servable[k]++;
        load[k][replicas.get(chosen)] += 1;
      }
    }
  }

  private static double throughput(double[][] load, long[] servable, int n) {
    double sum = 0;
    for (int k = 0; k < load.length; k++) {
      double max = 0;
      for (double l : load[k]) {
        max = Math.max(max, l);
      }
      sum += max == 0 ? 0 : servable[k] / (n * max);
    }
    return sum / load.length;
  }

  private static double awakeFraction(ReadRanks ranks, int n) {
    double sum = 0;
    for (int k = 0; k < ranks.instants(); k++) {
      int usable = 0;
      for (int p = 0; p < n; p++) {
        usable += ranks.rank(k, p) == ReadRanks.UNUSABLE ? 0 : 1;
      }
      sum += (double) usable / n;
    }
    return sum / ranks.instants();
  }
}
