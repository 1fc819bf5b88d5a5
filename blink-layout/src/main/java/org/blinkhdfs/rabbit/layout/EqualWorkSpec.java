package org.blinkhdfs.rabbit.layout;

/**
 * The parameters of an {@link EqualWorkLayout}, validated on their own (the chain-dependent
 * checks happen when the layout is built).
 *
 * <p>Example: {@code EqualWorkSpec.of(2, 2)} is Le et al.'s 7-node example (p = 2, r = 2);
 * {@code EqualWorkSpec.of(100, 2).withGearSize(10)} is a row of Rabbit Table 1.
 *
 * @param primaries p ≥ 1: the first p chain nodes hold one replica of every block, B/p each
 * @param replication r ≥ 1: replicas per block (one primary, r − 1 secondaries)
 * @param gearSize g ≥ 1, dividing p: servers per gear group (Rabbit §3.5); 1 is the plain
 *     equal-work layout of §3.1, where every node is its own gear group
 * @param seed mixes into every block hash; a different seed gives an independent-looking layout
 */
public record EqualWorkSpec(int primaries, int replication, int gearSize, long seed) {
  /**
   * @throws IllegalArgumentException when a count is below 1 or g does not divide p
   */
  public EqualWorkSpec {
    requireAtLeastOne("primaries (p)", primaries);
    requireAtLeastOne("replication (r)", replication);
    requireAtLeastOne("gearSize (g)", gearSize);
    SpreadMath.requireDivides(primaries, gearSize);
  }

  /** p primaries, r replicas, gear size 1 (plain equal work), seed 0. */
  public static EqualWorkSpec of(int primaries, int replication) {
    return new EqualWorkSpec(primaries, replication, 1, 0);
  }

  /** This spec with gear groups of {@code gearSize} servers. */
  public EqualWorkSpec withGearSize(int gearSize) {
    return new EqualWorkSpec(primaries, replication, gearSize, seed);
  }

  /** This spec with another hash seed. */
  public EqualWorkSpec withSeed(long seed) {
    return new EqualWorkSpec(primaries, replication, gearSize, seed);
  }

  private static void requireAtLeastOne(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1, got " + value);
    }
  }
}
