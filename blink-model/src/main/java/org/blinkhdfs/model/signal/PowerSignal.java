package org.blinkhdfs.model.signal;

import org.blinkhdfs.model.power.PowerLevel;

/**
 * Available power as a function of time: the input the scheduler turns into per-DataNode sleep and
 * wake windows.
 *
 * <p>Why a function of elapsed time rather than a clock: every signal here is replayed from its
 * own start, so experiments are reproducible and tests need no clock. The caller owns time and
 * passes {@code elapsedMs}, the milliseconds since the signal started; no implementation reads
 * {@code System.currentTimeMillis()} or draws unseeded randomness.
 *
 * <p>Implementations (BlinkFS §5 "Power Signals"): {@link SteadySignal} (P% held), {@link
 * OscillatingSignal} (N% oscillation), {@link TraceReplaySignal} (a recorded watts trace, e.g. the
 * Greensboro solar+wind trace of {@link RenewableTrace}), and {@link BudgetSignal} (a fixed money
 * budget divided by an electricity price). {@link BlinkFsSignals} builds the paper's set.
 *
 * <p>Worked example: {@code OscillatingSignal.of(50).levelAt(0)} is 67.5%;
 * {@code levelAt(300_000)} (five minutes in) is 22.5%.
 *
 * <p>Contract: implementations are immutable and thread-safe; {@code levelAt} is a pure function
 * of {@code elapsedMs}, defined for every {@code elapsedMs >= 0} (finite traces loop), and throws
 * {@link IllegalArgumentException} for a negative one.
 */
public interface PowerSignal {

  /**
   * Power available {@code elapsedMs} after the signal's start.
   *
   * @param elapsedMs milliseconds since the signal's start, {@code >= 0}
   * @throws IllegalArgumentException if {@code elapsedMs < 0}
   */
  PowerLevel levelAt(long elapsedMs);

  /** One line for reports and logs, e.g. {@code "oscillating 50%: 67.5% / 22.5% every 300 s"}. */
  String describe();
}
