package org.blinkhdfs.layout.popularity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NodeReadLoadTest {
  /** The class javadoc's worked example. */
  @Test
  void sharesEachBlocksReadsAmongItsHolders() {
    Map<String, Double> load = NodeReadLoad.of(List.of(
        new NodeReadLoad.FileBlocks(6, List.of(List.of("n1", "n2", "n3"))),
        new NodeReadLoad.FileBlocks(4, List.of(List.of("n1", "n2"), List.of("n1", "staging")))),
        List.of("n1", "n2", "n3"));
    assertEquals(List.of("n1", "n2", "n3"), List.copyOf(load.keySet()));
    assertEquals(6.0, load.get("n1"), 1e-12);
    assertEquals(4.0, load.get("n2"), 1e-12);
    assertEquals(2.0, load.get("n3"), 1e-12);
  }

  @Test
  void unreadFilesAndNodesWeighZero() {
    Map<String, Double> load = NodeReadLoad.of(List.of(
        new NodeReadLoad.FileBlocks(0, List.of(List.of("n1"))),
        new NodeReadLoad.FileBlocks(3, List.of(List.of()))), List.of("n1", "n2"));
    assertEquals(Map.of("n1", 0.0, "n2", 0.0), load);
    assertThrows(IllegalArgumentException.class,
        () -> new NodeReadLoad.FileBlocks(-1, List.of()));
    assertThrows(IllegalArgumentException.class,
        () -> new NodeReadLoad.FileBlocks(Double.NaN, List.of()));
  }

  /**
   * Over seeds: with every holder on the ring the loads add up to the reads times the blocks;
   * every load is between 0 and that total; a node holding no block of a read file weighs 0.
   */
  @Test
  void loadsAddUpToTheReadsOfEveryBlock() {
    for (long seed = 0; seed < 300; seed++) {
      Random rnd = new Random(seed);
      int n = 1 + rnd.nextInt(12);
      List<String> ring = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        ring.add("n" + i);
      }
      List<NodeReadLoad.FileBlocks> files = new ArrayList<>();
      double total = 0;
      boolean[] holds = new boolean[n];
      for (int f = rnd.nextInt(6); f > 0; f--) {
        double reads = rnd.nextInt(4) == 0 ? 0 : rnd.nextDouble() * 50;
        List<List<String>> blocks = new ArrayList<>();
        for (int b = 1 + rnd.nextInt(4); b > 0; b--) {
          List<String> holders = new ArrayList<>(ring);
          java.util.Collections.shuffle(holders, rnd);
          holders = holders.subList(0, 1 + rnd.nextInt(Math.min(n, 6)));
          blocks.add(holders);
          if (reads > 0) {
            holders.forEach(h -> holds[Integer.parseInt(h.substring(1))] = true);
          }
          total += reads;
        }
        files.add(new NodeReadLoad.FileBlocks(reads, blocks));
      }
      Map<String, Double> load = NodeReadLoad.of(files, ring);
      double sum = load.values().stream().mapToDouble(Double::doubleValue).sum();
      assertEquals(total, sum, 1e-9 * Math.max(1, total), "seed " + seed);
      for (int i = 0; i < n; i++) {
        double l = load.get("n" + i);
        assertTrue(l >= 0 && l <= total + 1e-9, "seed " + seed + " n" + i + " = " + l);
        if (!holds[i]) {
          assertEquals(0.0, l, "seed " + seed + ": n" + i + " holds nothing read");
        }
      }
    }
  }
}
