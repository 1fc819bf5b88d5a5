package org.blinkhdfs.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.rabbit.layout.Chain;
import org.blinkhdfs.rabbit.layout.ChainLayout;
import org.blinkhdfs.rabbit.layout.EqualWorkLayout;
import org.blinkhdfs.rabbit.layout.EqualWorkSpec;
import org.blinkhdfs.rabbit.layout.ParaidLayout;
import org.blinkhdfs.rabbit.layout.ParaidReplicas;
import org.blinkhdfs.rabbit.layout.RabbitConfig;

/**
 * The Rabbit layouts' NameNode keys for one local cluster: equal work's primaries p ({@code
 * blink.equalwork.primaries}) and PARAID's group sizes ({@code blink.paraid.groups}), with the
 * questions the demo must answer before it starts a NameNode: does the layout accept this ring and
 * replication, which gears does it have, and how many nodes must at least be on.
 *
 * <p>Why here and checked up front: the NameNode policy refuses a replication its chain cannot
 * hold only when the schedule arrives, logs an ERROR and silently places those blocks as stock
 * HDFS would (docs/equal-work.md, fallback rule). A demo that measured that would report
 * "equal-work" numbers for HDFS's default placement. So the launcher asks the same pure layouts
 * ({@code org.blinkhdfs.rabbit.layout}) first and refuses with their message.
 *
 * <p>Worked examples: the demo's 9 ring nodes with r = 3 do not fit p = 2 (node 3 would hold
 * 0.502·B, more than a primary's B/2), so {@link #fittingPrimaries}(9, 3, 2) = 1; Le et al.'s 7
 * nodes with r = 2 keep p = 2. PARAID groups {@code 2,2} on 7 nodes give groups 2, 2, 3 and gears
 * 2, 4, 7; the default {@code 2} gives gears 2 and 7.
 *
 * <p>Immutable; no Hadoop import (pure plumbing over the pure layouts).
 *
 * @param equalWorkPrimaries p, at least 1
 * @param paraidGroups PARAID group sizes, group 1 first; the ring's remaining nodes form one last
 *     group
 * @param readOrder {@code blink.read.order} of the NameNode and of every client (issue 46); set
 *     in the keys only when not BlinkFS's longest window, so other runs' keys stay as they were
 */
public record LayoutKeys(int equalWorkPrimaries, List<Integer> paraidGroups,
    ReadOrderMode readOrder) {

  public LayoutKeys {
    paraidGroups = List.copyOf(Objects.requireNonNull(paraidGroups, "paraidGroups"));
    Objects.requireNonNull(readOrder, "readOrder");
    // Validated exactly as the NameNode will validate them.
    RabbitConfig.from(keyMap(equalWorkPrimaries, paraidGroups)::get);
  }

  /** RabbitConfig's defaults: p = 2 (Le et al. Table 2), PARAID group 1 of 2 nodes. */
  public static LayoutKeys defaults() {
    return new LayoutKeys(2, List.of(2));
  }

  /** With BlinkFS's longest-window read order. */
  public LayoutKeys(int equalWorkPrimaries, List<Integer> paraidGroups) {
    this(equalWorkPrimaries, paraidGroups, ReadOrderMode.LONGEST_WINDOW);
  }

  public LayoutKeys withPrimaries(int p) {
    return new LayoutKeys(p, paraidGroups, readOrder);
  }

  public LayoutKeys withParaidGroups(List<Integer> groups) {
    return new LayoutKeys(equalWorkPrimaries, groups, readOrder);
  }

  public LayoutKeys withReadOrder(ReadOrderMode order) {
    return new LayoutKeys(equalWorkPrimaries, paraidGroups, order);
  }

  /** The keys as the NameNode's hdfs-site.xml gets them. */
  public Map<String, String> nameNodeKeys() {
    Map<String, String> m = keyMap(equalWorkPrimaries, paraidGroups);
    if (readOrder != ReadOrderMode.LONGEST_WINDOW) {
      m.put(CoreConfig.READ_ORDER.name(), readOrder.configName());
    }
    return m;
  }

  /** The keys every client of the cluster gets too: the read order its gate follows. */
  public Map<String, String> clientKeys() {
    return readOrder == ReadOrderMode.LONGEST_WINDOW ? Map.of()
        : Map.of(CoreConfig.READ_ORDER.name(), readOrder.configName());
  }

  private static Map<String, String> keyMap(int p, List<Integer> groups) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(RabbitConfig.PRIMARIES.name(), Integer.toString(p));
    m.put(RabbitConfig.PARAID_GROUPS.name(),
        groups.stream().map(String::valueOf).collect(Collectors.joining(",")));
    return m;
  }

  /**
   * The pure layout the NameNode will build for {@code layout} on a ring of {@code ringSize}
   * nodes and replication {@code r}; empty for layouts without gears.
   *
   * @throws IllegalArgumentException when the layout cannot hold r on that ring, with the pure
   *     layout's message and the key to change
   */
  public java.util.Optional<ChainLayout> chainLayout(Layout layout, int ringSize, int r) {
    Chain chain = Chain.numbered(ringSize);
    try {
      return switch (layout) {
        case EQUAL_WORK -> java.util.Optional.of(
            EqualWorkLayout.of(chain, EqualWorkSpec.of(equalWorkPrimaries, r)));
        case PARAID -> java.util.Optional.of(ParaidReplicas.of(ParaidLayout.of(chain,
            RabbitConfig.from(nameNodeKeys()::get).paraidSpec(ringSize)), r));
        default -> java.util.Optional.empty();
      };
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("the " + layout.flag() + " layout cannot hold"
          + " replication " + r + " on " + ringSize + " ring nodes with " + nameNodeKeys() + ": "
          + e.getMessage(), e);
    }
  }

  /** The layout's gears in nodes (chain prefixes), or empty for layouts without gears. */
  public List<Integer> gears(Layout layout, int ringSize, int r) {
    return chainLayout(layout, ringSize, r).map(ChainLayout::gearSizes).orElse(List.of());
  }

  /**
   * The fewest ring nodes that must be on for every block to have a replica on: equal work's p,
   * PARAID's group 1 (its first gear); 0 for layouts without gears.
   */
  public int minimumActiveNodes(Layout layout) {
    return switch (layout) {
      case EQUAL_WORK -> equalWorkPrimaries;
      case PARAID -> paraidGroups.get(0);
      default -> 0;
    };
  }

  /**
   * The largest p in {@code 1..wanted} for which the equal-work layout holds replication r on a
   * ring of {@code ringSize} nodes (a longer chain is needed for larger p at the same r).
   *
   * @throws IllegalArgumentException when even p = 1 does not fit, with the layout's message
   */
  public static int fittingPrimaries(int ringSize, int r, int wanted) {
    List<String> refusals = new ArrayList<>();
    for (int p = Math.min(wanted, ringSize); p >= 1; p--) {
      try {
        EqualWorkLayout.of(Chain.numbered(ringSize), EqualWorkSpec.of(p, r));
        return p;
      } catch (IllegalArgumentException e) {
        refusals.add(e.getMessage());
      }
    }
    throw new IllegalArgumentException("the equal-work layout holds replication " + r + " on "
        + ringSize + " nodes with no p in 1.." + wanted + ": " + String.join(" | ", refusals));
  }
}
