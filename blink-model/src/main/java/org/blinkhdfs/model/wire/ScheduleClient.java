package org.blinkhdfs.model.wire;

import java.io.IOException;
import java.util.Optional;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Where an agent gets the current schedule: the scheduler's {@code GET /v1/schedule} in the
 * daemon, the scheduler object itself in simulations.
 *
 * <p>Implementations must bound their own waiting (connect and read timeouts) so a step cannot
 * hang. A failure is an {@link IOException}; {@code AgentLoop} then keeps following the last
 * schedule it has, which stays usable until its lease ends and then means "everyone awake".
 */
@FunctionalInterface
public interface ScheduleClient {
  /** The scheduler's current schedule; empty when it has none (everyone awake). */
  Optional<Schedule> fetch() throws IOException;
}
