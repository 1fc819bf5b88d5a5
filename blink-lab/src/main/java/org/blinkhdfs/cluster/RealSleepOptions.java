package org.blinkhdfs.cluster;

import java.nio.file.Path;
import org.blinkhdfs.common.cli.Durations;

/**
 * The flags of {@code bin/blink bench real-sleep}.
 *
 * @param guests DataNode guests (real kernels), at least 3 for a staggered ring
 * @param staging staging DataNodes on the host (always awake)
 * @param intervalMs the blink interval
 * @param powerPercent the steady power while blinking
 * @param cycles S3 cycles every guest's kernel must complete while blinking
 * @param dataMiB the data set written before blinking (as 8 MiB files)
 * @param memoryMb each guest's RAM
 * @param out the report directory
 */
record RealSleepOptions(int guests, int staging, long intervalMs, int powerPercent, int cycles,
    int dataMiB, int memoryMb, Path out) {
  static final String USAGE = String.join("\n",
      "usage: bin/blink bench real-sleep [flags]",
      "",
      "A blinking HDFS cluster whose ring DataNodes are real Linux kernels in QEMU guests, each",
      "suspended to ACPI S3 by bin/blink agent --actuator real and woken by its RTC alarm; the",
      "NameNode, a staging DataNode, the scheduler and the clients run on this host. Writes a data",
      "set, blinks under a staggered schedule while the blink client and a stock client read it",
      "and more is written, then reads every byte back. Reports the transition times (enter,",
      "asleep, resume, RTC wake error), the kernels' suspend counters and every read that met a",
      "truly suspended replica: report.md and real-sleep.json in --out. Needs root (tap devices)",
      "and build/ensure-guest.sh (bin/blink runs it). About 10 minutes with the defaults.",
      "",
      "  --guests N        DataNode guests (default 3, at least 3)",
      "  --staging N       staging DataNodes on the host (default 1)",
      "  --interval D      blink interval (default 20s; the paper's is 60s)",
      "  --power P         steady power while blinking, percent (default 30)",
      "  --cycles N        S3 cycles each guest's kernel must complete (default 4)",
      "  --data MIB        data set written before blinking, MiB (default 24)",
      "  --memory MB       RAM per guest (default 1024)",
      "  --out DIR         report directory (default target/blink-report/real-sleep)",
      "  --help            this text");

  RealSleepOptions {
    check(guests >= 3 && guests <= 16, "--guests", guests, "use 3..16");
    check(staging >= 1 && staging <= 4, "--staging", staging, "use 1..4");
    check(intervalMs >= 10_000 && intervalMs <= 600_000, "--interval", intervalMs,
        "use 10s..10m: a window must hold a resume (seconds under TCG) and a read");
    check(powerPercent >= 10 && powerPercent <= 90, "--power", powerPercent,
        "use 10..90: below 10% windows are shorter than a resume, above 90% nobody sleeps");
    check(cycles >= 1 && cycles <= 100, "--cycles", cycles, "use 1..100");
    check(dataMiB >= 8 && dataMiB <= 1024, "--data", dataMiB, "use 8..1024 MiB");
    check(memoryMb >= 512 && memoryMb <= 8192, "--memory", memoryMb, "use 512..8192 MB");
  }

  private static void check(boolean ok, String flag, long value, String fix) {
    if (!ok) {
      throw new IllegalArgumentException(flag + " " + value + " is out of range: " + fix);
    }
  }

  /** Parses the flags after {@code real-sleep}; a bad one names itself, its value and the fix. */
  static RealSleepOptions parse(String[] args) {
    int guests = 3;
    int staging = 1;
    long interval = 20_000;
    int power = 30;
    int cycles = 4;
    int data = 24;
    int memory = 1024;
    Path out = Path.of("target/blink-report/real-sleep");
    for (int i = 0; i < args.length; i++) {
      String flag = args[i];
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(flag + " needs a value (or is not a flag of "
            + "real-sleep); see --help");
      }
      String v = args[++i];
      switch (flag) {
        case "--guests" -> guests = integer(flag, v);
        case "--staging" -> staging = integer(flag, v);
        case "--interval" -> interval = Durations.parseMs(v);
        case "--power" -> power = integer(flag, v.endsWith("%") ? v.substring(0, v.length() - 1)
            : v);
        case "--cycles" -> cycles = integer(flag, v);
        case "--data" -> data = integer(flag, v);
        case "--memory" -> memory = integer(flag, v);
        case "--out" -> out = Path.of(v);
        default -> throw new IllegalArgumentException("unknown flag " + flag
            + " for real-sleep; see --help");
      }
    }
    return new RealSleepOptions(guests, staging, interval, power, cycles, data, memory, out);
  }

  /** {@code v} as an int; otherwise an error naming {@code flag} and the value. */
  static int integer(String flag, String v) {
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(flag + " " + v + " is not a whole number");
    }
  }
}
