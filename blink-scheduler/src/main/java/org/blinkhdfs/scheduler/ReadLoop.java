package org.blinkhdfs.scheduler;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The loop a sensor signal ({@link SensorSignal}, {@link BatterySignal}) runs on its own daemon
 * thread: one read per period, the period measured from the start of the last read (a read
 * longer than the period is followed by the next at once), until the signal closes. Why a
 * thread at all: the scheduler asks for the level under its lock, where a slow command would
 * stall heartbeats and the API.
 *
 * <p>Stateless.
 */
final class ReadLoop {
  private ReadLoop() {}

  /**
   * Runs until {@code running} is false, the thread is interrupted, or {@code readOnce} returns
   * false (it was interrupted).
   */
  static void run(BooleanSupplier running, long periodMs, BooleanSupplier readOnce) {
    long start = System.nanoTime();
    while (running.getAsBoolean()) {
      long leftMs = periodMs - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      try {
        if (leftMs > 0) {
          Thread.sleep(leftMs);
        }
      } catch (InterruptedException e) {
        return;
      }
      start = System.nanoTime();
      if (!readOnce.getAsBoolean()) {
        return;
      }
    }
  }
}
