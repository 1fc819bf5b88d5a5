package org.blinkhdfs.common.time;

/**
 * Waits until a wall-clock time. The production implementation sleeps the thread; simulations
 * advance a fake clock instead, so agent logic runs deterministically and fast.
 */
@FunctionalInterface
public interface Sleeper {
  /** Returns at or after {@code wakeAtMs} (milliseconds since the Unix epoch). */
  void sleepUntil(long wakeAtMs) throws InterruptedException;
}
