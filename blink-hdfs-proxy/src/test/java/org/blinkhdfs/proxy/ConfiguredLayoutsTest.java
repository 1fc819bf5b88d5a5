package org.blinkhdfs.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.catalog.LayoutCatalog;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.rabbit.dataset.DatasetLayoutModel;
import org.junit.jupiter.api.Test;

/**
 * {@link ConfiguredLayouts}: the proxy builds the layout the NameNode's configured policy places
 * by, from the policy's class name and the same keys, without loading the NameNode's classes.
 */
class ConfiguredLayoutsTest {
  /** Seven ring nodes: equal work's default p = 2 holds r = 2 on a chain of 6 or more. */
  private static final Schedule RING = ring(7);

  private static Schedule ring(int n) {
    Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(60_000);
    for (int i = 0; i < n; i++) {
      b.add(NodeSchedule.blink("n" + i + ":1", i * 60_000L / n, 20_000));
    }
    return b.build();
  }

  private static Configuration conf(String policy) {
    Configuration conf = new Configuration(false);
    conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, policy);
    return conf;
  }

  @Test
  void eachFixedPolicyGivesTheCatalogsLayout() {
    for (var e : LayoutCatalog.BY_POLICY_CLASS.entrySet()) {
      Configuration conf = conf(e.getKey());
      LayoutModel proxy = ConfiguredLayouts.from(conf).apply(RING);
      Function<String, String> keys = conf::get;
      LayoutModel catalog = LayoutCatalog.byName(e.getValue(), keys).apply(RING);
      assertEquals(catalog.name(), proxy.name(), e.getKey());
      for (long block = 1; block <= 50; block++) {
        assertEquals(catalog.targets(block, 2), proxy.targets(block, 2),
            e.getKey() + ", block " + block);
      }
    }
  }

  @Test
  void equalWorkWithConfiguredDatasetsBuildsTheirChains() {
    Configuration conf = conf("org.blinkhdfs.rabbit.EqualWorkBlockPlacementPolicy");
    conf.set("blink.rabbit.datasets", "logs=/logs,web=/web");
    LayoutModel m = ConfiguredLayouts.from(conf).apply(RING);
    // Two datasets on 7 nodes: a chain each, as the NameNode's policy builds them.
    assertTrue(m instanceof DatasetLayoutModel, m.getClass().getName());
    Function<String, String> keys = conf::get;
    LayoutModel catalog = LayoutCatalog.equalWork(keys, path -> Optional.empty()).apply(RING);
    for (long block = 1; block <= 50; block++) {
      assertEquals(catalog.targets(block, 2), m.targets(block, 2), "block " + block);
    }
  }

  @Test
  void anyOtherPolicyIsRefusedNamingTheKeyAndTheChoices() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ConfiguredLayouts.from(new Configuration(false)));
    assertTrue(e.getMessage().startsWith("dfs.block.replicator.classname = (unset) is not a"
        + " BlinkHDFS layout policy"), e.getMessage());
    assertTrue(e.getMessage().contains("org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> ConfiguredLayouts.from(
        conf("org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault")));
    assertTrue(e.getMessage().contains("BlockPlacementPolicyDefault is not a BlinkHDFS"),
        e.getMessage());
  }

  @Test
  void aBadLayoutKeyFailsAtStartNamingIt() {
    Configuration conf = conf("org.blinkhdfs.rabbit.EqualWorkBlockPlacementPolicy");
    conf.set("blink.rabbit.datasets.share", "sometimes");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ConfiguredLayouts.from(conf));
    assertTrue(e.getMessage().contains("blink.rabbit.datasets.share"), e.getMessage());
  }
}
