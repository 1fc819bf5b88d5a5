package org.blinkhdfs.layout.catalog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.phase.PhaseGroupLayoutModel;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.rabbit.dataset.DatasetConfig;
import org.blinkhdfs.rabbit.dataset.DatasetDirectory;
import org.blinkhdfs.rabbit.dataset.DatasetLayoutModel;
import org.blinkhdfs.rabbit.dataset.ExpansionChain;
import org.blinkhdfs.rabbit.layout.Chain;
import org.blinkhdfs.rabbit.layout.ChainLayoutModel;
import org.blinkhdfs.rabbit.layout.EqualWorkLayout;
import org.blinkhdfs.rabbit.layout.EqualWorkSpec;
import org.blinkhdfs.rabbit.layout.ParaidLayout;
import org.blinkhdfs.rabbit.layout.ParaidReplicas;
import org.blinkhdfs.rabbit.layout.RabbitConfig;

/**
 * Every layout by name, built from the {@code blink.*} keys and a schedule's ring: the one place
 * that turns configuration into a {@link LayoutModel}, so the NameNode's placement policies, the
 * proxy and the simulator build exactly the same layout from the same keys and schedule.
 *
 * <p>Each entry reads and validates its keys when called (a bad value fails then, naming the key)
 * and returns how to build the layout on a schedule's ring ({@link Schedule#ring()}: its
 * non-staging nodes in order), which callers do once per distinct ring.
 *
 * <ul>
 *   <li>{@value #POWER_BALANCED}: BlinkFS's ring ({@link RingLayoutModel}), spaced as
 *       {@code blink.ring.spacing} says ({@link RingSpacing}: bisection, or even for the
 *       co-designed {@code aligned} stagger), or with {@code groups}, the default, the
 *       phase-group layout ({@link PhaseGroupLayoutModel}) with G = {@code blink.phase.groups},
 *       the layout half of the default {@code phase-groups} policy.
 *   <li>{@value #EQUAL_WORK}: Rabbit's equal work on the ring as expansion chain, p from
 *       {@code blink.equalwork.primaries}; with datasets ({@code blink.rabbit.datasets}, or the
 *       application groups: a {@link DatasetDirectory}) each dataset gets its own chain, planned
 *       greedily after the default one, and new blocks follow
 *       their file's dataset as {@code datasetOf} resolves it (a NameNode resolves paths and
 *       xattrs; a process without a namespace passes {@code path -> Optional.empty()}).
 *   <li>{@value #PARAID}: PARAID's skewed layout with the groups of {@code blink.paraid.groups}
 *       and the rest of the ring as the last group, cut or filled to r ({@link ParaidReplicas}).
 * </ul>
 *
 * <p>Example: {@code byName("equal-work", Map.of("blink.equalwork.primaries", "1")::get)} on a
 * schedule whose ring is n1, n2, n3 gives a model whose every block has its primary on n1.
 *
 * <p>Stateless; the functions it returns are thread-safe.
 */
public final class LayoutCatalog {
  public static final String POWER_BALANCED = "power-balanced";
  public static final String EQUAL_WORK = "equal-work";
  public static final String PARAID = "paraid";
  /** Every name {@link #byName} accepts. */
  public static final List<String> NAMES = List.of(POWER_BALANCED, EQUAL_WORK, PARAID);
  /**
   * The NameNode placement policy of each layout ({@code dfs.block.replicator.classname}), by
   * class name: the fixed contract names. A process without the NameNode's classes (the write
   * proxy) finds the configured layout here instead of loading the policy class.
   */
  public static final Map<String, String> BY_POLICY_CLASS = Map.of(
      "org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy", POWER_BALANCED,
      "org.blinkhdfs.rabbit.EqualWorkBlockPlacementPolicy", EQUAL_WORK,
      "org.blinkhdfs.rabbit.ParaidBlockPlacementPolicy", PARAID);

  /** The layout name of the placement policy class {@code className}, if it is one of ours. */
  public static Optional<String> layoutOfPolicy(String className) {
    return Optional.ofNullable(BY_POLICY_CLASS.get(className.trim()));
  }

  private LayoutCatalog() {}

  /**
   * The layout called {@code name}, configured by {@code lookup}, with no dataset resolution.
   *
   * @throws IllegalArgumentException for an unknown name or a bad key value
   */
  public static Function<Schedule, LayoutModel> byName(String name,
      Function<String, String> lookup) {
    switch (name) {
      case POWER_BALANCED:
        return powerBalanced(lookup);
      case EQUAL_WORK:
        return equalWork(lookup, path -> Optional.empty());
      case PARAID:
        return paraid(lookup);
      default:
        throw new IllegalArgumentException(String.format(Locale.ROOT,
            "'%s' is not a layout: give one of %s", name, String.join(", ", NAMES)));
    }
  }

  /**
   * BlinkFS's power-balanced ring, spaced by {@code blink.ring.spacing}; for {@code groups} the
   * phase-group layout with G from {@code blink.phase.groups} (read only then, as the scheduler
   * reads it only for {@code phase-groups}), whose effective G on a ring of N is {@code min(G,
   * N)}, as the policy's.
   */
  public static Function<Schedule, LayoutModel> powerBalanced(Function<String, String> lookup) {
    RingSpacing spacing = RingSpacing.parse(lookup.apply(RingSpacing.KEY));
    if (spacing == RingSpacing.GROUPS) {
      int groups = new CoreConfig(lookup).phaseGroups();
      return schedule -> new PhaseGroupLayoutModel(schedule.ring().size(), groups);
    }
    return schedule -> new RingLayoutModel(schedule.ring().size(), spacing);
  }

  /** Rabbit's equal work, with a chain per dataset when datasets are configured. */
  public static Function<Schedule, LayoutModel> equalWork(Function<String, String> lookup,
      Function<String, Optional<String>> datasetOf) {
    DatasetDirectory datasets = DatasetDirectory.of(DatasetConfig.from(lookup));
    return equalWork(lookup, () -> datasets, datasetOf);
  }

  /**
   * Rabbit's equal work with a chain per dataset of {@code datasets}, read when a ring's layout
   * is built: a directory that changes (the application groups) needs its caller to rebuild the
   * layout when {@link DatasetDirectory#version()} changes.
   */
  public static Function<Schedule, LayoutModel> equalWork(Function<String, String> lookup,
      Supplier<DatasetDirectory> datasets, Function<String, Optional<String>> datasetOf) {
    int p = RabbitConfig.from(lookup).primaries();
    String hint = "p = " + RabbitConfig.PRIMARIES.name() + " = " + p;
    return schedule -> {
      List<String> ring = schedule.ring();
      LayoutModel fallback = equalWork(ring, Chain.of(ring), p, hint);
      Map<String, ExpansionChain> chains = datasets.get().chains(ring, p);
      if (chains.isEmpty()) {
        return fallback;
      }
      Map<String, LayoutModel> byDataset = new LinkedHashMap<>();
      chains.forEach((name, chain) -> byDataset.put(name, equalWork(ring,
          Chain.of(chain.nodes()), p, hint + ", dataset " + name)));
      return new DatasetLayoutModel(fallback, byDataset, datasetOf);
    };
  }

  /** PARAID's skewed layout. */
  public static Function<Schedule, LayoutModel> paraid(Function<String, String> lookup) {
    RabbitConfig config = RabbitConfig.from(lookup);
    String hint = RabbitConfig.PARAID_GROUPS.name() + " = " + config.paraidGroups();
    return schedule -> {
      Chain chain = Chain.fromSchedule(schedule);
      return new ChainLayoutModel("PARAID", chain, r -> ParaidReplicas.of(
          ParaidLayout.of(chain, config.paraidSpec(chain.size())), r), hint);
    };
  }

  private static ChainLayoutModel equalWork(List<String> ring, Chain chain, int p, String hint) {
    return new ChainLayoutModel(EQUAL_WORK, ring, chain,
        r -> EqualWorkLayout.of(chain, EqualWorkSpec.of(p, r)), hint);
  }
}
