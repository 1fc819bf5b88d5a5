package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.policy.PhaseGroups;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default design, {@code blink.ring.spacing = groups} with G = 3, on a real NameNode whose
 * configuration names neither key (the shipped defaults): 7 DataNodes in G = 3 phase groups
 * {0, 3, 6}, {1, 4}, {2, 5}. Every block written with every node awake has one replica in each
 * group, and each node holds about its share (a third of the blocks in group 0, half in groups
 * 1 and 2: {@link PhaseGroups#share}). When node 3 dies, each block that lost its group-0
 * replica there is re-replicated onto another member of group 0 (0 or 6), never into a group
 * the block already has: one replica per group again, with no stand-in left to correct.
 */
class PhaseGroupsInClusterTest {
  private static final int NODES = 7;
  private static final int FILES = 150;

  @TempDir
  Path dir;

  private static Set<Integer> groupsOf(List<Integer> held) {
    Set<Integer> out = new TreeSet<>();
    held.forEach(p -> out.add(p % 3));
    return out;
  }

  @Test
  void everyBlockHasOneReplicaPerGroupAndHealsWithinItsGroup() throws Exception {
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, NODES, conf -> {
      // the shipped defaults: no spacing (the harness pins bisection) and no G
      conf.unset(RingSpacing.KEY);
      conf.unset("blink.phase.groups");
      // A stopped DataNode is dead after 2 x 500 ms + 10 x 1 s.
      conf.setInt("dfs.namenode.heartbeat.recheck-interval", 500);
    })) {
      c.writeSchedule(c.allActive(NODES));
      int[] perNode = new int[NODES];
      List<String> paths = new ArrayList<>();
      for (int f = 0; f < FILES; f++) {
        String path = "/groups/f" + f;
        c.writeFile(path, 1000, 3);
        List<Integer> held = c.ringPositions(path, NODES);
        assertEquals(3, held.size(), path + " replicas " + c.replicas(path));
        assertEquals(Set.of(0, 1, 2), groupsOf(held), path + " held " + held);
        held.forEach(p -> perNode[p]++);
        paths.add(path);
      }
      // Each count within 40% of its share: about 3.4 standard deviations of a node's count
      // under the layout's random choice of writer, start group and member (150 blocks: 50
      // expected in group 0, sd 5.8; 75 in groups 1 and 2, sd 6.1).
      PhaseGroups groups = new PhaseGroups(NODES, 3);
      for (int p = 0; p < NODES; p++) {
        double expected = FILES * groups.share(p, 3);
        assertTrue(Math.abs(perNode[p] - expected) <= 0.4 * expected,
            "node " + p + " holds " + perNode[p] + " of " + FILES + " blocks, expected about "
                + expected + "; all " + java.util.Arrays.toString(perNode));
      }

      List<String> lost = new ArrayList<>();
      for (String path : paths) {
        if (c.ringPositions(path, NODES).contains(3)) {
          lost.add(path);
        }
      }
      BlinkRuntime runtime = BlinkRuntime.forConf(c.cluster.getConfiguration(0));
      long offloaded = runtime.offloadedReplicas().get();
      c.stop(c.addresses.get(3));
      GenericTestUtils.waitFor(() -> lost.stream().allMatch(path -> {
        List<Integer> held = new ArrayList<>(c.ringPositionsNow(path, NODES));
        held.remove(Integer.valueOf(3));
        return held.size() == 3 && groupsOf(held).size() == 3;
      }), 200, 120_000);
      for (String path : lost) {
        List<Integer> held = new ArrayList<>(c.ringPositionsNow(path, NODES));
        held.remove(Integer.valueOf(3));
        assertEquals(1, held.stream().filter(p -> p == 0 || p == 6).count(), path + " " + held);
      }
      // No copy went to a stand-in, not even for the blocks whose check suggested node 3.
      assertEquals(offloaded, runtime.offloadedReplicas().get());
    }
  }
}
