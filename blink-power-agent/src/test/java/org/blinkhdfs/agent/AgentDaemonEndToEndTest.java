package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.scheduler.SchedulerFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent daemon end to end: a real scheduler daemon (2 ring nodes, 2 s interval, steady 50%,
 * staggered), one agent per node with {@code --actuator emulate} on a real child process each.
 * Blink intervals are shortened to 2 s to keep the run short.
 */
class AgentDaemonEndToEndTest {
  private static final long SAMPLE_MS = 7000;
  private static final long WARMUP_MS = 1200;
  /** Slack after a window edge for the agent's step (HTTP, freeze) before we judge. */
  private static final long EDGE_START_MS = 200;
  private static final long EDGE_END_MS = 100;

  @TempDir Path tmp;

  private static AgentConfig emulate(String node, String scheduler, long pid) {
    return AgentConfig.parse(new String[] {"--node", node, "--scheduler", scheduler,
        "--actuator", "emulate", "--pids", Long.toString(pid), "--min-sleep", "200ms",
        "--poll", "200ms", "--heartbeat", "500ms"}, new Configuration(false));
  }

  /** One sample: wall-clock time and both counters. */
  private record Sample(long atMs, long[] values) {}

  @Test
  void eachDataNodeIsFrozenOutsideItsWindowsAndThawedWhenTheAgentsStop() throws Exception {
    try (SchedulerFixture s = SchedulerFixture.start();
        TickingChild c1 = new TickingChild(tmp, "dn1");
        TickingChild c2 = new TickingChild(tmp, "dn2")) {
      TickingChild[] children = {c1, c2};
      String[] nodes = {SchedulerFixture.NODE1, SchedulerFixture.NODE2};
      AgentDaemon a1 = AgentDaemon.start(emulate(nodes[0], s.address(), c1.pid()),
          new Configuration(false));
      AgentDaemon a2 = AgentDaemon.start(emulate(nodes[1], s.address(), c2.pid()),
          new Configuration(false));
      try {
        List<Sample> samples = sample(children);
        Schedule schedule = s.daemon().scheduler().published().orElseThrow();
        for (int i = 0; i < 2; i++) {
          checkFollowsSchedule(schedule, nodes[i], samples, i);
        }
        JsonNode report = s.http().get("/v1/nodes", "application/json").requireSuccess().json();
        for (JsonNode n : report.path("nodes")) {
          assertTrue(n.hasNonNull("lastStatus"), "no status from " + n);
          assertTrue(n.path("lastMeasuredSleepMs").asLong(0) > 0, "no measured sleep: " + n);
          assertEquals(false, n.path("failed").asBoolean(), n.toString());
        }
        assertEquals(0, a1.loop().postFailures() + a2.loop().postFailures(), "status posts failed");
        assertEquals(0, a1.loop().fetchFailures() + a2.loop().fetchFailures(), "fetches failed");
        assertTrue(a1.loop().sleeps() >= 2 && a2.loop().sleeps() >= 2,
            "sleeps: " + a1.loop().sleeps() + ", " + a2.loop().sleeps());

        // Stop agent 1 while its DataNode is frozen: it must be thawed.
        assertTrue(c1.awaitStopped(3000), "dn1 was never frozen");
        a1.close();
        assertTrue(c1.progresses(1000), "dn1 still frozen after its agent stopped");
      } finally {
        a1.close();
        a2.close();
      }
      assertTrue(c1.progresses(1000), "dn1 frozen after the agents stopped");
      assertTrue(c2.progresses(1000), "dn2 frozen after the agents stopped");
    }
  }

  private static List<Sample> sample(TickingChild[] children) throws InterruptedException {
    List<Sample> out = new ArrayList<>();
    long end = System.currentTimeMillis() + SAMPLE_MS;
    while (System.currentTimeMillis() < end) {
      long[] v = new long[children.length];
      for (int i = 0; i < v.length; i++) {
        v[i] = children[i].value();
      }
      out.add(new Sample(System.currentTimeMillis(), v));
      Thread.sleep(20);
    }
    return out;
  }

  /**
   * Splits the samples (after the warm-up) into stretches where the schedule has the node awake
   * or asleep; away from the edges, an asleep stretch must show a constant counter and an awake
   * one a growing counter. At least two of each must be judged.
   */
  private static void checkFollowsSchedule(Schedule s, String node, List<Sample> samples,
      int child) {
    long from = samples.get(0).atMs() + WARMUP_MS;
    int asleepChecked = 0;
    int awakeChecked = 0;
    int i = 0;
    while (i < samples.size() && samples.get(i).atMs() < from) {
      i++;
    }
    // Skip the stretch in progress at the warm-up's end: its start is unknown.
    boolean first = true;
    while (i < samples.size()) {
      boolean awake = s.isAwake(node, samples.get(i).atMs());
      int j = i;
      while (j < samples.size() && s.isAwake(node, samples.get(j).atMs()) == awake) {
        j++;
      }
      boolean complete = j < samples.size();
      if (!first && complete) {
        long start = samples.get(i).atMs() + EDGE_START_MS;
        long end = samples.get(j - 1).atMs() - EDGE_END_MS;
        List<Long> inner = new ArrayList<>();
        for (int k = i; k < j; k++) {
          Sample x = samples.get(k);
          // -1 (empty file) is a value too: a child frozen between truncate and write.
          if (x.atMs() >= start && x.atMs() <= end && (!awake || x.values()[child] >= 0)) {
            inner.add(x.values()[child]);
          }
        }
        String what = node + (awake ? " awake" : " asleep") + " from " + samples.get(i).atMs()
            + " to " + samples.get(j - 1).atMs() + ": " + inner;
        assertTrue(inner.size() >= 5, "too few samples, " + what);
        if (awake) {
          assertTrue(inner.get(inner.size() - 1) > inner.get(0), "not progressing while " + what);
          awakeChecked++;
        } else {
          assertTrue(inner.stream().distinct().count() == 1, "not frozen while " + what);
          asleepChecked++;
        }
      }
      first = false;
      i = j;
    }
    assertTrue(asleepChecked >= 2 && awakeChecked >= 2, node + ": judged only " + asleepChecked
        + " asleep and " + awakeChecked + " awake stretches");
  }

  @Test
  void sigtermStopsTheAgentAndThawsTheFrozenDataNode() throws Exception {
    try (SchedulerFixture s = SchedulerFixture.start();
        TickingChild child = new TickingChild(tmp, "dn2")) {
      // One active node: NODE2 is OFF and sleeps until the lease ends (minutes).
      s.http().putText("/v1/active", "1").requireSuccess();
      Path log = tmp.resolve("agent.log");
      Process agent = agentProcess(s, child, log);
      try {
        assertTrue(child.awaitStopped(15_000), "the agent never froze the child; log:\n"
            + Files.readString(log));
        assertTrue(!child.progresses(300), "frozen child progressed");
        agent.destroy(); // SIGTERM
        assertTrue(agent.waitFor(15, TimeUnit.SECONDS), "agent did not exit on SIGTERM");
        assertTrue(child.progresses(1000), "the child is still frozen after SIGTERM; log:\n"
            + Files.readString(log));
        // The wake-up is the agent's last act: nothing of the agent is logged after it.
        List<String> agentLines = Files.readAllLines(log).stream()
            .filter(l -> l.contains(" AgentDaemon - ")).toList();
        assertTrue(agentLines.size() >= 2, "agent lines: " + agentLines);
        assertTrue(agentLines.get(agentLines.size() - 2).matches("\\d{4}-\\d\\d-\\d\\d "
            + "\\d\\d:\\d\\d:\\d\\d,\\d{3} INFO  AgentDaemon - power agent for "
            + SchedulerFixture.NODE2 + " stopping; the node will be left awake"),
            "agent lines: " + agentLines);
        assertTrue(agentLines.get(agentLines.size() - 1).matches(".* INFO  AgentDaemon - power"
            + " agent for " + SchedulerFixture.NODE2 + " stopped after \\d+ sleeps; the node is"
            + " awake"), "agent lines: " + agentLines);
      } finally {
        agent.destroyForcibly();
      }
    }
  }

  /**
   * kill -9 of an agent whose node sleeps leaves the DataNode frozen; a restarted agent thaws
   * it at once, even when the schedule now has the node ACTIVE (the loop alone would never
   * touch an ACTIVE node's freezer).
   */
  @Test
  void aRestartedAgentThawsTheNodeItsKilledPredecessorLeftFrozen() throws Exception {
    try (SchedulerFixture s = SchedulerFixture.start();
        TickingChild child = new TickingChild(tmp, "dn2")) {
      s.http().putText("/v1/active", "1").requireSuccess(); // NODE2 OFF: it sleeps
      Path log = tmp.resolve("agent.log");
      Process agent = agentProcess(s, child, log);
      try {
        assertTrue(child.awaitStopped(15_000), "the agent never froze the child; log:\n"
            + Files.readString(log));
      } finally {
        agent.destroyForcibly(); // SIGKILL: no hook, no thaw
        assertTrue(agent.waitFor(15, TimeUnit.SECONDS));
      }
      assertTrue(!child.progresses(300), "kill -9 left the child frozen");
      s.http().putText("/v1/active", "2").requireSuccess(); // NODE2 ACTIVE now
      try (AgentDaemon restarted = AgentDaemon.start(emulate(SchedulerFixture.NODE2,
          s.address(), child.pid()), new Configuration(false))) {
        assertTrue(child.progresses(1000), "the restarted agent left its ACTIVE node frozen"
            + " (state " + child.state() + ")");
      }
    }
  }

  /** NODE2's emulate agent in its own JVM, freezing {@code child}, its output in {@code log}. */
  private static Process agentProcess(SchedulerFixture s, TickingChild child, Path log)
      throws java.io.IOException {
    return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Dlog4j.configuration=" + Path.of("..", "conf", "log4j.properties")
            .toAbsolutePath().normalize().toUri(), "-cp", System.getProperty("java.class.path"),
        AgentDaemon.class.getName(), "--node", SchedulerFixture.NODE2, "--scheduler",
        s.address(), "--actuator", "emulate", "--pids", Long.toString(child.pid()),
        "--min-sleep", "200ms").redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  @Test
  void badFlagsExitWithTwoAndAMessageNamingTheFlagAndHelpExitsZero() throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    AgentDaemon.Cli cli = new AgentDaemon.Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    cli.setConf(new Configuration(false));
    assertEquals(2, cli.run(new String[] {"--node", "dn:9866", "--actuator", "hibernate",
        "--scheduler", "s:1"}));
    String e = err.toString(StandardCharsets.UTF_8);
    assertTrue(e.startsWith("blink agent: --actuator 'hibernate'") && e.contains("--help"), e);
    assertTrue(e.contains("\nusage: bin/blink agent"), e);
    assertEquals("", out.toString(StandardCharsets.UTF_8));
    err.reset();
    assertEquals(2, cli.run(new String[] {"--node", "dn:9866", "--frobnicate"}));
    e = err.toString(StandardCharsets.UTF_8);
    assertTrue(e.startsWith("blink agent: unknown flag --frobnicate; known flags: --node")
        && e.contains("\nusage: bin/blink agent"), e);
    assertEquals("", out.toString(StandardCharsets.UTF_8));
    err.reset();
    for (String help : new String[] {"--help", "-help", "-h"}) {
      out.reset();
      assertEquals(0, cli.run(new String[] {help}), help);
      String page = out.toString(StandardCharsets.UTF_8);
      assertTrue(page.startsWith("NAME\n    blink agent - ")
          && page.contains("\nOPTIONS\n    usage: bin/blink agent"), help + ": " + page);
    }
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }
}
