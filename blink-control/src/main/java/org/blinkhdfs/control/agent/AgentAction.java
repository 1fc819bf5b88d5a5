package org.blinkhdfs.control.agent;

import java.util.Objects;
import java.util.Optional;

/**
 * What {@link AgentPlanner} tells the agent to do now.
 *
 * @param kind stay awake or sleep
 * @param untilMs STAY_AWAKE: re-evaluate at this time (always after now); SLEEP: the request's
 *     {@code wakeAtMs}
 * @param sleep the sleep request, present exactly for SLEEP
 * @param computeMode for an awake node: all cores or io-server
 * @param reason one line for logs and status details
 */
public record AgentAction(Kind kind, long untilMs, Optional<SleepRequest> sleep,
    ComputeMode computeMode, String reason) {

  /** The two actions. */
  public enum Kind {
    STAY_AWAKE,
    SLEEP
  }

  public AgentAction {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(sleep, "sleep");
    Objects.requireNonNull(computeMode, "computeMode");
    if ((kind == Kind.SLEEP) != sleep.isPresent()) {
      throw new IllegalArgumentException("a SLEEP action carries a request, STAY_AWAKE none");
    }
  }

  static AgentAction stayAwake(long untilMs, ComputeMode mode, String reason) {
    return new AgentAction(Kind.STAY_AWAKE, untilMs, Optional.empty(), mode, reason);
  }

  static AgentAction sleep(SleepRequest request, String reason) {
    return new AgentAction(Kind.SLEEP, request.wakeAtMs(), Optional.of(request),
        ComputeMode.MAX_PERF, reason);
  }
}
