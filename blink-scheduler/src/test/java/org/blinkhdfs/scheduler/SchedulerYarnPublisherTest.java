package org.blinkhdfs.scheduler;

import static org.blinkhdfs.yarn.MiniYarn.DN1;
import static org.blinkhdfs.yarn.MiniYarn.DN2;
import static org.blinkhdfs.yarn.MiniYarn.waitFor;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.yarn.MiniYarn;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scheduler daemon runs the YARN publisher when {@code blink.yarn.publisher.enabled} is true
 * and tells a real ResourceManager ({@link MiniYarn}) the epochs it publishes; disabled, it never
 * starts one.
 */
class SchedulerYarnPublisherTest {
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

  private static Configuration conf(boolean enabled) {
    Configuration conf = yarn.publisherConf();
    conf.set("blink.yarn.publisher.enabled", Boolean.toString(enabled));
    conf.set("blink.scheduler.nodes", DN1 + "," + DN2);
    conf.set("blink.scheduler.http.address", "127.0.0.1:0");
    conf.set("blink.scheduler.signal", "steady:50%");
    return conf;
  }

  @Test
  void enabledPublisherFollowsTheDaemonsEpochs() throws Exception {
    try (SchedulerDaemon d = SchedulerDaemon.start(conf(true))) {
      assertTrue(d.yarnPublisher().isPresent());
      Schedule s = d.scheduler().published().orElseThrow();
      String m1 = s.entry(DN1).mode().name();
      String m2 = s.entry(DN2).mode().name();
      String expected = m1.equals(m2) ? m1 : "mixed";
      waitFor(() -> expected.equals(yarn.attr("blink-hdfs-mode")), "mode " + expected);
      // A round may run before the ResourceManager lists both NodeManagers (0 nodes, seen under
      // load): wait for one that covers both.
      waitFor(() -> d.yarnPublisher().get().lastPlan().map(p -> p.nodes().size() == 2)
          .orElse(false), "a round over both NodeManagers");
    }
    // the daemon's close stops the publisher, which hands every node its compute back
    waitFor(() -> yarn.isFull(yarn.nm1) && yarn.isFull(yarn.nm2), "full compute after close");
  }

  @Test
  void disabledByDefault() throws Exception {
    try (SchedulerDaemon d = SchedulerDaemon.start(conf(false))) {
      assertTrue(d.yarnPublisher().isEmpty());
    }
  }
}
