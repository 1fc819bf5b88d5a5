package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.control.agent.Actuator;
import org.blinkhdfs.control.agent.ActuatorException;
import org.blinkhdfs.control.agent.SleepReport;
import org.blinkhdfs.control.agent.SleepRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, finding 5: the daemon's {@code --pid-file} path ({@link AgentActuators}, what {@code
 * bin/blink agent --actuator emulate --pid-file F} runs) froze a plain {@code sleep 1000} whose
 * pid was in the file. Now each pid must run a DataNode, on real processes.
 */
class AgentPidFileTest {
  @TempDir Path tmp;

  private Actuator emulate(Path pidFile) {
    Configuration conf = new Configuration(false);
    AgentConfig cfg = AgentConfig.parse(new String[] {"--node", "127.0.0.1:9866", "--scheduler",
        "127.0.0.1:9877", "--actuator", "emulate", "--pid-file", pidFile.toString()}, conf);
    Clock clock = Clock.systemUTC();
    return AgentActuators.build(cfg, conf, clock, new WallClockSleeper(clock)).actuator();
  }

  private static SleepRequest sleepFor(long ms) {
    long now = System.currentTimeMillis();
    return new SleepRequest(now + ms, OptionalLong.of(now + 60_000), 1);
  }

  @Test
  void aPlainSleepProcessInThePidFileIsRefusedAndLeftRunning() throws Exception {
    Process sleep = new ProcessBuilder("sleep", "1000").start();
    try {
      Path pidFile = tmp.resolve("hadoop-hdfs-datanode.pid");
      Files.writeString(pidFile, sleep.pid() + "\n");
      ActuatorException e = assertThrows(ActuatorException.class,
          () -> emulate(pidFile).sleep(sleepFor(1_000)));
      assertTrue(e.getMessage().contains("--pid-file " + pidFile + ": pid " + sleep.pid()
          + " runs 'sleep 1000', not a DataNode"), e.getMessage());
      assertTrue(e.getMessage().contains("point --pid-file at the file 'hdfs --daemon start"
          + " datanode' writes"), e.getMessage());
      // 'R' or 'S': a just-started sleep may still be running its exec on a loaded host; 'T'
      // (stopped by SIGSTOP) is what the refusal must never leave.
      char st = state(sleep.pid());
      assertTrue(st == 'S' || st == 'R', "the sleep process must not be stopped, state " + st);
    } finally {
      sleep.destroyForcibly();
      sleep.waitFor(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void aProcessRunningTheDataNodeClassIsFrozenAndThawed() throws Exception {
    try (TickingChild dn = new TickingChild(tmp, "dn",
        "org.apache.hadoop.hdfs.server.datanode.DataNode")) {
      Path pidFile = tmp.resolve("hadoop-hdfs-datanode.pid");
      Files.writeString(pidFile, dn.pid() + "\n");
      Actuator a = emulate(pidFile);
      CompletableFuture<SleepReport> slept = CompletableFuture.supplyAsync(() -> {
        try {
          return a.sleep(sleepFor(1_500));
        } catch (ActuatorException | InterruptedException e) {
          throw new IllegalStateException(e);
        }
      });
      assertTrue(dn.awaitStopped(1_000), "the DataNode was not frozen");
      slept.get(10, TimeUnit.SECONDS);
      assertTrue(dn.progresses(1_000), "the DataNode was not thawed");
    }
  }

  private static char state(long pid) throws Exception {
    String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    return stat.charAt(stat.lastIndexOf(')') + 2);
  }
}
