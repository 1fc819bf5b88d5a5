package org.blinkhdfs.placement;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a bug in the layout code from stopping the NameNode: every public entry point of {@link
 * LayoutBlockPlacementPolicy} runs through {@link #call}, and an unexpected {@link
 * RuntimeException} is logged (rate-limited), counted ({@code PolicyFailures} of the NameNode
 * plugin's metrics) and the same call is run again as HDFS's default policy would run it.
 *
 * <p><b>Why.</b> The NameNode's RedundancyMonitor thread calls {@code chooseTarget}, {@code
 * verifyBlockPlacement} and {@code chooseReplicasToDelete}; it catches any {@code Throwable} and
 * calls {@code ExitUtil.terminate}, so one bad block or schedule would take the whole NameNode
 * down (on a handler thread it only fails that RPC). HDFS's default placement is always a valid
 * answer for a block (it is what the policy gives with no schedule), so it is the fallback: the
 * block is placed, verified or trimmed by HDFS's rules, and a later call, once the cause is gone,
 * puts it back on its layout through the usual correction.
 *
 * <p><b>How the retry becomes the default policy.</b> While the retry runs, {@link
 * #defaultsOnly()} is true on the calling thread; the policy's schedule lookup answers "no
 * schedule" then, and with no schedule every override of the policy is exactly {@code
 * BlockPlacementPolicyDefault}'s (its class comment). One rule for every method, so there is no
 * per-method fallback to keep in step. An exception from the retry (a bug in HDFS itself, or in a
 * check shared with it) is not caught again: it goes where it would have gone without BlinkHDFS.
 *
 * <p><b>Limits.</b> The first failure is logged with its stack trace; after it at most one line
 * per {@link #LOG_EVERY_MS}, with how many were not logged. Errors ({@code OutOfMemoryError} and
 * the like) are not caught: the NameNode must see them.
 *
 * <p>Example: the layout throws {@code IllegalStateException} for a block the NameNode wants on
 * one more node; the guard logs it, {@code PolicyFailures} becomes 1, and the retry picks the new
 * node by rack awareness among all live nodes, as stock HDFS would.
 *
 * <p>Thread-safe: the flag is per thread, the counters are atomic.
 */
final class PolicyGuard {
  private static final Logger LOG = LoggerFactory.getLogger(PolicyGuard.class);
  /** The longest gap between two logged failures after the first (ms). */
  static final long LOG_EVERY_MS = 60_000;

  private final AtomicLong failures;
  private final LongSupplier nowMs;
  private final ThreadLocal<Boolean> retrying = new ThreadLocal<>();
  private final AtomicLong nextLogMs = new AtomicLong(Long.MIN_VALUE);
  private final AtomicLong unlogged = new AtomicLong();

  /**
   * @param failures the counter of caught failures (the runtime's {@code policyFailures})
   * @param nowMs the clock for the log rate limit, in ms
   */
  PolicyGuard(AtomicLong failures, LongSupplier nowMs) {
    this.failures = Objects.requireNonNull(failures, "failures");
    this.nowMs = Objects.requireNonNull(nowMs, "nowMs");
  }

  /** True on a thread that is retrying a failed call as the default policy. */
  boolean defaultsOnly() {
    return retrying.get() != null;
  }

  /**
   * Runs {@code call}; when it throws a {@link RuntimeException}, logs and counts it and runs it
   * once more with {@link #defaultsOnly()} true. {@code call} must not have effects the caller
   * sees before it returns (each attempt works on its own copies), so a retry starts clean.
   *
   * @param operation the policy method, for the log
   */
  <T> T call(String operation, Supplier<T> call) {
    if (defaultsOnly()) {
      return call.get(); // nested inside a retry: already the default policy
    }
    try {
      return call.get();
    } catch (RuntimeException e) {
      failed(operation, e);
      retrying.set(Boolean.TRUE);
      try {
        return call.get();
      } finally {
        retrying.remove();
      }
    }
  }

  private void failed(String operation, RuntimeException e) {
    long count = failures.incrementAndGet();
    long now = nowMs.getAsLong();
    long next = nextLogMs.get();
    if (now < next || !nextLogMs.compareAndSet(next, now + LOG_EVERY_MS)) {
      unlogged.incrementAndGet();
      return;
    }
    long skipped = unlogged.getAndSet(0);
    if (count == 1) {
      LOG.error("BlinkHDFS placement policy failed in {}; this call and any like it get HDFS's"
          + " default placement instead (failures are counted in the NameNode's PolicyFailures"
          + " metric; this is a bug, please report it)", operation, e);
    } else {
      LOG.error("BlinkHDFS placement policy failed in {} ({} failures in all, {} not logged"
          + " since the last report; HDFS's default placement used): {}", operation, count,
          skipped, e.toString());
    }
  }
}
