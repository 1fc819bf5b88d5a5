package org.blinkhdfs.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A real child process standing in for a DataNode: it writes an increasing counter to a file
 * every 20 ms, so a test sees when it is frozen (the counter stops) and when it runs.
 * {@link #close()} sends SIGCONT (a stopped process cannot die of SIGTERM) and kills it.
 */
public final class TickingChild implements AutoCloseable {
  private final Process process;
  private final Path counter;

  public TickingChild(Path dir, String name) throws IOException, InterruptedException {
    this(dir, name, "ticking-child");
  }

  /**
   * A child whose command line is {@code bash -c <script> <arg0>}: {@code arg0} (the script's
   * {@code $0}) is a whole argument of {@code /proc/<pid>/cmdline}, e.g. the DataNode class.
   */
  public TickingChild(Path dir, String name, String arg0)
      throws IOException, InterruptedException {
    counter = dir.resolve(name + ".counter");
    process = new ProcessBuilder("bash", "-c",
        "i=0; while true; do i=$((i+1)); echo $i > '" + counter + "'; sleep 0.02; done", arg0)
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (value() < 2) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("child did not start writing " + counter);
      }
      Thread.sleep(20);
    }
  }

  /** Whether the counter stays exactly put for {@code ms}. */
  public boolean staysStill(long ms) throws InterruptedException {
    // Compares the file's text, not the parsed number: a freeze that lands between the shell's
    // truncation of the file and its write leaves it empty for as long as the process is frozen,
    // which is still a counter that does not move (parsing it would read as -1 and fail).
    String before = text();
    Thread.sleep(ms);
    return before != null && before.equals(text());
  }

  private String text() {
    try {
      return Files.readString(counter);
    } catch (IOException e) {
      return null;
    }
  }

  public long pid() {
    return process.pid();
  }

  /** The counter, or -1 while the file is missing or half-written. */
  public long value() {
    try {
      return Long.parseLong(Files.readString(counter).trim());
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }

  /** The process state letter from /proc (T = stopped), '?' if unreadable. */
  public char state() {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid()), "stat"));
      return stat.charAt(stat.lastIndexOf(')') + 2);
    } catch (IOException | RuntimeException e) {
      return '?';
    }
  }

  /** Whether the counter moves within {@code ms}. */
  public boolean progresses(long ms) throws InterruptedException {
    long before = value();
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
    while (System.nanoTime() < deadline) {
      Thread.sleep(25);
      long now = value();
      if (before == -1) {
        before = now;
      } else if (now > before) {
        return true;
      }
    }
    return false;
  }

  /** Waits up to {@code ms} until the process is stopped (SIGSTOP); true if it is. */
  public boolean awaitStopped(long ms) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
    while (System.nanoTime() < deadline) {
      if (state() == 'T') {
        return true;
      }
      Thread.sleep(10);
    }
    return false;
  }

  @Override
  public void close() {
    try {
      new ProcessBuilder("kill", "-CONT", Long.toString(pid())).start().waitFor(5,
          TimeUnit.SECONDS);
    } catch (IOException e) {
      // destroyForcibly below still ends it
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    process.destroyForcibly();
    try {
      process.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
