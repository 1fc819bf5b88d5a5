package org.blinkhdfs.agent.actuator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;
import org.blinkhdfs.common.text.AsciiNumbers;
import org.blinkhdfs.control.agent.ActuatorException;
import org.blinkhdfs.control.agent.ProcessFreezer;

/**
 * Freezes DataNode processes with {@code SIGSTOP} and thaws them with {@code SIGCONT}, through
 * JNA {@code kill(2)}: the fallback for {@code --actuator emulate} when no writable cgroup is
 * available. {@code SIGSTOP} cannot be caught or ignored and stops every thread of the process.
 *
 * <p>The pids are either a fixed set or read, at every freeze, from a pid file: Hadoop's
 * {@code hdfs --daemon start datanode} writes {@code $HADOOP_PID_DIR/hadoop-<user>-datanode.pid}
 * ({@link #datanodePidFile}); re-reading it follows DataNode restarts. Example:
 * {@code SignalFreezer.forPidFile(SignalFreezer.datanodePidFile(Path.of("/tmp"), "hdfs"))}.
 *
 * <p>Safety: before stopping anything every pid is checked alive ({@code kill(pid, 0)}, and not a
 * zombie in {@code /proc}); a dead pid is an {@link ActuatorException} naming it. {@link #freeze}
 * returns once {@code /proc/<pid>/task/<tid>/stat} shows every thread stopped (bounded wait); if a
 * signal or the wait fails, the pids already stopped are continued, so the node stays awake.
 * {@link #thaw} continues the pids of the last freeze as well as the current ones. Unlike a
 * cgroup, signals do not reach child processes (the DataNode is one JVM; secure DataNodes
 * started through jsvc must list both pids), unless the source expands process trees
 * ({@link ProcessTree}, the agent's {@code --pid-tree}: a NodeManager and its containers).
 *
 * <p>Thread-safety: {@link #freeze} and {@link #thaw} are synchronized.
 */
public final class SignalFreezer implements ProcessFreezer {
  private static final long POLL_MS = 5;

  /** Where the pids come from; read at every freeze. */
  @FunctionalInterface
  public interface PidSource {
    Set<Integer> pids() throws ActuatorException;
  }

  private final PidSource source;
  private final String sourceDescription;
  private final Kernel kernel;
  private final Path proc;
  private final Duration timeout;
  private final Set<Integer> lastFrozen = new LinkedHashSet<>();

  /**
   * @param source the pids to signal
   * @param sourceDescription for {@link #describe()} and errors, e.g. {@code pid file /tmp/x.pid}
   * @param kernel {@code kill(2)}
   * @param proc the proc file system ({@code /proc}), used to wait for the stop and spot zombies;
   *     when it has no entry for a pid, freezing does not wait
   * @param timeout how long {@link #freeze} waits for every thread to stop
   */
  public SignalFreezer(PidSource source, String sourceDescription, Kernel kernel, Path proc,
      Duration timeout) {
    this.source = Objects.requireNonNull(source, "source");
    this.sourceDescription = Objects.requireNonNull(sourceDescription, "sourceDescription");
    this.kernel = Objects.requireNonNull(kernel, "kernel");
    this.proc = Objects.requireNonNull(proc, "proc");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
  }

  /** A fixed pid set; libc, {@code /proc}, 2 s stop timeout. */
  public static SignalFreezer forPids(Set<Integer> pids) {
    Set<Integer> copy = Set.copyOf(pids);
    if (copy.isEmpty()) {
      throw new IllegalArgumentException("at least one pid is required");
    }
    return new SignalFreezer(() -> copy, "pids " + copy, LibcKernel.get(), Path.of("/proc"),
        Duration.ofSeconds(2));
  }

  /**
   * The arguments that mark a DataNode's command line: Hadoop's launcher passes {@code
   * -Dproc_datanode} and the main class ({@code hdfs --daemon start datanode}; jsvc for a secure
   * DataNode runs {@code SecureDataNodeStarter}). A whole argument must equal one of them: a
   * mere mention (a {@code tail -f hadoop-hdfs-datanode.log}, a path) is not a DataNode.
   */
  public static final Set<String> DATANODE_ARGUMENTS = Set.of("-Dproc_datanode",
      "org.apache.hadoop.hdfs.server.datanode.DataNode",
      "org.apache.hadoop.hdfs.server.datanode.SecureDataNodeStarter");

  /**
   * Pids read from {@code pidFile} (one or more, whitespace-separated) at every freeze, each
   * checked to be a DataNode ({@link #dataNodePids}); libc, {@code /proc}, 2 s stop timeout.
   */
  public static SignalFreezer forPidFile(Path pidFile) {
    return forPidFile(pidFile, Duration.ofSeconds(2));
  }

  /**
   * The agent's {@code --pid-file}: {@link #forPidFile(Path)} with the stop timeout {@code
   * blink.agent.freeze.timeout.ms}.
   */
  public static SignalFreezer forPidFile(Path pidFile, Duration timeout) {
    Path proc = Path.of("/proc");
    return new SignalFreezer(() -> dataNodePids(pidFile, proc), "pid file " + pidFile,
        LibcKernel.get(), proc, timeout);
  }

  /**
   * The pids of {@code pidFile}, each checked to be a DataNode: one argument of its command line
   * (from {@code proc}) must be one of {@link #DATANODE_ARGUMENTS}. A pid file outlives its
   * process, and a reused pid would make the agent stop a stranger; a pid that is not running
   * is left to the liveness check.
   */
  static Set<Integer> dataNodePids(Path pidFile, Path proc) throws ActuatorException {
    Set<Integer> pids = readPidFile(pidFile);
    for (int pid : pids) {
      Path cmdline = proc.resolve(pid + "/cmdline");
      byte[] raw;
      try {
        raw = Files.readAllBytes(cmdline);
      } catch (IOException e) {
        continue; // not running: freeze() names it
      }
      String cmd = new String(raw, StandardCharsets.ISO_8859_1);
      if (Arrays.stream(cmd.split("\0")).noneMatch(DATANODE_ARGUMENTS::contains)) {
        String shown = cmd.replace('\0', ' ').trim();
        throw new ActuatorException("--pid-file " + pidFile + ": pid " + pid + " runs '"
            + (shown.length() > 200 ? shown.substring(0, 200) + "..." : shown) + "', not a"
            + " DataNode (no argument -Dproc_datanode or the DataNode class): not stopping it."
            + " A stale pid file whose pid was reused, or the wrong file: point --pid-file at"
            + " the file 'hdfs --daemon start datanode' writes"
            + " ($HADOOP_PID_DIR/hadoop-<user>-datanode.pid), or remove the stale file and"
            + " restart the DataNode");
      }
    }
    return pids;
  }

  /** Hadoop's DataNode pid file: {@code <pidDir>/hadoop-<user>-datanode.pid}. */
  public static Path datanodePidFile(Path pidDir, String user) {
    return pidDir.resolve("hadoop-" + user + "-datanode.pid");
  }

  /** Parses a pid file; errors name the file and the fix. */
  public static Set<Integer> readPidFile(Path pidFile) throws ActuatorException {
    String text;
    try {
      text = Files.readString(pidFile, StandardCharsets.US_ASCII).trim();
    } catch (NoSuchFileException e) {
      throw new ActuatorException("no DataNode pid file " + pidFile + ": start the DataNode with "
          + "'hdfs --daemon start datanode' (it writes $HADOOP_PID_DIR/hadoop-<user>-datanode.pid)"
          + " or give the pid directory and user the DataNode runs as", e);
    } catch (IOException e) {
      throw new ActuatorException("cannot read pid file " + pidFile + " (" + e + ")", e);
    }
    Set<Integer> pids = new LinkedHashSet<>();
    for (String token : text.split("\\s+")) {
      try {
        int pid = AsciiNumbers.parseInt(token);
        if (pid <= 1) {
          throw new NumberFormatException("pid must be > 1");
        }
        pids.add(pid);
      } catch (NumberFormatException e) {
        throw new ActuatorException("pid file " + pidFile + " holds '" + text + "', not pids > 1: "
            + "remove the stale file and restart the DataNode", e);
      }
    }
    return pids;
  }

  @Override
  public synchronized void freeze() throws ActuatorException {
    Set<Integer> pids = source.pids();
    for (int pid : pids) {
      checkAlive(pid);
    }
    List<Integer> stopped = new ArrayList<>();
    try {
      for (int pid : pids) {
        signal(pid, LibC.SIGSTOP, "SIGSTOP");
        stopped.add(pid);
      }
      for (int pid : pids) {
        awaitStopped(pid);
      }
    } catch (ActuatorException | RuntimeException e) {
      for (int pid : stopped) {
        kernel.kill(pid, LibC.SIGCONT);
      }
      throw e;
    }
    lastFrozen.clear();
    lastFrozen.addAll(pids);
  }

  @Override
  public synchronized void thaw() throws ActuatorException {
    Set<Integer> pids = new LinkedHashSet<>(lastFrozen);
    ActuatorException sourceFailure = null;
    try {
      pids.addAll(source.pids());
    } catch (ActuatorException e) {
      sourceFailure = e;
    }
    List<String> failures = new ArrayList<>();
    for (int pid : pids) {
      int errno = kernel.kill(pid, LibC.SIGCONT);
      if (errno != 0) {
        failures.add(errorFor(pid, errno, "SIGCONT"));
      }
    }
    lastFrozen.clear();
    if (!failures.isEmpty()) {
      throw new ActuatorException(String.join("; ", failures));
    }
    if (sourceFailure != null && pids.isEmpty()) {
      throw sourceFailure;
    }
  }

  @Override
  public String describe() {
    return "signals SIGSTOP/SIGCONT to " + sourceDescription;
  }

  private void checkAlive(int pid) throws ActuatorException {
    int errno = kernel.kill(pid, 0);
    if (errno != 0) {
      throw new ActuatorException(errorFor(pid, errno, "signal 0"));
    }
    char state = state(proc.resolve(pid + "/stat"));
    if (state == 'Z' || state == 'X') {
      throw new ActuatorException("DataNode pid " + pid + " (" + sourceDescription + ") has "
          + "exited (zombie): restart the DataNode, then the agent picks up its new pid");
    }
  }

  private void signal(int pid, int signal, String name) throws ActuatorException {
    int errno = kernel.kill(pid, signal);
    if (errno != 0) {
      throw new ActuatorException(errorFor(pid, errno, name));
    }
  }

  private String errorFor(int pid, int errno, String what) {
    if (errno == Kernel.ESRCH) {
      return "DataNode pid " + pid + " (" + sourceDescription + ") is not running: restart the "
          + "DataNode or fix the pid list";
    }
    if (errno == Kernel.EPERM) {
      return "not permitted to send " + what + " to pid " + pid + " (" + sourceDescription
          + "): run the agent as root or as the DataNode's user";
    }
    return what + " to pid " + pid + " (" + sourceDescription + ") failed with errno " + errno;
  }

  /** Waits until every thread of {@code pid} is stopped; no-op without a proc entry. */
  private void awaitStopped(int pid) throws ActuatorException {
    Path dir = proc.resolve(Integer.toString(pid));
    if (!Files.isDirectory(dir)) {
      return;
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!allThreadsStopped(dir)) {
      if (System.nanoTime() - deadline > 0) {
        throw new ActuatorException("pid " + pid + " (" + sourceDescription + ") did not stop "
            + "within " + timeout.toMillis() + " ms after SIGSTOP (a thread in uninterruptible "
            + "I/O?); continued it again. Check its disks, or use the cgroup freezer");
      }
      try {
        Thread.sleep(POLL_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ActuatorException("interrupted while waiting for pid " + pid + " to stop", e);
      }
    }
  }

  private static boolean allThreadsStopped(Path pidDir) {
    Path tasks = pidDir.resolve("task");
    try (Stream<Path> threads = Files.list(tasks)) {
      return threads.allMatch(t -> isStopped(state(t.resolve("stat"))));
    } catch (IOException e) {
      return isStopped(state(pidDir.resolve("stat")));
    }
  }

  private static boolean isStopped(char state) {
    // T: stopped; t: tracing stop; Z/X/?: gone, which cannot run either.
    return state == 'T' || state == 't' || state == 'Z' || state == 'X' || state == '?';
  }

  /** Field 3 of a {@code stat} file (after the last ')'), or '?' when unreadable. */
  private static char state(Path stat) {
    try {
      String text = Files.readString(stat, StandardCharsets.US_ASCII);
      int close = text.lastIndexOf(')');
      return close >= 0 && close + 2 < text.length() ? text.charAt(close + 2) : '?';
    } catch (IOException e) {
      return '?';
    }
  }
}
