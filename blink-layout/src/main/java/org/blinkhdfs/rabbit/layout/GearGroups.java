package org.blinkhdfs.rabbit.layout;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Rabbit's gear groups and recovery groups (§3.5, Fig 4) laid over an expansion chain.
 *
 * <h2>Geometry</h2>
 * The first p chain nodes are the primaries. The N − p secondaries fill a grid row by row, in
 * chain order: gear group i (a row, i = 1..G) holds g consecutive secondaries, and recovery group
 * k (a column, k = 1..g) holds the k-th server of every gear group. So a recovery group has G
 * servers (the "recovery group size") and a gear group has g (the "gear group size"). Primary j
 * (rank 1..p) maps to recovery group {@code ((j − 1) mod g) + 1}, p/g primaries per group; every
 * secondary replica of its blocks is chosen from that group.
 *
 * <h2>Gears</h2>
 * Power scales by whole gear groups: gear k (k = 0..G) has the primaries and gear groups 1..k on,
 * {@code p + g·k} nodes, a prefix of the chain. A server of gear group i stores B/(p + g·i)
 * (times the layout's scale c), which is B/n for the n = p + g·i nodes on at gear i: equal work.
 *
 * <h2>Worked example</h2>
 * Chain n1..n8, p = 2, g = 2 (G = 3): primaries n1, n2; gear group 1 = [n3, n4], 2 = [n5, n6],
 * 3 = [n7, n8]; recovery group 1 = [n3, n5, n7] serves primary n1, group 2 = [n4, n6, n8] serves
 * n2; gear sizes 2, 4, 6, 8.
 *
 * <h2>Sizes, and Rabbit Table 1</h2>
 * The recovery group size G must let one group hold the r − 1 secondary replicas of its
 * primaries' B/g blocks at B/(p + g·i) per server: the smallest G with
 * {@code Σ_{i=1..G} g/(p + g·i) ≥ r − 1} ({@link SpreadMath#recoveryGroupSize}). For p = 100 and
 * g = 1, 5, 10, 20, 50, 100 that gives 173, 36, 19, 10, 5, 3 with r = 2; Table 1 prints 174, 37,
 * 20, 11, 6, 4 (one more in every row; it matches r = 2, not HDFS's r = 3: 643 ... 10), and its
 * closed form "(e^(p−g) − p)/g" is garbled (read as (p·e^(r−1) − p)/g it gives 171.8 ... 1.7).
 * We follow the exact sum: it is what the layout must hold, and the tests show that with it every
 * block of a failed primary is covered by its recovery group; the table's extra server is not
 * needed for availability.
 *
 * <p>g = 1 is the plain equal-work layout: every secondary is its own gear group and one recovery
 * group holds all of them, so a primary failure wakes every secondary it needs (§3.5: "a minimum
 * power setting of ep − 1").
 *
 * <p>Immutable and thread-safe.
 */
public final class GearGroups {
  private final Chain chain;
  private final int primaries;
  private final int gearSize;
  private final int gearGroups;

  /**
   * @throws IllegalArgumentException when g does not divide p, p &gt; N, or the secondaries do
   *     not fill whole gear groups
   */
  public GearGroups(Chain chain, int primaries, int gearSize) {
    this.chain = Objects.requireNonNull(chain, "chain must not be null");
    if (primaries < 1 || primaries > chain.size()) {
      throw new IllegalArgumentException("primaries must be within 1.." + chain.size()
          + ", got " + primaries);
    }
    if (gearSize < 1) {
      throw new IllegalArgumentException("gearSize must be at least 1, got " + gearSize);
    }
    SpreadMath.requireDivides(primaries, gearSize);
    int secondaries = chain.size() - primaries;
    if (secondaries % gearSize != 0) {
      throw new IllegalArgumentException(secondaries + " secondaries do not fill gear groups of "
          + gearSize + ": use a chain of " + (primaries + secondaries / gearSize * gearSize)
          + " or " + (primaries + (secondaries / gearSize + 1) * gearSize) + " nodes");
    }
    this.primaries = primaries;
    this.gearSize = gearSize;
    this.gearGroups = secondaries / gearSize;
  }

  /** The chain. */
  public Chain chain() {
    return chain;
  }

  /** p. */
  public int primaries() {
    return primaries;
  }

  /** g: servers per gear group, and the number of recovery groups. */
  public int gearSize() {
    return gearSize;
  }

  /** G: the number of gear groups, and the servers per recovery group. */
  public int gearGroupCount() {
    return gearGroups;
  }

  /** The primaries, rank 1 first. */
  public List<String> primaryNodes() {
    return chain.prefix(primaries);
  }

  /**
   * The server of gear group {@code gearGroup} (1..G) in recovery group {@code recoveryGroup}
   * (1..g).
   */
  public String server(int gearGroup, int recoveryGroup) {
    requireGearGroup(gearGroup);
    requireRecoveryGroup(recoveryGroup);
    return chain.node(primaries + (gearGroup - 1) * gearSize + recoveryGroup);
  }

  /** The g servers of gear group {@code gearGroup} (1..G), in chain order. */
  public List<String> gearGroup(int gearGroup) {
    requireGearGroup(gearGroup);
    int first = primaries + (gearGroup - 1) * gearSize;
    return chain.nodes().subList(first, first + gearSize);
  }

  /** The G servers of recovery group {@code recoveryGroup} (1..g), gear group 1 first. */
  public List<String> recoveryGroup(int recoveryGroup) {
    requireRecoveryGroup(recoveryGroup);
    List<String> servers = new ArrayList<>(gearGroups);
    for (int row = 1; row <= gearGroups; row++) {
      servers.add(server(row, recoveryGroup));
    }
    return List.copyOf(servers);
  }

  /** The recovery group (1..g) holding the secondaries of the primary at {@code primaryRank}. */
  public int recoveryGroupOfPrimary(int primaryRank) {
    if (primaryRank < 1 || primaryRank > primaries) {
      throw new IllegalArgumentException("primaryRank must be within 1.." + primaries + ", got "
          + primaryRank);
    }
    return (primaryRank - 1) % gearSize + 1;
  }

  /** Gear group (1..G) of a secondary, 0 for a primary. */
  public int gearGroupOf(String node) {
    int rank = chain.rank(node);
    return rank <= primaries ? 0 : (rank - primaries - 1) / gearSize + 1;
  }

  /** Recovery group (1..g) of a node: its column, or for a primary the group it maps to. */
  public int recoveryGroupOf(String node) {
    int rank = chain.rank(node);
    return rank <= primaries ? recoveryGroupOfPrimary(rank) : (rank - primaries - 1) % gearSize + 1;
  }

  /** Node counts of gears 0..G: p, p + g, ..., N. */
  public List<Integer> gearSizes() {
    List<Integer> sizes = new ArrayList<>(gearGroups + 1);
    for (int k = 0; k <= gearGroups; k++) {
      sizes.add(primaries + k * gearSize);
    }
    return List.copyOf(sizes);
  }

  /**
   * The gear (0..G) with exactly {@code activeCount} nodes on.
   *
   * @throws IllegalArgumentException when activeCount is not p + g·k for a k in 0..G
   */
  public int gearOf(int activeCount) {
    int above = activeCount - primaries;
    if (above < 0 || above % gearSize != 0 || above / gearSize > gearGroups) {
      throw new IllegalArgumentException(activeCount + " active nodes is not a gear: gears have "
          + gearSizes() + " nodes (p=" + primaries + " plus whole gear groups of " + gearSize
          + "); round up with Gears.roundUp");
    }
    return above / gearSize;
  }

  private void requireGearGroup(int gearGroup) {
    if (gearGroup < 1 || gearGroup > gearGroups) {
      throw new IllegalArgumentException("gear group must be within 1.." + gearGroups + ", got "
          + gearGroup);
    }
  }

  private void requireRecoveryGroup(int recoveryGroup) {
    if (recoveryGroup < 1 || recoveryGroup > gearSize) {
      throw new IllegalArgumentException("recovery group must be within 1.." + gearSize
          + ", got " + recoveryGroup);
    }
  }
}
