package org.blinkhdfs.rabbit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.client.GroupsFeed;
import org.blinkhdfs.group.Group;
import org.blinkhdfs.group.GroupActivation;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.group.GroupsJson;
import org.blinkhdfs.placement.BlinkNameNodePlugin;
import org.blinkhdfs.rabbit.dataset.DatasetConfig;
import org.blinkhdfs.rabbit.dataset.ExpansionChain;
import org.blinkhdfs.rabbit.layout.Chain;
import org.blinkhdfs.rabbit.layout.EqualWorkLayout;
import org.blinkhdfs.rabbit.layout.EqualWorkSpec;
import org.blinkhdfs.rabbit.layout.RabbitConfig;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Application groups as Rabbit's datasets in a real NameNode ({@code blink.rabbit.datasets.source
 * = groups}): 8 DataNodes all ACTIVE, p = 2, r = 2, groups a (/a) and b (/b) in a groups file the
 * NameNode re-reads every 100 ms.
 *
 * <ul>
 *   <li>Each group's blocks lie on its own chain's equal-work layout ({@link
 *       GroupActivation#chains}, the chains the scheduler computes too).
 *   <li>Reads: every block of a is offered first from A(a) and every block of b from A(b), two
 *       disjoint halves of the cluster (fair share), so a's readers never load b's nodes; the
 *       reads made both groups live.
 *   <li>A run-time edit (b merged into a, a new revision in the file) reaches placement without a
 *       restart: new files under /b follow a's chain, while b's old blocks stay valid where they
 *       are (b's chain is kept), so nothing is corrected.
 * </ul>
 */
class GroupDatasetsInClusterTest {
  static final int NODES = 8;
  static final int FILES = 16;

  @TempDir
  Path dir;

  @Test
  void groupsAreLaidOutOnTheirChainsReadFromTheirNodesAndEditedLive() throws Exception {
    Path groupsFile = dir.resolve("groups.json");
    GroupSet groups = GroupSet.empty().add(Group.live("a", List.of("/a"), 1))
        .add(Group.live("b", List.of("/b"), 1));
    Files.writeString(groupsFile, GroupsJson.write(groups), StandardCharsets.UTF_8);
    try (MiniBlinkCluster c = RabbitNameNode.start(dir.resolve("cluster"), NODES,
        EqualWorkBlockPlacementPolicy.class,
        RabbitConfig.PRIMARIES.name(), "2",
        DatasetConfig.SOURCE.name(), DatasetConfig.SOURCE_GROUPS,
        "blink.groups.file", groupsFile.toString(),
        GroupsFeed.REFRESH_MS.name(), "100",
        DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, EqualWorkNetworkTopology.class.getName(),
        DFSConfigKeys.DFS_NAMENODE_AUDIT_LOGGERS_KEY,
        "default," + DatasetAuditLogger.class.getName(),
        DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY,
        BlinkNameNodePlugin.class.getName() + "," + DatasetNameNodePlugin.class.getName())) {
      Map<String, ExpansionChain> chains = GroupActivation.chains(c.addresses, 2, groups);
      List<String> aChain = chains.get("a").nodes();
      List<String> bChain = chains.get("b").nodes();
      // The first group runs the ring backwards (GroupActivationTest, Rabbit Fig. 3 in small).
      assertEquals(c.addresses(7, 6, 5, 4, 3, 2, 0, 1), aChain);
      waitForRevision(c, groups.revision());

      writeAndCheck(c, "/a", aChain);
      writeAndCheck(c, "/b", bChain);

      // Reads: every block of a first offered from A(a), of b from A(b); disjoint halves.
      Map<String, Set<String>> firsts = new HashMap<>();
      for (int round = 0; round < 3; round++) {
        for (String root : List.of("/a", "/b")) {
          for (int f = 0; f < FILES; f++) {
            DatanodeInfo[] locs = c.fs.getClient().getLocatedBlocks(root + "/f" + f, 0).get(0)
                .getLocations();
            firsts.computeIfAbsent(root, k -> new HashSet<>()).add(locs[0].getXferAddr());
          }
        }
      }
      Set<String> aNodes = firsts.get("/a");
      Set<String> bNodes = firsts.get("/b");
      Set<String> both = new HashSet<>(aNodes);
      both.retainAll(bNodes);
      assertTrue(both.isEmpty(), "a read from " + aNodes + ", b from " + bNodes);
      assertTrue(aNodes.contains(aChain.get(0)) && aNodes.contains(aChain.get(1)),
          "a's primaries serve a: " + aNodes);
      assertTrue(aNodes.size() >= 3 && bNodes.size() >= 3,
          "reads spread over each group's share: a " + aNodes + ", b " + bNodes);
      assertTrue(aNodes.size() + bNodes.size() <= NODES);
      DatasetRuntime runtime = DatasetRuntime.existing(c.cluster.getNamesystem().getBlockManager()
          .getDatanodeManager().getNetworkTopology()).orElseThrow();
      // Each open sorts the one block twice (HDFS 3.5 sorts the last block again).
      assertTrue(runtime.activity().reads("a") >= 3 * FILES, "reads of a counted");
      assertEquals(Set.of("a", "b"), runtime.activity().live());

      // Merge b into a at run time: new /b files follow a's chain; old ones stay put.
      GroupSet merged = groups.merge("a", "b");
      Files.writeString(groupsFile, GroupsJson.write(merged), StandardCharsets.UTF_8);
      waitForRevision(c, merged.revision());
      writeAndCheck(c, "/b/new", aChain);
      Thread.sleep(3_000); // several redundancy-monitor passes
      assertTrue(c.settled(), "no block awaits correction after the merge");
      assertEquals(0, c.blockManager().getBadlyDistributedBlocks());
    }
  }

  private static void waitForRevision(MiniBlinkCluster c, long revision) throws Exception {
    GenericTestUtils.waitFor(() -> DatasetRuntime.existing(c.cluster.getNamesystem()
        .getBlockManager().getDatanodeManager().getNetworkTopology())
        .map(r -> r.directory().version() == revision).orElse(false), 50, 10_000);
  }

  private static void writeAndCheck(MiniBlinkCluster c, String root, List<String> chain)
      throws IOException {
    List<String> paths = new java.util.ArrayList<>();
    for (int f = 0; f < FILES; f++) {
      paths.add(root + "/f" + f);
    }
    c.writeFiles(paths, 100, 2);
    EqualWorkLayout own = EqualWorkLayout.of(Chain.of(chain), EqualWorkSpec.of(2, 2));
    for (String path : paths) {
      List<String> holders = c.replicas(path);
      assertTrue(own.check(holders).isPerfect(), path + " on " + holders + ", chain " + chain);
    }
  }
}
