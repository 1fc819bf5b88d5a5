package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.agent.actuator.RealActuatorConfig;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flag and key parsing of the agent: values, precedence, and errors naming flag and fix. */
class AgentConfigTest {
  @TempDir Path tmp;

  private static AgentConfig parse(Configuration conf, String... args) {
    return AgentConfig.parse(args, conf);
  }

  private static AgentConfig parse(String... args) {
    return parse(new Configuration(false), args);
  }

  private static String error(String... args) {
    return assertThrows(IllegalArgumentException.class, () -> parse(args)).getMessage();
  }

  private static String[] base(String actuator, String... more) {
    List<String> a = new ArrayList<>(List.of("--node", "10.0.0.11:9866", "--scheduler",
        "10.0.0.5:9877", "--actuator", actuator));
    a.addAll(List.of(more));
    return a.toArray(new String[0]);
  }

  @Test
  void emulateWithPidsAndDurations() {
    AgentConfig c = parse(base("emulate", "--pids", "4242,4243", "--min-sleep", "200ms",
        "--resume-latency", "0.5s", "--poll", "250ms", "--heartbeat", "2s"));
    assertEquals("10.0.0.11:9866", c.node());
    assertEquals("10.0.0.5:9877", c.schedulerAddress());
    assertEquals(AgentConfig.ActuatorKind.EMULATE, c.actuator());
    assertEquals(Set.of(4242, 4243), c.pids());
    assertEquals(200, c.timing().minSleepMs());
    assertEquals(500, c.timing().resumeLatencyMs());
    assertEquals(250, c.timing().pollMs());
    assertEquals(2000, c.heartbeatMs());
    assertEquals(300_000, c.timing().offCheckInMs(), "default OFF check-in: 5 minutes");
  }

  @Test
  void resumeLatencyLearningDefaultsFlagsAndKeys() {
    AgentConfig.ResumeLearning d = parse(base("real")).resumeLearning();
    assertEquals(new AgentConfig.ResumeLearning(true, 0, 30_000, 500, 20), d);
    assertEquals(2_000, parse(base("real")).resumeLearning().estimator(2_000).orElseThrow()
        .currentMs());
    assertTrue(parse(base("real")).toString().contains("resume latency 2s (learned within"
        + " 0s..30s)"), parse(base("real")).toString());

    AgentConfig.ResumeLearning f = parse(base("real", "--learn-resume-latency", "false",
        "--resume-latency-max", "10s", "--resume-latency-min", "1s")).resumeLearning();
    assertEquals(new AgentConfig.ResumeLearning(false, 1_000, 10_000, 500, 20), f);
    assertTrue(f.estimator(2_000).isEmpty(), "off: the fixed latency");

    Configuration conf = new Configuration(false);
    conf.set("blink.agent.resume.latency.learn", "false");
    conf.set("blink.agent.resume.latency.margin.ms", "250");
    conf.set("blink.agent.resume.latency.samples", "8");
    AgentConfig.ResumeLearning k = parse(conf, base("real")).resumeLearning();
    assertEquals(new AgentConfig.ResumeLearning(false, 0, 30_000, 250, 8), k);
    assertTrue(parse(conf, base("real")).toString().contains("resume latency 2s (fixed)"));
  }

  @Test
  void resumeLatencyLearningErrorsNameTheSetting() {
    String m = error(base("real", "--resume-latency", "40s"));
    assertEquals("the resume latency 40s (--resume-latency, blink.agent.resume.latency.ms) lies"
        + " outside the learned bounds 0s..30s (blink.agent.resume.latency.min.ms,"
        + " blink.agent.resume.latency.max.ms): widen the bounds, change the latency, or set"
        + " blink.agent.resume.latency.learn = false", m);
    assertEquals(40_000, parse(base("real", "--resume-latency", "40s", "--learn-resume-latency",
        "false")).timing().resumeLatencyMs(), "a fixed latency is not bounded by them");
    m = error(base("real", "--learn-resume-latency", "yes"));
    assertTrue(m.startsWith("--learn-resume-latency 'yes' is invalid: give true"), m);
    Configuration conf = new Configuration(false);
    conf.set("blink.agent.resume.latency.samples", "0");
    m = assertThrows(IllegalArgumentException.class, () -> parse(conf, base("real")))
        .getMessage();
    assertTrue(m.startsWith("blink.agent.resume.latency.samples = '0' is invalid"), m);
  }

  @Test
  void realFallbackFromTheFlagOrTheKey() {
    assertEquals(RealActuatorConfig.NoS3Fallback.NONE, parse(base("real")).realFallback());
    assertEquals(RealActuatorConfig.NoS3Fallback.S2IDLE,
        parse(base("real", "--real-fallback", "s2idle")).realFallback());
    Configuration conf = new Configuration(false);
    conf.set("blink.agent.real.fallback", "io-server");
    assertEquals(RealActuatorConfig.NoS3Fallback.IO_SERVER,
        parse(conf, base("real")).realFallback());
    assertTrue(parse(conf, base("real")).toString().endsWith(", without S3: io-server"));
    conf.set("blink.agent.real.fallback", "s3");
    assertEquals("blink.agent.real.fallback = 's3' is invalid: give none (refuse to sleep without"
        + " S3), s2idle (suspend to idle, saves less) or io-server (stay awake as an io-server)",
        assertThrows(IllegalArgumentException.class, () -> parse(conf, base("real")))
            .getMessage());
    assertEquals("--real-fallback applies only to --actuator real, not dry-run: remove it or use"
        + " --actuator real", error(base("dry-run", "--real-fallback", "s2idle")));
  }

  @Test
  void offCheckInFromTheFlagAndItsBounds() {
    assertEquals(6000, parse(base("emulate", "--pids", "4242", "--off-checkin", "6s")).timing()
        .offCheckInMs());
    String msg = error(base("emulate", "--pids", "4242", "--off-checkin", "1ms"));
    assertTrue(msg.contains("--off-checkin 1ms is outside"), msg);
  }

  @Test
  void leaseMaxFromTheFlagTheKeyAndItsBounds() {
    assertEquals(300_000, parse(base("dry-run")).timing().leaseMaxMs(), "default: 5 minutes");
    assertEquals(120_000, parse(base("dry-run", "--lease-max", "2m")).timing().leaseMaxMs());
    Configuration conf = new Configuration(false);
    conf.set("blink.agent.lease.max.ms", "45000");
    assertEquals(45_000, parse(conf, base("dry-run")).timing().leaseMaxMs());
    assertEquals("--lease-max 10ms is outside 1s..86400s: give a duration in that range",
        error(base("dry-run", "--lease-max", "10ms")));
    conf.set("blink.agent.lease.max.ms", "0");
    String msg = assertThrows(IllegalArgumentException.class,
        () -> parse(conf, base("dry-run"))).getMessage();
    assertTrue(msg.contains("blink.agent.lease.max.ms"), msg);
    assertTrue(parse(base("dry-run", "--lease-max", "90s")).toString().contains("own lease 90s"));
  }

  @Test
  void defaultsDependOnTheActuator() {
    AgentConfig real = parse(base("real", "--sysfs-root", tmp.toString()));
    assertEquals(2000, real.timing().resumeLatencyMs());
    assertEquals(3000, real.timing().minSleepMs());
    assertEquals(tmp, real.sysfsRoot());
    assertEquals(500, real.resumeLearning().marginMs());
    // Emulate learns from resume times drawn from a known, bounded distribution: no margin,
    // which would only thaw the node early, outside the window the scheduler paid for.
    AgentConfig emulate = parse(base("emulate", "--pids", "4242"));
    assertEquals(0, emulate.resumeLearning().marginMs());
    assertEquals(0, emulate.timing().resumeLatencyMs());
    Configuration margin = new Configuration(false);
    margin.set(AgentConfig.RESUME_LATENCY_MARGIN_MS.name(), "40");
    assertEquals(40, parse(margin, base("emulate", "--pids", "4242")).resumeLearning()
        .marginMs());
    AgentConfig dry = parse(base("dry-run"));
    assertEquals(0, dry.timing().resumeLatencyMs());
    assertEquals(1000, dry.timing().pollMs());
    assertEquals(10_000, dry.heartbeatMs());
    assertEquals(Path.of("/"), dry.sysfsRoot());
  }

  @Test
  void keysApplyAndFlagsWin() {
    Configuration conf = new Configuration(false);
    conf.set(SchedulerHttp.ADDRESS_KEY, "sched:9877");
    conf.set(AgentConfig.MIN_SLEEP_MS.name(), "4000");
    conf.set(AgentConfig.RESUME_LATENCY_MS.name(), "300");
    AgentConfig c = parse(conf, "--node", "dn:9866", "--actuator", "dry-run");
    assertEquals("sched:9877", c.schedulerAddress());
    assertEquals(4000, c.timing().minSleepMs());
    assertEquals(300, c.timing().resumeLatencyMs());
    AgentConfig f = parse(conf, "--node", "dn:9866", "--actuator", "dry-run", "--scheduler",
        "other:1", "--min-sleep", "1s");
    assertEquals("other:1", f.schedulerAddress());
    assertEquals(1000, f.timing().minSleepMs());
  }

  @Test
  void aBadKeyNamesTheKeyAndRange() {
    Configuration conf = new Configuration(false);
    conf.set(AgentConfig.POLL_MS.name(), "1s");
    String m = assertThrows(IllegalArgumentException.class,
        () -> parse(conf, base("dry-run"))).getMessage();
    assertTrue(m.contains("blink.agent.poll.ms") && m.contains("'1s'") && m.contains("10..600000"),
        m);
  }

  @Test
  void confFileAddsKeys() throws Exception {
    Path site = tmp.resolve("agent-site.xml");
    Files.writeString(site, "<configuration><property><name>" + SchedulerHttp.ADDRESS_KEY
        + "</name><value>fromfile:9877</value></property></configuration>");
    AgentConfig c = parse(new Configuration(false), "--node", "dn:9866", "--actuator",
        "dry-run", "--conf", site.toString());
    assertEquals("fromfile:9877", c.schedulerAddress());

    String m = assertThrows(IllegalArgumentException.class, () -> parse(new Configuration(false),
        "--node", "dn:9866", "--actuator", "dry-run", "--conf", tmp.resolve("nope.xml")
            .toString())).getMessage();
    assertTrue(m.startsWith("--conf ") && m.contains("nope.xml"), m);
  }

  @Test
  void emulateFreezerSources() {
    AgentConfig pidFile = parse(base("emulate", "--pid-file", "/tmp/hadoop-hdfs-datanode.pid"));
    assertEquals(Optional.of(Path.of("/tmp/hadoop-hdfs-datanode.pid")), pidFile.pidFile());
    AgentConfig cgroup = parse(base("emulate", "--cgroup", "/sys/fs/cgroup/blink-dn"));
    assertEquals(Optional.of(Path.of("/sys/fs/cgroup/blink-dn")), cgroup.cgroup());
    assertTrue(error(base("emulate")).contains("--actuator emulate needs"));
    assertTrue(error(base("emulate", "--pids", "5", "--pid-file", "/x")).contains(
        "--pid-file and --pids"));
    AgentConfig tree = parse(base("emulate", "--pid-tree", "4242,4250"));
    assertEquals(Set.of(4242, 4250), tree.pidTrees());
    assertTrue(tree.pids().isEmpty());
    assertTrue(error(base("emulate", "--pid-tree", "5", "--pids", "6")).contains(
        "--pid-tree with --pids or --pid-file"));
    assertTrue(error(base("emulate", "--pid-tree", "1")).contains("--pid-tree '1'"));
    assertTrue(error(base("dry-run", "--pid-tree", "7")).contains(
        "--pid-tree applies only to --actuator emulate"));
  }

  @Test
  void errorsNameTheFlagTheValueAndTheFix() {
    assertTrue(error("--actuator", "dry-run", "--scheduler", "s:1").startsWith(
        "--node is required"));
    assertTrue(error("--node", "dn:9866", "--scheduler", "s:1").startsWith(
        "--actuator is required"));
    String m = error(base("sleepy"));
    assertTrue(m.contains("--actuator 'sleepy'") && m.contains("dry-run"), m);
    m = error("--node", "dn", "--actuator", "dry-run", "--scheduler", "s:1");
    assertTrue(m.contains("--node") && m.contains("'dn'") && m.contains("host:port"), m);
    m = error("--node", "dn:9866", "--actuator", "dry-run");
    assertTrue(m.contains("--scheduler") && m.contains(SchedulerHttp.ADDRESS_KEY), m);
    m = error(base("emulate", "--pids", "12,x"));
    assertTrue(m.contains("--pids '12,x'") && m.contains("'x'"), m);
    m = error(base("dry-run", "--min-sleep", "5"));
    assertTrue(m.contains("--min-sleep") && m.contains("'5' has no unit"), m);
    m = error(base("dry-run", "--min-sleep", "0ms"));
    assertTrue(m.contains("--min-sleep 0ms is outside 1ms..3600s"), m);
    m = error(base("dry-run", "--pids", "7"));
    assertTrue(m.contains("--pids applies only to --actuator emulate"), m);
    m = error(base("emulate", "--pids", "7", "--sysfs-root", "/x"));
    assertTrue(m.contains("--sysfs-root applies only to --actuator real"), m);
    m = error(base("real", "--min-sleep", "1s"));
    assertTrue(m.contains("--min-sleep 1s is too short") && m.contains("3s"), m);
    m = error(base("dry-run", "--bogus", "1"));
    assertTrue(m.contains("--bogus"), m);
    m = error(base("dry-run", "stray"));
    assertTrue(m.contains("'stray'"), m);
  }

  @Test
  void helpIsRecognised() {
    assertTrue(CommandLineTool.wantsHelp(new String[] {"--node", "dn:9866", "-help"}));
    assertTrue(AgentConfig.USAGE.contains("--actuator KIND"));
  }
}
