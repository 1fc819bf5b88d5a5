package org.blinkhdfs.control.agent;

import java.util.Optional;

/**
 * Performs a DataNode host's power transitions for the power agent. Three implementations sit
 * behind this interface, chosen by the agent's {@code --actuator} flag: {@code real} (ACPI S3
 * with an armed RTC wake alarm, through JNA), {@code emulate} (freeze and thaw the node's
 * processes) and {@code dry-run} (log only).
 *
 * <p>Contract for every implementation:
 *
 * <ul>
 *   <li>{@link #sleep} blocks until the node is awake again and reports what happened.
 *   <li>It never puts the node to sleep when the request's lease has already ended, or when it
 *       cannot guarantee the wake-up (for {@code real}: an alarm armed and read back).
 *   <li>A refusal or failure is an {@link ActuatorException} whose message says what was checked
 *       and how to fix it; the node is left awake.
 * </ul>
 */
public interface Actuator {
  /**
   * The flag value that selects this actuator: {@code real}, {@code emulate} or {@code dry-run}.
   */
  String name();

  /**
   * Why this node cannot sleep at all and serves as an io-server instead (a host without ACPI S3
   * whose operator chose that fallback), or empty when it can. The agent asks before every sleep
   * and, when present, keeps the node awake in io-server mode and reports IO_SERVER with this
   * reason: never a silent no-op, never a sleep reported that did not happen. Default: empty.
   */
  default Optional<String> sleepUnsupported() {
    return Optional.empty();
  }

  /** Sleeps now until {@code request.wakeAtMs()}; returns once awake. */
  SleepReport sleep(SleepRequest request) throws ActuatorException, InterruptedException;

  /**
   * io-server mode (Amur &amp; Schwan): keep {@code computeCores} CPU cores online for the
   * DataNode and take the rest offline; {@code 0} or less brings every core back (max-perf).
   */
  void setComputeCores(int computeCores) throws ActuatorException;
}
