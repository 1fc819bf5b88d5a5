package org.blinkhdfs.workload;

import java.time.Duration;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.stats.ZipfSampler;

/**
 * Configuration of the {@link ZipfKvWorkload} (BlinkFS §6.2's MemcacheDB experiment: 10 000
 * objects of 100 KB, Zipf key popularity).
 *
 * <p>Defaults, scaled for a laptop-sized demo: 2 000 keys of 4–64 KiB (about 68 MiB), packed into
 * 4 pack files, replication 3, 1 000 gets on 1 thread, Zipf exponent 1.2, at most 10 minutes, the
 * file system's block size, data seed {@code 0xCAFE}. Build with {@link #builder()}; bad values
 * fail with an {@link IllegalArgumentException} naming field, value and fix.
 *
 * <p>Immutable.
 *
 * @param dir HDFS directory the workload owns ({@code packs/pack-00000..}, {@code index})
 * @param keyCount number of objects, 1..1 000 000
 * @param minObjectBytes smallest object, 1..64 MiB
 * @param maxObjectBytes largest object, {@code minObjectBytes}..64 MiB
 * @param packCount pack files the objects are spread over, 1..min(keyCount, 10 000)
 * @param replication replication factor of packs and index, 1..512
 * @param getOps gets in the get phase, 0..200 000
 * @param threads client threads issuing gets, 1..64
 * @param zipfExponent popularity skew s, 0 (uniform)..20
 * @param timeLimit longest the get phase may run, up to 24 h
 * @param blockBytes HDFS block size of packs; 0 = the file system's default
 * @param dataSeed seed of object sizes, contents and the popularity order of keys
 * @param thinkTime mean pause before each get, drawn exponentially (Poisson arrivals at a
 *     steady rate, as BlinkFS's generator issued them); zero for back-to-back gets, whose
 *     per-get statistics over-sample the moments a replica is awake on a blinking cluster
 */
public record ZipfKvConfig(Path dir, int keyCount, int minObjectBytes, int maxObjectBytes,
    int packCount, int replication, int getOps, int threads, double zipfExponent,
    Duration timeLimit, long blockBytes, long dataSeed, Duration thinkTime) {

  public static final int MAX_OBJECT_BYTES = 64 << 20;
  public static final int MAX_PACKS = 10_000;
  public static final int MAX_OPS = 200_000;
  public static final int MAX_THREADS = 64;

  public ZipfKvConfig {
    Checks.dir("ZipfKvConfig.dir", dir);
    Checks.intIn("ZipfKvConfig.keyCount", keyCount, 1, KvIndex.MAX_KEYS,
        "use e.g. 2000 (BlinkFS used 10000)");
    Checks.intIn("ZipfKvConfig.minObjectBytes", minObjectBytes, 1, MAX_OBJECT_BYTES,
        "use e.g. 4096");
    Checks.intIn("ZipfKvConfig.maxObjectBytes", maxObjectBytes, minObjectBytes, MAX_OBJECT_BYTES,
        "use at least minObjectBytes=" + minObjectBytes + ", e.g. 65536");
    Checks.intIn("ZipfKvConfig.packCount", packCount, 1, Math.min(keyCount, MAX_PACKS),
        "use a few large files, at most keyCount=" + keyCount);
    Checks.intIn("ZipfKvConfig.replication", replication, 1, 512,
        "use 1..the number of DataNodes, e.g. 3");
    Checks.intIn("ZipfKvConfig.getOps", getOps, 0, MAX_OPS, "use e.g. 1000 gets");
    Checks.intIn("ZipfKvConfig.threads", threads, 1, MAX_THREADS,
        "use 1 (BlinkFS's single client) or a few");
    Checks.doubleIn("ZipfKvConfig.zipfExponent", zipfExponent, 0, 20,
        "use " + ZipfSampler.DEFAULT_EXPONENT + ", or 0 for uniform popularity");
    Checks.timeLimit("ZipfKvConfig.timeLimit", timeLimit);
    Checks.blockBytes("ZipfKvConfig.blockBytes", blockBytes);
    Checks.timeLimit("ZipfKvConfig.thinkTime", thinkTime.isZero() ? Duration.ofMillis(1)
        : thinkTime);
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder().dir(dir).keyCount(keyCount).minObjectBytes(minObjectBytes)
        .maxObjectBytes(maxObjectBytes).packCount(packCount).replication(replication)
        .getOps(getOps).threads(threads).zipfExponent(zipfExponent).timeLimit(timeLimit)
        .blockBytes(blockBytes).dataSeed(dataSeed).thinkTime(thinkTime);
  }

  /** Mutable builder with the defaults above; not thread-safe. */
  public static final class Builder {
    private Path dir = new Path("/blink/workload/kv");
    private int keyCount = 2000;
    private int minObjectBytes = 4 << 10;
    private int maxObjectBytes = 64 << 10;
    private int packCount = 4;
    private int replication = 3;
    private int getOps = 1000;
    private int threads = 1;
    private double zipfExponent = ZipfSampler.DEFAULT_EXPONENT;
    private Duration timeLimit = Duration.ofMinutes(10);
    private long blockBytes;
    private long dataSeed = 0xCAFEL;
    private Duration thinkTime = Duration.ZERO;

    public Builder dir(Path v) {
      dir = v;
      return this;
    }

    public Builder keyCount(int v) {
      keyCount = v;
      return this;
    }

    public Builder minObjectBytes(int v) {
      minObjectBytes = v;
      return this;
    }

    public Builder maxObjectBytes(int v) {
      maxObjectBytes = v;
      return this;
    }

    public Builder packCount(int v) {
      packCount = v;
      return this;
    }

    public Builder replication(int v) {
      replication = v;
      return this;
    }

    public Builder getOps(int v) {
      getOps = v;
      return this;
    }

    public Builder threads(int v) {
      threads = v;
      return this;
    }

    public Builder zipfExponent(double v) {
      zipfExponent = v;
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

    public ZipfKvConfig build() {
      return new ZipfKvConfig(dir, keyCount, minObjectBytes, maxObjectBytes, packCount,
          replication, getOps, threads, zipfExponent, timeLimit, blockBytes, dataSeed,
          thinkTime);
    }
  }
}
