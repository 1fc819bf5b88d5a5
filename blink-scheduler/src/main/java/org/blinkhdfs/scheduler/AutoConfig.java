package org.blinkhdfs.scheduler;

import java.time.Clock;
import java.util.List;
import java.util.function.Function;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.policy.AutoPolicy;
import org.blinkhdfs.model.policy.AutoSettings;
import org.blinkhdfs.model.schedule.ReadOrderMode;

/**
 * The {@code blink.scheduler.auto.*} keys of the {@code auto} policy ({@link AutoPolicy}), read
 * and validated at startup so that a {@code PUT /v1/policy} to {@code auto} cannot fail later.
 *
 * <ul>
 *   <li>{@code blink.phase.groups} (G, default 3): the phase groups of the layout the NameNode
 *       places with ({@code blink.ring.spacing = groups}), the key the NameNode and the
 *       phase-groups policy read too, so auto's groups are the layout's (G = r).
 *   <li>{@code blink.scheduler.auto.hysteresis} (H, default 3 decisions) and {@code
 *       blink.scheduler.auto.margin} (default 0.05): a plan no less available than the one in
 *       force replaces it only after winning H consecutive decisions by more than the margin.
 *   <li>{@code blink.scheduler.auto.target.utilization} (T, default 0.8): demand is the measured
 *       work at this utilization.
 *   <li>{@code blink.scheduler.auto.demand.window} (D, default 10 intervals): demand is the
 *       largest of the last D samples, so a reader that pauses between bursts keeps its nodes.
 *   <li>{@code blink.read.min.window.ms} (m): the read window of the availability condition, the
 *       key the NameNode and the clients read.
 *   <li>{@code blink.read.order} (default {@code longest-window}): the NameNode's read order, the
 *       key its {@code BlinkNetworkTopology} and the clients read, so that auto predicts the
 *       throughput each plan delivers under the order in force (under {@code balanced} blinking
 *       nodes share the reads with the ACTIVE ones; under the longest window they do not).
 * </ul>
 *
 * <p>Stateless.
 */
final class AutoConfig {
  static final ConfigKey HYSTERESIS =
      new ConfigKey("blink.scheduler.auto.hysteresis", "3", "decisions");
  static final ConfigKey MARGIN = new ConfigKey("blink.scheduler.auto.margin", "0.05", "fraction");
  static final ConfigKey TARGET =
      new ConfigKey("blink.scheduler.auto.target.utilization", "0.8", "fraction");
  static final ConfigKey DEMAND_WINDOW = new ConfigKey("blink.scheduler.auto.demand.window",
      String.valueOf(AutoSettings.DEFAULT_DEMAND_WINDOW), "intervals");

  /** The keys this class reads. */
  static final List<ConfigKey> KEYS = List.of(CoreConfig.PHASE_GROUPS, HYSTERESIS, MARGIN,
      TARGET, DEMAND_WINDOW, CoreConfig.READ_MIN_WINDOW_MS, CoreConfig.READ_ORDER);

  private final AutoSettings settings;
  private final long readWindowMs;
  private final ReadOrderMode readOrder;

  AutoConfig(Function<String, String> lookup) {
    this.settings = new AutoSettings(
        (int) ConfigValues.longIn(lookup, CoreConfig.PHASE_GROUPS, 1, Integer.MAX_VALUE),
        (int) ConfigValues.longIn(lookup, HYSTERESIS, 1, AutoSettings.MAX_HYSTERESIS),
        ConfigValues.doubleIn(lookup, MARGIN, 0, 10),
        ConfigValues.doubleIn(lookup, TARGET, 0.01, 1),
        (int) ConfigValues.longIn(lookup, DEMAND_WINDOW, 1, AutoSettings.MAX_HYSTERESIS));
    this.readWindowMs = ConfigValues.longIn(lookup, CoreConfig.READ_MIN_WINDOW_MS, 0,
        3_600_000L);
    this.readOrder = new CoreConfig(lookup).readOrder();
  }

  AutoSettings settings() {
    return settings;
  }

  long readWindowMs() {
    return readWindowMs;
  }

  /** {@code blink.read.order}. */
  ReadOrderMode readOrder() {
    return readOrder;
  }

  /** A new policy with these settings; decisions stamped by {@code clock}. */
  AutoPolicy policy(Clock clock) {
    return new AutoPolicy(settings, readWindowMs, readOrder, clock);
  }
}
