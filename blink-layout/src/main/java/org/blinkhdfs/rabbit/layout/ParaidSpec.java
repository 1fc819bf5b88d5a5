package org.blinkhdfs.rabbit.layout;

import java.util.List;
import java.util.Objects;

/**
 * The parameters of a {@link ParaidLayout}.
 *
 * <p>Example: {@code ParaidSpec.of(2, 5)} is Le et al.'s Table 1 (group 1 = 2 nodes, group 2 =
 * 5 nodes; gears of 2 and 7 nodes).
 *
 * @param groupSizes nodes per group, group 1 first, each ≥ 1; they must add up to the chain
 *     length (checked by the layout)
 * @param seed mixes into every block hash
 */
public record ParaidSpec(List<Integer> groupSizes, long seed) {
  /**
   * @throws IllegalArgumentException when there is no group or a group is empty
   */
  public ParaidSpec {
    Objects.requireNonNull(groupSizes, "groupSizes must not be null");
    groupSizes = List.copyOf(groupSizes);
    if (groupSizes.isEmpty()) {
      throw new IllegalArgumentException("PARAID needs at least one group (group 1 serves the "
          + "lowest gear), got none");
    }
    for (int i = 0; i < groupSizes.size(); i++) {
      if (groupSizes.get(i) < 1) {
        throw new IllegalArgumentException("group " + (i + 1) + " must have at least 1 node, got "
            + groupSizes.get(i) + " in " + groupSizes);
      }
    }
  }

  /** Groups of the given sizes, seed 0. */
  public static ParaidSpec of(int... groupSizes) {
    Integer[] boxed = new Integer[groupSizes.length];
    for (int i = 0; i < groupSizes.length; i++) {
      boxed[i] = groupSizes[i];
    }
    return new ParaidSpec(List.of(boxed), 0);
  }

  /** This spec with another hash seed. */
  public ParaidSpec withSeed(long seed) {
    return new ParaidSpec(groupSizes, seed);
  }

  /** Total nodes over all groups. */
  public int nodeCount() {
    int total = 0;
    for (int size : groupSizes) {
      total += size;
    }
    return total;
  }
}
