package org.blinkhdfs.control.agent;

import java.nio.file.Path;
import java.util.List;

/**
 * The host's CPU busy fraction between two reads of the aggregate {@code cpu} line of {@code
 * /proc/stat}: {@code 1 − Δ(idle + iowait) / Δtotal}, where total is the sum of user, nice,
 * system, idle, iowait, irq, softirq and steal (the fields present; at least the first four).
 * guest and guest_nice are left out: the kernel already counts them in user and nice.
 *
 * <p>iowait counts as idle: a CPU waiting for the disk is not doing work, and the disk's side is
 * measured by {@link DiskBusy}. The time base is the kernel's own ticks, so no wall clock is
 * needed; "no time passed" is {@code Δtotal = 0}.
 *
 * <p>Worked example: {@code cpu 100 0 100 700 100 0 0 0} then {@code cpu 300 0 100 900 200 0 0
 * 0}: Δtotal = 1500 − 1000 = 500, Δ(idle + iowait) = 1100 − 800 = 300, busy = 1 − 300/500 = 0.4.
 *
 * <p>Not thread-safe; {@link ProcUtilization} serializes calls.
 */
final class CpuBusy {
  /** user nice system idle iowait irq softirq steal: indices 1..8 of the line's tokens. */
  private static final int MAX_FIELDS = 8;
  private static final int IDLE = 4;
  private static final int IOWAIT = 5;

  private final Path file;
  /** {idle + iowait, total} of the previous read; null before the first. */
  private long[] previous;

  CpuBusy(Path procRoot) {
    this.file = procRoot.resolve("stat");
  }

  /** The busy fraction since the previous call, or -1 on the first call, no time or a reset. */
  double sample() throws ProcReadException {
    long[] now = read();
    long[] before = previous;
    previous = now;
    if (before == null) {
      return -1;
    }
    long idle = now[0] - before[0];
    long total = now[1] - before[1];
    if (idle < 0 || total <= 0 || idle > total) {
      return -1;
    }
    return 1.0 - (double) idle / total;
  }

  private long[] read() throws ProcReadException {
    List<String> lines = ProcLines.read(file);
    for (int i = 0; i < lines.size(); i++) {
      String[] t = ProcLines.tokens(lines.get(i));
      if (t.length > 0 && t[0].equals("cpu")) {
        int fields = Math.min(MAX_FIELDS, t.length - 1);
        long idle = 0;
        long total = 0;
        for (int f = 1; f <= Math.max(fields, IDLE); f++) {
          long v = ProcLines.counter(file, i + 1, lines.get(i), t, f);
          total += v;
          if (total < 0) {
            throw new ProcReadException(file, i + 1, lines.get(i), "counters overflow a long");
          }
          if (f == IDLE || f == IOWAIT) {
            idle += v;
          }
        }
        return new long[] {idle, total};
      }
    }
    throw new ProcReadException(file, 0, "", "no aggregate 'cpu' line");
  }
}
