package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/blink --daemon start|stop|status} as an operator runs it: the real script in the
 * binary tarball's layout (bin/, conf/, lib/ without pom.xml) over a {@code hadoop} command that
 * prints this JVM's classpath, so the scheduler runs on our classes without Maven or a Hadoop
 * install. The scheduler runs on 127.0.0.1 with an ephemeral port, with its pid file and logs in
 * a temporary directory; every JVM it starts is checked through its pid file and /proc.
 */
class DaemonModeTest {
  /** log4j's ISO 8601 date, as conf/log4j.properties writes it. */
  private static final String DATE = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3}";
  private static final List<String> SCHEDULER = List.of("scheduler", "-D",
      "blink.scheduler.nodes=127.0.0.1:50010,127.0.0.1:50011", "-D",
      "blink.scheduler.http.address=127.0.0.1:0");

  @TempDir Path tmp;
  private Path blink;
  private Path pidDir;
  private Path logDir;
  private Path pidFile;

  /** The outcome of one bin/blink run. */
  private record Run(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\nstdout: " + out + "\nstderr: " + err;
    }
  }

  @BeforeEach
  void install() throws IOException {
    Path home = tmp.resolve("blinkhdfs");
    Files.createDirectories(home.resolve("bin"));
    Files.createDirectories(home.resolve("conf"));
    Files.createDirectories(home.resolve("lib"));
    blink = Files.copy(Path.of("..", "bin", "blink"), home.resolve("bin/blink"));
    Files.setPosixFilePermissions(blink, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.copy(Path.of("..", "conf", "log4j.properties"), home.resolve("conf/log4j.properties"));
    Path hadoop = Files.createDirectories(tmp.resolve("path")).resolve("hadoop");
    Files.writeString(hadoop, "#!/bin/sh\n# 'hadoop classpath' of this test: its own classpath\n"
        + "echo '" + System.getProperty("java.class.path") + "'\n");
    Files.setPosixFilePermissions(hadoop, PosixFilePermissions.fromString("rwxr-xr-x"));
    pidDir = tmp.resolve("pids");
    logDir = tmp.resolve("logs");
    pidFile = pidDir.resolve("blink-it-scheduler.pid");
  }

  /** Kills whatever a failed test left running (SIGKILL; the scheduler holds no node). */
  @AfterEach
  void killLeftovers() throws IOException {
    if (Files.exists(pidFile)) {
      process(Files.readString(pidFile).trim()).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  private Run blink(Map<String, String> env, List<String> args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(blink.toString()));
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    Map<String, String> e = pb.environment();
    e.keySet().removeIf(k -> k.startsWith("BLINK_") || k.equals("HADOOP_HOME"));
    e.put("PATH", tmp.resolve("path") + ":" + e.getOrDefault("PATH", "/usr/bin:/bin"));
    e.put("JAVA_HOME", System.getProperty("java.home"));
    e.put("BLINK_PID_DIR", pidDir.toString());
    e.put("BLINK_LOG_DIR", logDir.toString());
    e.put("BLINK_IDENT_STRING", "it");
    e.putAll(env);
    Path out = Files.createTempFile(tmp, "out", ".txt");
    Path err = Files.createTempFile(tmp, "err", ".txt");
    Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "bin/blink " + args + " hung");
    return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  private Run daemon(Map<String, String> env, String mode, List<String> args) throws Exception {
    List<String> all = new ArrayList<>(List.of("--daemon", mode));
    all.addAll(args);
    return blink(env, all);
  }

  private static Optional<ProcessHandle> process(String pid) {
    return pid.matches("\\d+") ? ProcessHandle.of(Long.parseLong(pid)) : Optional.empty();
  }

  private static List<String> commandLine(long pid) throws IOException {
    byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
    return List.of(new String(raw, StandardCharsets.UTF_8).split("\0"));
  }

  /**
   * Waits until {@code jvm} is gone. {@code stop} returns once the JVM has exited (a zombie
   * counts as exited: it holds no port or file); reaping it is its new parent's business, init
   * or a container's, which may take a few seconds.
   */
  private static void awaitGone(ProcessHandle jvm) {
    try {
      jvm.onExit().get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError("process " + jvm.pid() + " still there 30 s after stop", e);
    }
    assertFalse(jvm.isAlive(), "process " + jvm.pid() + " left");
  }

  /** The daemon's log file, once a line matching {@code regex} is in it (at most 90 s). */
  private Path awaitLogLine(String regex) throws Exception {
    Pattern p = Pattern.compile(regex);
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (System.nanoTime() < end) {
      try (Stream<Path> files = Files.list(logDir)) {
        for (Path f : files.filter(f -> f.getFileName().toString()
            .matches("blink-it-scheduler-.+\\.log")).toList()) {
          if (Files.readAllLines(f).stream().anyMatch(l -> p.matcher(l).matches())) {
            return f;
          }
        }
      }
      Thread.sleep(200);
    }
    throw new AssertionError("no line matching " + regex + " in " + logDir);
  }

  @Test
  void startStatusStopWithTheOperatorsGarbageCollector() throws Exception {
    Map<String, String> env = Map.of("BLINK_JAVA_OPTS", "-XX:+UseG1GC -Xmx256m");
    Run start = daemon(env, "start", SCHEDULER);
    assertEquals(0, start.exit(), start.toString());
    Matcher m = Pattern.compile("blink scheduler started as process (\\d+), logging to "
        + Pattern.quote(logDir.toString()) + "/blink-it-scheduler-.+\\.log").matcher(start.out());
    assertTrue(m.find(), start.toString());
    String pid = m.group(1);
    assertEquals(pid, Files.readString(pidFile).trim());
    ProcessHandle jvm = process(pid).orElseThrow();

    Run again = daemon(env, "start", SCHEDULER);
    assertEquals(1, again.exit(), again.toString());
    assertTrue(again.err().contains("blink scheduler is running as process " + pid + " (pid file "
        + pidFile + "). Stop it first"), again.toString());
    assertEquals(pid, Files.readString(pidFile).trim(), "a refused start kept the pid file");

    Run status = daemon(env, "status", List.of("scheduler"));
    assertEquals(0, status.exit(), status.toString());
    assertEquals("blink scheduler is running as process " + pid + " (pid file " + pidFile + ")\n",
        status.out());

    Path log = awaitLogLine(DATE + " INFO  \\[main\\] SchedulerDaemon - BlinkHDFS scheduler"
        + " serving http://127\\.0\\.0\\.1:\\d+/ .*");
    List<String> cmd = commandLine(jvm.pid());
    assertTrue(cmd.contains("-XX:+UseG1GC"), "G1 asked for: " + cmd);
    assertFalse(cmd.contains("-XX:+UseSerialGC"), "a second GC flag: " + cmd);
    assertTrue(cmd.indexOf("-XX:+UseG1GC") > cmd.indexOf("--add-opens")
        && cmd.indexOf("-Xmx256m") == cmd.indexOf("-cp") - 1, "BLINK_JAVA_OPTS last: " + cmd);
    assertTrue(cmd.contains("-Dproc_blink-scheduler") && cmd.contains("-Dblink.root.logger="
        + "INFO,RFA"), "daemon marker and rolling log: " + cmd);

    Run stop = daemon(env, "stop", List.of("scheduler"));
    assertEquals(0, stop.exit(), stop.toString());
    assertEquals("blink scheduler stopped (process " + pid + ")\n", stop.out());
    awaitGone(jvm);
    assertFalse(Files.exists(pidFile), "pid file left after stop");
    List<String> lines = Files.readAllLines(log);
    assertTrue(lines.get(lines.size() - 1).matches(DATE + " INFO  \\[.+\\] SiteDaemon - blink"
        + " scheduler: stopped"), "the shutdown hook ran: " + lines);

    Run after = daemon(env, "status", List.of("scheduler"));
    assertEquals(3, after.exit(), after.toString());
    assertEquals("blink scheduler is not running (no pid file " + pidFile + ")\n", after.out());
  }

  @Test
  void withoutJavaOptsTheDefaultsStayAndAStalePidFileIsReplaced() throws Exception {
    Files.createDirectories(pidDir);
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Files.writeString(pidFile, gone.pid() + "\n");
    Run stale = daemon(Map.of(), "status", List.of("scheduler"));
    assertEquals(1, stale.exit(), stale.toString());
    assertTrue(stale.out().startsWith("blink scheduler is not running, but its pid file " + pidFile
        + " names process " + gone.pid()), stale.toString());

    Run start = daemon(Map.of(), "start", SCHEDULER);
    assertEquals(0, start.exit(), start.toString());
    String pid = Files.readString(pidFile).trim();
    List<String> cmd = commandLine(Long.parseLong(pid));
    assertEquals(List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"), cmd.subList(1, 3),
        "the defaults of the demo and the tests: " + cmd);
    Optional<ProcessHandle> jvm = process(pid);
    Run stop = daemon(Map.of(), "stop", List.of("scheduler"));
    assertEquals(0, stop.exit(), stop.toString());
    jvm.ifPresent(DaemonModeTest::awaitGone);
  }

  @Test
  void aDaemonThatFailsAtStartIsReportedWithItsMessage() throws Exception {
    Run start = daemon(Map.of(), "start", List.of("scheduler"));
    assertEquals(1, start.exit(), start.toString());
    assertTrue(start.err().contains("exited at start") && start.err().contains(
        "blink.scheduler.nodes"), "the .out's message names the missing key: " + start);
    assertFalse(Files.exists(pidFile), "pid file of a dead daemon");
  }

  @Test
  void badDaemonCommandsExitTwoWithTheFix() throws Exception {
    Run mode = daemon(Map.of(), "restart", List.of("scheduler"));
    assertEquals(2, mode.exit(), mode.toString());
    assertEquals("bin/blink: --daemon 'restart': use bin/blink --daemon start|stop|status"
        + " <scheduler|agent|proxy|yarn-publisher> [args]\n", mode.err());
    Run which = daemon(Map.of(), "start", List.of("admin"));
    assertEquals(2, which.exit(), which.toString());
    assertEquals("bin/blink: --daemon start applies to scheduler, agent, proxy and"
        + " yarn-publisher, not 'admin'\n", which.err());
    Run timeout = daemon(Map.of("BLINK_STOP_TIMEOUT", "5s"), "stop", List.of("scheduler"));
    assertEquals(2, timeout.exit(), timeout.toString());
    assertTrue(timeout.err().startsWith("bin/blink: BLINK_STOP_TIMEOUT='5s' is not a whole"
        + " number of seconds"), timeout.toString());
    Run stop = daemon(Map.of(), "stop", List.of("agent"));
    assertEquals(0, stop.exit(), stop.toString());
    assertEquals("blink agent is not running (no pid file " + pidDir.resolve("blink-it-agent.pid")
        + ")\n", stop.out());
  }

  @Test
  void theYarnPublisherHasASubcommand() throws Exception {
    Run help = blink(Map.of(), List.of("yarn-publisher", "-help"));
    assertEquals(0, help.exit(), help.toString());
    assertTrue(help.out().contains("blink.yarn.publisher.enabled=true (required)"),
        help.toString());
  }
}
