package org.blinkhdfs.model.signal;

import java.util.Objects;
import org.blinkhdfs.model.power.PowerLevel;

/**
 * Replays a {@link PowerTrace} as whole-cluster watts ({@link PowerLevel.Watts}), with BlinkFS's
 * replay options (§5): time compression, scaling to a target mean, a floor, and looping.
 *
 * <p><b>Time mapping.</b> Elapsed time {@code e} replays trace time
 * {@code start + (startOffsetMs + e·compressionFactor) mod durationMs}: at factor 24, three days of
 * trace play in three hours and one elapsed hour replays trace hour 24. Values are step-held (see
 * {@link PowerTrace}).
 *
 * <p><b>Looping.</b> Past the trace's end the replay wraps to its start, so the signal is defined
 * for every {@code elapsedMs >= 0}; an experiment longer than the (compressed) trace sees it again.
 * Why loop rather than fail or hold the last value: a scheduler must never be left without a
 * supply, and a repeat is the least surprising continuation of a daily-periodic source. The
 * loop is over the trace given; to loop three days rather than a year, pass
 * {@code trace.window(...)}.
 *
 * <p><b>Scaling and floor.</b> Applied once, at {@link Builder#build()}, to the whole trace, and
 * solved together ({@link PowerTrace#scaledToMean}) so the delivered time-weighted mean, floor
 * included, equals the target. The target is absolute watts ({@link Builder#mean}) or a fraction
 * of a given peak ({@link Builder#meanFractionOfPeak}); with neither, the trace's watts are used
 * as recorded (only the floor applies).
 *
 * <p>Worked example (BlinkFS): a three-day solar+wind window, factor 24, mean 50% of the Mac-mini
 * cluster's 265 W peak (132.5 W), floor 40 W. After 90 elapsed minutes the signal replays trace
 * hour 36 (noon of day two if the window
 * starts at midnight); the mean over any whole 3-hour loop is 132.5 W.
 *
 * <p>Immutable and thread-safe.
 */
public final class TraceReplaySignal implements PowerSignal {
  private final String name;
  private final PowerTrace replayed;
  private final double compressionFactor;
  private final long startOffsetMs;
  private final double floorWatts;

  private TraceReplaySignal(Builder b, PowerTrace replayed) {
    this.name = b.name;
    this.replayed = replayed;
    this.compressionFactor = b.compressionFactor;
    this.startOffsetMs = b.startOffsetMs;
    this.floorWatts = b.floorWatts;
  }

  /** A builder replaying {@code trace}; defaults: factor 1, no scaling, no floor, offset 0. */
  public static Builder builder(PowerTrace trace) {
    return new Builder(trace);
  }

  @Override
  public PowerLevel levelAt(long elapsedMs) {
    return new PowerLevel.Watts(replayed.wattsAt(traceTimeMsAt(elapsedMs)));
  }

  /** The trace time replayed at {@code elapsedMs} (within the replayed trace's span). */
  public long traceTimeMsAt(long elapsedMs) {
    Args.requireElapsed(elapsedMs);
    double durationMs = replayed.durationMs();
    double offsetMs = (startOffsetMs + elapsedMs * compressionFactor) % durationMs;
    long t = replayed.startMs() + (long) Math.floor(offsetMs);
    return Math.min(t, replayed.endMs() - 1);
  }

  /** The trace as replayed: scaled and floored, in trace time (uncompressed). */
  public PowerTrace replayedTrace() {
    return replayed;
  }

  public double compressionFactor() {
    return compressionFactor;
  }

  public long startOffsetMs() {
    return startOffsetMs;
  }

  /** Elapsed time for one full pass over the trace: {@code durationMs / compressionFactor}. */
  public double loopMs() {
    return replayed.durationMs() / compressionFactor;
  }

  @Override
  public String describe() {
    return "trace " + name + ": " + Args.fmt(compressionFactor) + "x compressed, loop "
        + Args.fmt2(loopMs() / 3_600_000.0) + " h, mean " + Args.fmt2(replayed.meanWatts())
        + " W, min " + Args.fmt2(replayed.minWatts()) + " W (floor " + Args.fmt2(floorWatts)
        + " W), max " + Args.fmt2(replayed.maxWatts()) + " W";
  }

  @Override
  public String toString() {
    return describe();
  }

  /** Collects the replay options; {@link #build()} validates them and names the bad one. */
  public static final class Builder {
    private final PowerTrace trace;
    private String name = "trace";
    private double compressionFactor = 1;
    private long startOffsetMs = 0;
    private double floorWatts = 0;
    private double targetMeanWatts = Double.NaN;

    private Builder(PowerTrace trace) {
      this.trace = Objects.requireNonNull(trace, "trace must not be null: give a PowerTrace");
    }

    /** Name shown by {@link #describe()}. */
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Trace milliseconds replayed per elapsed millisecond, {@code > 0}; 24 = a day per hour. */
    public Builder compressionFactor(double compressionFactor) {
      this.compressionFactor = compressionFactor;
      return this;
    }

    /** Trace time, from the trace's start, replayed at elapsed 0; within {@code [0, duration)}. */
    public Builder startOffsetMs(long startOffsetMs) {
      this.startOffsetMs = startOffsetMs;
      return this;
    }

    /** Minimum watts delivered (BlinkFS: 40 W, the always-on switch and master). */
    public Builder floorWatts(double floorWatts) {
      this.floorWatts = floorWatts;
      return this;
    }

    /** Scale so the delivered time-weighted mean is {@code target} (floor included). */
    public Builder mean(PowerLevel.Watts target) {
      Objects.requireNonNull(target, "target mean must not be null: give e.g. new Watts(132.5)");
      this.targetMeanWatts = target.watts();
      return this;
    }

    /**
     * Scale so the delivered mean is {@code fraction × peakWatts} (BlinkFS: 0.5 of the cluster's
     * peak).
     *
     * @param fraction in {@code (0, 1]}
     * @param peakWatts the peak the fraction refers to, {@code > 0}
     */
    public Builder meanFractionOfPeak(double fraction, double peakWatts) {
      if (!Double.isFinite(fraction) || fraction <= 0 || fraction > 1) {
        throw new IllegalArgumentException("mean fraction of peak must be within (0, 1], got "
            + Args.fmt(fraction) + ": give e.g. 0.5 for BlinkFS's 50% of peak");
      }
      Args.requirePositive("peakWatts", peakWatts,
          "give the cluster's peak draw, e.g. PowerModel.peakClusterWatts()");
      this.targetMeanWatts = fraction * peakWatts;
      return this;
    }

    public TraceReplaySignal build() {
      Args.requirePositive("compressionFactor", compressionFactor,
          "give trace time per elapsed time, e.g. 24 to play three days in three hours");
      if (startOffsetMs < 0 || startOffsetMs >= trace.durationMs()) {
        throw new IllegalArgumentException("startOffsetMs must be within [0, "
            + trace.durationMs() + ") (the trace's duration), got " + startOffsetMs
            + ": give where in the trace to start, measured from its first sample");
      }
      Args.requireNonNegative("floorWatts", floorWatts,
          "give the minimum supply in watts, or 0 for none");
      PowerTrace replayed = Double.isNaN(targetMeanWatts)
          ? trace.floored(floorWatts)
          : trace.scaledToMean(targetMeanWatts, floorWatts);
      return new TraceReplaySignal(this, replayed);
    }
  }
}
