package org.blinkhdfs.control.agent;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import org.blinkhdfs.common.time.Sleeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code dry-run} actuator: logs each transition it would make and waits until the wake time
 * with the {@link Sleeper}, so the agent's loop runs at its real pace without touching the host.
 * {@link SleepReport#measuredSleepMs()} is 0: nothing was suspended.
 *
 * <p>It applies the same refusals as the other actuators (expired lease, wake after the lease end
 * or not in the future), so a dry run shows exactly which sleeps a real run would take.
 *
 * <p>Stateless apart from its collaborators; thread-safe if they are.
 */
public final class DryRunActuator implements Actuator {
  private static final Logger LOG = LoggerFactory.getLogger(DryRunActuator.class);
  public static final String NAME = "dry-run";

  private final Sleeper sleeper;
  private final Clock clock;

  public DryRunActuator(Sleeper sleeper, Clock clock) {
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public SleepReport sleep(SleepRequest request) throws ActuatorException, InterruptedException {
    long start = clock.millis();
    SleepChecks.requireAllowed(NAME, request, start);
    LOG.info("dry-run: would suspend now until {} (epoch {}, lease end {})",
        Instant.ofEpochMilli(request.wakeAtMs()), request.epoch(),
        request.leaseEndMs().isPresent() ? Instant.ofEpochMilli(request.leaseEndMs().getAsLong())
            : "none");
    sleeper.sleepUntil(request.wakeAtMs());
    long awake = clock.millis();
    return new SleepReport(start, awake, 0, NAME + ": nothing suspended, waited "
        + (awake - start) + " ms");
  }

  @Override
  public void setComputeCores(int computeCores) {
    LOG.info("dry-run: would {}", computeCores > 0 ? "keep " + computeCores
        + " compute cores online (io-server)" : "bring every core online (max-perf)");
  }
}
