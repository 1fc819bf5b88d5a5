package org.blinkhdfs.model.config;

import java.util.List;
import java.util.function.Function;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.model.policy.Policies;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.schedule.ScheduleLimits;

/**
 * The {@code blink.*} keys of the power model and the blink policies, typed and validated in one
 * place.
 *
 * <p>It takes a plain lookup function rather than a Hadoop {@code Configuration} so it stays free
 * of Hadoop; an adapter passes {@code conf::get}. Every getter fails at startup with a message
 * naming the key, the value and the fix, never warns and carries on (style rule: config that only
 * warns is a bug).
 *
 * <p>Example: with {@code blink.power.active.watts=25}, {@code blink.power.sleep.watts=1} and
 * {@code blink.power.overhead.watts=40}, {@code powerModel(9)} is the BlinkFS Mac-mini cluster.
 *
 * <p>Immutable; thread-safe if the lookup is.
 */
public final class CoreConfig {
  public static final ConfigKey INTERVAL_MS = new ConfigKey("blink.interval.ms", "60000", "ms");
  public static final ConfigKey POLICY = new ConfigKey("blink.scheduler.policy",
      PhaseGroupsPolicy.NAME, "");
  /**
   * G of the phase groups: read by the scheduler ({@code phase-groups} policy) and by the
   * NameNode and proxy ({@code blink.ring.spacing = groups}), so one value serves both halves.
   */
  public static final ConfigKey PHASE_GROUPS = new ConfigKey("blink.phase.groups",
      Integer.toString(PhaseGroupsPolicy.DEFAULT_GROUPS), "phase groups");
  public static final ConfigKey ACTIVE_WATTS =
      new ConfigKey("blink.power.active.watts", "25", "W");
  public static final ConfigKey SLEEP_WATTS = new ConfigKey("blink.power.sleep.watts", "1", "W");
  public static final ConfigKey OVERHEAD_WATTS =
      new ConfigKey("blink.power.overhead.watts", "40", "W");
  /** Empty by default: the {@link TransitionConfig} model's mean at the interval. */
  public static final ConfigKey TRANSITION_MS = TransitionConfig.TRANSITION_MS;
  /** Watts while entering or resuming from sleep; empty: {@code blink.power.active.watts}. */
  public static final ConfigKey TRANSITION_WATTS =
      new ConfigKey("blink.power.transition.watts", "", "W");
  /**
   * How much of a replica's window a reader needs left to start a read on it. Read by the
   * NameNode's read sort and the client (listed in their keys, {@code PlacementConfig}); here so
   * that {@code bin/blink schedule} can state the read condition of a schedule with its default.
   */
  public static final ConfigKey READ_MIN_WINDOW_MS =
      new ConfigKey("blink.read.min.window.ms", "1000", "ms");
  /**
   * Which awake replica a read goes to ({@link ReadOrderMode}): BlinkFS's longest window, or
   * balanced over the replicas with room (issue 46). Read by the NameNode's read sort, the blink
   * client's gate (and so the relay), {@code bin/blink sim} and the scheduler's {@code auto}
   * policy, whose throughput predictions follow it.
   */
  public static final ConfigKey READ_ORDER = new ConfigKey("blink.read.order",
      "longest-window", "longest-window|balanced");

  /** Every key this class reads. */
  public static final List<ConfigKey> KEYS = List.of(INTERVAL_MS, POLICY, PHASE_GROUPS,
      ACTIVE_WATTS,
      SLEEP_WATTS, OVERHEAD_WATTS, TRANSITION_MS, TRANSITION_WATTS, TransitionConfig.ENTER,
      TransitionConfig.RESUME, TransitionConfig.REFERENCE_INTERVAL, TransitionConfig.MIN_WINDOW,
      READ_ORDER);

  private final Function<String, String> lookup;

  public CoreConfig(Function<String, String> lookup) {
    this.lookup = lookup;
  }

  /**
   * The blink interval; 1 s to 24 h, the range every schedule reader accepts ({@link
   * ScheduleLimits}), so the scheduler never publishes what its agents refuse.
   */
  public long intervalMs() {
    return longIn(INTERVAL_MS, ScheduleLimits.MIN_INTERVAL_MS, ScheduleLimits.MAX_INTERVAL_MS);
  }

  /** The blink policy named by {@code blink.scheduler.policy}, configured as below. */
  public BlinkPolicy policy() {
    return policy(POLICY.name(), policyName());
  }

  /**
   * The policy called {@code name} with this configuration's parameters: {@code phase-groups}
   * gets G from {@code blink.phase.groups}, so it pairs with the NameNode's layout.
   *
   * @param argName the flag or key the name came from, named in the error message
   * @throws IllegalArgumentException for an unknown name or a bad {@code blink.phase.groups}
   */
  public BlinkPolicy policy(String argName, String name) {
    BlinkPolicy p = Policies.byName(argName, name);
    return p instanceof PhaseGroupsPolicy ? new PhaseGroupsPolicy(phaseGroups()) : p;
  }

  /**
   * {@code blink.phase.groups}: a whole number of at least 1. A ring smaller than G gets one
   * group per node ({@link PhaseGroupsPolicy#effectiveGroups}), so no upper bound but int's.
   */
  public int phaseGroups() {
    return (int) longIn(PHASE_GROUPS, 1, Integer.MAX_VALUE);
  }

  /** {@code blink.read.order}: {@code longest-window} or {@code balanced}. */
  public ReadOrderMode readOrder() {
    return ReadOrderMode.parse(READ_ORDER.name(), raw(READ_ORDER));
  }

  /** The name in {@code blink.scheduler.policy} (not checked here; see {@link #policy()}). */
  public String policyName() {
    return raw(POLICY);
  }

  /**
   * The power model for {@code nodeCount} ring DataNodes. Its transition time is {@code
   * blink.power.transition.ms} when set, else the transition model's mean at {@link
   * #intervalMs()} ({@link TransitionConfig}); its minimum window {@code
   * blink.power.transition.min.window}.
   */
  public PowerModel powerModel(int nodeCount) {
    double active = doubleIn(ACTIVE_WATTS, 0.001, 1e6);
    double sleep = doubleIn(SLEEP_WATTS, 0, 1e6);
    if (sleep >= active) {
      throw new IllegalArgumentException(SLEEP_WATTS.name() + " = " + sleep + " must be below "
          + ACTIVE_WATTS.name() + " = " + active + ": a node must draw less asleep than awake");
    }
    return PowerModel.builder().nodeCount(nodeCount).activeWatts(active).sleepWatts(sleep)
        .overheadWatts(doubleIn(OVERHEAD_WATTS, 0, 1e9))
        .transitionMs(transitions().plannedTransitionMs(intervalMs()))
        .minWindowMs(transitions().minWindowMs())
        .transitionWatts(transitionWatts(active, sleep)).build();
  }

  /** The {@code blink.power.transition.*} keys. */
  public TransitionConfig transitions() {
    return new TransitionConfig(lookup);
  }

  /** {@code blink.power.transition.watts}, between the sleep and active watts; empty: active. */
  private double transitionWatts(double active, double sleep) {
    String v = raw(TRANSITION_WATTS);
    if (v == null || v.isBlank()) {
      return active;
    }
    double w = doubleIn(TRANSITION_WATTS, 0, 1e6);
    if (w < sleep || w > active) {
      throw new IllegalArgumentException(TRANSITION_WATTS.name() + " = " + w + " must lie between "
          + SLEEP_WATTS.name() + " = " + sleep + " and " + ACTIVE_WATTS.name() + " = " + active
          + ": give a node's draw while it suspends or resumes, or leave it empty for the"
          + " active watts");
    }
    return w;
  }

  private String raw(ConfigKey key) {
    return ConfigValues.raw(lookup, key);
  }

  private long longIn(ConfigKey key, long min, long max) {
    return ConfigValues.longIn(lookup, key, min, max);
  }

  private double doubleIn(ConfigKey key, double min, double max) {
    return ConfigValues.doubleIn(lookup, key, min, max);
  }
}
