package org.blinkhdfs.rabbit.dataset;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand (milliseconds). */
final class StepClock extends Clock {
  private long nowMs;

  StepClock(long nowMs) {
    this.nowMs = nowMs;
  }

  void set(long ms) {
    nowMs = ms;
  }

  @Override
  public long millis() {
    return nowMs;
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(nowMs);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("a StepClock has only UTC");
  }
}
