package org.blinkhdfs.model.wire;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The scheduler's answer to {@code POST /v1/wake}, as the write proxy receives it from {@link
 * SchedulerHttp#requestWake}: the {@link WakeDecision} plus the epoch that has the node awake.
 *
 * <p>HTTP status ({@link #httpStatus()}): 200 when an epoch in force has the node awake for the
 * whole interval ({@code epoch} present), 202 when the request is held but no such epoch is
 * published yet (the scheduler is below the minimum power: it publishes nothing until the power
 * allows; {@code message} says so), 409 when refused by a setting ({@code setting} names it).
 *
 * @param outcome GRANTED, ALREADY_AWAKE or REFUSED
 * @param node the node asked for
 * @param fromMs when the hold began (for a refusal: the request time)
 * @param untilMs when the hold ends (for a refusal: the end asked for)
 * @param reason the reason of the hold (for a refusal: of the request)
 * @param epoch the published epoch that has the node awake, if any
 * @param reachableByMs when a node asleep on the previous epoch wakes at its alarm and can follow
 *     the new one ({@link WakeDecision#reachableByMs()})
 * @param setting for a refusal, the key of the setting that refused it
 * @param message one line: what happened, or for a refusal the value and the fix
 */
public record WakeAnswer(WakeDecision.Outcome outcome, String node, long fromMs, long untilMs,
    String reason, OptionalLong epoch, long reachableByMs, Optional<String> setting,
    String message) {

  public WakeAnswer {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(epoch, "epoch");
    Objects.requireNonNull(setting, "setting");
    Objects.requireNonNull(message, "message");
  }

  /**
   * The answer for {@code d}.
   *
   * @param awakeEpoch the epoch in force that has the node awake, after the daemon's tick
   * @param pendingWhy for a held request without such an epoch, why (the scheduler's status)
   */
  public static WakeAnswer of(WakeDecision d, OptionalLong awakeEpoch, String pendingWhy) {
    String message = d.message();
    if (!d.isRefused() && awakeEpoch.isEmpty()) {
      message += "; no epoch has it awake yet: " + pendingWhy;
    }
    return new WakeAnswer(d.outcome(), d.hold().node(), d.hold().fromMs(), d.hold().untilMs(),
        d.hold().reason(), d.isRefused() ? OptionalLong.empty() : awakeEpoch, d.reachableByMs(),
        d.refusedBy().map(k -> k.name()), message);
  }

  public boolean isRefused() {
    return outcome == WakeDecision.Outcome.REFUSED;
  }

  /** True when a published epoch in force has the node awake now. */
  public boolean isInForce() {
    return epoch.isPresent();
  }

  /** 200 in force, 202 held but not yet published, 409 refused. */
  public int httpStatus() {
    return isRefused() ? 409 : isInForce() ? 200 : 202;
  }
}
