package org.blinkhdfs.control.agent;

import java.io.IOException;
import org.blinkhdfs.model.wire.NodeStatus;

/**
 * Where an agent posts its {@link NodeStatus} messages (BlinkFS §4: status messages on every
 * transition double as heartbeats): the scheduler's HTTP endpoint in the daemon,
 * {@code PowerScheduler#recordStatus} in simulations.
 *
 * <p>Implementations must bound their own waiting. A failure never stops a transition: the
 * schedule, not the status, is authoritative; {@link AgentLoop} counts and logs it.
 */
@FunctionalInterface
public interface StatusSink {
  void post(NodeStatus status) throws IOException;
}
