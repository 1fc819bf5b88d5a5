package org.blinkhdfs.control.scheduler;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.model.wire.NodeStatus;

/**
 * When the scheduler counts a DataNode as <em>failed</em>: two timeouts, because silence means
 * different things for a node that is up and one that sleeps, and a wake it did not answer.
 *
 * <h2>Rules</h2>
 * With {@code silent} = time since the node's last status (since the scheduler's start if never
 * heard), a node is failed when any of these holds:
 * <ol>
 *   <li><b>any node</b>: {@code silent > failureTimeoutMs}. A sleeping agent posts nothing until it
 *       wakes, at the latest when its lease ends, so this timeout exceeds the lease
 *       ({@link SchedulerSettings}); it is the only timeout for nodes the schedule has asleep.
 *   <li><b>a node that should be up</b>: the schedule in force (published, lease not ended) has it
 *       awake now (ACTIVE, IO_SERVER, or inside its BLINK window), its agent's last status was not
 *       ASLEEP (AWAKE, IO_SERVER, ERROR, or never heard), and it has been silent for more than
 *       {@code awakeFailureTimeoutMs} <em>since the first epoch was published</em> (an agent
 *       cannot follow a schedule before there is one, and the daemon's start may take seconds). An
 *       agent that is up heartbeats every {@code blink.agent.heartbeat.ms} (10 s), so a few missed
 *       heartbeats mean the host, the agent or its network is gone: the default 30 s lets a
 *       primary's recovery group wake within half a minute instead of the five minutes of rule 1.
 *   <li><b>a node that did not answer a wake</b>: the scheduler's wake backend tried to wake it
 *       ({@link WakeDriver}), it sent no status by the wake's deadline, and none since. The wake
 *       was needed because an epoch in force has the node awake; a host that does not come back
 *       when woken cannot serve it, and waiting for rule 1 would leave its data unserved for
 *       minutes.
 * </ol>
 * Why rule 2 skips agents that said ASLEEP: a sleeping host cannot fetch a schedule; it wakes at
 * its alarm, at the latest its lease end, or when the wake backend wakes it (rule 3 then covers a
 * wake that fails). Until then its silence is expected, and rule 1 covers it.
 * A node is not failed as soon as a status arrives (both silences restart): recovery is the next
 * status.
 *
 * <p>Worked example (failure timeout 300 s, awake timeout 30 s): an ACTIVE node that posted AWAKE
 * at t is failed from t + 30 001 ms; one that posted ASLEEP at t is failed from t + 300 001 ms,
 * whatever the schedule says; an OFF node that posted AWAKE at t (and crashed before going to
 * sleep) is failed from t + 300 001 ms, or as soon as an epoch makes it ACTIVE after t + 30 s.
 *
 * <p>Stateless; thread-safe.
 */
public final class FailureRule {
  private FailureRule() {}

  /**
   * What the scheduler knows about one node's silence at a moment.
   *
   * @param silentMs time since the last status (since the scheduler's start if never heard)
   * @param silentScheduledMs when the schedule in force has the node awake now: the time since
   *     the last status or the first epoch's publication, whichever is later; empty when it has
   *     the node asleep, or there is no schedule in force (none, or its lease has ended)
   * @param lastStatus the agent's last status, empty if never heard
   * @param wakeUnanswered a physical wake of the node failed ({@link WakeAttempt}) and no status
   *     arrived since
   */
  public record Silence(long silentMs, OptionalLong silentScheduledMs,
      Optional<NodeStatus> lastStatus, boolean wakeUnanswered) {
    public Silence {
      Objects.requireNonNull(silentScheduledMs, "silentScheduledMs");
      Objects.requireNonNull(lastStatus, "lastStatus");
    }

    /** A silence without an unanswered wake. */
    public Silence(long silentMs, OptionalLong silentScheduledMs,
        Optional<NodeStatus> lastStatus) {
      this(silentMs, silentScheduledMs, lastStatus, false);
    }
  }

  /** Whether a node with {@code silence} is failed: {@code settings}' timeouts, or rule 3. */
  public static boolean failed(SchedulerSettings settings, Silence silence) {
    if (silence.wakeUnanswered() || silence.silentMs() > settings.failureTimeoutMs()) {
      return true;
    }
    boolean agentUp = silence.lastStatus().map(s -> s.state() != NodeStatus.State.ASLEEP)
        .orElse(true);
    return agentUp && silence.silentScheduledMs().isPresent()
        && silence.silentScheduledMs().getAsLong() > settings.awakeFailureTimeoutMs();
  }
}
