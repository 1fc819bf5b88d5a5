package org.blinkhdfs.client;

/**
 * The time source and sleep of a waiting reader: the seam that lets unit tests run the waiting
 * logic without sleeping for real. Times are wall-clock milliseconds since the Unix epoch, the
 * unit of the schedule.
 *
 * <p>Implementations must be thread-safe.
 */
public interface WaitClock {
  /** Real time: {@link System#currentTimeMillis()} and {@link Thread#sleep(long)}. */
  WaitClock SYSTEM = new WaitClock() {
    @Override
    public long nowMs() {
      return System.currentTimeMillis();
    }

    @Override
    public void sleepMs(long ms) throws InterruptedException {
      Thread.sleep(ms);
    }

    @Override
    public String toString() {
      return "WaitClock.SYSTEM";
    }
  };

  /** The current wall-clock time in milliseconds. */
  long nowMs();

  /** Sleeps {@code ms} milliseconds (a positive number). */
  void sleepMs(long ms) throws InterruptedException;
}
