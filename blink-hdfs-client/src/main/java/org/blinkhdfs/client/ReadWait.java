package org.blinkhdfs.client;

import java.util.Collection;
import org.blinkhdfs.model.schedule.ReadOrder;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * How long a reader should wait before reading a block, given the schedule and the block's
 * replica addresses. Pure: no Hadoop types, no clock, no state.
 *
 * <p>Why: a block whose every replica is asleep cannot be read; plain HDFS would try each
 * replica, sit on connect timeouts and fail. Knowing the schedule, the client can instead wait
 * for the first window to open, which is never more than one blink interval away.
 *
 * <p>Definitions (the ones the NameNode's {@link ReadOrder} uses):
 *
 * <ul>
 *   <li>A replica is <em>usable</em> at {@code t} when it is awake with at least {@code
 *       minWindowMs} of its window left, or will not sleep again under this schedule (ACTIVE, a
 *       window that reaches the lease end, an expired schedule, a node the schedule does not
 *       name).
 *   <li>The <em>bound</em> is {@code intervalMs + marginMs}: within one interval every node
 *       that ever wakes has had a full window, the margin covers clock skew and DataNode resume.
 *   <li>The wait is the smallest {@code w >= 0} such that some replica is usable at {@code now +
 *       w}, capped at the bound; 0 without a schedule or without replicas (nothing to wait for:
 *       HDFS decides).
 * </ul>
 *
 * <p>Algorithm, per replica: usability can only begin when a window opens or when the lease
 * ends (within a window the time left only shrinks), so start at {@code now} and jump from one
 * candidate instant to the next with {@link ReadOrder#key} (its {@code untilUsableMs} is the next
 * opening, or the lease end if sooner) until the replica is usable or the bound is passed. A
 * replica awake with too little left therefore waits for its next window; one whose windows are
 * all shorter than {@code minWindowMs} never qualifies before the lease ends.
 *
 * <p>Worked example (interval 60 s, minimum window 1 s, margin 2 s, now = phase 10 s): replica
 * A asleep until phase 30 s, replica B awake [0, 10.5 s) so 500 ms left, too little, next
 * window at phase 60 s. Wait = min(20 000, 50 000) = 20 000 ms. If both were OFF the wait would
 * be the bound, 62 000 ms.
 *
 * <p>A reader that itself runs on a blinking host (a YARN container frozen with its host) can
 * only read while both it and a replica are awake: a wait that ends when the replica wakes but
 * the reader's host sleeps is spent frozen, and by the time the reader thaws the replica may
 * sleep again (measured: a TeraValidate map on a 40% ring logged two waits for most 1 MiB
 * blocks, 12 s apart). {@link #waitMs(Schedule, Collection, String,
 * long, long, long)} with the reader's own node therefore waits until the reader and some replica
 * are <em>usable together</em>; both usable means both have {@code minWindowMs} left, so they
 * share at least that much. Joint usability cannot begin before the later of the two
 * {@code untilUsableMs}, so the search jumps there. If no replica is ever usable together with
 * the reader within the bound (their windows never overlap), the wait falls back to the replica
 * alone: the read then needs HDFS's retries, which is what it had before.
 *
 * <p>Worked example (interval 6 s, minimum window 0.5 s, now = phase 0): reader awake [0, 2.25
 * s), replica awake [2.67, 4.92 s) and [6 + 2.67, ...). Alone the replica's wait is 2 670 ms,
 * but then the reader is asleep; their windows never overlap, so the joint wait is impossible
 * and the answer is 2 670 ms. With the replica awake [1.33, 3.58 s) the joint wait is 1 330 ms
 * (both usable from 1.33 s: the reader has 0.92 s left).
 *
 * <p>Stateless and thread-safe.
 */
public final class ReadWait {
  private ReadWait() {}

  /** The longest any read waits under {@code schedule}: one interval plus the margin. */
  public static long boundMs(Schedule schedule, long marginMs) {
    return saturatedAdd(schedule.intervalMs(), Math.max(0, marginMs));
  }

  /**
   * Milliseconds to wait at {@code nowMs} before reading a block held by {@code replicas}: 0 when
   * one is usable now (or there is no schedule or no replica), otherwise until the first one is
   * usable, at most {@link #boundMs}.
   *
   * @param schedule the schedule in force, or null when none is
   */
  public static long waitMs(Schedule schedule, Collection<String> replicas, long nowMs,
      long minWindowMs, long marginMs) {
    return waitMs(schedule, replicas, null, nowMs, minWindowMs, marginMs);
  }

  /**
   * As {@link #waitMs(Schedule, Collection, long, long, long)} for a reader that runs on the
   * schedule's node {@code reader} (null, or a node the schedule does not name: a reader that
   * never sleeps): the wait until the reader and some replica are usable together, or, when
   * none ever is within the bound, until some replica is usable.
   */
  public static long waitMs(Schedule schedule, Collection<String> replicas, String reader,
      long nowMs, long minWindowMs, long marginMs) {
    if (schedule == null || replicas.isEmpty()) {
      return 0;
    }
    long bound = boundMs(schedule, marginMs);
    if (reader != null) {
      long best = Long.MAX_VALUE;
      for (String node : replicas) {
        best = Math.min(best, untilJointlyUsableMs(schedule, reader, node, nowMs, minWindowMs,
            Math.min(bound, best)));
        if (best == 0) {
          return 0;
        }
      }
      if (best != Long.MAX_VALUE) {
        return best;
      }
    }
    return replicaWaitMs(schedule, replicas, nowMs, minWindowMs, bound);
  }

  private static long replicaWaitMs(Schedule schedule, Collection<String> replicas, long nowMs,
      long minWindowMs, long bound) {
    long best = bound;
    for (String node : replicas) {
      best = Math.min(best, untilUsableMs(schedule, node, nowMs, minWindowMs, best));
      if (best == 0) {
        return 0;
      }
    }
    return best;
  }

  /**
   * Milliseconds from {@code nowMs} until {@code node} is usable: 0 if it is now, {@link
   * Long#MAX_VALUE} if not within {@code horizonMs}.
   */
  public static long untilUsableMs(Schedule schedule, String node, long nowMs, long minWindowMs,
      long horizonMs) {
    long waited = 0;
    while (waited <= horizonMs) {
      ReadOrder.Key key = ReadOrder.key(schedule, node, saturatedAdd(nowMs, waited), minWindowMs);
      if (key.usableNow()) {
        return waited;
      }
      if (key.untilUsableMs() == Long.MAX_VALUE || key.untilUsableMs() <= 0) {
        return Long.MAX_VALUE; // never wakes (OFF, no lease), or no progress possible
      }
      waited = saturatedAdd(waited, key.untilUsableMs());
    }
    return Long.MAX_VALUE;
  }

  /**
   * Milliseconds from {@code nowMs} until {@code reader} and {@code node} are both usable: 0 if
   * they are now, {@link Long#MAX_VALUE} if not within {@code horizonMs}.
   */
  public static long untilJointlyUsableMs(Schedule schedule, String reader, String node,
      long nowMs, long minWindowMs, long horizonMs) {
    long waited = 0;
    while (waited <= horizonMs) {
      long t = saturatedAdd(nowMs, waited);
      ReadOrder.Key a = ReadOrder.key(schedule, reader, t, minWindowMs);
      ReadOrder.Key b = ReadOrder.key(schedule, node, t, minWindowMs);
      if (a.usableNow() && b.usableNow()) {
        return waited;
      }
      long step = Math.max(a.usableNow() ? 0 : a.untilUsableMs(),
          b.usableNow() ? 0 : b.untilUsableMs());
      if (step == Long.MAX_VALUE || step <= 0) {
        return Long.MAX_VALUE; // one never wakes, or no progress possible
      }
      waited = saturatedAdd(waited, step);
    }
    return Long.MAX_VALUE;
  }

  private static long saturatedAdd(long a, long b) {
    long r = a + b;
    return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
  }
}
