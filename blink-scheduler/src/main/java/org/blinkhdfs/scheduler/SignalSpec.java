package org.blinkhdfs.scheduler;

import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.signal.PowerSignal;

/**
 * Parses {@code blink.scheduler.signal}, the scheduler's power source: the grammar of {@link
 * org.blinkhdfs.model.signal.SignalSpec} (shared with {@code bin/blink sim}), with
 * {@code sensor:COMMAND} run by a {@link SensorSignal} on its own thread.
 */
final class SignalSpec {
  static final String KEY = "blink.scheduler.signal";

  private SignalSpec() {}

  /**
   * @param sensorTimeoutMs bound on one run of a sensor command
   * @param sensorPeriodMs how often a sensor command runs (the scheduler's tick); a sensor
   *     signal reads on its own thread, which the caller stops by closing it
   */
  static PowerSignal parse(String spec, PowerModel model, long sensorTimeoutMs,
      long sensorPeriodMs) {
    return org.blinkhdfs.model.signal.SignalSpec.parse(KEY, spec, model,
        command -> new SensorSignal(command, sensorTimeoutMs, sensorPeriodMs));
  }
}
