package org.blinkhdfs.workload;

import java.time.Duration;
import org.apache.hadoop.fs.Path;

/**
 * Configuration of the {@link LatencyWorkload}: the data set it reads (F files of S bytes with
 * replication r under {@code dir}), the request size and how many requests of each kind.
 *
 * <p>Defaults (BlinkFS §6.1 uses 128 KB requests, single-threaded and blocking): 8 files of 8 MiB,
 * replication 3, 128 KiB requests, 500 reads, 100 writes, at most 10 minutes per phase, the file
 * system's block size, data seed {@code 0x5EED}. Build with {@link #builder()}; every field is
 * validated at construction and a bad value fails with an {@link IllegalArgumentException} naming
 * field, value and fix.
 *
 * <p>Immutable.
 *
 * @param dir HDFS directory the workload owns ({@code data/} for the read set, {@code writes/})
 * @param fileCount F, files in the read set, 1..100 000
 * @param fileBytes S, bytes per file, at least {@code requestBytes}, at most 1 TiB
 * @param requestBytes bytes per read or write request, 1..64 MiB
 * @param replication replication factor r of every file written, 1..512
 * @param readOps random reads in the read phase, 0..200 000
 * @param writeOps new files written in the write phase, 0..200 000
 * @param timeLimit longest each phase may run (prepare excluded), up to 24 h
 * @param blockBytes HDFS block size of files written; 0 = the file system's default
 * @param dataSeed seed of the file contents ({@code DataPattern}); readers must use the writer's
 * @param thinkTime mean pause before each read, drawn exponentially (Poisson arrivals); zero for
 *     back-to-back reads. On a blinking cluster back-to-back reads of a few milliseconds all
 *     land in one instant of the blink interval; Poisson arrivals see time averages (PASTA), so
 *     the measured mean wait converges to the schedule's expected wait
 * @param clients independent blocking readers sharing {@code readOps}, each with its own
 *     request sequence and think time, 1..256: a cell gets many reads without making one
 *     reader's think time short (each still models BlinkFS's single blocking client)
 */
public record LatencyConfig(Path dir, int fileCount, long fileBytes, int requestBytes,
    int replication, int readOps, int writeOps, Duration timeLimit, long blockBytes,
    long dataSeed, Duration thinkTime, int clients) {

  public static final int MAX_FILES = 100_000;
  public static final int MAX_REQUEST_BYTES = 64 << 20;
  public static final int MAX_OPS = 200_000;
  public static final long MAX_FILE_BYTES = 1L << 40;

  public LatencyConfig {
    Checks.dir("LatencyConfig.dir", dir);
    Checks.intIn("LatencyConfig.fileCount", fileCount, 1, MAX_FILES,
        "write at least one file to read from");
    Checks.intIn("LatencyConfig.requestBytes", requestBytes, 1, MAX_REQUEST_BYTES,
        "use a request size such as 65536 or 131072");
    Checks.longIn("LatencyConfig.fileBytes", fileBytes, requestBytes, MAX_FILE_BYTES,
        "each file must hold at least one request of requestBytes=" + requestBytes);
    Checks.intIn("LatencyConfig.replication", replication, 1, 512,
        "use 1..the number of DataNodes, e.g. 3");
    Checks.intIn("LatencyConfig.readOps", readOps, 0, MAX_OPS, "use e.g. 500 reads");
    Checks.intIn("LatencyConfig.writeOps", writeOps, 0, MAX_OPS, "use e.g. 100 writes");
    Checks.timeLimit("LatencyConfig.timeLimit", timeLimit);
    Checks.blockBytes("LatencyConfig.blockBytes", blockBytes);
    Checks.timeLimit("LatencyConfig.thinkTime", thinkTime.isZero() ? Duration.ofMillis(1)
        : thinkTime);
    Checks.intIn("LatencyConfig.clients", clients, 1, 256, "use e.g. 1 or 8 readers");
  }

  /** Aligned request slots per file: {@code floor(fileBytes / requestBytes)}. */
  public long slotsPerFile() {
    return fileBytes / requestBytes;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder().dir(dir).fileCount(fileCount).fileBytes(fileBytes)
        .requestBytes(requestBytes).replication(replication).readOps(readOps).writeOps(writeOps)
        .timeLimit(timeLimit).blockBytes(blockBytes).dataSeed(dataSeed).thinkTime(thinkTime)
        .clients(clients);
  }

  /** Mutable builder with the defaults above; not thread-safe. */
  public static final class Builder {
    private Path dir = new Path("/blink/workload/latency");
    private int fileCount = 8;
    private long fileBytes = 8L << 20;
    private int requestBytes = 128 << 10;
    private int replication = 3;
    private int readOps = 500;
    private int writeOps = 100;
    private Duration timeLimit = Duration.ofMinutes(10);
    private long blockBytes;
    private long dataSeed = 0x5EEDL;
    private Duration thinkTime = Duration.ZERO;
    private int clients = 1;

    public Builder dir(Path v) {
      dir = v;
      return this;
    }

    public Builder fileCount(int v) {
      fileCount = v;
      return this;
    }

    public Builder fileBytes(long v) {
      fileBytes = v;
      return this;
    }

    public Builder requestBytes(int v) {
      requestBytes = v;
      return this;
    }

    public Builder replication(int v) {
      replication = v;
      return this;
    }

    public Builder readOps(int v) {
      readOps = v;
      return this;
    }

    public Builder writeOps(int v) {
      writeOps = v;
      return this;
    }

    public Builder timeLimit(Duration v) {
      timeLimit = v;
      return this;
    }

    public Builder blockBytes(long v) {
      blockBytes = v;
      return this;
    }

    public Builder dataSeed(long v) {
      dataSeed = v;
      return this;
    }

    public Builder thinkTime(Duration v) {
      thinkTime = v;
      return this;
    }

    public Builder clients(int v) {
      clients = v;
      return this;
    }

    public LatencyConfig build() {
      return new LatencyConfig(dir, fileCount, fileBytes, requestBytes, replication, readOps,
          writeOps, timeLimit, blockBytes, dataSeed, thinkTime, clients);
    }
  }
}
