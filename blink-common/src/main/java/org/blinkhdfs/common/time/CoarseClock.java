package org.blinkhdfs.common.time;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Clock;
import java.util.Objects;

/**
 * A millisecond clock whose reading is one memory load: while it is being read, a daemon thread
 * copies an underlying clock into a field every {@code resolutionMs}; after {@code idleMs} of
 * its ticks without a reader the thread ends, and the next reading starts it again (that reading,
 * and only it, asks the underlying clock directly).
 *
 * <p>Why: the NameNode sorts the replicas of every block it returns to a reader by the schedule
 * ({@code BlinkNetworkTopology}), which needs the time. On the virtual machines measured here a
 * read of the system clock costs about 30 ns, a fifth of HDFS's whole sort of a 3-replica block;
 * a time that is up to {@code resolutionMs} (plus the ticking thread's scheduling delay) old
 * decides the same for a replica with {@code blink.read.min.window.ms} (1 s by default) to
 * spare.
 *
 * <p>A reading never goes backwards unless the underlying clock does. Thread-safe.
 */
public final class CoarseClock {
  private static final long STOPPED = Long.MIN_VALUE;
  private static final VarHandle READ;

  static {
    try {
      READ = MethodHandles.lookup().findVarHandle(CoarseClock.class, "read", boolean.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Clock source;
  private final long resolutionMs;
  private final long idleMs;
  private final String threadName;
  private final Object lock = new Object();
  private volatile long nowMs = STOPPED;
  /** Set by readers, cleared by each tick; opaque accesses (a plain load or store on x86). */
  @SuppressWarnings("unused")
  private boolean read;

  /**
   * @param resolutionMs at least 1
   * @param idleMs the ticking thread ends after this long without a reading; at least
   *     {@code resolutionMs}
   */
  public CoarseClock(Clock source, long resolutionMs, long idleMs, String threadName) {
    this.source = Objects.requireNonNull(source, "source");
    if (resolutionMs < 1 || idleMs < resolutionMs) {
      throw new IllegalArgumentException("resolutionMs must be >= 1 and idleMs >= resolutionMs,"
          + " got " + resolutionMs + " and " + idleMs);
    }
    this.resolutionMs = resolutionMs;
    this.idleMs = idleMs;
    this.threadName = Objects.requireNonNull(threadName, "threadName");
  }

  /** The time in milliseconds since the epoch, at most about {@code resolutionMs} old. */
  public long millis() {
    long t = nowMs;
    if (t == STOPPED) {
      return start();
    }
    if (!(boolean) READ.getOpaque(this)) {
      READ.setOpaque(this, true);
    }
    return t;
  }

  /** True while the ticking thread runs (for tests). */
  public boolean ticking() {
    return nowMs != STOPPED;
  }

  private long start() {
    synchronized (lock) {
      long t = source.millis();
      if (nowMs == STOPPED) {
        READ.setOpaque(this, true);
        nowMs = t;
        Thread ticker = new Thread(this::tick, threadName);
        ticker.setDaemon(true);
        ticker.start();
      }
      return t;
    }
  }

  private void tick() {
    long idleTicks = 0;
    try {
      while (true) {
        Thread.sleep(resolutionMs);
        if ((boolean) READ.getOpaque(this)) {
          READ.setOpaque(this, false);
          idleTicks = 0;
        } else if (++idleTicks * resolutionMs >= idleMs) {
          break;
        }
        nowMs = source.millis();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      synchronized (lock) {
        nowMs = STOPPED;
      }
    }
  }
}
