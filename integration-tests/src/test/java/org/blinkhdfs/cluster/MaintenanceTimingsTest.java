package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The local cluster's maintenance threshold (see {@link ClusterTimings}): above any blink sleep,
 * within the NameNode plugin's limit of half the dead interval minus the check period.
 */
class MaintenanceTimingsTest {
  @Test
  void thresholdIsAQuarterOfTheDeadInterval() {
    ClusterTimings t = ClusterTimings.forInterval(6_000);
    assertEquals(17_500, t.maintenanceSleepThresholdMs(), "70 s / 4");
    for (long interval : new long[] {1_000, 6_000, 60_000, 600_000}) {
      ClusterTimings x = ClusterTimings.forInterval(interval);
      long threshold = x.maintenanceSleepThresholdMs();
      assertTrue(threshold > interval, "a blink sleep is shorter than one interval: " + interval);
      assertTrue(threshold + HdfsSite.MAINTENANCE_CHECK_MS <= x.deadMs() / 2,
          "the plugin's limit at interval " + interval);
    }
  }
}
