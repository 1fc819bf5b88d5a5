package org.blinkhdfs.layout.popularity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Popularity replication and lazy reclamation ({@link ExtraReplicaPlanner}), worked by hand. */
class ExtraReplicaPlannerTest {
  private static final long MIB = 1 << 20;
  private final ExtraReplicaPlanner planner =
      new ExtraReplicaPlanner(PopularitySettings.defaults());

  private static FileHeat file(String path, double reads, double writes, int base, int now) {
    return new FileHeat(path, reads, writes, MIB, base, now);
  }

  /** The class comment's example. */
  @Test
  void popularFilesShareTheBudgetInProportion() {
    List<FileHeat> files = List.of(file("/a", 30, 0, 3, 3), file("/b", 10, 0, 3, 3));
    assertEquals(Map.of("/a", 6, "/b", 6), planner.plan(files, 10 * MIB));
    // 4 MiB: K = 4 gives a 3 and b 1 extras; K = 5 would give 3 + 1 as well, K = 8 3 + 2 = 5 MiB.
    assertEquals(Map.of("/a", 6, "/b", 4), planner.plan(files, 4 * MIB));
    // 2 MiB: K = 2 gives a ⌊1.5⌋ = 1, b ⌊0.5⌋ = 0; K = 3: a ⌊2.25⌋ = 2, b 0 = 2 MiB.
    assertEquals(Map.of("/a", 5), planner.plan(files, 2 * MIB));
  }

  @Test
  void writtenOftenStaysAtThreeAndColdFilesGetNothing() {
    List<FileHeat> files = List.of(file("/log", 50, 4, 3, 3), file("/cold", 0.5, 0, 3, 3),
        file("/hot", 50, 0, 3, 3));
    assertEquals(Map.of("/hot", 6), planner.plan(files, 100 * MIB));
    // A file that became written often gives its extras back at once, whatever the budget.
    assertEquals(Map.of("/log", 3), planner.plan(List.of(file("/log", 50, 4, 3, 6)), 100 * MIB));
    // A base above the cap is never lowered.
    assertEquals(Map.of(), planner.plan(List.of(file("/wide", 50, 4, 8, 8)), 100 * MIB));
  }

  @Test
  void reclamationIsLazy() {
    // /was was popular and holds 6; nobody reads it now. With room it keeps them.
    List<FileHeat> files = List.of(file("/was", 0, 0, 3, 6), file("/new", 20, 0, 3, 3));
    assertEquals(Map.of("/new", 6), planner.plan(files, 6 * MIB));
    // With room for only 3 extras, /new needs the space: /was goes back to 3.
    assertEquals(Map.of("/was", 3, "/new", 6), planner.plan(files, 3 * MIB));
    // The coldest per byte gives back first: /cool (1 read) before /warm (2 reads), both at 5.
    files = List.of(file("/cool", 1, 0, 3, 5), file("/warm", 2, 0, 3, 5),
        file("/new", 100, 0, 3, 3));
    // Budget 5 MiB: want K: new 3 extras... /cool and /warm want ⌊K/103⌋ = 0 below K = 103.
    Map<String, Integer> plan = planner.plan(files, 5 * MIB);
    assertEquals(Map.of("/cool", 3, "/new", 6), plan);
  }

  @Test
  void budgetIsAFractionOfTheUnusedCapacityPlusTheExtras() {
    // 0.5 · (100 MiB free + 3 MiB of extras held by /x).
    assertEquals((long) (0.5 * 103 * MIB),
        planner.budgetBytes(100 * MIB, List.of(file("/x", 1, 0, 3, 6))));
  }

  /**
   * Over seeds: plans fit the budget (or only shrink), respect caps and bases, and grow hot files.
   */
  @Test
  void propertiesOverSeeds() {
    for (long seed = 0; seed < 500; seed++) {
      Random rnd = new Random(seed);
      List<FileHeat> files = new ArrayList<>();
      int count = 1 + rnd.nextInt(30);
      for (int i = 0; i < count; i++) {
        int base = 1 + rnd.nextInt(3);
        int now = base + (rnd.nextInt(3) == 0 ? rnd.nextInt(4) : 0);
        files.add(new FileHeat("/f" + i, rnd.nextInt(4) == 0 ? 0 : rnd.nextDouble() * 100,
            rnd.nextInt(5) == 0 ? 2 : 0, rnd.nextInt(64) * MIB, base, now));
      }
      long budget = rnd.nextInt(200) * MIB;
      Map<String, Integer> plan = planner.plan(files, budget);
      long used = 0;
      long usedBefore = 0;
      for (FileHeat f : files) {
        int target = plan.getOrDefault(f.path(), f.replication());
        String ctx = "seed " + seed + " " + f + " -> " + target;
        assertTrue(target >= f.baseReplication(), ctx);
        assertTrue(target <= Math.max(f.baseReplication(), f.writes() >= 1 ? 3 : 6), ctx);
        if (f.reads() < 1 && target > f.replication()) {
          throw new AssertionError("a cold file grew: " + ctx);
        }
        used += (target - f.baseReplication()) * f.bytes();
        usedBefore += f.extraBytes();
      }
      assertTrue(used <= Math.max(budget, usedBefore), "seed " + seed + ": " + used + " > "
          + budget);
      if (usedBefore <= budget) {
        assertTrue(used <= budget, "seed " + seed);
      }
    }
  }

  @Test
  void settingsNameTheKey() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new PopularitySettings(0.5, 6, 7, 1, 1, 0.5));
    assertTrue(e.getMessage().contains("blink.popularity.write.max.replicas = 7"));
    e = assertThrows(IllegalArgumentException.class,
        () -> new PopularitySettings(0.5, 6, 3, 1, 1, 1.5));
    assertTrue(e.getMessage().contains("blink.popularity.capacity.fraction = 1.5"));
  }
}
