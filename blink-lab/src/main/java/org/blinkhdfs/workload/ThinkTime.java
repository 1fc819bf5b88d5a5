package org.blinkhdfs.workload;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * A blocking client's pause before its next request, drawn exponentially with the given mean so
 * requests arrive as a Poisson process. Why: on a blinking cluster back-to-back requests of a
 * few milliseconds all land in the instants when a replica is awake, and a request that waits
 * holds the client, so per-request statistics over-sample the awake moments; Poisson arrivals
 * see time averages (PASTA), so the mean latency converges to the time-averaged wait.
 *
 * <p>Stateless.
 */
final class ThinkTime {
  private ThinkTime() {}

  /**
   * Sleeps an exponential pause of mean {@code mean} (none when zero), cut at the deadline;
   * false when the loop must stop (deadline reached or interrupted, the flag left set).
   */
  static boolean pause(Duration mean, Deadline deadline, Random rnd) {
    if (mean.isZero()) {
      return true;
    }
    double meanNanos = mean.toNanos();
    long pause = (long) (-meanNanos * Math.log(1 - rnd.nextDouble()));
    try {
      TimeUnit.NANOSECONDS.sleep(Math.min(pause, deadline.remainingNanos()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    return deadline.stopNow().isEmpty();
  }
}
