package org.blinkhdfs.model.power;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.blinkhdfs.common.cli.Durations;

/**
 * How long one transition (entering sleep, or resuming from it) takes, as a distribution to draw
 * from. Written in configuration as a spec:
 *
 * <ul>
 *   <li>{@code measured}: the real-kernel cycles of {@link MeasuredTransitions} (the default);
 *   <li>{@code fixed:300ms}: always 300 ms ({@code fixed:0ms} turns the transition off);
 *   <li>{@code uniform:200ms..400ms}: a whole number of ms, uniform in the closed range;
 *   <li>{@code samples:38,49,120}: one of these ms values, each equally likely (a unit per value
 *       is allowed: {@code samples:38ms,1.2s}).
 * </ul>
 *
 * <p>Why a distribution and not one number: real suspends vary by a factor of five between cycles
 * on the same host (536..2596 ms to enter in the real-sleep bench), and a window planned for the
 * mean is missed by every cycle above it; an emulation that draws per cycle shows that, a
 * constant hides it. Sampling the measured cycles (a bootstrap) keeps their shape without
 * assuming one.
 *
 * <p>Values are unscaled milliseconds; {@link TransitionModel} scales them to a shortened
 * interval. Immutable; {@link #draw} uses only the {@link Random} it is given.
 */
public sealed interface TransitionDistribution {
  /** The longest accepted transition: 10 minutes. */
  long MAX_MS = 600_000L;

  /** One drawn transition time, ms, in {@code [minMs(), maxMs()]}. */
  long draw(Random random);

  /** The expected value, ms. */
  double meanMs();

  /** The longest value this distribution can draw, ms. */
  long maxMs();

  /** The spec that parses back to this distribution. */
  String spec();

  /** Always {@code ms}. */
  record Fixed(long ms) implements TransitionDistribution {
    public Fixed {
      requireRange("fixed", ms);
    }

    @Override
    public long draw(Random random) {
      return ms;
    }

    @Override
    public double meanMs() {
      return ms;
    }

    @Override
    public long maxMs() {
      return ms;
    }

    @Override
    public String spec() {
      return "fixed:" + ms + "ms";
    }
  }

  /** A whole number of ms, uniform in {@code [lowMs, highMs]}. */
  record Uniform(long lowMs, long highMs) implements TransitionDistribution {
    public Uniform {
      requireRange("uniform low", lowMs);
      requireRange("uniform high", highMs);
      if (highMs < lowMs) {
        throw new IllegalArgumentException("uniform range " + lowMs + "ms.." + highMs
            + "ms is empty: write the low end first");
      }
    }

    @Override
    public long draw(Random random) {
      return lowMs + (long) random.nextInt((int) (highMs - lowMs + 1));
    }

    @Override
    public double meanMs() {
      return (lowMs + highMs) / 2.0;
    }

    @Override
    public long maxMs() {
      return highMs;
    }

    @Override
    public String spec() {
      return "uniform:" + lowMs + "ms.." + highMs + "ms";
    }
  }

  /**
   * One of {@code samplesMs}, each equally likely.
   *
   * @param name the spec: {@code samples:...}, or {@code measured} for {@link MeasuredTransitions}
   */
  record Samples(String name, long[] samplesMs) implements TransitionDistribution {
    public Samples {
      if (samplesMs.length == 0) {
        throw new IllegalArgumentException("samples: give at least one value in ms");
      }
      samplesMs = samplesMs.clone();
      for (long s : samplesMs) {
        requireRange("sample", s);
      }
    }

    /** {@code samples:a,b,c}. */
    public static Samples of(long... samplesMs) {
      StringBuilder b = new StringBuilder("samples:");
      for (int i = 0; i < samplesMs.length; i++) {
        b.append(i == 0 ? "" : ",").append(samplesMs[i]);
      }
      return new Samples(b.toString(), samplesMs);
    }

    @Override
    public long[] samplesMs() {
      return samplesMs.clone();
    }

    @Override
    public long draw(Random random) {
      return samplesMs[random.nextInt(samplesMs.length)];
    }

    @Override
    public double meanMs() {
      return Arrays.stream(samplesMs).average().orElseThrow();
    }

    @Override
    public long maxMs() {
      return Arrays.stream(samplesMs).max().orElseThrow();
    }

    @Override
    public String spec() {
      return name;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Samples s && name.equals(s.name) && Arrays.equals(samplesMs, s.samplesMs);
    }

    @Override
    public int hashCode() {
      return 31 * name.hashCode() + Arrays.hashCode(samplesMs);
    }

    @Override
    public String toString() {
      return "Samples" + Arrays.toString(samplesMs);
    }
  }

  /**
   * Parses a spec (see the class comment).
   *
   * @param key the configuration key or flag the spec came from, for the error
   * @param measured what {@code measured} stands for under this key (the enter or the resume
   *     samples of {@link MeasuredTransitions})
   * @throws IllegalArgumentException naming {@code key}, the value and the accepted forms
   */
  static TransitionDistribution parse(String key, String spec, Samples measured) {
    String s = spec == null ? "" : spec.trim();
    try {
      String lower = s.toLowerCase(Locale.ROOT);
      if (lower.equals("measured")) {
        return measured;
      }
      if (lower.startsWith("fixed:")) {
        return new Fixed(duration(s.substring(6)));
      }
      if (lower.startsWith("uniform:")) {
        String[] range = s.substring(8).split("\\.\\.", -1);
        if (range.length != 2) {
          throw new IllegalArgumentException("a uniform range is low..high, e.g. 200ms..400ms");
        }
        return new Uniform(duration(range[0]), duration(range[1]));
      }
      if (lower.startsWith("samples:")) {
        List<Long> values = new ArrayList<>();
        for (String v : s.substring(8).split(",", -1)) {
          values.add(sample(v.trim()));
        }
        return Samples.of(values.stream().mapToLong(Long::longValue).toArray());
      }
      throw new IllegalArgumentException("unknown kind");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = '%s' is invalid (%s): give measured (the real-kernel cycles, default),"
              + " fixed:300ms (fixed:0ms turns transitions off), uniform:200ms..400ms or"
              + " samples:38,49,120 (ms)", key, s, e.getMessage()), e);
    }
  }

  private static long duration(String text) {
    long ms = Durations.parseMs(text);
    requireRange("duration", ms);
    return ms;
  }

  private static long sample(String text) {
    if (!text.isEmpty() && text.chars().allMatch(Character::isDigit)) {
      return Long.parseLong(text);
    }
    return duration(text);
  }

  private static void requireRange(String what, long ms) {
    if (ms < 0 || ms > MAX_MS) {
      throw new IllegalArgumentException(what + " " + ms + " ms is outside 0.." + MAX_MS + " ms");
    }
  }
}
