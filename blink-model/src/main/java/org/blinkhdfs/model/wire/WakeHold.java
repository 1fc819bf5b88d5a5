package org.blinkhdfs.model.wire;

import java.util.Objects;

/**
 * A granted wake request: {@code node} is awake in every epoch the scheduler publishes during
 * {@code [fromMs, untilMs)}. Renewing a hold keeps its {@code fromMs} and moves {@code untilMs}.
 *
 * @param node the DataNode transfer address
 * @param fromMs when the hold was first granted (the scheduler's clock)
 * @param untilMs when it ends; the first tick at or after it drops the hold
 * @param reason the requester's reason of the latest grant
 */
public record WakeHold(String node, long fromMs, long untilMs, String reason) {
  public WakeHold {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(reason, "reason");
    if (untilMs <= fromMs) {
      throw new IllegalArgumentException("hold of " + node + " ends at " + untilMs
          + ", not after its start " + fromMs);
    }
  }
}
