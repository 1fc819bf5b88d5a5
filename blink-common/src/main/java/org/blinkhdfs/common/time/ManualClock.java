package org.blinkhdfs.common.time;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves only when told: {@link #set}, {@link #advance}, or a {@link #sleepUntil}
 * that jumps to the wake-up time instead of waiting.
 *
 * <p>Why main code and not a test helper: deterministic simulations need it as much as tests do.
 * The agent loop's simulation and the upcoming simulator drive schedulers, agents and sources
 * through simulated time, replaying from a seed, and must never read the wall clock (style rule:
 * time is injected). It is also the one hand-moved clock every module's tests share, instead of
 * one copy per module; the pure modules' own tests need it, and they cannot depend on the
 * test-support module (that module depends on them), so it lives here.
 *
 * <p>Example: {@code new ManualClock(0)}, then {@code sleepUntil(60_000)} returns at once with
 * {@code millis() == 60_000}; a later {@code sleepUntil(10_000)} leaves it at 60 000 (time never
 * runs backwards through a sleep; {@link #set} may move it anywhere).
 *
 * <p>UTC only: {@link #withZone} returns this clock, since callers read epoch milliseconds.
 * Thread-safe: the time is one atomic value.
 */
public final class ManualClock extends Clock implements Sleeper {
  private final AtomicLong nowMs;

  /** A clock reading {@code startMs} milliseconds since the Unix epoch. */
  public ManualClock(long startMs) {
    this.nowMs = new AtomicLong(startMs);
  }

  /** Moves the clock to {@code ms}, forwards or backwards. */
  public void set(long ms) {
    nowMs.set(ms);
  }

  /** Moves the clock {@code ms} milliseconds on (backwards if negative). */
  public void advance(long ms) {
    nowMs.addAndGet(ms);
  }

  @Override
  public long millis() {
    return nowMs.get();
  }

  /** Jumps to {@code wakeAtMs} if that is later than now; never waits. */
  @Override
  public void sleepUntil(long wakeAtMs) {
    nowMs.accumulateAndGet(wakeAtMs, Math::max);
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
    return Instant.ofEpochMilli(nowMs.get());
  }

  @Override
  public String toString() {
    return "ManualClock[" + nowMs.get() + " ms]";
  }
}
