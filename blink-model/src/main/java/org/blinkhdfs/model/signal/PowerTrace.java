package org.blinkhdfs.model.signal;

import java.io.IOException;
import java.io.Reader;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.IntStream;
import org.blinkhdfs.common.csv.Csv;

/**
 * A recorded supply: watts sampled at non-decreasing times, replayed <b>step-hold</b>.
 *
 * <p><b>Step-hold, not linear interpolation.</b> Sample {@code i} holds from its own time until the
 * next sample's time (the last one until {@link #endMs()}). Why: the traces we replay are
 * interval averages (TMY3 hourly irradiance, 5-minute market prices), so holding a sample over its
 * interval reproduces the energy in the data exactly, and the time-weighted mean that
 * {@link #scaledToMean} targets is then an exact finite sum, not an approximation. BlinkFS's
 * programmable supplies also replayed piecewise-constant levels, and at a one-minute blink interval
 * the steps are invisible to the scheduler. A duplicated time is a vertical step: the later row
 * wins from that instant.
 *
 * <p><b>Span.</b> {@code [startMs, endMs)}, with {@code startMs} the first sample's time. Built by
 * {@link #parseCsv}, the last sample holds for one more sampling step (the gap between the last two
 * distinct times), so an hourly file of 8,760 rows spans 8,760 h. {@link #of} takes {@code endMs}
 * explicitly. Looping at the end is the replayer's business ({@link TraceReplaySignal}).
 *
 * <p><b>Validation.</b> Times non-decreasing and {@code >= 0}, watts finite and {@code >= 0};
 * errors name the line, column, value and fix (CSV) or the sample index (arrays).
 *
 * <p>Worked example: samples (0 h, 100 W), (1 h, 300 W), (3 h, 0 W) spanning 4 h. At 0.5 h the
 * trace is 100 W, at 2.9 h 300 W. The time-weighted mean is (100·1 + 300·2 + 0·1)/4 = 175 W,
 * whereas the plain sample mean would be 133.3 W.
 *
 * <p>Immutable and thread-safe; every transform returns a new trace.
 */
public final class PowerTrace {
  private final long[] timesMs;
  private final double[] watts;
  private final long endMs;

  private PowerTrace(long[] timesMs, double[] watts, long endMs) {
    this.timesMs = timesMs;
    this.watts = watts;
    this.endMs = endMs;
  }

  /**
   * A trace from arrays (copied).
   *
   * @param timesMs sample times, non-decreasing, {@code >= 0}
   * @param watts sample values, finite, {@code >= 0}
   * @param endMs end of the last sample's hold, {@code > timesMs[last]}
   */
  public static PowerTrace of(long[] timesMs, double[] watts, long endMs) {
    if (timesMs.length == 0 || timesMs.length != watts.length) {
      throw new IllegalArgumentException("timesMs and watts must be non-empty and of equal length,"
          + " got " + timesMs.length + " times and " + watts.length
          + " values: give one watts value per sample time");
    }
    for (int i = 0; i < timesMs.length; i++) {
      if (timesMs[i] < 0) {
        throw new IllegalArgumentException("timesMs[" + i + "] is " + timesMs[i]
            + ": sample times must be >= 0; shift the trace so it starts at 0 or later");
      }
      if (i > 0 && timesMs[i] < timesMs[i - 1]) {
        throw new IllegalArgumentException("timesMs[" + i + "] = " + timesMs[i]
            + " is before timesMs[" + (i - 1) + "] = " + timesMs[i - 1]
            + ": sample times must be non-decreasing; sort the samples by time");
      }
      if (!Double.isFinite(watts[i]) || watts[i] < 0) {
        throw new IllegalArgumentException("watts[" + i + "] is " + watts[i]
            + ": a supply must be a finite number >= 0 W; fix or drop the sample");
      }
    }
    long last = timesMs[timesMs.length - 1];
    if (endMs <= last) {
      throw new IllegalArgumentException("endMs must be after the last sample time " + last
          + ", got " + endMs + ": give the end of the last sample's interval");
    }
    return new PowerTrace(timesMs.clone(), watts.clone(), endMs);
  }

  /**
   * Parses a CSV with a header row; the two named columns give each sample's time and watts.
   * Other columns are ignored. The span ends one sampling step after the last sample (class note).
   *
   * @param sourceName file or resource name, quoted in errors
   * @param timeColumn header name of the time column
   * @param wattsColumn header name of the watts column
   * @param msPerTimeUnit milliseconds per unit of the time column (3,600,000 for hours)
   * @throws IllegalArgumentException naming line, column, value and fix for bad input
   */
  public static PowerTrace parseCsv(String sourceName, Reader reader, String timeColumn,
      String wattsColumn, long msPerTimeUnit) throws IOException {
    if (msPerTimeUnit <= 0) {
      throw new IllegalArgumentException("msPerTimeUnit must be > 0, got " + msPerTimeUnit
          + ": give milliseconds per unit of column '" + timeColumn + "' (3600000 for hours)");
    }
    return fromCsv(Csv.readTable(sourceName, reader), timeColumn, wattsColumn, msPerTimeUnit);
  }

  static PowerTrace fromCsv(Csv csv, String timeColumn, String wattsColumn, long msPerTimeUnit) {
    int tc = csv.column(timeColumn);
    int wc = csv.column(wattsColumn);
    int n = csv.rows().size();
    long[] times = new long[n];
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      Csv.Row row = csv.rows().get(i);
      double t = csv.number(row, tc);
      if (t < 0) {
        throw csv.cellError(row, tc, "is negative",
            "times must be >= 0; shift the trace so it starts at 0 or later");
      }
      double tMs = t * msPerTimeUnit;
      if (tMs >= Long.MAX_VALUE) {
        throw csv.cellError(row, tc, "is too large to express in milliseconds",
            "check the time unit (msPerTimeUnit = " + msPerTimeUnit + ")");
      }
      times[i] = Math.round(tMs);
      if (i > 0 && times[i] < times[i - 1]) {
        Csv.Row prev = csv.rows().get(i - 1);
        throw csv.cellError(row, tc,
            "is earlier than the previous row's '" + prev.cells()[tc] + "' (line "
                + prev.lineNumber() + ")",
            "times must be non-decreasing; sort the rows by " + timeColumn);
      }
      double w = csv.number(row, wc);
      if (w < 0) {
        throw csv.cellError(row, wc, "is negative",
            "a supply cannot be below 0 W; write 0 for no power");
      }
      values[i] = w;
    }
    if (n == 0) {
      throw new IllegalArgumentException(csv.sourceName()
          + " has a header but no rows: add at least two samples");
    }
    long last = times[n - 1];
    long step = 0;
    for (int i = n - 2; i >= 0 && step == 0; i--) {
      step = last - times[i];
    }
    if (step == 0) {
      throw new IllegalArgumentException(csv.sourceName() + " has no two distinct times in column '"
          + timeColumn + "': the sampling step (how long the last sample holds) is unknown;"
          + " add a second row at a later time, or build the trace with PowerTrace.of(..., endMs)");
    }
    if (last > Long.MAX_VALUE - step) {
      throw csv.cellError(csv.rows().get(n - 1), tc, "is too late: the trace ends one sampling"
          + " step (" + step + " ms) after it, beyond the largest time in milliseconds ("
          + Long.MAX_VALUE + ")", "check the time unit (msPerTimeUnit = " + msPerTimeUnit
          + ") or shift the trace to start near 0");
    }
    return new PowerTrace(times, values, last + step);
  }

  public int size() {
    return timesMs.length;
  }

  public long startMs() {
    return timesMs[0];
  }

  public long endMs() {
    return endMs;
  }

  public long durationMs() {
    return endMs - timesMs[0];
  }

  public long sampleTimeMs(int index) {
    return timesMs[index];
  }

  public double sampleWatts(int index) {
    return watts[index];
  }

  /** How long sample {@code index} holds: to the next sample's time, or to {@link #endMs()}. */
  public long sampleDurationMs(int index) {
    long next = index + 1 < timesMs.length ? timesMs[index + 1] : endMs;
    return next - timesMs[index];
  }

  /**
   * Step-hold value at trace time {@code traceTimeMs}, within {@code [startMs, endMs)}.
   *
   * @throws IllegalArgumentException outside the span (this method does not loop)
   */
  public double wattsAt(long traceTimeMs) {
    return watts[indexAt(traceTimeMs)];
  }

  /** Index of the last sample at or before {@code traceTimeMs}. */
  private int indexAt(long traceTimeMs) {
    if (traceTimeMs < timesMs[0] || traceTimeMs >= endMs) {
      throw new IllegalArgumentException("trace time " + traceTimeMs + " ms is outside the trace's"
          + " span [" + timesMs[0] + ", " + endMs + ") ms: ask within the span, or replay it with"
          + " TraceReplaySignal, which loops");
    }
    int lo = 0;
    int hi = timesMs.length - 1;
    while (lo < hi) { // last index with timesMs[i] <= traceTimeMs
      int mid = (lo + hi + 1) >>> 1;
      if (timesMs[mid] <= traceTimeMs) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** Time-weighted mean over the span: {@code Σ watts_i·duration_i / durationMs}. */
  public double meanWatts() {
    double energy = 0;
    for (int i = 0; i < timesMs.length; i++) {
      energy += watts[i] * sampleDurationMs(i);
    }
    return energy / durationMs();
  }

  public double minWatts() {
    return Arrays.stream(watts).min().orElseThrow();
  }

  public double maxWatts() {
    return Arrays.stream(watts).max().orElseThrow();
  }

  /**
   * The {@code lengthMs} of trace starting at trace time {@code fromMs}, wrapping from the end
   * back to the start if needed. The window's times start at 0 and it ends at {@code lengthMs}.
   *
   * <p>Example: from an hourly year, {@code window(8_759 h, 2 h)} is 31 December 23:00 then
   * 1 January 00:00.
   */
  public PowerTrace window(long fromMs, long lengthMs) {
    if (fromMs < timesMs[0] || fromMs >= endMs) {
      throw new IllegalArgumentException("window fromMs must be within the trace span ["
          + timesMs[0] + ", " + endMs + ") ms, got " + fromMs + ": start inside the trace");
    }
    if (lengthMs <= 0) {
      throw new IllegalArgumentException("window lengthMs must be > 0, got " + lengthMs
          + ": give how much of the trace to keep, e.g. 259200000 for three days");
    }
    long[] outTimes = new long[16];
    double[] outWatts = new double[16];
    int count = 0;
    long cursor = fromMs;
    long outMs = 0;
    while (outMs < lengthMs) {
      int i = indexAt(cursor);
      long segmentEnd = i + 1 < timesMs.length ? timesMs[i + 1] : endMs;
      long takeMs = Math.min(segmentEnd - cursor, lengthMs - outMs);
      if (count == outTimes.length) {
        outTimes = Arrays.copyOf(outTimes, count * 2);
        outWatts = Arrays.copyOf(outWatts, count * 2);
      }
      outTimes[count] = outMs;
      outWatts[count] = watts[i];
      count++;
      outMs += takeMs;
      cursor += takeMs;
      if (cursor == endMs) {
        cursor = timesMs[0];
      }
    }
    return new PowerTrace(Arrays.copyOf(outTimes, count), Arrays.copyOf(outWatts, count),
        lengthMs);
  }

  /** Every sample multiplied by {@code factor >= 0}. */
  public PowerTrace scaled(double factor) {
    Args.requireNonNegative("scale factor", factor, "give a multiplier such as 0.5 or 2");
    double[] out = new double[watts.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = watts[i] * factor;
    }
    return new PowerTrace(timesMs, out, endMs);
  }

  /** Every sample raised to at least {@code floorWatts}: {@code max(w, floor)}. */
  public PowerTrace floored(double floorWatts) {
    Args.requireNonNegative("floorWatts", floorWatts,
        "give the minimum supply, e.g. the always-on overhead (40 W for BlinkFS)");
    double[] out = new double[watts.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.max(watts[i], floorWatts);
    }
    return new PowerTrace(timesMs, out, endMs);
  }

  /**
   * Scales then floors so that the <em>delivered</em> time-weighted mean equals the target:
   * finds {@code k} with {@code mean(max(k·w, floor)) = targetMeanWatts} and returns that trace.
   *
   * <p>Why solve with the floor inside: BlinkFS both set a 40 W minimum and scaled the average to
   * 50% of peak. Flooring after a plain scale would lift the mean above the target; here the mean
   * the cluster actually receives is the target. {@code mean(max(k·w, f))} is continuous and
   * non-decreasing in {@code k} and linear between the breakpoints {@code k = f/w_i}, so the solver
   * finds the bracketing breakpoints by bisection and solves the linear piece exactly.
   *
   * <p>Worked example: samples 0 W and 100 W for one hour each, floor 10 W, target 40 W. With
   * {@code k·100 >= 10}: mean = (10 + 100k)/2 = 40, so k = 0.7 and the trace becomes 10 W, 70 W.
   *
   * @throws IllegalArgumentException if the target is below the floor, or the trace is all zero
   *     and the target above the floor
   */
  public PowerTrace scaledToMean(double targetMeanWatts, double floorWatts) {
    Args.requireNonNegative("targetMeanWatts", targetMeanWatts,
        "give the mean supply the replay should deliver, in watts");
    Args.requireNonNegative("floorWatts", floorWatts,
        "give the minimum supply, e.g. the always-on overhead (40 W for BlinkFS)");
    if (targetMeanWatts < floorWatts) {
      throw new IllegalArgumentException("target mean " + Args.fmt(targetMeanWatts)
          + " W is below the floor " + Args.fmt(floorWatts) + " W: every sample is at least"
          + " the floor, so the mean cannot be lower; raise the target or lower the floor");
    }
    if (meanWatts() == 0) { // no power held for any positive time
      if (targetMeanWatts == floorWatts) {
        return floored(floorWatts);
      }
      throw new IllegalArgumentException("trace is 0 W throughout, so no scale factor reaches a"
          + " mean of " + Args.fmt(targetMeanWatts) + " W: replay a trace with some power in"
          + " the window, or use a SteadySignal");
    }
    double scale;
    if (floorWatts == 0) {
      scale = targetMeanWatts / meanWatts();
    } else {
      scale = solveScaleWithFloor(targetMeanWatts, floorWatts);
    }
    double[] out = new double[watts.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.max(watts[i] * scale, floorWatts);
    }
    return new PowerTrace(timesMs, out, endMs);
  }

  private double solveScaleWithFloor(double target, double floor) {
    // Breakpoints k_j = floor / w_j over the distinct positive values, ascending in k.
    // Zero-length samples (a duplicated time) hold no energy and never replay: left out.
    double[] positive = IntStream.range(0, watts.length)
        .filter(i -> watts[i] > 0 && sampleDurationMs(i) > 0)
        .mapToDouble(i -> watts[i]).distinct().sorted().toArray();
    int m = positive.length;
    double[] breakpoints = new double[m];
    for (int j = 0; j < m; j++) {
      breakpoints[j] = floor / positive[m - 1 - j]; // largest w first => smallest k first
    }
    // Last breakpoint b with mean(k_b) <= target; mean(k_0) == floor <= target.
    int lo = 0;
    int hi = m - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (deliveredMean(breakpoints[mid], floor) <= target) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    // On [k_lo, k_lo+1] the samples with w >= positive[m-1-lo] sit above the floor.
    double threshold = positive[m - 1 - lo];
    double aboveEnergy = 0;
    double aboveMs = 0;
    for (int i = 0; i < watts.length; i++) {
      if (watts[i] >= threshold && sampleDurationMs(i) > 0) {
        aboveEnergy += watts[i] * sampleDurationMs(i);
        aboveMs += sampleDurationMs(i);
      }
    }
    double totalMs = durationMs();
    return (target * totalMs - floor * (totalMs - aboveMs)) / aboveEnergy;
  }

  private double deliveredMean(double scale, double floor) {
    double energy = 0;
    for (int i = 0; i < watts.length; i++) {
      energy += Math.max(watts[i] * scale, floor) * sampleDurationMs(i);
    }
    return energy / durationMs();
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "PowerTrace{%d samples, span %d..%d ms, mean %.3f W}",
        timesMs.length, timesMs[0], endMs, meanWatts());
  }
}
