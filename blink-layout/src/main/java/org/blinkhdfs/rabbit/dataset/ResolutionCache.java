package org.blinkhdfs.rabbit.dataset;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Remembers which dataset a path resolved to, so that the blocks of one file (and the many
 * {@code addBlock} calls of a busy writer) cost one namespace look-up, not one each.
 *
 * <p>Bounded both ways: at most {@code maxEntries} paths (least recently used evicted) and each
 * answer trusted for {@code maxAgeMs}, after which it is computed again. The age bound is what
 * makes a cache safe here: an operator's {@code setfattr user.blink.dataset} on a directory, a
 * rename into a dataset's root, takes effect for new blocks within {@code maxAgeMs} without any
 * invalidation protocol. Negative answers (no dataset) are cached the same way.
 *
 * <p>Example (max age 5 s): {@code /d/f} resolves to {@code logs} at t = 0 and is served from the
 * cache until t = 4999 ms; at t = 5000 ms it is computed again.
 *
 * <p>Thread-safe: one lock around the map; {@code compute} runs outside it, so a slow namespace
 * look-up never blocks other paths (two threads may compute the same path at once; both store the
 * same answer).
 */
public final class ResolutionCache {
  private final Clock clock;
  private final long maxAgeMs;
  private final LinkedHashMap<String, Entry> entries;

  /**
   * @param maxEntries at least 1
   * @param maxAgeMs how long an answer is trusted, at least 0 (0: never cached)
   */
  public ResolutionCache(int maxEntries, long maxAgeMs, Clock clock) {
    if (maxEntries < 1 || maxAgeMs < 0) {
      throw new IllegalArgumentException("maxEntries must be >= 1 and maxAgeMs >= 0, got "
          + maxEntries + " and " + maxAgeMs);
    }
    this.clock = clock;
    this.maxAgeMs = maxAgeMs;
    this.entries = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
        return size() > maxEntries;
      }
    };
  }

  /** The cached answer for {@code path}, or {@code compute}'s, which is then cached. */
  public Optional<String> get(String path, Function<String, Optional<String>> compute) {
    long now = clock.millis();
    synchronized (entries) {
      Entry e = entries.get(path);
      if (e != null && now - e.atMs < maxAgeMs && now >= e.atMs) {
        return e.dataset;
      }
    }
    Optional<String> dataset = compute.apply(path);
    synchronized (entries) {
      entries.put(path, new Entry(dataset, now));
    }
    return dataset;
  }

  /** Number of cached paths. */
  public int size() {
    synchronized (entries) {
      return entries.size();
    }
  }

  private record Entry(Optional<String> dataset, long atMs) {}
}
