package org.blinkhdfs.bench.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReadLoadTest {
  private static final List<List<String>> BLOCKS =
      List.of(List.of("a", "b"), List.of("a", "c"), List.of("a"));

  @Test
  void classCommentExample() {
    Set<String> on = Set.of("a", "b", "c");
    Map<String, Double> load = ReadLoad.randomChoiceLoads(BLOCKS, on);
    assertEquals(2.0, load.get("a"), 1e-12);
    assertEquals(0.5, load.get("b"), 1e-12);
    assertEquals(0.5, load.get("c"), 1e-12);
    assertEquals(15.0, ReadLoad.randomChoiceMiBps(10, BLOCKS, on), 1e-12);
    assertEquals(30.0, ReadLoad.balancedMiBps(10, BLOCKS, on), 1e-12);
  }

  @Test
  void fewerNodesOnConfineMoreBlocks() {
    // Only a and b on: {a,c} and {a} are confined to a; {a} S = {a} confines 2 blocks -> max 2,
    // so 10 * 3 / 2 = 15 MiB/s balanced. Random choice: a = 0.5 + 1 + 1 = 2.5 -> 12 MiB/s.
    Set<String> on = Set.of("a", "b");
    assertEquals(0, ReadLoad.uncovered(BLOCKS, on));
    assertEquals(15.0, ReadLoad.balancedMiBps(10, BLOCKS, on), 1e-12);
    assertEquals(12.0, ReadLoad.randomChoiceMiBps(10, BLOCKS, on), 1e-12);
  }

  @Test
  void equalSharesReachBandwidthTimesNodes() {
    List<List<String>> blocks = List.of(List.of("a", "b"), List.of("b", "c"), List.of("c", "a"));
    Set<String> on = Set.of("a", "b", "c");
    assertEquals(30.0, ReadLoad.randomChoiceMiBps(10, blocks, on), 1e-12);
    assertEquals(30.0, ReadLoad.balancedMiBps(10, blocks, on), 1e-12);
  }

  @Test
  void anUncoveredBlockIsCountedAndRefused() {
    Set<String> on = Set.of("b", "c");
    assertEquals(1, ReadLoad.uncovered(BLOCKS, on));
    assertThrows(IllegalArgumentException.class, () -> ReadLoad.randomChoiceMiBps(10, BLOCKS, on));
    assertThrows(IllegalArgumentException.class, () -> ReadLoad.balancedMiBps(10, BLOCKS, on));
  }
}
