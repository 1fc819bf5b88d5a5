package org.blinkhdfs.cluster;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Sends SIGCONT and SIGKILL with the system {@code kill} command. Used only to clean up
 * (thawing before a stop, reaping leftovers); the blink emulation itself goes through the
 * agents' freezers.
 */
final class Signals {
  private Signals() {}

  static void cont(long pid) {
    send("-CONT", pid);
  }

  static void kill(long pid) {
    send("-KILL", pid);
  }

  private static void send(String signal, long pid) {
    try {
      Process p = new ProcessBuilder("kill", signal, Long.toString(pid))
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      p.waitFor(5, TimeUnit.SECONDS);
    } catch (IOException e) {
      // the process is gone or kill is missing; nothing more to do for a cleanup step
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
