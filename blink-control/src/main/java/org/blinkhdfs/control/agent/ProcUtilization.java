package org.blinkhdfs.control.agent;

import java.nio.file.Path;
import java.time.Clock;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's utilization for PARAID's gear shifting (Le et al. §2.1.2), measured from a {@code
 * /proc} tree: the agent's {@link AgentLoop.Builder#utilization} probe. Each call measures the
 * time since the previous call (the loop calls it once per status post, so about every {@code
 * heartbeatMs}).
 *
 * <p><b>The value: {@code max(disk, cpu)}</b>, where disk is the busiest chosen disk's busy
 * fraction ({@link DiskBusy}, {@code /proc/diskstats}) and cpu the host's CPU busy fraction
 * ({@link CpuBusy}, {@code /proc/stat}). PARAID's U is the disks' I/O utilization, because its
 * question is "could fewer disks carry this load?". A DataNode's capacity is bounded by whichever
 * of its resources saturates first: a node whose disks idle while checksumming and the network
 * stack keep its CPUs busy cannot take the work of a node shifted off either, and reporting the
 * disk alone would make the scheduler shift down into overload. Taking the maximum is the
 * conservative choice: it never under-reports a saturated node; it may over-report a host whose
 * CPUs are busy with work that is not the DataNode's (the probe sees the whole host).
 *
 * <p><b>Honesty</b>: -1 (unknown, which the scheduler skips) when either part is unknown: the
 * first call, no time passed, a counter that went backwards, or a file that is missing or has a
 * line that does not parse. Each file's first problem is logged once at WARN, naming the file,
 * the line number and the line; later ones only at DEBUG. A half-measured value (disk unknown, CPU
 * known) is not reported: it would understate exactly the I/O load gear shifting is about.
 * Otherwise the value is in [0, 1].
 *
 * <p>Caveat: the first sample after a sleep spans the sleep (counters stand still while the host
 * is suspended or the DataNode frozen) and so reads low; gear shifting uses only ACTIVE nodes,
 * which do not sleep.
 *
 * <p>Worked example: diskstats io_ticks of sda 1000 then 1500 over 1000 ms of the clock (disk
 * 0.5) and {@code /proc/stat} showing the CPUs 40% busy over the same span: value 0.5.
 *
 * <p>Thread-safe: {@link #getAsDouble} is synchronized.
 */
public final class ProcUtilization implements DoubleSupplier {
  private static final Logger LOG = LoggerFactory.getLogger(ProcUtilization.class);

  private final DiskBusy disk;
  private final CpuBusy cpu;
  private final Clock clock;
  private final Set<Path> warned = new HashSet<>();

  /**
   * @param procRoot the {@code /proc} directory (a fake tree in tests)
   * @param devices block device names as in column 3 of {@code /proc/diskstats}, e.g. {@code
   *     sda}; empty for every whole disk (see {@link DiskBusy})
   * @param clock the wall clock the disks' busy time is measured against
   */
  public ProcUtilization(Path procRoot, Set<String> devices, Clock clock) {
    Objects.requireNonNull(procRoot, "procRoot");
    this.disk = new DiskBusy(procRoot, Objects.requireNonNull(devices, "devices"));
    this.cpu = new CpuBusy(procRoot);
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** The utilization since the previous call in [0, 1], or -1 when unknown. */
  @Override
  public synchronized double getAsDouble() {
    double d = sampleDisk();
    double c = sampleCpu();
    if (d < 0 || c < 0) {
      return -1;
    }
    return Math.min(1.0, Math.max(d, c));
  }

  // Both parts are sampled on every call, so their windows stay aligned.
  private double sampleDisk() {
    try {
      return disk.sample(clock.millis());
    } catch (ProcReadException e) {
      return unknown(e);
    }
  }

  private double sampleCpu() {
    try {
      return cpu.sample();
    } catch (ProcReadException e) {
      return unknown(e);
    }
  }

  private double unknown(ProcReadException e) {
    if (warned.add(e.file())) {
      LOG.warn("utilization unknown (reported as -1): {}; further problems with this file are"
          + " logged at DEBUG", e.getMessage());
    } else {
      LOG.debug("utilization unknown: {}", e.getMessage());
    }
    return -1;
  }
}
