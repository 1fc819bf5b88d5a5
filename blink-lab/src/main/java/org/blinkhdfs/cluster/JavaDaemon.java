package org.blinkhdfs.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One daemon JVM of the local cluster (NameNode, DataNode or a one-shot tool such as the
 * NameNode format), started through {@link DaemonMain} with its conf dir first on the classpath
 * (or, in drop-in mode, directly on an {@link Installation}'s) and its output in a log file.
 *
 * <p>Stopping is robust against the blink emulation: a DataNode may be frozen (SIGSTOP) when it
 * is stopped, and a stopped process cannot act on SIGTERM, so {@link #stop()} first sends
 * SIGCONT, then SIGTERM, and SIGKILL if the JVM has not exited within the grace period.
 *
 * <p>Thread-safe for {@link #stop()}; started once.
 */
final class JavaDaemon {
  /** Marks every daemon's command line with its cluster directory (see {@link ProcessReaper}). */
  static final String MARKER_PROPERTY = "blink.local.cluster";
  private static final long STOP_GRACE_MS = 10_000;

  private final String name;
  private final Process process;
  private final Path log;

  private JavaDaemon(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
  }

  /**
   * Starts {@code mainClass} with {@code args} in a new JVM, on the launcher's classpath
   * (through {@link DaemonMain}) or on {@code launcher}'s installation.
   *
   * @param jvmOptions heap and GC options
   */
  static JavaDaemon start(DaemonLauncher launcher, String name, Path confDir,
      List<String> jvmOptions, String mainClass, List<String> args, Path log) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvmOptions);
    cmd.addAll(JvmFlags.ADD_OPENS);
    cmd.add("-D" + MARKER_PROPERTY + "=" + launcher.clusterDir().toAbsolutePath());
    cmd.add("-Dlog4j.configuration=file:" + confDir.resolve("log4j.properties"));
    cmd.add("-Dhadoop.log.dir=" + log.getParent());
    cmd.add("-cp");
    if (launcher.installation().isPresent()) {
      cmd.add(launcher.installation().get().classpath(confDir, mainClass));
    } else {
      cmd.add(confDir + File.pathSeparator + System.getProperty("java.class.path"));
      cmd.add(DaemonMain.class.getName());
    }
    cmd.add(mainClass);
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    pb.redirectInput(ProcessBuilder.Redirect.PIPE);
    return new JavaDaemon(name, pb.start(), log);
  }

  String name() {
    return name;
  }

  long pid() {
    return process.pid();
  }

  Path log() {
    return log;
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Waits for a one-shot tool; returns its exit code. */
  int waitFor(long timeoutMs) throws IOException, InterruptedException {
    if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
      stop();
      throw new IOException(name + " did not finish within " + timeoutMs + " ms; see " + log);
    }
    return process.exitValue();
  }

  /**
   * SIGKILL at once ({@code kill -9}: no shutdown hook, no cleanup, as a crash or the OOM killer
   * would end it) and waits for the exit; idempotent.
   */
  void kill() throws InterruptedException {
    Signals.kill(process.pid());
    process.waitFor(STOP_GRACE_MS, TimeUnit.MILLISECONDS);
  }

  /** SIGCONT, SIGTERM, then SIGKILL after a grace period; idempotent. */
  void stop() throws InterruptedException {
    if (!process.isAlive()) {
      return;
    }
    Signals.cont(process.pid());
    process.destroy();
    if (!process.waitFor(STOP_GRACE_MS, TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      process.waitFor(STOP_GRACE_MS, TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public String toString() {
    return name + " (pid " + process.pid() + ", log " + log + ")";
  }
}
