package org.blinkhdfs.rabbit.dataset;

import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which datasets are live (Rabbit §3.4: "an application is reading or writing data to that
 * dataset"), judged from the writes the NameNode sees: a dataset is live while one of its files
 * got a new block less than {@code liveMs} ago. Also counts new blocks per dataset.
 *
 * <p>Why writes only: the placement policy sees every new block with its file's path, but the
 * NameNode hands no path to anything a plugin can hook on the read side ({@code getBlockLocations}
 * reaches the topology's sorter without it). Reads therefore do not make a dataset live yet.
 *
 * <p>Bounded: only names of configured datasets are recorded (the resolver returns no others),
 * at most {@link DatasetSpecs#MAX_DATASETS}.
 *
 * <p>Example (liveMs 60 s): a block of {@code logs} at t = 0 makes logs live until t = 59 999 ms.
 *
 * <p>Thread-safe (concurrent maps, atomic counters).
 */
public final class DatasetActivity {
  private final Clock clock;
  private final long liveMs;
  private final Map<String, Long> lastWriteMs = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> newBlocks = new ConcurrentHashMap<>();

  public DatasetActivity(long liveMs, Clock clock) {
    if (liveMs < 1) {
      throw new IllegalArgumentException("liveMs must be >= 1, got " + liveMs);
    }
    this.liveMs = liveMs;
    this.clock = clock;
  }

  /** A new block of a file of {@code dataset} was placed now. */
  public void newBlock(String dataset) {
    lastWriteMs.merge(dataset, clock.millis(), Math::max);
    newBlocks.computeIfAbsent(dataset, d -> new AtomicLong()).incrementAndGet();
  }

  /** The live datasets now, sorted. */
  public Set<String> live() {
    long now = clock.millis();
    Set<String> out = new TreeSet<>();
    lastWriteMs.forEach((d, at) -> {
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
