package org.blinkhdfs.agent.actuator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.blinkhdfs.core.agent.ActuatorException;

/**
 * A real child process that writes an increasing counter to a file every 50 ms, to see a freezer
 * stop and resume it. {@link #close()} continues and kills it (a stopped process cannot exit).
 */
final class CounterChild implements AutoCloseable {
  final Process process;
  final Path counter;

  CounterChild(Path dir) throws IOException, InterruptedException {
    counter = dir.resolve("counter");
    process = new ProcessBuilder("bash", "-c",
        "i=0; while true; do i=$((i+1)); echo $i > '" + counter + "'; sleep 0.05; done")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (value() < 2) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("counter child did not start writing " + counter);
      }
      Thread.sleep(20);
    }
  }

  int pid() {
    return (int) process.pid();
  }

  /** The counter, or -1 while the file is missing or half-written. */
  long value() {
    try {
      return Long.parseLong(Files.readString(counter).trim());
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }

  /** Whether the counter moves within {@code ms}. */
  boolean progresses(long ms) throws InterruptedException {
    long before = value();
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
    while (System.nanoTime() < deadline) {
      Thread.sleep(25);
      long now = value();
      if (now > before && before != -1) {
        return true;
      }
      if (before == -1) {
        before = now;
      }
    }
    return false;
  }

  /** Whether the counter stays exactly put for {@code ms}. */
  boolean staysStill(long ms) throws InterruptedException {
    long before = value();
    Thread.sleep(ms);
    return before != -1 && value() == before;
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      try {
        LibcKernel.get().kill(pid(), LibC.SIGCONT);
      } catch (ActuatorException e) {
        // the SIGKILL below still ends it unless a cgroup holds it frozen
      }
    }
    process.destroyForcibly();
    try {
      process.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
