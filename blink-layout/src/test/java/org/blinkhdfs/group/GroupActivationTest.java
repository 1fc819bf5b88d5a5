package org.blinkhdfs.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.blinkhdfs.rabbit.dataset.SharePolicy;
import org.junit.jupiter.api.Test;

/** Rabbit Fig. 3 in small with groups, the ring's chain for the rest, and seeds. */
class GroupActivationTest {
  private static final List<String> RING = List.of("n1", "n2", "n3", "n4", "n5", "n6", "n7",
      "n8");
  private static final GroupSet GROUPS = GroupSet.empty()
      .add(Group.live("d1", List.of("/d1"), 1))
      .add(Group.live("d2", List.of("/d2"), 3));

  @Test
  void chainsFollowTheRingsOwnChain() {
    // DatasetCatalog#planAfter's example: the first group runs the ring backwards, the second
    // grows from the middle out.
    assertEquals(List.of("n8", "n7", "n6", "n5", "n4", "n3", "n1", "n2"),
        GroupActivation.chains(RING, 2, GROUPS).get("d1").nodes());
    assertEquals(List.of("n4", "n5", "n3", "n6", "n2", "n8", "n1", "n7"),
        GroupActivation.chains(RING, 2, GROUPS).get("d2").nodes());
  }

  @Test
  void fairShareGivesEachLiveGroupTheHeadOfItsChain() {
    GroupActivation.Result r = GroupActivation.activeNodes(RING, 2, GROUPS,
        Set.of("d1", "d2"), SharePolicy.FAIR_SHARE, 4);
    assertEquals(List.of("n8", "n7"), r.allocation().nodesOf("d1"));
    assertEquals(List.of("n4", "n5"), r.allocation().nodesOf("d2"));
    assertEquals(List.of("n4", "n5", "n7", "n8"), r.active());
  }

  @Test
  void priorityShareFollowsTheWeights() {
    // Weights 1 and 3 of 8 nodes: d1 gets 2, d2 gets 6 (claims as in NodeAllocator's example:
    // d2 walks n4 n5 n3 n6 n2, finds n8 taken and ends with n1).
    GroupActivation.Result r = GroupActivation.activeNodes(RING, 2, GROUPS,
        Set.of("d1", "d2"), SharePolicy.PRIORITY, 8);
    assertEquals(List.of("n8", "n7"), r.allocation().nodesOf("d1"));
    assertEquals(List.of("n4", "n5", "n3", "n6", "n2", "n1"), r.allocation().nodesOf("d2"));
    // Of 4 nodes the weights would give d1 1, fewer than its p = 2 primaries (half its blocks
    // would have no replica on): each live group keeps p while k allows.
    r = GroupActivation.activeNodes(RING, 2, GROUPS, Set.of("d1", "d2"), SharePolicy.PRIORITY,
        4);
    assertEquals(List.of("n8", "n7"), r.allocation().nodesOf("d1"));
    assertEquals(List.of("n4", "n5"), r.allocation().nodesOf("d2"));
  }

  @Test
  void withNoLiveGroupTheRingsOwnChainServesAndRetiredEntriesKeepLaterChains() {
    assertEquals(List.of("n1", "n2", "n3"), GroupActivation.activeNodes(RING, 2, GROUPS,
        Set.of(), SharePolicy.FAIR_SHARE, 3).active());
    GroupSet merged = GROUPS.merge("d2", "d1");
    assertEquals(GroupActivation.chains(RING, 2, GROUPS).get("d2"),
        GroupActivation.chains(RING, 2, merged).get("d2"));
  }

  /** Seeds: exactly k nodes, each A(g) on g's chain, disjoint. */
  @Test
  void exactlyKNodesOverSeeds() {
    for (long seed = 0; seed < 300; seed++) {
      Random random = new Random(seed);
      int n = 2 + random.nextInt(20);
      List<String> ring = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        ring.add("h" + i);
      }
      GroupSet groups = GroupSet.empty();
      Set<String> live = new HashSet<>();
      int count = 1 + random.nextInt(4);
      for (int g = 0; g < count; g++) {
        groups = groups.add(Group.live("g" + g, List.of("/g" + g), 1 + random.nextInt(5)));
        if (random.nextBoolean()) {
          live.add("g" + g);
        }
      }
      int p = 1 + random.nextInt(Math.min(2, n));
      int k = random.nextInt(n + 1);
      SharePolicy policy = random.nextBoolean() ? SharePolicy.FAIR_SHARE : SharePolicy.PRIORITY;
      GroupActivation.Result r = GroupActivation.activeNodes(ring, p, groups, live, policy, k);
      String where = "seed " + seed;
      assertEquals(k, r.active().size(), where);
      assertEquals(k, new HashSet<>(r.active()).size(), where);
      Set<String> seen = new HashSet<>();
      for (String g : live) {
        for (String node : r.allocation().nodesOf(g)) {
          assertTrue(GroupActivation.chains(ring, p, groups).get(g).nodes().contains(node), where);
          assertTrue(seen.add(node), where);
          assertTrue(r.active().contains(node), where);
        }
      }
    }
  }
}
