package org.blinkhdfs.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.webapp.util.WebAppUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scheduler reads YARN's pending containers from a real ResourceManager ({@link MiniYarn}:
 * CapacityScheduler, two NodeManagers of 4 containers of a quarter total each): nothing pending
 * at first; an application that asks for 14 such containers gets 8 placed, and the 6 that fit
 * nowhere are what {@code /ws/v1/cluster/metrics} reports and the poller hands on.
 */
class PendingContainersMiniClusterTest {
  @TempDir
  static Path dir;
  static MiniYarn yarn;

  @BeforeAll
  static void start() throws Exception {
    yarn = new MiniYarn(dir);
  }

  @AfterAll
  static void stop() {
    if (yarn != null) {
      yarn.close();
    }
  }

  @Test
  void containersThatFitNowhereArePending() throws Exception {
    Configuration conf = new Configuration(yarn.config());
    conf.set(PendingContainersConfig.ADDRESS.name(),
        WebAppUtils.getRMWebAppURLWithoutScheme(yarn.config()));
    conf.set(PendingContainersConfig.PERIOD_MS.name(), "200");
    AtomicLong last = new AtomicLong(-1);
    AtomicReference<String> failure = new AtomicReference<>();
    Optional<PendingContainersPoller> poller =
        PendingContainersPoller.startIfConfigured(conf, last::set, failure::set);
    try {
      MiniYarn.waitFor(() -> last.get() == 0, "a first reading of 0 (last failure: "
          + failure.get() + ")");
      try (UnmanagedAm am = UnmanagedAm.register(yarn.client(), yarn.config())) {
        am.request(14, yarn.full.getMemorySize() / 4);
        assertEquals(8, am.allocateUntil(14, 5_000).size(), "4 per NodeManager");
        MiniYarn.waitFor(() -> last.get() == 6, "6 pending (last reading " + last.get() + ")");
        PendingContainersConfig c = new PendingContainersConfig(conf::get);
        assertEquals(6, PendingContainersPoller.read(PendingContainersPoller.client(c)));
      }
    } finally {
      poller.orElseThrow().close();
    }
  }
}
