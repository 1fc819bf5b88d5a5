package org.blinkhdfs.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.blinkhdfs.bench.report.ReadTrace;

/**
 * The spread of a throughput cell's rounds, the cluster's ({@link ReadTrace}, the bench's
 * {@code throughput-reads-<layout>.csv}) beside the simulator's ({@link FileReadSim}): the mean
 * MiB/s that {@link ThroughputValidation} compares hides how it comes about.
 *
 * <p>Why: under blinking a round is bimodal. Most rounds take about the data over the awake
 * nodes' bandwidth; a round in which some reader's DataNode falls asleep in the middle of a
 * block is one sleep longer, because a frozen DataNode's connection waits for the thaw. The mean
 * of ten such rounds moves by a fifth with one slow round more or less, so a mean outside 10%
 * says little until the slow rounds are counted. Per cell: the median round, the share of slow
 * rounds (longer than 1.5 x the simulated median round, one threshold for both), and the block
 * reads that lasted over half the interval (stalled through a sleep) per 1 000 reads.
 *
 * <p>The last column is how likely the measured count of slow rounds is if each round were slow
 * with the simulated share, independently: the binomial tail on the measured side, {@code
 * P(X >= k)} when k/n is above the share, else {@code P(X <= k)}. Worked example: a share of
 * 0.16 and 7 slow rounds of 10 give {@code P(X >= 7) = 0.00021}; 3 of 10 give {@code
 * P(X >= 3) = 0.21}.
 *
 * <p>Pure apart from reading the trace files; deterministic.
 */
final class RoundSpread {
  /** A round longer than this times the simulated median round is slow. */
  static final double SLOW_FACTOR = 1.5;

  /** One cell. */
  record Row(String layout, int powerPercent, List<Double> measuredRoundMs,
      List<Double> measuredReadMs, List<Double> simulatedRoundMs, List<Double> simulatedReadMs,
      long intervalMs) {
    double slowThresholdMs() {
      return SLOW_FACTOR * median(simulatedRoundMs);
    }

    int measuredSlow() {
      return slow(measuredRoundMs);
    }

    double simulatedSlowShare() {
      return slow(simulatedRoundMs) / (double) simulatedRoundMs.size();
    }

    /** {@link #binomialTail} of the measured slow rounds under the simulated share. */
    double tailProbability() {
      return binomialTail(measuredRoundMs.size(), measuredSlow(), simulatedSlowShare());
    }

    private int slow(List<Double> rounds) {
      double limit = slowThresholdMs();
      return (int) rounds.stream().filter(ms -> ms > limit).count();
    }

    double stalledPerThousand(List<Double> reads) {
      return reads.isEmpty() ? 0
          : 1000.0 * reads.stream().filter(ms -> ms > intervalMs / 2.0).count() / reads.size();
    }
  }

  private RoundSpread() {}

  /**
   * The rows of the modelled throughput cells whose layout has a trace file in {@code dir}
   * (the report's directory); empty when none has.
   *
   * @throws IllegalArgumentException naming the file when a trace cannot be read or parsed
   */
  static List<Row> rows(List<ThroughputValidation.Row> cells, Path dir, long intervalMs) {
    Map<String, List<ReadTrace.Row>> traces = new LinkedHashMap<>();
    List<Row> out = new ArrayList<>();
    for (ThroughputValidation.Row c : cells) {
      Optional<ThroughputValidation.Simulated> sim = c.simulated();
      if (sim.isEmpty()) {
        continue;
      }
      List<ReadTrace.Row> trace = traces.computeIfAbsent(c.layout(), l -> read(dir, l));
      Map<Integer, Double> rounds = new LinkedHashMap<>();
      List<Double> reads = new ArrayList<>();
      for (ReadTrace.Row r : trace) {
        if (r.power() == c.powerPercent()) {
          rounds.put(r.round(), r.roundMs());
          reads.add((double) r.ms());
        }
      }
      if (!rounds.isEmpty()) {
        out.add(new Row(c.layout(), c.powerPercent(), List.copyOf(rounds.values()), reads,
            sim.get().roundMs(), sim.get().readMs(), intervalMs));
      }
    }
    return out;
  }

  private static List<ReadTrace.Row> read(Path dir, String layout) {
    Path file = dir.resolve(ReadTrace.fileName(layout));
    if (!Files.exists(file)) {
      return List.of();
    }
    try {
      return ReadTrace.read(file.toString(), Files.readString(file));
    } catch (IOException e) {
      throw new IllegalArgumentException(file + " cannot be read (" + e + "): give the report"
          + " directory as bin/blink bench throughput wrote it", e);
    }
  }

  /** The table, one line per cell. */
  static String table(List<Row> rows) {
    StringBuilder sb = new StringBuilder("| layout | power | rounds | median round s: measured"
        + " | simulated | slow rounds (> 1.5 x sim median): measured | simulated | P(as many or"
        + " more extreme) | block reads over T/2 per 1000: measured | simulated |\n"
        + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Row r : rows) {
      sb.append(String.format(Locale.ROOT,
          "| %s | %d%% | %d | %.1f | %.1f | %d of %d | %.0f%% | %s | %.1f | %.1f |%n",
          r.layout(), r.powerPercent(), r.measuredRoundMs().size(),
          median(r.measuredRoundMs()) / 1000, median(r.simulatedRoundMs()) / 1000,
          r.measuredSlow(), r.measuredRoundMs().size(), 100 * r.simulatedSlowShare(),
          probability(r.tailProbability()), r.stalledPerThousand(r.measuredReadMs()),
          r.stalledPerThousand(r.simulatedReadMs())));
    }
    return sb.toString();
  }

  private static String probability(double p) {
    return p >= 0.01 ? String.format(Locale.ROOT, "%.2f", p)
        : String.format(Locale.ROOT, "%.1g", p);
  }

  /** The middle value (the mean of the two middle ones for an even count); NaN when empty. */
  static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /**
   * The binomial tail on the side of {@code k}: {@code P(X >= k)} when {@code k > n·p}, else
   * {@code P(X <= k)}, for X ~ Binomial(n, p).
   */
  static double binomialTail(int n, int k, double p) {
    boolean upper = k > n * p;
    double sum = 0;
    for (int x = upper ? k : 0; x <= (upper ? n : k); x++) {
      sum += binomial(n, x) * Math.pow(p, x) * Math.pow(1 - p, n - x);
    }
    return Math.min(1, sum);
  }

  private static double binomial(int n, int x) {
    double c = 1;
    for (int i = 1; i <= x; i++) {
      c = c * (n - x + i) / i;
    }
    return c;
  }
}
