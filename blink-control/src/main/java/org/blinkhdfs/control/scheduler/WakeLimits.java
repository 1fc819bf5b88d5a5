package org.blinkhdfs.control.scheduler;

import java.util.List;
import java.util.Locale;
import org.blinkhdfs.common.config.ConfigKey;

/**
 * The bounds on wake requests ({@link PowerScheduler#requestWake}): the longest span one request
 * may ask for, and how many ring nodes may be held awake on request at once.
 *
 * <p>Why bounds at all: a granted request makes a node ACTIVE even when the epoch then plans more
 * than the available power (availability for the writer first, like recovery wakes). The bounds
 * turn that into a known worst case the operator sizes the supply for: at most {@code maxNodes ×
 * (p_active − p_sleep)} watts above the plan, each for at most {@code maxMs} at a time (a request
 * may be renewed; every renewal is checked again). {@code maxNodes = 0} switches wake requests off.
 *
 * <p>The keys are defined here, once, so that the scheduler's refusals name them; the daemon's
 * {@code SchedulerConfig} reads them. Example: {@code blink.scheduler.wake.max.ms = 60000} and
 * {@code blink.scheduler.wake.max.nodes = 2} on the Mac-mini model (25 W / 1 W) allow at most
 * 48 W above the plan, for at most a minute per request.
 *
 * @param maxMs the longest span one request may ask for, {@code >= 1}
 * @param maxNodes ring nodes held awake on request at once, {@code >= 0}
 */
public record WakeLimits(long maxMs, int maxNodes) {
  public static final ConfigKey MAX_MS = new ConfigKey("blink.scheduler.wake.max.ms", "60000",
      "ms");
  public static final ConfigKey MAX_NODES =
      new ConfigKey("blink.scheduler.wake.max.nodes", "2", "nodes");
  /** Every key defined here. */
  public static final List<ConfigKey> KEYS = List.of(MAX_MS, MAX_NODES);
  /** The defaults of {@link #MAX_MS} and {@link #MAX_NODES}. */
  public static final WakeLimits DEFAULTS = new WakeLimits(
      Long.parseLong(MAX_MS.defaultValue()), Integer.parseInt(MAX_NODES.defaultValue()));

  public WakeLimits {
    if (maxMs < 1) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = %d is invalid: give the longest wake request in ms, >= 1 (default %s)",
          MAX_MS.name(), maxMs, MAX_MS.defaultValue()));
    }
    if (maxNodes < 0) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = %d is invalid: give how many nodes may be woken on request at once, >= 0"
              + " (0 switches wake requests off; default %s)", MAX_NODES.name(), maxNodes,
          MAX_NODES.defaultValue()));
    }
  }
}
