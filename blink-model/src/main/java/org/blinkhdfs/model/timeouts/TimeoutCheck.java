package org.blinkhdfs.model.timeouts;

import java.util.Objects;

/**
 * A Hadoop default a {@link TimeoutPlan} relies on but does not set: the plan checks that it
 * outlasts a blinking node's longest silence, so that no sleep is taken for a failure.
 *
 * @param key the Hadoop key (or keys) whose default is relied on
 * @param defaultMs the time the default gives, ms
 * @param meaning what fires when the time passes
 * @param holds whether {@code defaultMs} exceeds the plan's longest silence
 */
public record TimeoutCheck(String key, long defaultMs, String meaning, boolean holds) {
  public TimeoutCheck {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(meaning, "meaning");
  }
}
