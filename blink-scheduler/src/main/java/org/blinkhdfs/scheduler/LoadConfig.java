package org.blinkhdfs.scheduler;

import java.util.List;
import java.util.function.Function;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.yarn.PendingContainersConfig;

/**
 * {@code blink.scheduler.load.max.age.ms} (default 30 s): how long a proxy's held-read report and
 * a ResourceManager reading of pending containers count for the {@code auto} policy ({@link
 * LoadBook}). Why 30 s: three of the proxies' and the ResourceManager poller's default 10 s
 * periods, so one lost report or failed read does not drop the signal, while a proxy that is
 * gone stops counting within half a 60 s interval. It must be at least {@code
 * blink.yarn.pending.period.ms} when that poller runs, else every reading would age out before
 * the next one.
 *
 * <p>Immutable.
 */
final class LoadConfig {
  static final ConfigKey MAX_AGE_MS =
      new ConfigKey("blink.scheduler.load.max.age.ms", "30000", "ms");
  static final List<ConfigKey> KEYS = List.of(MAX_AGE_MS);

  private final long maxAgeMs;

  LoadConfig(Function<String, String> lookup) {
    this.maxAgeMs = ConfigValues.longIn(lookup, MAX_AGE_MS, 1_000, 3_600_000L);
    PendingContainersConfig yarn = new PendingContainersConfig(lookup);
    if (yarn.address().isPresent() && maxAgeMs < yarn.periodMs()) {
      throw new IllegalArgumentException(MAX_AGE_MS.name() + " = " + maxAgeMs + " ms is below "
          + PendingContainersConfig.PERIOD_MS.name() + " = " + yarn.periodMs() + " ms: every"
          + " count would age out before the next read; give at least the period (default "
          + MAX_AGE_MS.defaultValue() + " for a 10000 ms period)");
    }
  }

  long maxAgeMs() {
    return maxAgeMs;
  }
}
