package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.control.scheduler.NodeReport;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.scheduler.SchedulerFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An agent daemon (dry-run, against a real scheduler daemon at full power so its node stays
 * awake) reads a fake /proc tree whose counters advance with the wall clock: sdb busy half the
 * time, sda (not chosen) always busy, the CPUs 10% busy. Its heartbeats must carry a known
 * utilization near 0.5 to the scheduler, not the -1 of an agent without a probe.
 */
class AgentUtilizationTest {
  private static final long WAIT_MS = 10_000;

  @TempDir Path proc;

  @Test
  void heartbeatsCarryTheMeasuredUtilization() throws Exception {
    long startMs = System.currentTimeMillis();
    writeProc(startMs, startMs);
    Configuration conf = new Configuration(false);
    conf.set(UtilizationConfig.DEVICES_KEY, "sdb");
    conf.set(UtilizationConfig.PROC_ROOT_KEY, proc.toString());
    try (SchedulerFixture s = SchedulerFixture.start("blink.scheduler.signal", "steady:100%")) {
      AgentConfig config = AgentConfig.parse(new String[] {"--node", SchedulerFixture.NODE1,
          "--scheduler", s.address(), "--actuator", "dry-run", "--poll", "100ms", "--heartbeat",
          "300ms"}, conf);
      AgentDaemon agent = AgentDaemon.start(config, conf);
      List<Double> seen = new ArrayList<>();
      try {
        long end = startMs + WAIT_MS;
        while (System.currentTimeMillis() < end && seen.size() < 5) {
          Thread.sleep(50);
          long now = System.currentTimeMillis();
          writeProc(startMs, now);
          double u = lastUtilization(s, now);
          if (u >= 0 && (seen.isEmpty() || seen.get(seen.size() - 1) != u)) {
            seen.add(u);
          }
        }
      } finally {
        agent.close();
      }
      assertTrue(seen.size() >= 3, "known utilizations reported: " + seen);
      // 0.5 from sdb (sda, not chosen, would read 1.0). The fake counters move in 50 ms steps
      // written by this thread, which a loaded machine can delay against the agent's 300 ms
      // heartbeats, so single samples blur; their median must be sdb's half.
      List<Double> sorted = seen.stream().sorted().toList();
      double median = sorted.get(sorted.size() / 2);
      assertTrue(median > 0.3 && median < 0.7, "not sdb's busy half: " + seen);
      seen.forEach(u -> assertTrue(u >= 0 && u <= 1, "not a fraction: " + seen));
    }
  }

  private static double lastUtilization(SchedulerFixture s, long nowMs) {
    for (NodeReport r : s.daemon().scheduler().nodes(nowMs)) {
      if (r.node().equals(SchedulerFixture.NODE1)) {
        return r.lastStatus().map(NodeStatus::utilization).orElse(-1.0);
      }
    }
    throw new AssertionError(SchedulerFixture.NODE1 + " not in the scheduler's report");
  }

  /** Counters at {@code nowMs}: sdb busy half the elapsed time, sda all of it, CPUs 10%. */
  private void writeProc(long startMs, long nowMs) throws IOException {
    long elapsedMs = nowMs - startMs;
    replace("diskstats", String.format(Locale.ROOT,
        "   8 0 sda 1 0 8 1 1 0 8 1 0 %d 2 0 0 0 0%n   8 16 sdb 1 0 8 1 1 0 8 1 0 %d 2 0 0 0 0%n",
        elapsedMs, elapsedMs / 2));
    long ticks = elapsedMs / 10;
    replace("stat", String.format(Locale.ROOT, "cpu  %d 0 0 %d 0 0 0 0 0 0%n", ticks / 10,
        ticks - ticks / 10));
  }

  /** Atomically, so the agent never reads a half-written file. */
  private void replace(String name, String text) throws IOException {
    Path tmp = proc.resolve(name + ".tmp");
    Files.writeString(tmp, text);
    Files.move(tmp, proc.resolve(name), StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
  }
}
