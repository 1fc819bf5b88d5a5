package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a command the scheduler reads a power input from ({@code sensor:COMMAND}, NUT's {@code
 * upsc}) with a bound on its time and on what is read of its output, and kills the whole process
 * tree afterwards, so a script's own children never linger after a timeout.
 *
 * <p>Why one home: both readers must behave the same on a hung command (a UPS daemon that stopped
 * answering, a sensor on a dead serial line), and each runs on its own daemon thread, never under
 * the scheduler's lock.
 */
final class BoundedCommand {
  private BoundedCommand() {}

  /** What one run printed (stdout and stderr together) and its exit status. */
  record Result(int exitStatus, String output) {}

  /**
   * Runs {@code argv} to completion within {@code timeoutMs}.
   *
   * @param maxOutputBytes how much of the output is read; the rest is dropped
   * @throws IOException when it cannot start or gives no answer within the timeout
   */
  static Result run(List<String> argv, long timeoutMs, int maxOutputBytes)
      throws IOException, InterruptedException {
    Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
    try {
      if (!p.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
        throw new IOException("no answer within " + timeoutMs + " ms");
      }
      try (InputStream in = p.getInputStream()) {
        return new Result(p.exitValue(),
            new String(in.readNBytes(maxOutputBytes), StandardCharsets.UTF_8).trim());
      }
    } finally {
      // Children first: once the parent is gone they are re-parented and out of its tree.
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
  }
}
