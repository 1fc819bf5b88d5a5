package org.blinkhdfs.rabbit.balance;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One node's hit counters, packed into one {@link AtomicLong} so both move together: the high 32
 * bits count reads served, the low 32 bits reads the node could have served (it was an active
 * candidate). When {@code offered} reaches the window both halve (rounding down), which keeps the
 * ratio and halves the weight of the past.
 *
 * <p>Thread-safe (lock-free compare-and-set).
 */
final class HitCounter {
  private static final long LOW = 0xFFFF_FFFFL;

  private final AtomicLong packed = new AtomicLong();

  /** served / offered, 0 before the first offer. */
  double ratio() {
    long v = packed.get();
    long offered = v & LOW;
    return offered == 0 ? 0 : (double) (v >>> 32) / offered;
  }

  long served() {
    return packed.get() >>> 32;
  }

  long offered() {
    return packed.get() & LOW;
  }

  /** Counts one offer, served or not; halves both counts when the offers reach {@code window}. */
  void record(boolean served, int window) {
    packed.updateAndGet(v -> {
      long s = (v >>> 32) + (served ? 1 : 0);
      long o = (v & LOW) + 1;
      if (o >= window) {
        s >>>= 1;
        o >>>= 1;
      }
      return (s << 32) | o;
    });
  }
}
