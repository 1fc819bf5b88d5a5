package org.blinkhdfs.layout.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.blinkhdfs.layout.phase.PhaseGroupLayoutModel;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.junit.jupiter.api.Test;

/**
 * Exact relayouts worked by hand: one block per first node f written under the ring's bisection
 * or even spacing, moved to phase groups (G = r = 3), and the odd blocks (stand-ins, short and
 * over-replicated blocks, blocks nobody holds).
 */
class RelayoutPlannerTest {
  static final long MB = 1L << 20;

  static List<String> ring(int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add("n" + i);
    }
    return out;
  }

  /** Block f holds the ring layout of first node f, 100 MiB each. */
  static List<BlockReplicas> ringBlocks(int n, int r, RingSpacing spacing) {
    RingLayout layout = new RingLayout(n, spacing);
    List<BlockReplicas> out = new ArrayList<>();
    for (int f = 0; f < n; f++) {
      out.add(new BlockReplicas(f, 100 * MB, r,
          layout.positions(f, r).stream().map(p -> "n" + p).toList()));
    }
    return out;
  }

  static Map<String, Long> after(RelayoutPlan plan) {
    return plan.nodes().stream().collect(Collectors.toMap(NodeFlow::node,
        NodeFlow::replicasAfter));
  }

  static Map<String, Long> in(RelayoutPlan plan) {
    return plan.nodes().stream().collect(Collectors.toMap(NodeFlow::node, NodeFlow::replicasIn));
  }

  /**
   * N = 9, r = 3, bisection {f, f+4, f+6} to G = 3: f and f+6 are both in group f mod 3, so each
   * block keeps the smaller of them and f+4, and moves the larger to group (f+2) mod 3. The
   * check's member is (Σ held) mod 3 = (3f + 10) mod 3 = 1: nodes 3, 4, 5 get every copy.
   */
  @Test
  void bisectionToGroupsMovesOneReplicaInThreeOntoTheCheckMembers() {
    RelayoutPlan plan = new RelayoutPlanner(ring(9), new PhaseGroupLayoutModel(9, 3),
        DestinationRule.CHECK).plan(ringBlocks(9, 3, RingSpacing.BISECTION));
    assertEquals(9, plan.blocks());
    assertEquals(9, plan.blocksTouched());
    assertEquals(27, plan.replicas());
    assertEquals(9, plan.replicasMoved());
    assertEquals(1.0 / 3, plan.movedFraction(), 1e-12);
    assertEquals(0, plan.replicasAdded());
    assertEquals(0, plan.replicasDeleted());
    assertEquals(900 * MB, plan.bytesCopied());
    assertEquals(2700 * MB, plan.bytesStored());
    // f = 0: held {0, 4, 6}; layout [0, 4, 5]; 6 leaves for 5 (member 10 mod 3 = 1 of group 2).
    assertEquals(new BlockChange(0, 100 * MB, List.of("n0", "n4"), List.of("n6"),
        List.of("n5")), plan.changes().get(0));
    // f = 3: held {3, 7, 0}; group 0 keeps 0, so 3 leaves, for 5.
    assertEquals(new BlockChange(3, 100 * MB, List.of("n0", "n7"), List.of("n3"),
        List.of("n5")), plan.changes().get(3));
    assertEquals(Map.of("n0", 0L, "n1", 0L, "n2", 0L, "n3", 3L, "n4", 3L, "n5", 3L, "n6", 0L,
        "n7", 0L, "n8", 0L), in(plan));
    assertEquals(Map.of("n0", 3L, "n1", 3L, "n2", 3L, "n3", 5L, "n4", 5L, "n5", 5L, "n6", 1L,
        "n7", 1L, "n8", 1L), after(plan));
    assertEquals("n3", plan.bottleneck().get().node());
    assertEquals(300 * MB, plan.bottleneckBytes());
  }

  /**
   * The same change with balanced destinations: nodes 6, 7, 8 lose two replicas and nodes 3, 4,
   * 5 one, so group 0's three copies go to 6, then 3 (2 against 2, fewer received), then 6:
   * every node ends with 3 replicas, and the busiest link carries 2 blocks instead of 3.
   */
  @Test
  void balancedDestinationsEvenTheGroupsAndShortenTheBottleneck() {
    RelayoutPlan plan = new RelayoutPlanner(ring(9), new PhaseGroupLayoutModel(9, 3),
        DestinationRule.BALANCED).plan(ringBlocks(9, 3, RingSpacing.BISECTION));
    assertEquals(9, plan.replicasMoved());
    assertEquals(Map.of("n0", 0L, "n1", 0L, "n2", 0L, "n3", 1L, "n4", 1L, "n5", 1L, "n6", 2L,
        "n7", 2L, "n8", 2L), in(plan));
    for (NodeFlow n : plan.nodes()) {
      assertEquals(3, n.replicasAfter(), n.node());
    }
    assertEquals(new BlockChange(1, 100 * MB, List.of("n1", "n5"), List.of("n7"),
        List.of("n6")), plan.changes().get(1));
    assertEquals("n6", plan.bottleneck().get().node());
    assertEquals(200 * MB, plan.bottleneckBytes());
  }

  /**
   * Even {f, f+3, f+6} on 9 nodes is all in group f mod 3: two of three replicas move, 18 of 27.
   * f = 0: every start group keeps one, start 0 wins; groups 1 and 2 get member
   * (Σ held = 9) mod 3 = 0, nodes 1 and 2; 3 and 6 leave.
   */
  @Test
  void evenToGroupsMovesTwoReplicasInThree() {
    RelayoutPlan plan = new RelayoutPlanner(ring(9), new PhaseGroupLayoutModel(9, 3),
        DestinationRule.CHECK).plan(ringBlocks(9, 3, RingSpacing.EVEN));
    assertEquals(18, plan.replicasMoved());
    assertEquals(2.0 / 3, plan.movedFraction(), 1e-12);
    assertEquals(new BlockChange(0, 100 * MB, List.of("n0"), List.of("n3", "n6"),
        List.of("n1", "n2")), plan.changes().get(0));
  }

  /**
   * N = 12, r = 3: even {f, f+4, f+8} already takes one node of each group (nothing moves);
   * bisection {f, f+6, f+3} sits in one group (two of three move, 24 of 36).
   */
  @Test
  void twelveNodesEvenStaysBisectionMovesTwoThirds() {
    PhaseGroupLayoutModel groups = new PhaseGroupLayoutModel(12, 3);
    RelayoutPlan even = new RelayoutPlanner(ring(12), groups, DestinationRule.CHECK)
        .plan(ringBlocks(12, 3, RingSpacing.EVEN));
    assertEquals(0, even.replicasMoved());
    assertEquals(0, even.blocksTouched());
    assertTrue(even.bottleneck().isEmpty());
    RelayoutPlan bisection = new RelayoutPlanner(ring(12), groups, DestinationRule.CHECK)
        .plan(ringBlocks(12, 3, RingSpacing.BISECTION));
    assertEquals(24, bisection.replicasMoved());
    assertEquals(36, bisection.replicas());
  }

  /**
   * Odd blocks against bisection on 9 nodes (layout of 0: [0, 4, 6]): a stand-in off the ring
   * leaves for 6; a block on 0 alone gets 4 and 6 added; a block on 0, 4, 6, 7 loses 7; a block
   * nobody holds is left out.
   */
  @Test
  void standInsShortAndOverReplicatedBlocks() {
    List<BlockReplicas> blocks = List.of(
        new BlockReplicas(1, 10, 3, List.of("n0", "n4", "staging")),
        new BlockReplicas(2, 10, 3, List.of("n0")),
        new BlockReplicas(3, 10, 3, List.of("n0", "n4", "n6", "n7")),
        new BlockReplicas(4, 10, 3, List.of()));
    RelayoutPlan plan = new RelayoutPlanner(ring(9), new RingLayoutModel(9),
        DestinationRule.BALANCED).plan(blocks);
    assertEquals(3, plan.blocks());
    assertEquals(1, plan.blocksWithoutReplica());
    assertEquals(List.of(
        new BlockChange(1, 10, List.of("n0", "n4"), List.of("staging"), List.of("n6")),
        new BlockChange(2, 10, List.of("n0"), List.of(), List.of("n4", "n6")),
        new BlockChange(3, 10, List.of("n0", "n4", "n6"), List.of("n7"), List.of())),
        plan.changes());
    assertEquals(1, plan.replicasMoved());
    assertEquals(2, plan.replicasAdded());
    assertEquals(1, plan.replicasDeleted());
    assertEquals(30, plan.bytesCopied());
    NodeFlow staging = plan.nodes().get(9);
    assertEquals("staging", staging.node());
    assertFalse(staging.onRing());
    assertEquals(0, staging.replicasAfter());
    // The added copies are sent by the staying replica n0.
    assertEquals(2, plan.nodes().get(0).replicasOut());
  }

  /**
   * Of two replicas in one phase group, BALANCED deletes the one on the node holding more after
   * the deletions planned so far, as the NameNode does; CHECK deletes the check's extra (the
   * higher member). N = 9, G = 3, 10 bytes each: A {0, 4, 6} and B {0, 1, 3}, both missing group
   * 2; node 0 holds 20 bytes, 1, 3, 4, 6 hold 10. A: 6 (10) against 0 (20): 0 leaves. B: 3 (10)
   * against 0 (now 10): a tie, the check's 3 leaves. Every node then holds at most 10 before the
   * copies.
   */
  @Test
  void balancedDeletesTheFullerOfTwoGroupMembers() {
    List<BlockReplicas> blocks = List.of(
        new BlockReplicas(1, 10, 3, List.of("n0", "n4", "n6")),
        new BlockReplicas(2, 10, 3, List.of("n0", "n1", "n3")));
    PhaseGroupLayoutModel groups = new PhaseGroupLayoutModel(9, 3);
    RelayoutPlan balanced = new RelayoutPlanner(ring(9), groups, DestinationRule.BALANCED)
        .plan(blocks);
    assertEquals(List.of(List.of("n0"), List.of("n3")),
        balanced.changes().stream().map(BlockChange::leave).toList());
    assertEquals(List.of(List.of("n6", "n4"), List.of("n0", "n1")),
        balanced.changes().stream().map(BlockChange::stay).toList());
    RelayoutPlan check = new RelayoutPlanner(ring(9), groups, DestinationRule.CHECK)
        .plan(blocks);
    assertEquals(List.of(List.of("n6"), List.of("n3")),
        check.changes().stream().map(BlockChange::leave).toList());
    assertEquals(2, balanced.replicasMoved());
    assertEquals(2, check.replicasMoved());
  }

  @Test
  void badRingsAndBlocksAreNamed() {
    IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
        () -> new RelayoutPlanner(List.of("a", "a"), new RingLayoutModel(2),
            DestinationRule.CHECK));
    assertTrue(twice.getMessage().contains("'a' at position 1"), twice.getMessage());
    IllegalArgumentException holders = assertThrows(IllegalArgumentException.class,
        () -> new BlockReplicas(5, 1, 3, List.of("a", "a")));
    assertTrue(holders.getMessage().contains("block 5"), holders.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new BlockReplicas(5, 1, 0, List.of()));
  }
}
