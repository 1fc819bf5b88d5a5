package org.blinkhdfs.control.scheduler;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.model.wire.NodeStatus;

/**
 * When the scheduler counts a DataNode as <em>failed</em>: two timeouts, because silence means
 * different things for a node that is up and one that sleeps.
 *
 * <h2>Rules</h2>
 * With {@code silent} = time since the node's last status (since the scheduler's start if never
 * heard), a node is failed when either holds:
 * <ol>
 *   <li><b>any node</b>: {@code silent > failureTimeoutMs}. A sleeping agent posts nothing until it
 *       wakes, at the latest when its lease ends, so this timeout exceeds the lease
 *       ({@link SchedulerSettings}); it is the only rule for nodes the schedule has asleep.
 *   <li><b>a node that should be up</b>: the schedule in force (published, lease not ended) has it
 *       awake now (ACTIVE, IO_SERVER, or inside its BLINK window), its agent's last status was not
 *       ASLEEP (AWAKE, IO_SERVER, ERROR, or never heard), and it has been silent for more than
 *       {@code awakeFailureTimeoutMs} <em>since the first epoch was published</em> (an agent
 *       cannot follow a schedule before there is one, and the daemon's start may take seconds). An
 *       agent that is up heartbeats every {@code blink.agent.heartbeat.ms} (10 s), so a few missed
 *       heartbeats mean the host, the agent or its network is gone: the default 30 s lets a
 *       primary's recovery group wake within half a minute instead of the five minutes of rule 1.
 * </ol>
 * Why rule 2 skips agents that said ASLEEP: a sleeping host cannot be told to wake early (there is
 * no wake-on-LAN here); it wakes at its alarm, at the latest its lease end, and only then sees
 * that the new epoch has it ACTIVE. Until then its silence is expected, and rule 1 covers it.
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
   */
  public record Silence(long silentMs, OptionalLong silentScheduledMs,
      Optional<NodeStatus> lastStatus) {
    public Silence {
      Objects.requireNonNull(silentScheduledMs, "silentScheduledMs");
      Objects.requireNonNull(lastStatus, "lastStatus");
    }
  }

  /** Whether a node with {@code silence} is failed under {@code settings}' two timeouts. */
  public static boolean failed(SchedulerSettings settings, Silence silence) {
    if (silence.silentMs() > settings.failureTimeoutMs()) {
      return true;
    }
    boolean agentUp = silence.lastStatus().map(s -> s.state() != NodeStatus.State.ASLEEP)
        .orElse(true);
    return agentUp && silence.silentScheduledMs().isPresent()
        && silence.silentScheduledMs().getAsLong() > settings.awakeFailureTimeoutMs();
  }
}
