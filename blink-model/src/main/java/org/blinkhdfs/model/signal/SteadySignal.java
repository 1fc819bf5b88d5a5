package org.blinkhdfs.model.signal;

import java.util.Objects;
import org.blinkhdfs.model.power.PowerLevel;

/**
 * A constant power level: BlinkFS's "steady" experiments (§5), and the 0% oscillation case.
 *
 * <p>Why it exists as a signal rather than a bare {@link PowerLevel}: the scheduler consumes a
 * {@link PowerSignal}, so a fixed level must answer the same question ("power at elapsed t?") as a
 * trace. Worked example: {@code new SteadySignal(new PowerLevel.Percent(40)).levelAt(t)} is 40% for
 * every {@code t >= 0}; with the 9-node Mac-mini model that gives the DataNodes 90 W.
 *
 * <p>Immutable and thread-safe.
 *
 * @param level the power held for the whole run
 */
public record SteadySignal(PowerLevel level) implements PowerSignal {

  public SteadySignal {
    Objects.requireNonNull(level,
        "level must not be null: give a PowerLevel, e.g. new PowerLevel.Percent(50)");
  }

  @Override
  public PowerLevel levelAt(long elapsedMs) {
    Args.requireElapsed(elapsedMs);
    return level;
  }

  @Override
  public String describe() {
    return "steady " + level;
  }
}
