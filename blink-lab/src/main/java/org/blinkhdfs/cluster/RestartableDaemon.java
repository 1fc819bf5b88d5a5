package org.blinkhdfs.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A daemon JVM of the local cluster that a fault test ends with SIGKILL and starts again with the
 * same command line: same conf dir, ports and directories, its output appended to the same log.
 *
 * <p>Why a class of its own: {@link JavaDaemon} is one process; a restart is a new one, and the
 * cluster must keep asking "the NameNode", "the scheduler" or "agent 3" for its current pid,
 * liveness and stop, whichever JVM that is now. {@link #starts()} counts the JVMs, so a test can
 * tell that a restart happened.
 *
 * <p>Thread-safe: every method is synchronized.
 */
final class RestartableDaemon {
  private final String name;
  private final DaemonLauncher launcher;
  private final Path confDir;
  private final List<String> jvmOptions;
  private final String mainClass;
  private final List<String> args;
  private final Path log;
  private JavaDaemon daemon;
  private int starts;

  RestartableDaemon(String name, DaemonLauncher launcher, Path confDir, List<String> jvmOptions,
      String mainClass, List<String> args) {
    this.name = name;
    this.launcher = launcher;
    this.confDir = confDir;
    this.jvmOptions = List.copyOf(jvmOptions);
    this.mainClass = mainClass;
    this.args = List.copyOf(args);
    this.log = launcher.clusterDir().resolve("logs/" + name + ".log");
  }

  /** Starts a new JVM; fails if one is running (kill or stop it first). */
  synchronized JavaDaemon start() throws IOException {
    if (isAlive()) {
      throw new IllegalStateException(name + " is running already (pid " + daemon.pid()
          + "); kill() it before starting it again");
    }
    daemon = JavaDaemon.start(launcher, name, confDir, jvmOptions, mainClass, args, log);
    starts++;
    return daemon;
  }

  /** SIGKILL, as a crash or the OOM killer would end it; waits for the exit. */
  synchronized void kill() throws InterruptedException {
    if (daemon != null) {
      daemon.kill();
    }
  }

  /** SIGCONT, SIGTERM, then SIGKILL after a grace period; idempotent. */
  synchronized void stop() throws InterruptedException {
    if (daemon != null) {
      daemon.stop();
    }
  }

  synchronized boolean isAlive() {
    return daemon != null && daemon.isAlive();
  }

  /** The current JVM's pid; fails before the first start. */
  synchronized long pid() {
    if (daemon == null) {
      throw new IllegalStateException(name + " was never started");
    }
    return daemon.pid();
  }

  synchronized int starts() {
    return starts;
  }

  String name() {
    return name;
  }

  Path log() {
    return log;
  }
}
