package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The real-sleep report's parsers, on lines copied from a run's guest consoles and agent log. */
class RealSleepReportTest {
  @Test
  void kernelCyclesFromTheConsole() {
    List<long[]> c = RealSleepReport.kernelCycles(List.of(
        "[    9.745523] PM: suspend entry (deep)",
        "[    9.764415] Freezing user space processes",
        "[    9.920394] ACPI: PM: Preparing to enter system sleep state S3",
        "[    9.972309] ACPI: PM: Waking up from system sleep state S3",
        "[   10.013474] PM: suspend exit",
        "[   12.000000] PM: suspend entry (deep)", // no exit yet: not a cycle
        "blink-guest: guest0 10.77.1.10 ready"));
    assertEquals(1, c.size());
    // 9.920394 − 9.745523 = 174.871 ms; 10.013474 − 9.972309 = 41.165 ms (in µs).
    assertArrayEquals(new long[] {174_871, 41_165}, c.get(0));
  }

  @Test
  void agentCyclesFromItsLog() {
    List<double[]> c = RealSleepReport.agentCycles(List.of(
        "09:17:19,036 INFO  AgentLoop - 10.77.1.10:9866: awake after sleep 1: real: mem (deep)"
            + " with rtc0 alarm at 2026-11-29T09:17:18Z; suspended 5646 ms measured by"
            + " CLOCK_BOOTTIME?CLOCK_MONOTONIC; decision?entry 0.994 ms, enter 50.520 ms, kernel"
            + " resume 69.623 ms, RTC wake error +80 ms, resume 450 ms (DataNode transfer port"
            + " 10.77.1.10:9866 accepts), suspend_stats: success; next resume latency 950 ms"
            + " (learned from 1 samples)",
        "09:30:56,670 INFO  AgentLoop - 10.77.1.10:9866: awake after sleep 6: real: ..."
            + " decision→entry ?, enter ?, kernel resume ?, RTC wake error -2506 ms, resume ?,"
            + " suspend_stats: success",
        "09:17:19,040 INFO  AgentLoop - 10.77.1.10:9866: resumed in 450 ms from the alarm"));
    assertEquals(2, c.size());
    // 09:17:19,036 is (9 * 3600 + 17 * 60 + 19) s + 36 ms = 33 439 036 ms into the day.
    assertArrayEquals(new double[] {0.994, 80, 450, 950, 33_439_036}, c.get(0));
    assertArrayEquals(new double[] {-1, -2506, -1, -1, 34_256_670}, c.get(1));
    // A host resume at 09:17:20.000 UTC (some day) matches the first line, 964 ms away;
    // one at 09:25:00 matches neither (more than 3 s from both).
    long day = 1_795_910_400_000L; // 2026-11-29T00:00:00Z
    assertEquals(80, RealSleepReport.nearest(c, day + 33_440_000)[1]);
    assertEquals(-1, RealSleepReport.nearest(c, day + 33_900_000)[1]);
  }
}
