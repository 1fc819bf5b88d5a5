package org.blinkhdfs.proxy;

import java.time.Clock;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.blinkhdfs.client.GroupsFeed;
import org.blinkhdfs.group.GroupDirectories;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.catalog.LayoutCatalog;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.rabbit.dataset.DatasetConfig;
import org.blinkhdfs.rabbit.dataset.DatasetDirectory;
import org.blinkhdfs.rabbit.dataset.DatasetState;

/**
 * The layout the NameNode places by, built in the proxy from the same configuration: the
 * NameNode's {@code dfs.block.replicator.classname} names one of the fixed placement policies
 * ({@link LayoutCatalog#BY_POLICY_CLASS}) and the {@code blink.*} keys configure it.
 *
 * <p>Why by name and not by loading the policy class: the proxy must not load the NameNode's
 * modules (as a client does not load {@code hadoop-hdfs}'s NameNode); the layouts are pure
 * functions of the keys and the schedule's ring, so the same keys give the same targets. Equal
 * work with datasets resolves files by the configured roots (or the application groups' roots,
 * read by a {@link GroupsFeed} of its own), like a policy without a namespace; the override
 * xattr is the NameNode's alone.
 *
 * <p>Example: {@code dfs.block.replicator.classname =
 * org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy} gives the power-balanced ring with
 * {@code blink.ring.spacing} as the NameNode reads it.
 */
public final class ConfiguredLayouts {
  private ConfiguredLayouts() {}

  /**
   * The configured layout.
   *
   * @throws IllegalArgumentException when the policy is not one of ours (nothing is staged for
   *     the proxy), or a key of the layout is bad
   */
  public static Function<Schedule, LayoutModel> from(Configuration conf) {
    String policy = conf.getTrimmed(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, "");
    String layout = LayoutCatalog.layoutOfPolicy(policy).orElseThrow(() ->
        new IllegalArgumentException(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY + " = "
            + (policy.isEmpty() ? "(unset)" : policy) + " is not a BlinkHDFS layout policy, so"
            + " nothing is staged for the proxy to drain; give the proxy the NameNode's"
            + " hdfs-site.xml (one of " + String.join(", ",
                new TreeSet<>(LayoutCatalog.BY_POLICY_CLASS.keySet())) + ")"));
    if (!layout.equals(LayoutCatalog.EQUAL_WORK)) {
      return LayoutCatalog.byName(layout, conf::get);
    }
    DatasetConfig datasets = DatasetConfig.from(conf::get); // a bad value fails here, at start
    Supplier<DatasetDirectory> directories;
    if (datasets.fromGroups()) {
      GroupsFeed feed = GroupsFeed.start(conf, DatasetConfig.SOURCE.name() + " = "
          + DatasetConfig.SOURCE_GROUPS);
      directories = new GroupDirectories(feed::current);
    } else {
      DatasetDirectory fixed = DatasetDirectory.of(datasets);
      directories = () -> fixed;
    }
    DatasetState state = new DatasetState(datasets, directories, Clock.systemUTC(), () -> { });
    return LayoutCatalog.equalWork(conf::get, state::directory, state::newBlockOf);
  }
}
