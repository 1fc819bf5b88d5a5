package org.blinkhdfs.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.control.scheduler.NodeReport;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.scheduler.SchedulerConfig;
import org.blinkhdfs.scheduler.SchedulerDaemon;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guard of the {@code real} actuator on a real kernel (issue 37): one QEMU guest booting
 * Debian's kernel runs {@code bin/blink agent --actuator real} as root against a scheduler in this
 * JVM, and the guest's own kernel must count at least three completed S3 suspends and no failed
 * one, while the scheduler receives the agent's measured sleeps. About a minute under TCG; the
 * long runs (DataNodes in guests, reads against truly suspended hosts) are
 * {@code bin/blink bench real-sleep}.
 *
 * <p>Interval 12 s at 30% power: the one ring node is awake 3.6 s and asleep 8.4 s of each
 * interval; with the default 2 s resume latency the RTC alarm fires about 2 s before its window.
 */
class RealSleepGuestTest {
  private static final long INTERVAL_MS = 12_000;

  @TempDir
  Path dir;

  /** The last lines of serial port {@code n}: the temporary directory is gone after a run. */
  private static String tail(Guest g, int n) throws java.io.IOException {
    List<String> l = g.lines(n);
    return String.join("\n", l.subList(Math.max(0, l.size() - 15), l.size()));
  }

  @Test
  void agentSuspendsARealKernelAndItsRtcWakesIt() throws Exception {
    try (GuestLab lab = GuestLab.open(1, System.getProperty("java.class.path"), dir)) {
      GuestNet.Link link = lab.links().get(0);
      String node = link.guestIp() + ":9866";
      Configuration conf = new Configuration(false);
      conf.set(SchedulerConfig.NODES.name(), node);
      conf.set(SchedulerConfig.HTTP_ADDRESS.name(), link.hostIp() + ":0");
      conf.set(SchedulerConfig.SIGNAL.name(), "steady:30%");
      conf.setLong(CoreConfig.INTERVAL_MS.name(), INTERVAL_MS);
      conf.setLong(SchedulerConfig.TICK_MS.name(), 250);
      conf.setLong(SchedulerConfig.LEASE_MS.name(), 3 * INTERVAL_MS);
      conf.set(SchedulerConfig.SCHEDULE_FILE.name(), dir.resolve("schedule.json").toString());
      // The scheduler listens on the tap link only: a host-only /24 between this host and the
      // guest, so simple authentication is accepted there (docs/security.md).
      conf.setBoolean("blink.security.simple.insecure.allowed", true);
      try (SchedulerDaemon scheduler = SchedulerDaemon.start(conf)) {
        String schedulerAddress = link.hostIp() + ":" + scheduler.httpAddress().getPort();
        List<String> agent = lab.java(List.of("-Xmx96m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1"), "", "org.blinkhdfs.agent.AgentDaemon",
            List.of("--node", node, "--scheduler", schedulerAddress, "--actuator", "real",
                "--poll", "500ms", "--heartbeat", "2s", "--min-sleep", "3s"));
        String run = GuestRunScript.of(List.of(new GuestRunScript.GuestProcess("agent", 2,
            agent)));
        Guest guest = lab.boot(0, "blinkguest0", Map.of("run.sh", run), 768, 2);
        guest.awaitLine(0, Pattern.compile("blink-guest: .* ready"), 60_000);

        boolean sawSuspended = false;
        long deadline = System.currentTimeMillis() + 240_000;
        Optional<GuestStats> stats = Optional.empty();
        while (System.currentTimeMillis() < deadline) {
          stats = guest.lastStats();
          if (stats.isPresent() && stats.get().success() >= 3) {
            break;
          }
          sawSuspended |= guest.status().equals("suspended");
          Thread.sleep(300);
        }
        assertTrue(stats.isPresent() && stats.get().success() >= 3, "the guest's kernel counted "
            + stats + " suspends within 240 s; agent log (last lines): " + tail(guest, 2)
            + "; console: " + tail(guest, 0));
        assertEquals(0, stats.get().fail(), "suspends the kernel aborted: see " + guest.serial(0));
        assertTrue(sawSuspended, "QMP never reported the guest suspended");
        List<String> entered = guest.consoleLines(Pattern.compile("PM: suspend entry \\(deep\\)"));
        assertTrue(entered.size() >= 3, "deep (S3) suspends on the console: " + entered);
        NodeReport report = scheduler.scheduler().nodes(System.currentTimeMillis()).get(0);
        assertTrue(report.lastMeasuredSleepMs().orElse(0) > 1_000,
            "the scheduler heard a measured sleep: " + report);
      }
    }
  }
}
