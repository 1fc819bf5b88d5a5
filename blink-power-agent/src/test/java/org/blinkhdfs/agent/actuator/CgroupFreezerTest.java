package org.blinkhdfs.agent.actuator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.blinkhdfs.agent.TickingChild;
import org.blinkhdfs.control.agent.ActuatorException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CgroupFreezerTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(3);

  @TempDir Path tmp;

  @Test
  void freezesARealProcessWithCgroupV2() throws Exception {
    try (TestCgroup cgroup = TestCgroup.v2()) {
      freezeAndThawInside(cgroup, 2);
    }
  }

  @Test
  void freezesARealProcessWithCgroupV1() throws Exception {
    try (TestCgroup cgroup = TestCgroup.v1Freezer()) {
      freezeAndThawInside(cgroup, 1);
    }
  }

  private void freezeAndThawInside(TestCgroup cgroup, int version) throws Exception {
    try (TickingChild child = new TickingChild(tmp, "child")) {
      cgroup.adopt((int) child.pid());
      CgroupFreezer freezer = CgroupFreezer.open(cgroup.dir, TIMEOUT);
      assertEquals(version, freezer.version());
      assertEquals("cgroup v" + version + " " + cgroup.dir, freezer.describe());
      freezer.freeze();
      try {
        assertTrue(child.staysStill(500), "counter moved while frozen");
      } finally {
        freezer.thaw();
      }
      assertTrue(child.progresses(2000), "counter did not move after thaw");
      freezer.thaw(); // already thawed: harmless
    }
  }

  @Test
  void v2FreezeThatNeverCompletesIsUndone() throws Exception {
    Path dir = fakeV2("populated 1\nfrozen 0\n");
    CgroupFreezer freezer = CgroupFreezer.open(dir, Duration.ofMillis(100));
    ActuatorException e = assertThrows(ActuatorException.class, freezer::freeze);
    assertTrue(e.getMessage().contains("did not freeze within 100 ms"), e.getMessage());
    assertEquals("0", Files.readString(dir.resolve("cgroup.freeze")), "thawed again");
  }

  @Test
  void v2EmptyCgroupIsRefused() throws Exception {
    Path dir = fakeV2("populated 0\nfrozen 0\n");
    ActuatorException e = assertThrows(ActuatorException.class,
        () -> CgroupFreezer.open(dir, TIMEOUT).freeze());
    assertTrue(e.getMessage().contains("has no processes"), e.getMessage());
    assertEquals("", Files.readString(dir.resolve("cgroup.freeze")), "nothing written");
  }

  @Test
  void aCgroupHoldingTheAgentItselfIsNeverFrozen() throws Exception {
    Path dir = fakeV2("populated 1\nfrozen 0\n");
    Files.writeString(dir.resolve("cgroup.procs"), "4242\n" + ProcessHandle.current().pid()
        + "\n");
    ActuatorException e = assertThrows(ActuatorException.class,
        () -> CgroupFreezer.open(dir, TIMEOUT).freeze());
    assertTrue(e.getMessage().startsWith("this agent (pid " + ProcessHandle.current().pid()
        + ") is inside cgroup " + dir), e.getMessage());
    assertEquals("", Files.readString(dir.resolve("cgroup.freeze")), "nothing written");
  }

  @Test
  void v1WaitsForFrozen() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("v1"));
    Files.writeString(dir.resolve("freezer.state"), "THAWED\n");
    Files.writeString(dir.resolve("cgroup.procs"), "4242\n");
    CgroupFreezer freezer = CgroupFreezer.open(dir, TIMEOUT);
    assertEquals(1, freezer.version());
    freezer.freeze(); // a plain file reads back what was written: FROZEN at once
    assertEquals("FROZEN", Files.readString(dir.resolve("freezer.state")));
    freezer.thaw();
    assertEquals("THAWED", Files.readString(dir.resolve("freezer.state")));
  }

  @Test
  void noFreezerFileNamesTheDirectory() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("plain"));
    ActuatorException e = assertThrows(ActuatorException.class,
        () -> CgroupFreezer.open(dir, TIMEOUT));
    assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
  }

  private Path fakeV2(String events) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("v2"));
    Files.writeString(dir.resolve("cgroup.freeze"), "");
    Files.writeString(dir.resolve("cgroup.events"), events);
    return dir;
  }
}
