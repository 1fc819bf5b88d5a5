package org.blinkhdfs.control.agent;

/**
 * A DataNode's utilization from its own transfer counters: the busier of its read and write
 * paths, each as bytes moved per second over what that path can carry,
 * {@code max(ΔbytesRead / (Δt · readCap), ΔbytesWritten / (Δt · writeCap))}, capped at 1.
 *
 * <p><b>Why.</b> PARAID's gear shifting asks "could fewer disks carry this load?" (Le et al.
 * §2.1.2), and {@link ProcUtilization} answers it from {@code /proc/diskstats} on a real host. A
 * host that runs several DataNodes (an emulated cluster on one machine, where each DataNode's
 * "disk" is its {@code dfs.datanode.data.read.bandwidthPerSec}/{@code write.bandwidthPerSec}
 * throttle and the page cache hides the real disk) has no per-node disk to read: there the
 * DataNode's own {@code BytesRead}/{@code BytesWritten} against its caps is the same question
 * asked of the resource that really bounds it. Read and write are separate caps (HDFS throttles
 * them separately), so neither is summed into the other; the busier one bounds the node.
 *
 * <p><b>Honesty</b>: -1 (unknown, skipped by the scheduler) on the first sample, when no time
 * passed, and when a counter went backwards (the DataNode restarted). Counters are cumulative
 * since the DataNode started, so a missed sample only widens the window.
 *
 * <p>Worked example: caps 10 MB/s read and 10 MB/s write (10 000 000 B/s); samples (read 0,
 * written 0, t 0) then (read 20 000 000, written 5 000 000, t 4000 ms): read 5 MB/s of 10 = 0.5,
 * write 1.25 MB/s of 10 = 0.125; utilization 0.5.
 *
 * <p>Not thread-safe; callers serialize {@link #sample}.
 */
public final class TransferBusy {
  private final long readCapBytesPerSec;
  private final long writeCapBytesPerSec;
  /** {bytesRead, bytesWritten, timeMs} of the previous sample; null before the first. */
  private long[] previous;

  /**
   * @param readCapBytesPerSec what the node's read path carries at most, bytes per second (> 0)
   * @param writeCapBytesPerSec what its write path carries at most, bytes per second (> 0)
   */
  public TransferBusy(long readCapBytesPerSec, long writeCapBytesPerSec) {
    if (readCapBytesPerSec <= 0 || writeCapBytesPerSec <= 0) {
      throw new IllegalArgumentException("transfer caps must be positive: read "
          + readCapBytesPerSec + " B/s, write " + writeCapBytesPerSec + " B/s");
    }
    this.readCapBytesPerSec = readCapBytesPerSec;
    this.writeCapBytesPerSec = writeCapBytesPerSec;
  }

  /**
   * The utilization since the previous sample in [0, 1], or -1 when unknown.
   *
   * @param bytesRead the DataNode's cumulative bytes read by clients and peers
   * @param bytesWritten its cumulative bytes received (writes and replication)
   * @param timeMs when the counters were read
   */
  public double sample(long bytesRead, long bytesWritten, long timeMs) {
    long[] before = previous;
    previous = new long[] {bytesRead, bytesWritten, timeMs};
    if (before == null) {
      return -1;
    }
    long read = bytesRead - before[0];
    long written = bytesWritten - before[1];
    long ms = timeMs - before[2];
    if (read < 0 || written < 0 || ms <= 0) {
      return -1;
    }
    double readBusy = read * 1000.0 / ms / readCapBytesPerSec;
    double writeBusy = written * 1000.0 / ms / writeCapBytesPerSec;
    return Math.min(1.0, Math.max(readBusy, writeBusy));
  }
}
