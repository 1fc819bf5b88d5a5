package org.blinkhdfs.layout.drain;

import java.util.Locale;

/**
 * When the proxy moves staged replicas into their layout (flexStore's consistency modes, F3; the
 * proxy's {@code blink.proxy.consistency}). Staged data is always durable and readable; the mode
 * only decides how soon its layout replicas exist, which is what reads at low power depend on.
 */
public enum Consistency {
  /**
   * Ask the scheduler for an extra window for an asleep target now (it costs power outside the
   * plan), and move as soon as the target is awake: layout within seconds of the write.
   */
  STRONG,
  /** Wait for the target's natural window: layout within one blink interval, no extra power. */
  WEAK,
  /**
   * Let the backlog grow and drain it, in the targets' windows, once it reaches a threshold of
   * blocks, until it is empty: fewer, larger batches for workloads that write in bursts.
   */
  PERIODIC;

  /** The mode named {@code value} (any case); an error naming {@code key} otherwise. */
  public static Consistency parse(String key, String value) {
    String v = value == null ? "" : value.trim();
    for (Consistency c : values()) {
      if (c.name().equalsIgnoreCase(v)) {
        return c;
      }
    }
    throw new IllegalArgumentException(key + " = '" + value + "' is not a consistency mode;"
        + " use strong, weak or periodic");
  }

  /** The name as configured, e.g. {@code weak}. */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
