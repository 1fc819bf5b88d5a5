package org.blinkhdfs.control.scheduler;

import java.io.IOException;

/**
 * One way to wake a sleeping host: a Wake-on-LAN magic packet, a power command (IPMI, Redfish),
 * QEMU's QMP {@code system_wakeup}. {@link WakeDriver} decides when and how often; a backend only
 * sends. Whether the host came back is the agent's next status, not the backend's answer.
 */
public interface WakeBackend {
  /** Short name for logs and keys: {@code wol}, {@code command}, {@code qmp}. */
  String name();

  /**
   * Sends one wake to {@code node}. Bounded in time by the backend's own timeout.
   *
   * @throws IOException saying what failed (no route, exit code and stderr, QMP error)
   */
  void wake(String node) throws IOException;

  /** What a wake of {@code node} does, for the log: e.g. {@code wol 52:54:00:12:34:56 to ...}. */
  String describe(String node);
}
