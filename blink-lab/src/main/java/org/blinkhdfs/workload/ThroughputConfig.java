package org.blinkhdfs.workload;

import java.time.Duration;
import org.apache.hadoop.fs.Path;

/**
 * Configuration of the {@link ThroughputWorkload} (TestDFSIO-style): T threads, one file of S
 * bytes each, written then read sequentially in {@code bufferBytes} chunks.
 *
 * <p>Defaults: 4 threads, 64 MiB files, 1 MiB buffer (TestDFSIO's default buffer), replication 3,
 * the file system's block size, at most 10 minutes per phase, data seed {@code 0xD5F10}. Build with
 * {@link #builder()}; bad values fail with an {@link IllegalArgumentException} naming field, value
 * and fix.
 *
 * <p>Immutable.
 *
 * @param dir HDFS directory the workload owns (files {@code dir/io_data/file-00000 ..})
 * @param threads T, parallel writers/readers and files, 1..256
 * @param fileBytes S, bytes per file, 1 .. 1 TiB
 * @param bufferBytes bytes per write/read call, 1..64 MiB
 * @param replication replication factor of the files, 1..512
 * @param timeLimit longest each phase may run, up to 24 h; files still moving then end {@code
 *     INCOMPLETE}
 * @param blockBytes HDFS block size; 0 = the file system's default
 * @param dataSeed seed of the file contents ({@code DataPattern}); the read phase must use the
 *     writer's
 */
public record ThroughputConfig(Path dir, int threads, long fileBytes, int bufferBytes,
    int replication, Duration timeLimit, long blockBytes, long dataSeed) {

  public static final int MAX_THREADS = 256;
  public static final int MAX_BUFFER_BYTES = 64 << 20;
  public static final long MAX_FILE_BYTES = 1L << 40;

  public ThroughputConfig {
    Checks.dir("ThroughputConfig.dir", dir);
    Checks.intIn("ThroughputConfig.threads", threads, 1, MAX_THREADS,
        "use one thread per file, e.g. the number of DataNodes");
    Checks.longIn("ThroughputConfig.fileBytes", fileBytes, 1, MAX_FILE_BYTES,
        "use e.g. 67108864 (64 MiB) per file");
    Checks.intIn("ThroughputConfig.bufferBytes", bufferBytes, 1, MAX_BUFFER_BYTES,
        "use e.g. 1048576 (TestDFSIO's default)");
    Checks.intIn("ThroughputConfig.replication", replication, 1, 512,
        "use 1..the number of DataNodes, e.g. 3");
    Checks.timeLimit("ThroughputConfig.timeLimit", timeLimit);
    Checks.blockBytes("ThroughputConfig.blockBytes", blockBytes);
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder().dir(dir).threads(threads).fileBytes(fileBytes).bufferBytes(bufferBytes)
        .replication(replication).timeLimit(timeLimit).blockBytes(blockBytes).dataSeed(dataSeed);
  }

  /** Mutable builder with the defaults above; not thread-safe. */
  public static final class Builder {
    private Path dir = new Path("/blink/workload/dfsio");
    private int threads = 4;
    private long fileBytes = 64L << 20;
    private int bufferBytes = 1 << 20;
    private int replication = 3;
    private Duration timeLimit = Duration.ofMinutes(10);
    private long blockBytes;
    private long dataSeed = 0xD5F10L;

    public Builder dir(Path v) {
      dir = v;
      return this;
    }

    public Builder threads(int v) {
      threads = v;
      return this;
    }

    public Builder fileBytes(long v) {
      fileBytes = v;
      return this;
    }

    public Builder bufferBytes(int v) {
      bufferBytes = v;
      return this;
    }

    public Builder replication(int v) {
      replication = v;
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

    public ThroughputConfig build() {
      return new ThroughputConfig(dir, threads, fileBytes, bufferBytes, replication, timeLimit,
          blockBytes, dataSeed);
    }
  }
}
