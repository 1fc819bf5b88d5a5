package org.blinkhdfs.workload;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Whether the storage under test serves requests now. A migration-based system does not while
 * it moves data (BlinkFS §6.1: "the migration-based approach does not respond to requests while
 * it is migrating data"): the bench closes the gate for each migration, and a {@link
 * LatencyWorkload} read or a {@link ZipfKvWorkload} get waits at the gate, inside its timed
 * span, so the wait shows in its latency and the reads it could not issue in the throughput.
 *
 * <p>Starts open. Thread-safe: readers wait on one thread each, the bench opens and closes from
 * another.
 */
public final class ServiceGate {
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition opened = lock.newCondition();
  private boolean open = true;

  /** Stops serving: reads arriving from now on wait. */
  public void close() {
    lock.lock();
    try {
      open = false;
    } finally {
      lock.unlock();
    }
  }

  /** Serves again: every waiting read goes on. */
  public void open() {
    lock.lock();
    try {
      open = true;
      opened.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** How many reads wait at the closed gate now (each on its own thread). */
  public int waiting() {
    lock.lock();
    try {
      return lock.getWaitQueueLength(opened);
    } finally {
      lock.unlock();
    }
  }

  public boolean isOpen() {
    lock.lock();
    try {
      return open;
    } finally {
      lock.unlock();
    }
  }

  /** The longest a read waits at a closed gate before it gives up unissued: 30 minutes. */
  public static final long MAX_WAIT_MS = 30 * 60_000L;

  /**
   * What a read does before it is issued: waits while the gate is closed, at most
   * {@link #MAX_WAIT_MS}; false when it stayed closed that long or the thread was interrupted
   * (the interrupt is kept), so the read is not issued.
   */
  public boolean pass() {
    try {
      return isOpen() || awaitOpen(MAX_WAIT_MS * 1_000_000L);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Waits until the gate is open, at most {@code maxNanos}; true when it is open.
   *
   * @throws InterruptedException when the waiting thread is interrupted
   */
  public boolean awaitOpen(long maxNanos) throws InterruptedException {
    lock.lock();
    try {
      long left = maxNanos;
      while (!open) {
        if (left <= 0) {
          return false;
        }
        left = opened.awaitNanos(left);
      }
      return true;
    } finally {
      lock.unlock();
    }
  }
}
