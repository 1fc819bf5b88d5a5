package org.blinkhdfs.scheduler;

import java.util.function.Supplier;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.signal.PowerSignal;

/**
 * Parses {@code blink.scheduler.signal}, the scheduler's power source: the grammar of {@link
 * org.blinkhdfs.model.signal.SignalSpec} (shared with {@code bin/blink sim}), with
 * {@code sensor:COMMAND} run by a {@link SensorSignal} on its own thread, plus {@code battery}
 * (the daemon's only: a UPS or battery read by a {@link BatterySignal}, configured by the {@code
 * blink.battery.*} keys).
 */
final class SignalSpec {
  static final String KEY = "blink.scheduler.signal";

  private SignalSpec() {}

  /**
   * @param sensorTimeoutMs bound on one run of a sensor command
   * @param sensorPeriodMs how often a sensor command runs (the scheduler's tick); a sensor
   *     signal reads on its own thread, which the caller stops by closing it
   * @param battery builds the battery signal when {@code spec} is {@code battery}
   */
  static PowerSignal parse(String spec, PowerModel model, long sensorTimeoutMs,
      long sensorPeriodMs, Supplier<PowerSignal> battery) {
    if (BatteryConfig.selected(spec)) {
      return battery.get();
    }
    try {
      return org.blinkhdfs.model.signal.SignalSpec.parse(KEY, spec, model,
          command -> new SensorSignal(command, sensorTimeoutMs, sensorPeriodMs));
    } catch (IllegalArgumentException e) {
      String m = e.getMessage();
      if (m != null && m.contains(org.blinkhdfs.model.signal.SignalSpec.FORMS)) {
        throw new IllegalArgumentException(m + ", or battery (a UPS or battery, configured by"
            + " the blink.battery.* keys)", e);
      }
      throw e;
    }
  }
}
