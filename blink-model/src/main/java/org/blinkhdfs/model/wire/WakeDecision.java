package org.blinkhdfs.model.wire;

import java.util.Objects;
import java.util.Optional;
import org.blinkhdfs.common.config.ConfigKey;

/**
 * The scheduler's answer to a {@link WakeRequest}.
 *
 * <ul>
 *   <li>{@link Outcome#GRANTED}: the hold is recorded (new, or an existing one extended); every
 *       epoch published until {@code hold.untilMs()} has the node awake. The caller ticks the
 *       scheduler at once, which publishes a new epoch if the one in force did not already have
 *       the node awake for the whole interval ({@code PowerScheduler#awakeEpoch} then names it).
 *   <li>{@link Outcome#ALREADY_AWAKE}: nothing changed; a staging node (always ACTIVE by
 *       definition) or a node whose existing hold already lasts until {@code hold.untilMs()}.
 *   <li>{@link Outcome#REFUSED}: beyond a {@code WakeLimits} bound; {@code refusedBy} names the
 *       setting and {@code message} its value and the fix.
 * </ul>
 *
 * @param outcome what happened
 * @param hold for GRANTED and ALREADY_AWAKE the hold in force (for a staging node the span asked
 *     for); for REFUSED the span asked for
 * @param reachableByMs when the node's agent, if it sleeps on the epoch in force at the request,
 *     wakes at its alarm and can see the new epoch (the request time if the node is awake by that
 *     epoch, or none was in force): without wake-on-LAN a suspended host cannot be woken earlier.
 *     The agent follows the new epoch within one poll of waking.
 * @param refusedBy for REFUSED, the setting that refused it
 * @param message one line for the requester and the log
 */
public record WakeDecision(Outcome outcome, WakeHold hold, long reachableByMs,
    Optional<ConfigKey> refusedBy, String message) {

  /** What happened to a request. */
  public enum Outcome {
    GRANTED,
    ALREADY_AWAKE,
    REFUSED
  }

  public WakeDecision {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(hold, "hold");
    Objects.requireNonNull(refusedBy, "refusedBy");
    Objects.requireNonNull(message, "message");
    if ((outcome == Outcome.REFUSED) != refusedBy.isPresent()) {
      throw new IllegalArgumentException("a refusal, and only a refusal, names its setting");
    }
  }

  public boolean isRefused() {
    return outcome == Outcome.REFUSED;
  }
}
