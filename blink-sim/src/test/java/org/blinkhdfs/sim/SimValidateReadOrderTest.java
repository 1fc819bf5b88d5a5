package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.blinkhdfs.bench.report.Report;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.bench.report.ReportJson;
import org.blinkhdfs.bench.report.RunInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/blink sim --validate} and {@code --figure auto} take the cluster's read order
 * ({@code --read-order}, or {@code -D blink.read.order}); a bad name exits 2 naming the flag.
 */
class SimValidateReadOrderTest {
  @TempDir Path dir;

  private record Run(int code, String out, String err) {}

  private static Run sim(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    AtomicLong clock = new AtomicLong();
    int code = SimCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), () -> clock.addAndGet(1_000_000));
    return new Run(code, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /**
   * One recorded throughput cell, phase groups at 80% on the 9-node cluster: the simulated
   * readers get 35.8 MiB/s under the longest window and 67.7 balanced
   * ({@code FileReadSimBalancedTest}, the same workload with 16 phases here).
   */
  @Test
  void validateSimulatesTheGivenReadOrder() throws Exception {
    RunInfo run = RunInfo.builder("t").commandLine("bin/blink bench throughput")
        .startedAt(Instant.EPOCH).finishedAt(Instant.EPOCH.plusSeconds(1)).build();
    ReportCell cell = new ReportCell("throughput", "phase-groups+phase-groups", 3, 80,
        Map.of("readMBps", 60.0, "readMBpsCi95", 2.0, "rounds", 8.0), Map.of());
    Path file = dir.resolve("results.json");
    Files.writeString(file, ReportJson.write(new Report(run, List.of(cell), List.of())));
    Run longest = sim("--validate", file.toString(), "--interval", "6s");
    assertEquals(0, longest.code(), longest.err());
    assertTrue(!longest.out().contains("read order"), longest.out());
    Run balanced = sim("--validate", file.toString(), "--interval", "6s", "--read-order",
        "balanced");
    assertEquals(0, balanced.code(), balanced.err());
    assertTrue(balanced.out().contains("x 8 layout draws; read order balanced)"),
        balanced.out());
    assertEquals(balanced.out(), sim("--validate", file.toString(), "--interval", "6s", "-D",
        "blink.read.order=balanced").out());
    double l = simulated(longest.out());
    double b = simulated(balanced.out());
    assertTrue(b > 1.5 * l, "balanced " + b + ", longest " + l);
  }

  @Test
  void aBadOrderIsAUsageErrorForValidateAndTheAutoFigure() {
    Run bad = sim("--validate", "../docs/results/2026-11-27-latency-400/results.json",
        "--interval", "6s", "--read-order", "nearest");
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("--read-order = 'nearest' is invalid: give longest-window"),
        bad.err());
    Run key = sim("--figure", "auto", "--out", dir.toString(), "-D", "blink.read.order=x");
    assertEquals(2, key.code());
    assertTrue(key.err().contains("blink.read.order = 'x' is invalid"), key.err());
  }

  /** The simulated MiB/s of the table's one row: the column after the expectation. */
  private static double simulated(String out) {
    for (String line : out.split("\n")) {
      if (line.startsWith("| phase-groups+phase-groups |")) {
        String[] cols = line.split("\\|");
        return Double.parseDouble(cols[7].trim().split(" ")[0]);
      }
    }
    throw new AssertionError("no row in " + out);
  }
}
