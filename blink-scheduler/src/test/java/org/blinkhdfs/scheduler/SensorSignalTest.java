package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.blinkhdfs.model.power.PowerLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sensor signal runs its command on its own thread: the scheduler's lock holder never waits
 * for a slow sensor, and a command killed at its timeout takes its children with it.
 */
class SensorSignalTest {
  @TempDir Path dir;

  private static double watts(SensorSignal s) {
    return ((PowerLevel.Watts) s.levelAt(0)).watts();
  }

  @Test
  void readsTheCommandsWattsAndFollowsChanges() throws Exception {
    Path file = dir.resolve("w");
    Files.writeString(file, "42W\n");
    try (SensorSignal s = new SensorSignal("cat " + file, 5_000, 50)) {
      assertEquals(42.0, watts(s), "the first reading is taken before the first tick");
      Files.writeString(file, "17.5\n");
      long deadline = System.currentTimeMillis() + 10_000;
      while (watts(s) != 17.5 && System.currentTimeMillis() < deadline) {
        Thread.sleep(20);
      }
      assertEquals(17.5, watts(s));
    }
  }

  @Test
  void aBlockedSensorNeverBlocksTheCaller() throws Exception {
    Path gate = dir.resolve("gate");
    Path file = dir.resolve("w");
    Files.writeString(file, "30\n");
    // First run answers; every later run waits for a gate file that never comes (until closed).
    String cmd = "if [ -f " + dir.resolve("first") + " ]; then while [ ! -f " + gate
        + " ]; do sleep 0.05; done; fi; touch " + dir.resolve("first") + "; cat " + file;
    try (SensorSignal s = new SensorSignal(cmd, 60_000, 10)) {
      Thread.sleep(300); // the reader is now inside a run that blocks
      assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
        for (int i = 0; i < 100; i++) {
          assertEquals(30.0, watts(s));
        }
      }, "levelAt waited for the sensor command");
      Files.writeString(gate, "");
    }
  }

  @Test
  void aTimedOutCommandIsKilledWithItsChildren() throws Exception {
    Path pidFile = dir.resolve("child.pid");
    Path ok = dir.resolve("ok");
    // The first run (in the constructor) answers; the second starts a child and hangs.
    String cmd = "if [ -f " + ok + " ]; then sleep 300 & echo $! > " + pidFile
        + "; wait; fi; touch " + ok + "; echo 5";
    try (SensorSignal s = new SensorSignal(cmd, 500, 100)) {
      long deadline = System.currentTimeMillis() + 10_000;
      while (!Files.exists(pidFile) && System.currentTimeMillis() < deadline) {
        Thread.sleep(20);
      }
      long child = Long.parseLong(Files.readString(pidFile).trim());
      deadline = System.currentTimeMillis() + 10_000;
      while (ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)
          && System.currentTimeMillis() < deadline) {
        Thread.sleep(20);
      }
      assertFalse(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false),
          "the sensor's child " + child + " outlived the timeout");
      assertEquals(5.0, watts(s), "the last good reading is kept");
      assertTrue(s.describe().startsWith("sensor: "));
    }
  }
}
