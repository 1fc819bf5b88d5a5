package org.blinkhdfs.scheduler;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.model.battery.BatteryModel;
import org.blinkhdfs.model.wire.BatteryTargetJson;

/**
 * The {@code blink.battery.*} keys of the {@code battery} power signal ({@code
 * blink.scheduler.signal = battery}, docs/power-signals.md "Battery (UPS)"), read and validated
 * at startup: a bad value stops the daemon with the key, the value and the fix, before the
 * reader thread starts.
 *
 * <ul>
 *   <li>{@code blink.battery.source}: {@code nut} ({@code blink.battery.nut.command} {@code
 *       blink.battery.nut.ups}, i.e. {@code upsc rack1@localhost}) or {@code sysfs} ({@code
 *       blink.battery.sysfs.battery}, optionally {@code .adapter}, directories of {@code
 *       /sys/class/power_supply});
 *   <li>the battery model: {@code blink.battery.capacity.wh} (required), {@code .efficiency},
 *       {@code .reserve.fraction};
 *   <li>the ride-through: {@code blink.battery.ride.through} (the target, a duration, settable
 *       at run time by {@code PUT /v1/battery}), {@code blink.battery.read.period} (how often the
 *       source is read), {@code blink.battery.reading.max.age} (no reading for longer: fail
 *       safe). The NUT command is bounded by {@code blink.scheduler.sensor.timeout.ms}, and the
 *       maximum age must exceed one period plus that bound, or a healthy reader would look
 *       stale.
 * </ul>
 *
 * <p>Immutable.
 */
final class BatteryConfig {
  /** The value of {@code blink.scheduler.signal} that selects this signal. */
  static final String SIGNAL = "battery";

  static final ConfigKey SOURCE = new ConfigKey("blink.battery.source", "nut", "nut or sysfs");
  static final ConfigKey CAPACITY_WH = new ConfigKey("blink.battery.capacity.wh", "", "Wh");
  static final ConfigKey EFFICIENCY =
      new ConfigKey("blink.battery.efficiency", "0.9", "fraction");
  static final ConfigKey RESERVE =
      new ConfigKey("blink.battery.reserve.fraction", "0.2", "fraction of full capacity");
  static final ConfigKey RIDE_THROUGH = new ConfigKey("blink.battery.ride.through", "1h", "time");
  static final ConfigKey READ_PERIOD = new ConfigKey("blink.battery.read.period", "10s", "time");
  static final ConfigKey MAX_AGE =
      new ConfigKey("blink.battery.reading.max.age", "1m", "time");
  static final ConfigKey NUT_UPS = new ConfigKey("blink.battery.nut.ups", "", "upsname[@host]");
  static final ConfigKey NUT_COMMAND = new ConfigKey("blink.battery.nut.command", "upsc", "path");
  static final ConfigKey SYSFS_BATTERY =
      new ConfigKey("blink.battery.sysfs.battery", "", "directory");
  static final ConfigKey SYSFS_ADAPTER =
      new ConfigKey("blink.battery.sysfs.adapter", "", "directory");

  /** The keys this class reads. */
  static final List<ConfigKey> KEYS = List.of(SOURCE, CAPACITY_WH, EFFICIENCY, RESERVE,
      RIDE_THROUGH, READ_PERIOD, MAX_AGE, NUT_UPS, NUT_COMMAND, SYSFS_BATTERY, SYSFS_ADAPTER);

  /** NUT's {@code upsname[@hostname[:port]]}; nothing a shell or upsc would read as a flag. */
  private static final Pattern UPS_NAME =
      Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*(@[A-Za-z0-9_.\\[\\]:-]+)?");

  private final BatteryModel battery;
  private final long targetMs;
  private final long readPeriodMs;
  private final long maxAgeMs;
  private final BatteryReader reader;
  /** {@code blink.battery.source = nut, blink.battery.nut.ups = rack1}, for log lines. */
  private final String sourceSettings;

  /**
   * Reads and checks every key.
   *
   * @param commandTimeoutMs the bound on one run of the NUT command ({@code
   *     blink.scheduler.sensor.timeout.ms})
   */
  BatteryConfig(Function<String, String> lookup, long commandTimeoutMs) {
    String capacity = lookup.apply(CAPACITY_WH.name());
    if (capacity == null || capacity.isBlank()) {
      throw new IllegalArgumentException(CAPACITY_WH.name() + " is empty, and "
          + SchedulerConfig.SIGNAL.name() + " = battery needs it: give the battery's energy"
          + " when full in Wh (e.g. 2000; a UPS datasheet's Ah x V)");
    }
    this.battery = new BatteryModel(ConfigValues.doubleIn(lookup, CAPACITY_WH, 1e-3, 1e9),
        ConfigValues.doubleIn(lookup, EFFICIENCY, 0.01, 1),
        ConfigValues.doubleIn(lookup, RESERVE, 0, 0.99));
    this.targetMs = ConfigValues.durationMsIn(lookup, RIDE_THROUGH, BatteryTargetJson.MIN_MS,
        BatteryTargetJson.MAX_MS);
    this.readPeriodMs = ConfigValues.durationMsIn(lookup, READ_PERIOD, 1000, 3_600_000L);
    this.maxAgeMs = ConfigValues.durationMsIn(lookup, MAX_AGE, 1000, 86_400_000L);
    if (maxAgeMs <= readPeriodMs + commandTimeoutMs) {
      throw new IllegalArgumentException(String.format(Locale.ROOT, "%s = '%s' must exceed %s"
          + " (%d ms) plus %s (%d ms): a healthy reader produces a reading that often, so it"
          + " would look stale; give at least %d ms, e.g. 6 read periods",
          MAX_AGE.name(), ConfigValues.raw(lookup, MAX_AGE), READ_PERIOD.name(), readPeriodMs,
          SchedulerConfig.SENSOR_TIMEOUT_MS.name(), commandTimeoutMs,
          readPeriodMs + commandTimeoutMs + 1));
    }
    String source = ConfigValues.raw(lookup, SOURCE).toLowerCase(Locale.ROOT);
    switch (source) {
      case "nut" -> {
        String ups = ConfigValues.raw(lookup, NUT_UPS);
        if (!UPS_NAME.matcher(ups).matches()) {
          throw new IllegalArgumentException(NUT_UPS.name() + " = '" + ups + "' is not a NUT"
              + " UPS name: give upsname[@hostname[:port]] as upsc takes it (upsc -l lists"
              + " them), e.g. rack1@localhost");
        }
        String command = ConfigValues.raw(lookup, NUT_COMMAND);
        if (command.isEmpty() || command.chars().anyMatch(Character::isWhitespace)) {
          throw new IllegalArgumentException(NUT_COMMAND.name() + " = '" + command + "' must"
              + " be one program (upsc, or its path), run as: <program> <ups>");
        }
        this.reader = new BatteryReader.Nut(command, ups, commandTimeoutMs);
        this.sourceSettings = SOURCE.name() + " = nut, " + NUT_UPS.name() + " = " + ups
            + ", " + NUT_COMMAND.name() + " = " + command;
      }
      case "sysfs" -> {
        Path dir = directory(lookup, SYSFS_BATTERY, true);
        Path adapter = directory(lookup, SYSFS_ADAPTER, false);
        this.reader = new BatteryReader.Sysfs(dir, adapter);
        this.sourceSettings = SOURCE.name() + " = sysfs, " + SYSFS_BATTERY.name() + " = "
            + dir + (adapter == null ? "" : ", " + SYSFS_ADAPTER.name() + " = " + adapter);
      }
      default -> throw new IllegalArgumentException(SOURCE.name() + " = '" + source
          + "' is not a battery source: give nut (a UPS through NUT's upsc) or sysfs (a"
          + " battery in /sys/class/power_supply)");
    }
  }

  private static Path directory(Function<String, String> lookup, ConfigKey key,
      boolean required) {
    String v = ConfigValues.raw(lookup, key);
    if (v.isEmpty()) {
      if (required) {
        throw new IllegalArgumentException(key.name() + " is empty, and " + SOURCE.name()
            + " = sysfs needs it: give the battery's power-supply directory, e.g."
            + " /sys/class/power_supply/BAT0");
      }
      return null;
    }
    Path p = Path.of(v);
    if (!BatteryReader.Sysfs.readableDirectory(p)) {
      throw new IllegalArgumentException(key.name() + " = '" + v + "' is not a readable"
          + " directory: give a directory of /sys/class/power_supply (ls it to see the"
          + " supplies: type Battery for the battery, Mains for the AC adapter)");
    }
    return p;
  }

  /** True when {@code signalSpec} selects the battery signal. */
  static boolean selected(String signalSpec) {
    return signalSpec != null && signalSpec.trim().equals(SIGNAL);
  }

  BatteryModel battery() {
    return battery;
  }

  long targetMs() {
    return targetMs;
  }

  long readPeriodMs() {
    return readPeriodMs;
  }

  long maxAgeMs() {
    return maxAgeMs;
  }

  BatteryReader reader() {
    return reader;
  }

  String sourceSettings() {
    return sourceSettings;
  }
}
