package org.blinkhdfs.sim;

import java.util.Optional;
import java.util.function.Function;
import org.blinkhdfs.layout.catalog.LayoutCatalog;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.policy.AlignedPolicy;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.rabbit.layout.RabbitConfig;

/**
 * A recorded report's layout label ({@code layout+policy}, as {@code bin/blink bench} names its
 * clusters) in the simulator's terms, so {@code sim --validate} runs each cell on the layout the
 * cluster ran: {@code power-balanced} is the ring with bisection spacing, {@code aligned} the
 * ring with even spacing (only under the {@code aligned} policy, as the cluster runs it),
 * {@code phase-groups} the phase-group layout (only under the {@code phase-groups} policy, with
 * the default {@code blink.phase.groups} the lab runs), {@code default} HDFS's random
 * placement, {@code equal-work} and {@code paraid} the Rabbit layouts with the run's keys.
 * Labels with a third part ({@code +popularity}, {@code +groups}, {@code +migration}) add
 * behaviour the simulator does not have, and are not modelled.
 *
 * @param simLayout the simulator's {@code --layout}
 * @param policy the scheduler policy
 * @param spacing {@code blink.ring.spacing}
 * @param ties how the NameNode orders tied replicas: equal work's balancer or HDFS's distance
 * @param minimumActive ring nodes kept on whatever the power (equal work's p, PARAID's group
 *     1, as the bench does with {@code setActiveNodes}); 0 for the ring layouts
 * @param primaries {@code blink.equalwork.primaries}
 * @param paraidGroups {@code blink.paraid.groups}
 */
record CellLayout(String simLayout, String policy, String spacing, FileReadSim.Ties ties,
    int minimumActive, int primaries, String paraidGroups) {

  /**
   * True for HDFS's default placement: it stores on every DataNode, the always-on staging nodes
   * too (a recorded run held 26 of its 96 blocks there), where the BlinkHDFS layouts keep staging
   * nodes for staged writes.
   */
  boolean storesOnStaging() {
    return simLayout.equals(ReplicaSets.RANDOM);
  }

  /**
   * The label's layout, or empty when the simulator does not model it.
   *
   * @param primaries the run's {@code blink.equalwork.primaries}
   * @param paraidGroups the run's {@code blink.paraid.groups}, e.g. {@code "2"}
   */
  static Optional<CellLayout> parse(String label, int primaries, String paraidGroups) {
    String[] parts = label.split("\\+");
    if (parts.length != 2) {
      return Optional.empty();
    }
    String policy = parts[1];
    String bisection = RingSpacing.BISECTION.value();
    FileReadSim.Ties distance = FileReadSim.Ties.DISTANCE;
    int firstGroup = Integer.parseInt(paraidGroups.split(",")[0].trim());
    return Optional.ofNullable(switch (parts[0]) {
      case "power-balanced" -> new CellLayout(LayoutCatalog.POWER_BALANCED, policy, bisection,
          distance, 0, primaries, paraidGroups);
      case "aligned" -> policy.equals(AlignedPolicy.NAME) ? new CellLayout(
          LayoutCatalog.POWER_BALANCED, policy, RingSpacing.EVEN.value(), distance, 0, primaries,
          paraidGroups) : null;
      case "phase-groups" -> policy.equals(PhaseGroupsPolicy.NAME) ? new CellLayout(
          LayoutCatalog.POWER_BALANCED, policy, RingSpacing.GROUPS.value(), distance, 0,
          primaries, paraidGroups) : null;
      case "default" -> new CellLayout(ReplicaSets.RANDOM, policy, bisection, distance, 0,
          primaries, paraidGroups);
      case "equal-work" -> new CellLayout(LayoutCatalog.EQUAL_WORK, policy, bisection,
          FileReadSim.Ties.HIT_RATIO, primaries, primaries, paraidGroups);
      case "paraid" -> new CellLayout(LayoutCatalog.PARAID, policy, bisection, distance,
          firstGroup, primaries, paraidGroups);
      default -> null;
    });
  }

  /** The layout keys the simulator's layout port reads. */
  Function<String, String> keys() {
    return k -> k.equals(RingSpacing.KEY) ? spacing
        : k.equals(RabbitConfig.PRIMARIES.name()) ? Integer.toString(primaries)
        : k.equals(RabbitConfig.PARAID_GROUPS.name()) ? paraidGroups : null;
  }
}
