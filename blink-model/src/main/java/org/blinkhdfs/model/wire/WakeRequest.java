package org.blinkhdfs.model.wire;

import java.util.Objects;

/**
 * A request to keep one DataNode awake from now for {@code durationMs}: what the write proxy's
 * {@code strong} consistency asks for before it drains a staged replica to a sleeping target
 * (flexStore's F3, BlinkFS §4.1). Checked here: the shape of the fields. Checked by the scheduler:
 * whether the node is one of its own and the {@code WakeLimits}.
 *
 * @param node the DataNode transfer address {@code host:port}, as in the schedule
 * @param durationMs how long the node must stay awake from now, {@code >= 1}
 * @param reason who asks and why, for logs and {@code GET /v1/wake} (e.g. {@code "proxy drain"});
 *     1..{@value #MAX_REASON_CHARS} characters after trimming, no line breaks
 */
public record WakeRequest(String node, long durationMs, String reason) {
  public static final int MAX_REASON_CHARS = 200;

  public WakeRequest {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(reason, "reason");
    if (durationMs < 1) {
      throw new IllegalArgumentException("ms = " + durationMs + " is invalid: give how long the"
          + " node must stay awake, a whole number of milliseconds >= 1, e.g. 20000");
    }
    reason = reason.strip();
    if (reason.isEmpty() || reason.length() > MAX_REASON_CHARS || reason.contains("\n")
        || reason.contains("\r")) {
      throw new IllegalArgumentException("reason = '" + abbreviate(reason) + "' is invalid: say"
          + " who asks and why in 1.." + MAX_REASON_CHARS + " characters on one line, e.g."
          + " 'proxy drain'");
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }
}
