package org.blinkhdfs.model.policy;

/**
 * All nodes blink in tandem (co-scheduling): the same window for everyone, starting at the
 * interval start. Lower latency at high power for multi-block reads, much worse availability at
 * low power because replicas never cover each other's sleep (BlinkFS §4.2's comparison point).
 */
public final class SynchronousPolicy extends OffsetBlinkPolicy {
  public static final String NAME = "synchronous";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  long offsetMs(int index, int nodeCount, long intervalMs, long windowMs) {
    return 0;
  }
}
