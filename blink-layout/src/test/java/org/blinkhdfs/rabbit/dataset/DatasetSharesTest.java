package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.blinkhdfs.group.Group;
import org.blinkhdfs.group.GroupDatasets;
import org.blinkhdfs.group.GroupSet;
import org.junit.jupiter.api.Test;

/**
 * A(d) from a directory, worked by hand on Rabbit Fig. 3 in small: ring n1..n8, p = 2, groups d1
 * (priority 1) and d2 (priority 3) with chains d1 [n8 n7 n6 n5 n4 n3 n1 n2] and d2 [n4 n5 n3 n6
 * n2 n8 n1 n7] (GroupActivationTest).
 */
class DatasetSharesTest {
  private static final List<String> RING = List.of("n1", "n2", "n3", "n4", "n5", "n6", "n7",
      "n8");
  private static final DatasetDirectory GROUPS = new GroupDatasets(GroupSet.empty()
      .add(Group.live("d1", List.of("/d1"), 1))
      .add(Group.live("d2", List.of("/d2"), 3)));

  @Test
  void allEightOnFairShare() {
    // Quota 4 each. Claims by contribution then position: primaries d1 n8, d2 n4, d1 n7, d2 n5;
    // position 3: d1 n6, d2 n3; 4: n5 and n6 taken; 5: d1 wants n4 (taken), d2 takes n2 (full);
    // 6: n3 taken; 7: d1 takes n1 (full).
    Allocation a = DatasetShares.allocate(Set.of("d1", "d2"), GROUPS, GROUPS.chains(RING, 2),
        RING, SharePolicy.FAIR_SHARE);
    assertEquals(List.of("n8", "n7", "n6", "n1"), a.nodesOf("d1"));
    assertEquals(List.of("n4", "n5", "n3", "n2"), a.nodesOf("d2"));
  }

  @Test
  void onlyNodesThatAreOnServe() {
    // Four nodes on (n1..n4): the allocator shares 4 (d1 n8 n7, d2 n4 n5, as in
    // GroupActivationTest), of which only n4 is on.
    Allocation a = DatasetShares.allocate(Set.of("d1", "d2"), GROUPS, GROUPS.chains(RING, 2),
        RING.subList(0, 4), SharePolicy.FAIR_SHARE);
    assertEquals(List.of(), a.nodesOf("d1"));
    assertEquals(List.of("n4"), a.nodesOf("d2"));
  }

  @Test
  void onlyLiveDatasetsHoldingFilesTakePartWithTheirWeights() {
    Map<String, ExpansionChain> chains = GROUPS.chains(RING, 2);
    assertEquals(Map.of("d2", 3), DatasetShares.liveWeights(Set.of("d2", "gone"), GROUPS,
        chains));
    GroupDatasets merged = new GroupDatasets(((GroupDatasets) GROUPS).groups().merge("d2", "d1"));
    // d1 merged into d2 keeps its chain but holds no files: never allocated.
    assertEquals(Map.of("d2", 3), DatasetShares.liveWeights(Set.of("d1", "d2"), merged,
        merged.chains(RING, 2)));
    assertEquals(chains, merged.chains(RING, 2));
    assertEquals(java.util.Optional.of("d2"), merged.resolve("/d1/f", java.util.Optional.empty()));
    assertEquals(java.util.Optional.of("d2"), merged.resolve("/x", java.util.Optional.of("d1")));
    assertEquals(((GroupDatasets) GROUPS).groups().revision() + 1, merged.version());
  }
}
