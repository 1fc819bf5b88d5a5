package org.blinkhdfs.core.agent;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand; also a {@link Sleeper} that jumps it forward. */
public final class ManualClock extends Clock implements Sleeper {
  private long nowMs;

  public ManualClock(long startMs) {
    this.nowMs = startMs;
  }

  public void set(long ms) {
    nowMs = ms;
  }

  public void advance(long ms) {
    nowMs += ms;
  }

  @Override
  public long millis() {
    return nowMs;
  }

  @Override
  public void sleepUntil(long wakeAtMs) {
    nowMs = Math.max(nowMs, wakeAtMs);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(nowMs);
  }
}
