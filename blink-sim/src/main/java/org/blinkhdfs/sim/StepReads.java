package org.blinkhdfs.sim;

import java.util.List;
import java.util.Random;
import org.blinkhdfs.rabbit.layout.BlockHash;

/**
 * Closed-loop readers over a run of power steps: each of C clients picks a block (uniform, or
 * Zipf over the blocks), waits until the step's {@link StepServer} can serve it (a read no step
 * serves before its end waits into the next step), queues behind the node's earlier reads (one
 * read at a time per node, {@code serviceMs} each), then thinks for an exponential pause of mean
 * {@code thinkMs} (0: the next read at once, BlinkFS's "blocking" readers) and reads again.
 *
 * <p>What it leaves out, stated: a read that starts in a window runs to its end even if the
 * window closes meanwhile (service times are milliseconds, windows seconds); clients are served
 * in the order of their issue times.
 *
 * <p>Deterministic for a seed (the one {@link Random} drawing blocks and pauses).
 */
final class StepReads {
  /** Block IDs of the readers' blocks: {@code BlockHash.draw(i, seed, ID_STREAM)}. */
  static final int ID_STREAM = BlockSample.ID_STREAM;

  /**
   * The readers.
   *
   * @param clients closed-loop readers, each with one read outstanding
   * @param thinkMs mean exponential pause between a read's end and the next (0: none)
   * @param blocks blocks read, drawn uniformly or by Zipf rank
   * @param zipf the Zipf exponent over block ranks (0: uniform)
   * @param serviceMs one read's time on its node once started
   */
  record Workload(int clients, double thinkMs, long blocks, double zipf, double serviceMs) {
    Workload {
      if (clients < 1 || thinkMs < 0 || blocks < 1 || zipf < 0 || !(serviceMs > 0)) {
        throw new IllegalArgumentException("workload " + clients + " clients, think " + thinkMs
            + " ms, " + blocks + " blocks, zipf " + zipf + ", service " + serviceMs
            + " ms: need clients, blocks >= 1, think, zipf >= 0, service > 0");
      }
    }
  }

  /**
   * What the readers got.
   *
   * @param servedPerStep reads completed in each step
   * @param issuedPerStep reads issued in each step
   * @param latencyMsPerStep summed latency (issue to end) of the reads issued in each step
   * @param unserved reads still waiting when the run ended
   */
  record Outcome(long[] servedPerStep, long[] issuedPerStep, double[] latencyMsPerStep,
      long unserved) {
    long served() {
      long n = 0;
      for (long v : servedPerStep) {
        n += v;
      }
      return n;
    }

    /** Mean latency of the reads issued in the run that completed. */
    double meanLatencyMs() {
      long n = 0;
      double sum = 0;
      for (int i = 0; i < issuedPerStep.length; i++) {
        n += issuedPerStep[i];
        sum += latencyMsPerStep[i];
      }
      return n == 0 ? Double.NaN : sum / n;
    }
  }

  private StepReads() {}

  /** Runs {@code w} over {@code steps} of {@code stepMs} each, on {@code nodes} nodes. */
  static Outcome run(List<StepServer> steps, long stepMs, int nodes, Workload w, long seed) {
    int n = steps.size();
    long endMs = n * stepMs;
    Random random = new Random(seed);
    double[] cdf = w.zipf() > 0 ? zipfCdf(w.blocks(), w.zipf()) : null;
    double[] nextMs = new double[w.clients()];
    double[] busyMs = new double[nodes];
    long[] served = new long[n];
    long[] issued = new long[n];
    double[] latency = new double[n];
    long unserved = 0;
    int[] node = new int[1];
    while (true) {
      int c = 0;
      for (int i = 1; i < nextMs.length; i++) {
        if (nextMs[i] < nextMs[c]) {
          c = i;
        }
      }
      double t = nextMs[c];
      if (t >= endMs) {
        break;
      }
      long index = cdf == null ? (long) (random.nextDouble() * w.blocks()) : rank(cdf, random);
      long blockId = BlockHash.draw(index, seed, ID_STREAM);
      int step = (int) (t / stepMs);
      long ready = -1;
      for (int s = step; s < n && ready < 0; s++) {
        ready = steps.get(s).readyAt(blockId, Math.max((long) Math.floor(t), s * stepMs),
            (s + 1) * stepMs, node);
      }
      if (ready < 0) {
        unserved++;
        nextMs[c] = Double.POSITIVE_INFINITY;
        continue;
      }
      // Schedules are in whole ms: a replica usable at floor(t) is usable at t.
      double start = Math.max(Math.max(t, ready), busyMs[node[0]]);
      double end = start + w.serviceMs();
      busyMs[node[0]] = end;
      if (end < endMs) {
        served[(int) (end / stepMs)]++;
        issued[step]++;
        latency[step] += end - t;
      } else {
        unserved++;
      }
      double think = w.thinkMs() == 0 ? 0 : -w.thinkMs() * Math.log(1 - random.nextDouble());
      nextMs[c] = end + think;
    }
    return new Outcome(served, issued, latency, unserved);
  }

  /** Cumulative Zipf(s) probabilities of ranks 0..B-1 (rank 0 the most popular). */
  static double[] zipfCdf(long blocks, double s) {
    if (blocks > 10_000_000) {
      throw new IllegalArgumentException("Zipf over " + blocks + " blocks: at most 10^7");
    }
    double[] cdf = new double[(int) blocks];
    double sum = 0;
    for (int i = 0; i < cdf.length; i++) {
      sum += Math.pow(i + 1, -s);
      cdf[i] = sum;
    }
    for (int i = 0; i < cdf.length; i++) {
      cdf[i] /= sum;
    }
    return cdf;
  }

  private static long rank(double[] cdf, Random random) {
    double u = random.nextDouble();
    int lo = 0;
    int hi = cdf.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cdf[mid] < u) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
