package org.blinkhdfs.rabbit.dataset;

import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which datasets are live (Rabbit §3.4: "an application is reading or writing data to that
 * dataset"), judged from what the NameNode sees: a dataset is live while one of its files got a
 * new block, or one of its blocks was sorted for a reader, less than {@code liveMs} ago. Counts
 * new blocks and reads per dataset.
 *
 * <p>Writes come with the file's path (the placement policy resolves it). Reads come from the
 * read order, which learns the opened path from the NameNode's audit event for the same call
 * (the HDFS adapter's {@code DatasetAuditLogger}); without that logger reads are not seen.
 *
 * <p>Bounded: only names the datasets' resolution returns are recorded: configured datasets (at
 * most {@link DatasetSpecs#MAX_DATASETS}) or the groups of the groups document.
 *
 * <p>Example (liveMs 60 s): a new block or a read of {@code logs} at t = 0 makes logs live until
 * t = 59 999 ms.
 *
 * <p>Thread-safe (concurrent maps, atomic counters).
 */
public final class DatasetActivity {
  private final Clock clock;
  private final long liveMs;
  private final Map<String, Long> lastUseMs = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> newBlocks = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> reads = new ConcurrentHashMap<>();

  public DatasetActivity(long liveMs, Clock clock) {
    if (liveMs < 1) {
      throw new IllegalArgumentException("liveMs must be >= 1, got " + liveMs);
    }
    this.liveMs = liveMs;
    this.clock = clock;
  }

  /** A new block of a file of {@code dataset} was placed now. */
  public void newBlock(String dataset) {
    lastUseMs.merge(dataset, clock.millis(), Math::max);
    newBlocks.computeIfAbsent(dataset, d -> new AtomicLong()).incrementAndGet();
  }

  /** A block of {@code dataset} was sorted for a reader now. */
  public void read(String dataset) {
    lastUseMs.merge(dataset, clock.millis(), Math::max);
    reads.computeIfAbsent(dataset, d -> new AtomicLong()).incrementAndGet();
  }

  /** Block reads of {@code dataset} so far. */
  public long reads(String dataset) {
    AtomicLong n = reads.get(dataset);
    return n == null ? 0 : n.get();
  }

  /** The live datasets now, sorted. */
  public Set<String> live() {
    long now = clock.millis();
    Set<String> out = new TreeSet<>();
    lastUseMs.forEach((d, at) -> {
      if (now - at < liveMs) {
        out.add(d);
      }
    });
    return out;
  }

  /** New blocks placed for {@code dataset} so far. */
  public long newBlocks(String dataset) {
    AtomicLong n = newBlocks.get(dataset);
    return n == null ? 0 : n.get();
  }
}
