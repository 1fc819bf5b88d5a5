package org.blinkhdfs.model.policy;

import java.util.List;
import java.util.Objects;

/**
 * The schedule half of {@link PhaseGroups}: ring position i opens at {@code ⌊t·(i mod G)/G⌋} at
 * every power level, every node with the same window, so the nodes of one phase group blink
 * together and the G groups are spread evenly round the interval. With the layout half (one
 * replica per group, {@code org.blinkhdfs.layout.phase.PhaseGroupLayout}) a block of r replicas
 * with r dividing G is readable at every phase exactly when {@code r·(w − m) ≥ t} (or the window
 * is the whole interval), the bound of every equal-window schedule, for every ring size.
 *
 * <p>G is the policy's parameter (the replication the design serves, or a common multiple of
 * several). A ring with fewer than G nodes gets one group per node, which is the {@code aligned}
 * stagger on that ring ({@link AlignedPolicy}); the layout half must use the same count
 * ({@link #effectiveGroups}).
 *
 * <p>Registered in {@link Policies} with {@link #DEFAULT_GROUPS}; the scheduler, {@code blink
 * schedule} and the simulator build it with G from {@code blink.phase.groups}
 * ({@code CoreConfig#phaseGroups}), the key the NameNode's {@code blink.ring.spacing = groups}
 * layout reads too, so both halves use the same G.
 *
 * <p>Worked example: 10 nodes, G = 3, t = 60 s, 40% power (25 W / 1 W): windows of 22 500 ms;
 * nodes 0, 3, 6, 9 open at 0, nodes 1, 4, 7 at 20 000, nodes 2, 5, 8 at 40 000 ms. A block on one
 * node of each group always has a replica awake; {@code aligned} on the same ring needs windows of
 * 24 000 ms (a ≥ 0.4) for the block on f, f+3, f+6.
 */
public final class PhaseGroupsPolicy extends OffsetBlinkPolicy {
  public static final String NAME = "phase-groups";
  /** G by default: HDFS's default replication, {@code dfs.replication = 3}. */
  public static final int DEFAULT_GROUPS = 3;

  private final int groups;
  /** The persisted membership whose groups give the phases by node name; null: i mod G. */
  private final GroupMembership membership;

  /**
   * The policy for {@code groups} phase groups.
   *
   * @throws IllegalArgumentException when groups &lt; 1
   */
  public PhaseGroupsPolicy(int groups) {
    if (groups < 1) {
      throw new IllegalArgumentException("phase groups must be at least 1, got " + groups
          + ": give the replication the design serves (3 for dfs.replication = 3)");
    }
    this.groups = groups;
    this.membership = null;
  }

  /**
   * The policy whose groups come from {@code membership} by node name ({@link GroupMembership}):
   * a node opens at {@code ⌊t·g/G'⌋} for its own group g, wherever it sits in the ring, so the
   * phases survive removals that renumber the ring. Every ring node must be a member (planning
   * a ring with another node fails naming it).
   */
  public PhaseGroupsPolicy(GroupMembership membership) {
    this.membership = Objects.requireNonNull(membership, "membership");
    this.groups = membership.configuredGroups();
  }

  /** The configured group count G. */
  public int groups() {
    return groups;
  }

  /** The groups a ring of {@code nodeCount} nodes really has: {@code min(G, N)}. */
  public int effectiveGroups(int nodeCount) {
    return Math.max(1, Math.min(groups, nodeCount));
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  long offsetMs(List<String> ring, int index, long intervalMs, long windowMs) {
    if (membership == null || windowMs >= intervalMs) {
      return super.offsetMs(ring, index, intervalMs, windowMs);
    }
    return membership.phaseMs(ring.get(index), intervalMs);
  }

  @Override
  long offsetMs(int index, int nodeCount, long intervalMs, long windowMs) {
    if (windowMs >= intervalMs) {
      return 0;
    }
    return new PhaseGroups(nodeCount, effectiveGroups(nodeCount)).phaseMs(index, intervalMs);
  }
}
