package org.blinkhdfs.control.agent;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;

/**
 * The resume latency an agent learns from its own cycles: how long before a window its host must
 * start waking so that its DataNode serves when the window opens.
 *
 * <p><b>Why learn it.</b> A fixed {@code blink.agent.resume.latency.ms} is a guess per machine
 * model; too small and the node serves late in every window the scheduler promised, too large and
 * every sleep is shorter than it could be. The real actuator measures each cycle from the RTC
 * alarm to "serving again" ({@link TransitionTimes#resumeSampleMs()}); this class turns those
 * samples into the latency for the next sleep.
 *
 * <p><b>Rule.</b> Keep the last {@code window} samples; the estimate is their 90th percentile
 * (nearest rank: the {@code ceil(0.9 n)}-th smallest of {@code n}) plus {@code marginMs},
 * clamped to {@code [minMs, maxMs]}. A high quantile rather than the mean because one late window
 * costs more than a slightly shorter sleep; the margin covers what the samples have not shown
 * yet; the bounds keep one absurd sample (a host woken by hand an hour later) from making every
 * sleep impossible. Before the first sample the estimate is {@code initialMs}, the configured
 * latency. Negative samples (the host woke before its alarm, from another wake source) say
 * nothing about resuming and are ignored.
 *
 * <p>Worked example (window 5, margin 200, bounds [0, 3000], initial 2000): samples 1200, 1500,
 * 900 give the 3rd smallest of 3 = 1500, so 1700; then 2500 and 1100: the 5th of 5 = 2500, so
 * 2700; then 3100 pushes out 1200: the 5th of {900, 1100, 1500, 2500, 3100} = 3100, 3300 capped
 * to 3000.
 *
 * <p>No clock, no I/O. Thread-safe: the agent's loop records, status readers (the lab) read.
 */
public final class ResumeLatencyEstimator {
  /** The quantile of the samples the estimate uses. */
  public static final double QUANTILE = 0.9;

  private final long initialMs;
  private final long minMs;
  private final long maxMs;
  private final long marginMs;
  private final int window;
  private final Deque<Long> samples = new ArrayDeque<>();
  private long currentMs;

  /**
   * @param initialMs the estimate before any sample (the configured latency), in {@code [minMs,
   *     maxMs]}
   * @param minMs the smallest estimate, {@code >= 0}
   * @param maxMs the largest estimate, {@code >= minMs}
   * @param marginMs added to the quantile, {@code >= 0}
   * @param window how many recent samples count, {@code >= 1}
   */
  public ResumeLatencyEstimator(long initialMs, long minMs, long maxMs, long marginMs,
      int window) {
    if (minMs < 0 || maxMs < minMs) {
      throw new IllegalArgumentException("resume latency bounds must satisfy 0 <= min <= max, got"
          + " min " + minMs + " ms, max " + maxMs + " ms");
    }
    if (initialMs < minMs || initialMs > maxMs) {
      throw new IllegalArgumentException("the configured resume latency " + initialMs
          + " ms lies outside the learned bounds [" + minMs + ", " + maxMs + "] ms: raise the"
          + " maximum or lower the latency");
    }
    if (marginMs < 0 || window < 1) {
      throw new IllegalArgumentException("margin must be >= 0 and window >= 1, got margin "
          + marginMs + " ms, window " + window);
    }
    this.initialMs = initialMs;
    this.minMs = minMs;
    this.maxMs = maxMs;
    this.marginMs = marginMs;
    this.window = window;
    this.currentMs = initialMs;
  }

  /**
   * Adds one measured resume latency and returns the new estimate; a negative sample is ignored
   * (the estimate is returned unchanged).
   */
  public synchronized long record(long sampleMs) {
    if (sampleMs < 0) {
      return currentMs;
    }
    samples.addLast(sampleMs);
    while (samples.size() > window) {
      samples.removeFirst();
    }
    long[] sorted = samples.stream().mapToLong(Long::longValue).sorted().toArray();
    int rank = (int) Math.ceil(QUANTILE * sorted.length); // 1-based nearest rank
    long quantile = sorted[Math.max(rank, 1) - 1];
    currentMs = Math.min(maxMs, Math.max(minMs, saturatedAdd(quantile, marginMs)));
    return currentMs;
  }

  /** The latency to use for the next sleep. */
  public synchronized long currentMs() {
    return currentMs;
  }

  /** How many samples the estimate rests on (at most the window); 0: still the initial value. */
  public synchronized int sampleCount() {
    return samples.size();
  }

  /** The samples in the window, oldest first. */
  public synchronized long[] samples() {
    return samples.stream().mapToLong(Long::longValue).toArray();
  }

  public long initialMs() {
    return initialMs;
  }

  public long maxMs() {
    return maxMs;
  }

  public long minMs() {
    return minMs;
  }

  @Override
  public synchronized String toString() {
    return "learned resume latency " + currentMs + " ms from " + samples.size() + " samples"
        + (samples.isEmpty() ? " (configured value)" : " " + Arrays.toString(samples()))
        + ", p90 + " + marginMs + " ms within [" + minMs + ", " + maxMs + "] ms";
  }

  private static long saturatedAdd(long a, long b) {
    long r = a + b;
    return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
  }
}
