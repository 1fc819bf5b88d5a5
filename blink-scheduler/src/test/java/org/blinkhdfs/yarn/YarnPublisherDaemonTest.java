package org.blinkhdfs.yarn;

import static org.blinkhdfs.yarn.MiniYarn.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The standalone publisher daemon follows a schedule file and refuses to start half-set. */
class YarnPublisherDaemonTest {
  @TempDir
  static Path dir;
  static MiniYarn yarn;

  @BeforeAll
  static void startCluster() throws Exception {
    yarn = new MiniYarn(dir);
  }

  @AfterAll
  static void stopCluster() {
    if (yarn != null) {
      yarn.close();
    }
  }

  @Test
  void followsAScheduleFile() throws Exception {
    Path file = dir.resolve("schedule.json");
    Configuration conf = yarn.publisherConfOffDn2(file);
    try (YarnPublisherDaemon d = YarnPublisherDaemon.start(conf)) {
      assertEquals("file " + file, d.describe());
      waitFor(() -> yarn.isZero(yarn.nm2) && yarn.isFull(yarn.nm1), "OFF node zeroed");
    }
    waitFor(() -> yarn.isFull(yarn.nm2), "full compute after stop");
  }

  @Test
  void refusesWithoutEnableOrSource() {
    Configuration conf = yarn.publisherConf();
    assertEquals("no schedule to follow: set blink.scheduler.address (host:port of the scheduler"
        + " daemon) or blink.schedule.file", assertThrows(IllegalArgumentException.class,
            () -> YarnPublisherDaemon.start(conf)).getMessage());
    conf.set("blink.schedule.file", dir.resolve("none.json").toString());
    conf.set("blink.yarn.publisher.enabled", "false");
    assertEquals("blink.yarn.publisher.enabled is false: set it to true to run the YARN"
        + " publisher", assertThrows(IllegalArgumentException.class,
            () -> YarnPublisherDaemon.start(conf)).getMessage());
  }
}
