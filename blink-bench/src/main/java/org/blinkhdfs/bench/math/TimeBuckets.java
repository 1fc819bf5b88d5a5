package org.blinkhdfs.bench.math;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.blinkhdfs.bench.stats.LatencySummary;

/**
 * Cuts one long run's operations into equal time buckets, one per step of a replayed power
 * signal, the way BlinkFS plots Fig 12(b) (mean latency per 5 minutes) and Fig 13 (queries
 * serviced per minute): an operation belongs to the bucket in which it started.
 *
 * <p>Why by start: a read that waits for a window started under the power of its own step and
 * is what that step's schedule cost; counting it where it ended would charge the wait to the
 * next step. Operations that start after the last bucket (a straggler past the run's end) are
 * dropped and counted in {@link Result#outside}.
 *
 * <p>Per bucket: operations completed ({@code ok}), failed, the mean and nearest-rank p90 of
 * the completed ones' durations (NaN when none completed), and the rate {@code ok / bucket
 * minutes}. {@link #byLevel} pools buckets that ran at the same power level, so a replayed signal
 * also gives latency against power.
 *
 * <p>Worked example (tested): buckets of 10 s; operations starting at 1 s (20 ms, ok), 4 s (40 ms,
 * ok), 12 s (failed), 15 s (30 ms, ok), 31 s (ok) in 2 buckets: bucket 0 has 2 ok, mean 30 ms,
 * p90 40 ms, 12 per minute; bucket 1 has 1 ok and 1 failed, mean 30 ms, 6 per minute; 1 outside.
 *
 * <p>Stateless.
 */
public final class TimeBuckets {
  /**
   * One operation: its start in ms since the run's start, its duration, and whether it completed
   * (a failed one's duration is not used).
   */
  public record Op(double startMs, double durationMs, boolean ok) {}

  /** One bucket's tally; {@code meanMs} and {@code p90Ms} are NaN without a completed op. */
  public record Bucket(int index, int ok, int failed, double meanMs, double p90Ms,
      double perMinute) {}

  /** Every bucket, in order, and how many operations started after the last. */
  public record Result(List<Bucket> buckets, int outside) {}

  /** Buckets pooled by power level: completed ops, mean, p90 and the rate over their time. */
  public record Level(int level, int buckets, int ok, int failed, double meanMs, double p90Ms,
      double perMinute) {}

  private TimeBuckets() {}

  /** {@code count} buckets of {@code bucketMs} each over {@code ops}. */
  public static Result of(List<Op> ops, long bucketMs, int count) {
    if (bucketMs <= 0 || count <= 0) {
      throw new IllegalArgumentException("bucketMs " + bucketMs + " and count " + count
          + " must be positive: give the step length of the replayed signal and the steps");
    }
    List<List<Op>> in = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      in.add(new ArrayList<>());
    }
    int outside = 0;
    for (Op op : ops) {
      int b = (int) Math.floor(op.startMs() / bucketMs);
      if (b < 0 || b >= count) {
        outside++;
      } else {
        in.get(b).add(op);
      }
    }
    List<Bucket> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Stats s = stats(in.get(i));
      out.add(new Bucket(i, s.ok, s.failed, s.meanMs, s.p90Ms, s.ok * 60_000.0 / bucketMs));
    }
    return new Result(List.copyOf(out), outside);
  }

  /**
   * Pools the operations of the buckets that ran at the same level ({@code levels.get(i)} is
   * bucket i's), in ascending level order.
   */
  public static List<Level> byLevel(List<Op> ops, long bucketMs, List<Integer> levels) {
    Map<Integer, List<Op>> pooled = new TreeMap<>();
    Map<Integer, Integer> buckets = new TreeMap<>();
    for (int level : levels) {
      pooled.computeIfAbsent(level, k -> new ArrayList<>());
      buckets.merge(level, 1, Integer::sum);
    }
    for (Op op : ops) {
      int b = (int) Math.floor(op.startMs() / bucketMs);
      if (b >= 0 && b < levels.size()) {
        pooled.get(levels.get(b)).add(op);
      }
    }
    List<Level> out = new ArrayList<>();
    for (Map.Entry<Integer, List<Op>> e : pooled.entrySet()) {
      Stats s = stats(e.getValue());
      int n = buckets.get(e.getKey());
      out.add(new Level(e.getKey(), n, s.ok, s.failed, s.meanMs, s.p90Ms,
          s.ok * 60_000.0 / (n * (double) bucketMs)));
    }
    return List.copyOf(out);
  }

  private record Stats(int ok, int failed, double meanMs, double p90Ms) {}

  private static Stats stats(List<Op> ops) {
    List<Double> done = new ArrayList<>();
    int failed = 0;
    for (Op op : ops) {
      if (op.ok()) {
        done.add(op.durationMs());
      } else {
        failed++;
      }
    }
    if (done.isEmpty()) {
      return new Stats(0, failed, Double.NaN, Double.NaN);
    }
    LatencySummary l = LatencySummary.of(done);
    return new Stats(done.size(), failed, l.meanMs(), l.p90Ms());
  }
}
