package org.blinkhdfs.scheduler;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.blinkhdfs.model.wire.HeldReadsReport;

/**
 * The live load from outside the DataNodes the {@code auto} policy sizes its awake set by
 * (Amur &amp; Schwan's max-perf set sized by demand): the latest held-read report of each read
 * relay ({@code PUT /v1/held}) and the latest count of YARN containers pending at the
 * ResourceManager, each stamped with when it arrived and used only while younger than {@code
 * blink.scheduler.load.max.age.ms}.
 *
 * <p>Why a freshness limit: a proxy that stopped reporting, or a ResourceManager that stopped
 * answering, must not keep a stale "readers are waiting" (or "nothing waits") in force; past the
 * limit the signal reads as not measured (-1), which the policy treats as it treats no sample.
 *
 * <p>Worked example (limit 30 s): proxy A reports 4 held reads at 0 s, proxy B 1 at 10 s; at
 * 20 s the book says 5, at 35 s only B's is fresh (1), at 41 s none (-1). A ResourceManager read
 * of 12 pending at 0 s is 12 until 30 s, -1 after; a failed read keeps the last count (it ages
 * out) and its message for {@code GET /v1/held}.
 *
 * <p>At most {@link #MAX_PROXIES} proxies: stale ones are dropped first; a new one beyond that
 * is refused, so a caller cannot grow the book without bound. Thread-safe.
 */
final class LoadBook {
  static final int MAX_PROXIES = 256;

  /** One proxy's latest report and when it arrived. */
  record Held(HeldReadsReport report, long atMs) {}

  /** The last ResourceManager reading: the count (-1 before any) and the last error, if any. */
  record Pending(long containers, long atMs, Optional<String> error, long errorAtMs) {}

  private final long maxAgeMs;
  private final Map<String, Held> held = new LinkedHashMap<>();
  private Pending pending = new Pending(-1, 0, Optional.empty(), 0);

  /** @param maxAgeMs how long a reading counts, {@code >= 1} */
  LoadBook(long maxAgeMs) {
    if (maxAgeMs < 1) {
      throw new IllegalArgumentException("maxAgeMs must be >= 1, got " + maxAgeMs);
    }
    this.maxAgeMs = maxAgeMs;
  }

  long maxAgeMs() {
    return maxAgeMs;
  }

  /**
   * Keeps {@code r} as its proxy's latest report.
   *
   * @throws IllegalArgumentException a new proxy when {@link #MAX_PROXIES} fresh ones report
   */
  synchronized void recordHeld(HeldReadsReport r, long nowMs) {
    dropStale(nowMs);
    if (!held.containsKey(r.proxy()) && held.size() >= MAX_PROXIES) {
      throw new IllegalArgumentException("held reads: " + MAX_PROXIES + " proxies already report"
          + " (the most this scheduler keeps); proxy '" + r.proxy() + "' is refused until one"
          + " stops reporting for " + maxAgeMs + " ms (blink.scheduler.load.max.age.ms)");
    }
    held.remove(r.proxy());
    held.put(r.proxy(), new Held(r, nowMs));
  }

  /** The fresh reports, oldest first. */
  synchronized List<Held> freshHeld(long nowMs) {
    dropStale(nowMs);
    return new ArrayList<>(held.values());
  }

  /** Reads held over the fresh reports (saturating); -1 when no report is fresh. */
  synchronized long readsHeld(long nowMs) {
    dropStale(nowMs);
    if (held.isEmpty()) {
      return -1;
    }
    long sum = 0;
    for (Held h : held.values()) {
      sum = sum > Long.MAX_VALUE - h.report().readsHeld() ? Long.MAX_VALUE
          : sum + h.report().readsHeld();
    }
    return sum;
  }

  /** A successful ResourceManager read: {@code containers >= 0} pending. */
  synchronized void recordPending(long containers, long nowMs) {
    if (containers < 0) {
      throw new IllegalArgumentException("pending containers must be >= 0, got " + containers);
    }
    pending = new Pending(containers, nowMs, Optional.empty(), 0);
  }

  /** A failed read: the last count stays (and ages out), the error is kept for the API. */
  synchronized void recordPendingFailure(String message, long nowMs) {
    pending = new Pending(pending.containers(), pending.atMs(), Optional.of(message), nowMs);
  }

  /** The last reading, fresh or not. */
  synchronized Pending lastPending() {
    return pending;
  }

  /** YARN containers pending, or -1 when never read or older than the limit. */
  synchronized long pendingContainers(long nowMs) {
    return pending.containers() >= 0 && nowMs - pending.atMs() <= maxAgeMs
        ? pending.containers() : -1;
  }

  private void dropStale(long nowMs) {
    for (Iterator<Held> it = held.values().iterator(); it.hasNext(); ) {
      if (nowMs - it.next().atMs() > maxAgeMs) {
        it.remove();
      }
    }
  }
}
