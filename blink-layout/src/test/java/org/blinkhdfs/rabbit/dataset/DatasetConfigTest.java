package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DatasetConfigTest {
  @Test
  void defaultsAreNoDatasetsFairShareFiveMinutes() {
    DatasetConfig c = DatasetConfig.from(Map.<String, String>of()::get);
    assertEquals(List.of(), c.roots());
    assertEquals(SharePolicy.FAIR_SHARE, c.share());
    assertEquals(300_000, c.liveMs());
    assertEquals(1, c.weight("anything"));
  }

  @Test
  void priorityWithWeights() {
    DatasetConfig c = DatasetConfig.from(Map.of(
        "blink.rabbit.datasets", "logs=/data/logs,web=/data/web",
        "blink.rabbit.datasets.share", "Priority",
        "blink.rabbit.datasets.weights", " web = 3 ",
        "blink.rabbit.datasets.live.ms", "60000")::get);
    assertEquals(List.of(new DatasetRoot("logs", "/data/logs"),
        new DatasetRoot("web", "/data/web")), c.roots());
    assertEquals(SharePolicy.PRIORITY, c.share());
    assertEquals(3, c.weight("web"));
    assertEquals(1, c.weight("logs"));
    assertEquals(60_000, c.liveMs());
  }

  @Test
  void badValuesNameKeyValueAndFix() {
    assertEquals("blink.rabbit.datasets.share = 'even' is invalid: give fair (equal node counts)"
        + " or priority (node counts in proportion to blink.rabbit.datasets.weights), default"
        + " fair", message(Map.of("blink.rabbit.datasets.share", "even")));
    assertEquals("blink.rabbit.datasets.weights = 'web=3' is invalid: 'web' is not a dataset of"
        + " blink.rabbit.datasets; give comma-separated name=weight pairs over the datasets of"
        + " blink.rabbit.datasets, e.g. logs=1,web=3 (unlisted datasets weigh 1)",
        message(Map.of("blink.rabbit.datasets.weights", "web=3")));
    assertEquals("blink.rabbit.datasets.weights = 'a=0' is invalid: weight '0' is not a whole"
        + " number in 1..1000; give comma-separated name=weight pairs over the datasets of"
        + " blink.rabbit.datasets, e.g. logs=1,web=3 (unlisted datasets weigh 1)",
        message(Map.of("blink.rabbit.datasets", "a=/a", "blink.rabbit.datasets.weights", "a=0")));
    assertEquals("blink.rabbit.datasets.weights = 'a' is invalid: entry 'a' has no '='; give"
        + " comma-separated name=weight pairs over the datasets of blink.rabbit.datasets, e.g."
        + " logs=1,web=3 (unlisted datasets weigh 1)",
        message(Map.of("blink.rabbit.datasets", "a=/a", "blink.rabbit.datasets.weights", "a")));
    assertEquals("blink.rabbit.datasets.live.ms = '10' is invalid: give a whole number of ms in"
        + " 1000..86400000 (default 300000)",
        message(Map.of("blink.rabbit.datasets.live.ms", "10")));
  }

  @Test
  void theGroupsMayBeTheDatasetsButNotBesideConfiguredOnes() {
    assertEquals(false, DatasetConfig.from(Map.<String, String>of()::get).fromGroups());
    assertEquals(true, DatasetConfig.from(Map.of("blink.rabbit.datasets.source", "Groups")::get)
        .fromGroups());
    assertEquals("blink.rabbit.datasets.source = 'dir' is invalid: give config (the datasets of"
        + " blink.rabbit.datasets) or groups (the application groups document, docs/groups.md),"
        + " default config", message(Map.of("blink.rabbit.datasets.source", "dir")));
    assertEquals("blink.rabbit.datasets.source = groups takes the datasets and their weights"
        + " from the application groups document, but blink.rabbit.datasets is set too: define"
        + " the datasets as groups (bin/blink admin -addGroup) and leave blink.rabbit.datasets"
        + " and blink.rabbit.datasets.weights empty, or set blink.rabbit.datasets.source ="
        + " config", message(Map.of("blink.rabbit.datasets.source", "groups",
            "blink.rabbit.datasets", "a=/a")));
  }

  private static String message(Map<String, String> conf) {
    return assertThrows(IllegalArgumentException.class, () -> DatasetConfig.from(conf::get))
        .getMessage();
  }
}
