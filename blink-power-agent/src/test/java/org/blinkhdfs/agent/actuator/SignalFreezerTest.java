package org.blinkhdfs.agent.actuator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.blinkhdfs.agent.TickingChild;
import org.blinkhdfs.control.agent.ActuatorException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SIGSTOP/SIGCONT on real child processes, through JNA libc. */
class SignalFreezerTest {
  @TempDir Path tmp;

  @Test
  void freezesAndThawsARealProcess() throws Exception {
    try (TickingChild child = new TickingChild(tmp, "child")) {
      SignalFreezer freezer = SignalFreezer.forPids(Set.of((int) child.pid()));
      freezer.freeze();
      try {
        assertEquals('T', procState((int) child.pid()));
        assertTrue(child.staysStill(500), "counter moved while frozen");
      } finally {
        freezer.thaw();
      }
      assertTrue(child.progresses(2000), "counter did not move after thaw");
      freezer.thaw(); // already thawed: harmless
    }
  }

  @Test
  void readsPidsFromTheDataNodePidFile() throws Exception {
    Path pidFile = SignalFreezer.datanodePidFile(tmp, "hdfs");
    assertEquals(tmp.resolve("hadoop-hdfs-datanode.pid"), pidFile);
    // Its command line has the DataNode class as a whole argument, like a real DataNode's.
    try (TickingChild child = new TickingChild(tmp, "dn",
        "org.apache.hadoop.hdfs.server.datanode.DataNode")) {
      Files.writeString(pidFile, (int) child.pid() + "\n");
      SignalFreezer freezer = SignalFreezer.forPidFile(pidFile);
      assertTrue(freezer.describe().contains(pidFile.toString()), freezer.describe());
      freezer.freeze();
      try {
        assertTrue(child.staysStill(300), "counter moved while frozen");
      } finally {
        freezer.thaw();
      }
      assertTrue(child.progresses(2000), "counter did not move after thaw");
    }
  }

  @Test
  void aStalePidFileWhosePidWasReusedStopsNothing() throws Exception {
    Path pidFile = SignalFreezer.datanodePidFile(tmp, "hdfs");
    try (TickingChild stranger = new TickingChild(tmp, "stranger")) {
      Files.writeString(pidFile, stranger.pid() + "\n");
      ActuatorException e = assertThrows(ActuatorException.class,
          () -> SignalFreezer.forPidFile(pidFile).freeze());
      assertTrue(e.getMessage().startsWith("--pid-file " + pidFile + ": pid " + stranger.pid()
          + " runs 'bash -c"), e.getMessage());
      assertTrue(e.getMessage().contains("', not a DataNode (no argument -Dproc_datanode or the"
          + " DataNode class): not stopping it."), e.getMessage());
      assertTrue(stranger.progresses(1000), "the stranger was stopped");
    }
  }

  /** The check before issue 45 took any mention of "datanode", such as a log file's name. */
  @Test
  void aProcessThatOnlyMentionsDatanodeIsNoDataNode() throws Exception {
    Path pidFile = SignalFreezer.datanodePidFile(tmp, "hdfs");
    try (TickingChild tail = new TickingChild(tmp, "hadoop-hdfs-datanode",
        "/var/log/hadoop/hadoop-hdfs-datanode.log")) {
      Files.writeString(pidFile, tail.pid() + "\n");
      ActuatorException e = assertThrows(ActuatorException.class,
          () -> SignalFreezer.forPidFile(pidFile).freeze());
      assertTrue(e.getMessage().contains("not a DataNode"), e.getMessage());
      assertTrue(tail.progresses(1000), "the process was stopped");
    }
  }

  @Test
  void aDeadPidIsNamedAndNothingIsStopped() throws Exception {
    Process dead = new ProcessBuilder("true").start();
    dead.waitFor(5, TimeUnit.SECONDS);
    int deadPid = (int) dead.pid();
    try (TickingChild alive = new TickingChild(tmp, "child")) {
      SignalFreezer freezer = SignalFreezer.forPids(Set.of((int) alive.pid(), deadPid));
      ActuatorException e = assertThrows(ActuatorException.class, freezer::freeze);
      assertTrue(e.getMessage().contains("pid " + deadPid), e.getMessage());
      assertTrue(e.getMessage().contains("not running"), e.getMessage());
      assertTrue(alive.progresses(2000), "the live pid must not be left stopped");
    }
  }

  @Test
  void missingOrBadPidFileNamesTheFile() throws Exception {
    Path missing = tmp.resolve("hadoop-nobody-datanode.pid");
    ActuatorException e = assertThrows(ActuatorException.class,
        () -> SignalFreezer.forPidFile(missing).freeze());
    assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());

    Path bad = tmp.resolve("bad.pid");
    Files.writeString(bad, "datanode\n");
    e = assertThrows(ActuatorException.class, () -> SignalFreezer.readPidFile(bad));
    assertTrue(e.getMessage().contains(bad.toString()), e.getMessage());
  }

  private static char procState(int pid) throws Exception {
    String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
    return stat.charAt(stat.lastIndexOf(')') + 2);
  }
}
