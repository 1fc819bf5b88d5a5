package org.blinkhdfs.scheduler.wake;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;
import org.blinkhdfs.control.scheduler.WakeBackend;

/**
 * QEMU guests (the lab's hosts): wakes a guest suspended to S3 through its QMP monitor. One wake:
 * connect to the node's unix socket, read the greeting, {@code qmp_capabilities}, {@code
 * query-status}; if {@code suspended}, {@code system_wakeup}; then {@code query-status} every
 * {@value #POLL_MS} ms until {@code running}. All of it within the timeout, else the send fails.
 * A guest already {@code running} counts as sent (it woke by itself, the alarm raced us); any
 * other state ({@code paused}, {@code shutdown}, {@code guest-panicked}, ...) is an error naming
 * it: {@code system_wakeup} does not leave those.
 *
 * <p>{@code running} is the guest's CPU, not its agent: the agent's status still decides
 * ({@link org.blinkhdfs.control.scheduler.WakeAttempt}).
 *
 * <p>Thread-safe (a connection per wake).
 */
public final class QmpBackend implements WakeBackend {
  /** Between two {@code query-status} while waiting for the guest to run. */
  static final long POLL_MS = 50;

  private final Map<String, Path> sockets;
  private final long timeoutMs;
  private final Clock clock;

  /**
   * @param sockets each node's QMP unix socket
   * @param timeoutMs the longest one wake may take, connect to {@code running}
   */
  public QmpBackend(Map<String, Path> sockets, long timeoutMs, Clock clock) {
    this.sockets = Map.copyOf(sockets);
    this.timeoutMs = timeoutMs;
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public String name() {
    return "qmp";
  }

  @Override
  public void wake(String node) throws IOException {
    Path socket = sockets.get(node);
    if (socket == null) {
      throw new IOException("no QMP socket for " + node);
    }
    long deadline = clock.millis() + timeoutMs;
    try (QmpConnection c = QmpConnection.open(socket, clock, deadline)) {
      String status = status(c);
      if (status.equals("running")) {
        return;
      }
      if (!status.equals("suspended")) {
        throw new IOException("guest behind " + socket + " is '" + status + "', not suspended:"
            + " system_wakeup cannot wake it (check it with the QEMU monitor)");
      }
      c.execute("system_wakeup");
      while (!(status = status(c)).equals("running")) {
        if (clock.millis() >= deadline) {
          throw new IOException("guest behind " + socket + " still '" + status + "' "
              + timeoutMs + " ms after system_wakeup");
        }
        try {
          Thread.sleep(POLL_MS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while waiting for " + node + " to run", e);
        }
      }
    }
  }

  private static String status(QmpConnection c) throws IOException {
    return c.execute("query-status").path("status").asText("?");
  }

  @Override
  public String describe(String node) {
    return "qmp " + sockets.get(node) + " (timeout " + timeoutMs + " ms)";
  }
}
