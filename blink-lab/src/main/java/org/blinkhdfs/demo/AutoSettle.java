package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.blinkhdfs.cluster.AutoState;

/**
 * Waits, after a power step, until the {@code auto} policy's decision has stopped changing, so a
 * level is measured under the plan auto settled on rather than one hysteresis is about to
 * replace.
 *
 * <p>Why a wait at all: auto replaces a plan that no longer fits the budget at once, but a plan
 * that still fits is replaced only after the better one has won {@code H} consecutive decisions
 * ({@code blink.scheduler.auto.hysteresis}), one decision per epoch, i.e. per blink interval. The
 * rule ({@link #stable}): the decision is stable when the best of the last decision is the plan
 * in force (nothing is held back), or when the plan in force has been the same over the last
 * {@code H + 1} decisions (hysteresis would have switched by then, so the best wins by less than
 * the margin and never will). The wait is bounded by {@code H + 1} intervals and a poll; a
 * decision still changing then is measured as it stands and said so.
 *
 * <p>Example (H = 3, 6 s interval): after a step from 100% to 40% the 100% plan is over budget,
 * the first decision switches to "activation 3 on + 6 off", best and in force alike: stable at
 * once, 0 decisions waited. With a load sample arriving that makes hybrid 3 better by more than
 * the margin, the next three decisions have best "hybrid 3 ..." and in force "activation 3 ...";
 * the fourth switches: stable after 4 decisions, about 18 s.
 *
 * <p>Not thread-safe; one per layout run.
 */
final class AutoSettle {
  /** Reads the last decision ({@code GET /v1/power}). */
  @FunctionalInterface
  interface Reader {
    Optional<AutoState> read() throws IOException;
  }

  /** Waits (Thread::sleep in the lab). */
  @FunctionalInterface
  interface Sleeper {
    void sleep(long ms) throws InterruptedException;
  }

  /**
   * What the wait ended with.
   *
   * @param state the last decision read
   * @param decisions distinct decisions seen (by {@code decidedAtMs}), the first included
   * @param waitedMs how long the wait took
   * @param stable whether {@link #stable} held when it ended (false: the bound ran out)
   */
  record Settled(AutoState state, int decisions, long waitedMs, boolean stable) {
    /** A few words for the report: "settled after 1 decision in 0 ms". */
    String describe(int hysteresis) {
      return String.format(Locale.ROOT, "%s after %d decision%s in %d ms", stable ? "settled"
          : "NOT settled (hysteresis " + hysteresis + " holds '" + state.choice() + "', best '"
          + state.best() + "'): measured as it stood", decisions, decisions == 1 ? "" : "s",
          waitedMs);
    }
  }

  private final Reader reader;
  private final Sleeper sleeper;
  private final LongSupplier clockMs;
  private final int hysteresis;
  private final long intervalMs;

  /**
   * @param hysteresis H, {@code blink.scheduler.auto.hysteresis} of the scheduler
   * @param intervalMs the blink interval: one decision per interval
   */
  AutoSettle(Reader reader, Sleeper sleeper, LongSupplier clockMs, int hysteresis,
      long intervalMs) {
    if (hysteresis < 1 || intervalMs < 1) {
      throw new IllegalArgumentException("hysteresis " + hysteresis + " and interval "
          + intervalMs + " ms: both must be at least 1 (blink.scheduler.auto.hysteresis,"
          + " blink.interval.ms)");
    }
    this.reader = reader;
    this.sleeper = sleeper;
    this.clockMs = clockMs;
    this.hysteresis = hysteresis;
    this.intervalMs = intervalMs;
  }

  int hysteresis() {
    return hysteresis;
  }

  /** The longest wait: H + 1 intervals and one poll. */
  long boundMs() {
    return (hysteresis + 1) * intervalMs + pollMs();
  }

  /** A quarter interval, at least 250 ms (the scheduler's tick). */
  long pollMs() {
    return Math.max(250, intervalMs / 4);
  }

  /**
   * Polls the decision until it is {@link #stable} or {@link #boundMs} has passed.
   *
   * @throws IOException when the scheduler serves no auto decision (another policy)
   */
  Settled await() throws IOException, InterruptedException {
    long t0 = clockMs.getAsLong();
    List<AutoState> seen = new ArrayList<>();
    while (true) {
      AutoState s = reader.read().orElseThrow(() -> new IOException("the scheduler serves no"
          + " auto decision on GET /v1/power: is its policy auto?"));
      if (seen.isEmpty() || seen.get(seen.size() - 1).decidedAtMs() != s.decidedAtMs()) {
        seen.add(s);
      } else {
        seen.set(seen.size() - 1, s);
      }
      long waited = clockMs.getAsLong() - t0;
      boolean stable = stable(seen, hysteresis);
      if (stable || waited >= boundMs()) {
        return new Settled(s, seen.size(), waited, stable);
      }
      sleeper.sleep(pollMs());
    }
  }

  /**
   * True when the last of {@code decisions} holds nothing back (its best is in force), or the
   * last {@code hysteresis + 1} decisions kept the same plan in force.
   */
  static boolean stable(List<AutoState> decisions, int hysteresis) {
    if (decisions.isEmpty()) {
      return false;
    }
    AutoState last = decisions.get(decisions.size() - 1);
    if (last.bestInForce()) {
      return true;
    }
    if (decisions.size() < hysteresis + 1) {
      return false;
    }
    return decisions.subList(decisions.size() - hysteresis - 1, decisions.size()).stream()
        .allMatch(d -> d.choice().equals(last.choice()));
  }
}
