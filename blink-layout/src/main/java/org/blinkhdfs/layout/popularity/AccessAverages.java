package org.blinkhdfs.layout.popularity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Reads and writes per file, folded once per period into exponentially weighted moving averages
 * (BlinkFS §4.2: "an exponentially weighted moving average of a block's I/O (read) accesses,
 * updated every blink interval"): {@code avg ← α·count + (1 − α)·avg}.
 *
 * <p>Why per file, not per block: HDFS sets replication per file, and a reader's {@code open} is
 * what the NameNode sees (its audit event names the path, not the blocks read).
 *
 * <p>Bounded: at most {@code maxFiles} files are kept; after a fold the coldest beyond that are
 * dropped, and so is every file whose averages fell below {@code 1e-3} of an access per period.
 * Example (α = 0.5): 8 reads in period 1 and none after give 4, 2, 1, 0.5, ...
 *
 * <p>Recording is lock-free and thread-safe (the NameNode's handlers call it); folds are
 * serialized, and each ends a period, so one caller should fold per period.
 */
public final class AccessAverages {
  private static final double FORGET_BELOW = 1e-3;

  private final double alpha;
  private final int maxFiles;
  private final Map<String, LongAdder> reads = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> writes = new ConcurrentHashMap<>();
  private final Map<String, double[]> averages = new ConcurrentHashMap<>();

  /**
   * @param alpha weight of the newest period, in (0, 1]
   * @param maxFiles most files kept, at least 1
   */
  public AccessAverages(double alpha, int maxFiles) {
    if (!(alpha > 0 && alpha <= 1)) {
      throw new IllegalArgumentException("alpha must be in (0, 1], got " + alpha);
    }
    if (maxFiles < 1) {
      throw new IllegalArgumentException("blink.popularity.max.files must be at least 1, got "
          + maxFiles);
    }
    this.alpha = alpha;
    this.maxFiles = maxFiles;
  }

  /** One read (open) of {@code path}. */
  public void read(String path) {
    reads.computeIfAbsent(path, p -> new LongAdder()).increment();
  }

  /** One write (create, append) of {@code path}. */
  public void write(String path) {
    writes.computeIfAbsent(path, p -> new LongAdder()).increment();
  }

  /** Forgets {@code path} (deleted or renamed away). */
  public void forget(String path) {
    reads.remove(path);
    writes.remove(path);
    averages.remove(path);
  }

  /** One file's averages after a fold: reads and writes per period. */
  public record Averages(String path, double reads, double writes) {}

  /**
   * Ends a period: folds the counts since the last fold into the averages, drops what is cold or
   * beyond {@code maxFiles}, and returns every kept file, hottest reads first (ties by path).
   */
  public synchronized List<Averages> fold() {
    Set<String> paths = new HashSet<>(averages.keySet());
    paths.addAll(reads.keySet());
    paths.addAll(writes.keySet());
    List<Averages> out = new ArrayList<>();
    for (String p : paths) {
      double[] avg = averages.computeIfAbsent(p, x -> new double[2]);
      avg[0] = alpha * drain(reads, p) + (1 - alpha) * avg[0];
      avg[1] = alpha * drain(writes, p) + (1 - alpha) * avg[1];
      if (avg[0] < FORGET_BELOW && avg[1] < FORGET_BELOW) {
        forget(p);
      } else {
        out.add(new Averages(p, avg[0], avg[1]));
      }
    }
    out.sort(Comparator.comparingDouble(Averages::reads).reversed()
        .thenComparing(Averages::path));
    while (out.size() > maxFiles) {
      forget(out.remove(out.size() - 1).path());
    }
    return out;
  }

  /** The count since the last fold; the adder stays, so a concurrent increment is not lost. */
  private static long drain(Map<String, LongAdder> counts, String path) {
    LongAdder a = counts.get(path);
    return a == null ? 0 : a.sumThenReset();
  }
}
