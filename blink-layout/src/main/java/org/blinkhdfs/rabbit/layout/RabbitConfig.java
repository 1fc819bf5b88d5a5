package org.blinkhdfs.rabbit.layout;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;

/**
 * The {@code blink.*} keys of the equal-work and PARAID placement policies, typed and validated
 * in one place. A bad value fails when the policy is configured (NameNode start), naming the key,
 * the value and the fix. A value that is valid but does not fit the schedule's ring (p larger
 * than the ring, PARAID groups longer than it) cannot be known then; the policy logs it as an
 * ERROR when the schedule arrives and places blocks as stock HDFS (docs/equal-work.md).
 *
 * <ul>
 *   <li>{@code blink.equalwork.primaries} (p, default 2): the first p nodes of the expansion
 *       chain hold one replica of every block, B/p each (Rabbit §3.1). 2 is Le et al.'s 7-node
 *       example. The chain must be long enough for each replication r: with p = 2 at least 5
 *       nodes for r = 2 and 10 for r = 3 (exactly B/i per node from p·e^(r−1) on: 7 and 19
 *       nodes); a chain much longer than that wants a larger p (docs/equal-work.md).
 *   <li>{@code blink.paraid.groups} (default {@code 2}): PARAID group sizes in nodes, group 1
 *       first, comma-separated. Nodes of the ring left over form one last group, so the default
 *       is group 1 = 2 nodes and group 2 = the rest (Le et al. Table 1 on 7 nodes). Gear k is
 *       groups 1..k.
 *   <li>{@code blink.equalwork.read.window} (default 1024, reads): the hit-ratio read
 *       balancer's decay window ({@code EqualWorkNetworkTopology}, {@code HitRatioBalancer}): a
 *       node's served and offered counts halve each time its offers reach this many. Smaller
 *       follows a changing workload faster but balances more coarsely.
 *   <li>{@code blink.equalwork.read.refresh.ms} (default 1000, ms): how long the balancer's
 *       desired ratios (from the NameNode's per-DataNode replica counts) are reused before they
 *       are recomputed; 0 recomputes for every block sorted. A new schedule always recomputes.
 * </ul>
 *
 * <p>Example: {@code blink.paraid.groups = 2,3} on a ring of 9 nodes gives groups of 2, 3 and 4
 * nodes and gears of 2, 5 and 9 nodes.
 *
 * <p>Immutable and thread-safe.
 */
public final class RabbitConfig {
  public static final ConfigKey PRIMARIES =
      new ConfigKey("blink.equalwork.primaries", "2", "nodes");
  public static final ConfigKey PARAID_GROUPS =
      new ConfigKey("blink.paraid.groups", "2", "nodes per group");
  public static final ConfigKey READ_WINDOW =
      new ConfigKey("blink.equalwork.read.window", "1024", "reads");
  public static final ConfigKey READ_REFRESH_MS =
      new ConfigKey("blink.equalwork.read.refresh.ms", "1000", "ms");

  /** Every key the placement policies and the read topology of this module read. */
  public static final List<ConfigKey> KEYS =
      List.of(PRIMARIES, PARAID_GROUPS, READ_WINDOW, READ_REFRESH_MS);

  private final int primaries;
  private final List<Integer> paraidGroups;
  private final int readWindow;
  private final long readRefreshMs;

  private RabbitConfig(Function<String, String> lookup) {
    this.primaries = (int) ConfigValues.longIn(lookup, PRIMARIES, 1, Chain.MAX_NODES);
    this.paraidGroups = parseGroups(ConfigValues.raw(lookup, PARAID_GROUPS));
    this.readWindow = (int) ConfigValues.longIn(lookup, READ_WINDOW, 2, 1 << 30);
    this.readRefreshMs = ConfigValues.longIn(lookup, READ_REFRESH_MS, 0, 3_600_000L);
  }

  /** Reads and validates the keys from a key-value lookup (an adapter passes {@code conf::get}). */
  public static RabbitConfig from(Function<String, String> lookup) {
    return new RabbitConfig(lookup);
  }

  /** p: equal work's primaries. */
  public int primaries() {
    return primaries;
  }

  /** The read balancer's decay window, in offers per node. */
  public int readWindow() {
    return readWindow;
  }

  /** How long the read balancer's desired ratios are reused. */
  public long readRefreshMs() {
    return readRefreshMs;
  }

  /** The configured PARAID group sizes, group 1 first. */
  public List<Integer> paraidGroups() {
    return paraidGroups;
  }

  /**
   * The PARAID groups on a ring of {@code ringSize} nodes: the configured sizes, then one group
   * of the nodes left over.
   *
   * @throws IllegalArgumentException when the configured groups need more nodes than the ring
   *     has, naming the key and the fix
   */
  public ParaidSpec paraidSpec(int ringSize) {
    int listed = 0;
    for (int size : paraidGroups) {
      listed += size;
    }
    if (listed > ringSize) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = '%s' needs %d nodes but the schedule's ring has %d: list groups adding up to"
              + " at most %d (the rest of the ring forms the last group), or put %d more nodes"
              + " in the schedule", PARAID_GROUPS.name(), join(paraidGroups), listed, ringSize,
          ringSize, listed - ringSize));
    }
    List<Integer> groups = new ArrayList<>(paraidGroups);
    if (listed < ringSize) {
      groups.add(ringSize - listed);
    }
    return new ParaidSpec(groups, 0);
  }

  private static List<Integer> parseGroups(String value) {
    String[] parts = value.split(",", -1);
    List<Integer> sizes = new ArrayList<>(parts.length);
    long total = 0;
    for (String part : parts) {
      int size = parseSize(value, part.trim());
      total += size;
      if (total > Chain.MAX_NODES) {
        throw invalidGroups(value, "the groups add up to more than " + Chain.MAX_NODES + " nodes");
      }
      sizes.add(size);
    }
    return List.copyOf(sizes);
  }

  private static int parseSize(String value, String part) {
    try {
      int size = Integer.parseInt(part);
      if (size >= 1) {
        return size;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw invalidGroups(value, "'" + part + "' is not a group size of at least 1 node");
  }

  private static IllegalArgumentException invalidGroups(String value, String why) {
    return new IllegalArgumentException(String.format(Locale.ROOT,
        "%s = '%s' is invalid: %s; give comma-separated group sizes in nodes, group 1 first,"
            + " e.g. 2,5 (default %s; nodes of the ring left over form one last group)",
        PARAID_GROUPS.name(), value, why, PARAID_GROUPS.defaultValue()));
  }

  private static String join(List<Integer> sizes) {
    StringBuilder b = new StringBuilder();
    for (int size : sizes) {
      b.append(b.length() == 0 ? "" : ",").append(size);
    }
    return b.toString();
  }
}
