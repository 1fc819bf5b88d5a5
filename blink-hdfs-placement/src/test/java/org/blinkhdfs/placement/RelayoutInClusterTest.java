package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.migrate.BlockReplicas;
import org.blinkhdfs.layout.migrate.DestinationRule;
import org.blinkhdfs.layout.migrate.NodeFlow;
import org.blinkhdfs.layout.migrate.RelayoutPlan;
import org.blinkhdfs.layout.migrate.RelayoutPlanner;
import org.blinkhdfs.layout.phase.PhaseGroupLayoutModel;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The migration path of issue 39 end to end: blocks written under the bisection ring move to
 * phase groups ({@code blink.ring.spacing = groups}, G = 3) on a real NameNode, and the dry
 * run's plan ({@link RelayoutPlanner}, what {@code hdfs blinkadmin -relayout} prints) says
 * beforehand how many replicas move and from which nodes.
 *
 * <p>9 DataNodes, r = 3, all ACTIVE (the phase-group layout checks only blinking nodes' phases,
 * so an all-ACTIVE schedule fits it). 54 single-block files are written under bisection, so each
 * block sits on {f, f+4, f+6}, of which f and f+6 share a phase group: every block keeps two
 * replicas and moves one, 54 of 162. The switch is a NameNode restart with the new key and
 * nothing else: leaving safe mode, HDFS's {@code processMisReplicatedBlocks} queues every block
 * as badly distributed, and the redundancy monitor copies each to its missing group and deletes
 * the surplus replica of the doubled group. No {@code fsck -replicate} is needed.
 *
 * <p>What must hold exactly: the replicas that change holder equal the plan's moved count, and so
 * do the corrections the policy chose (no copy made twice or trimmed back); each group loses and
 * receives the plan's number of replicas; every block ends with one replica per group; no block
 * is seen with fewer than 3 replicas; every file reads back byte for byte.
 *
 * <p>Where inside a group the copies land is bounded, not exact: the NameNode copies to the
 * least loaded member counting the pass's own earlier picks, and of two replicas in one group
 * deletes the one on the fuller node, both online, so it lands near the plan's balanced AFTER
 * (every node at 18 here) but not on it. Three runs: spreads (fullest minus emptiest node) of 6,
 * 6 and 8 against the plan's 0; before those two choices were load-aware, four runs gave 13 to
 * 20. The bound, plan + {@value #SPREAD_MARGIN}, passes the runs seen with room for one more
 * replica each way and fails the old behaviour. Which node of a group loses a replica depends
 * on the order of deletions, so losses are compared per group (exact) rather than per node.
 * docs/operations.md, "Changing the layout on a cluster with data", says so.
 *
 * <p>Test settings: the fixture's 1 s heartbeats and redundancy monitor, a 10 s pending
 * reconstruction timeout, and for the restart a safe mode that waits for all 9 DataNodes plus
 * 2 s. MiniDFSCluster sets the safe-mode extension to 0; then the queues are built before every
 * DataNode has reported, a block seen with one replica is re-replicated instead of corrected,
 * and copies aimed at nodes that already hold it fail and wait out the pending timeout (4 of 54
 * blocks in a first run). A real NameNode's 30 s extension gives the reports that time.
 */
class RelayoutInClusterTest {
  private static final int NODES = 9;
  private static final int GROUPS = 3;
  private static final int FILES = 54;
  private static final int BYTES = 1000;
  private static final long MIGRATION_MS = 60_000;
  private static final int SPREAD_MARGIN = 10;

  @TempDir
  Path dir;

  private static int[] counts(MiniBlinkCluster c, List<List<String>> holders) {
    int[] out = new int[NODES];
    holders.forEach(held -> held.forEach(h -> out[c.addresses.indexOf(h)]++));
    return out;
  }

  private static boolean onePerGroup(List<Integer> held) {
    Set<Integer> groups = new HashSet<>();
    held.forEach(p -> groups.add(p % GROUPS));
    return held.size() == GROUPS && groups.size() == GROUPS;
  }

  @Test
  void bisectionBlocksMoveToPhaseGroupsAsPlanned() throws Exception {
    long start = System.currentTimeMillis();
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, NODES, conf -> {
      conf.set(RingSpacing.KEY, "bisection");
      conf.set("blink.phase.groups", String.valueOf(GROUPS));
      conf.setInt(DFSConfigKeys.DFS_NAMENODE_RECONSTRUCTION_PENDING_TIMEOUT_SEC_KEY, 10);
    })) {
      c.writeSchedule(c.allActive(NODES));
      List<String> paths = new ArrayList<>();
      for (int f = 0; f < FILES; f++) {
        paths.add("/old/f" + f);
      }
      c.writeFiles(paths, BYTES, 3);

      RingLayout bisection = new RingLayout(NODES, RingSpacing.BISECTION);
      List<List<String>> before = new ArrayList<>();
      List<BlockReplicas> blocks = new ArrayList<>();
      for (int f = 0; f < FILES; f++) {
        String path = paths.get(f);
        assertTrue(bisection.check(c.ringPositions(path, NODES), 3).isPerfect(),
            path + " " + c.replicas(path));
        before.add(c.replicas(path));
        blocks.add(new BlockReplicas(f, BYTES, 3, before.get(f)));
      }
      RelayoutPlan plan = new RelayoutPlanner(c.addresses,
          new PhaseGroupLayoutModel(NODES, GROUPS), DestinationRule.BALANCED).plan(blocks);
      assertEquals(FILES, plan.replicasMoved(), "bisection on 9 moves one replica per block");

      long switchAt = System.currentTimeMillis();
      Configuration nn = c.cluster.getConfiguration(0);
      nn.set(RingSpacing.KEY, "groups");
      nn.setInt(DFSConfigKeys.DFS_NAMENODE_SAFEMODE_MIN_DATANODES_KEY, NODES);
      nn.setInt(DFSConfigKeys.DFS_NAMENODE_SAFEMODE_EXTENSION_KEY, 2000);
      c.cluster.restartNameNode(true);
      while (c.cluster.getNameNode().isInSafeMode()) {
        Thread.sleep(100);
      }
      long activeAt = System.currentTimeMillis();
      // The restarted NameNode made a new runtime (the old one's plugin closed its own), whose
      // count of corrections started at 0 with the NameNode.
      BlinkRuntime runtime = BlinkRuntime.forConf(nn);

      int minReplicas = Integer.MAX_VALUE;
      int done = 0;
      while (System.currentTimeMillis() - activeAt < MIGRATION_MS) {
        done = 0;
        for (String path : paths) {
          List<Integer> held = c.ringPositionsNow(path, NODES);
          minReplicas = Math.min(minReplicas, held.size());
          done += onePerGroup(held) ? 1 : 0;
        }
        if (done == FILES && c.settled()) {
          break;
        }
        Thread.sleep(200);
      }
      long doneAt = System.currentTimeMillis();
      assertEquals(FILES, done, "blocks with one replica per group after " + MIGRATION_MS
          + " ms, with the restart alone");
      assertTrue(minReplicas >= 3, "a block was seen with " + minReplicas + " replicas");

      List<List<String>> after = new ArrayList<>();
      int moved = 0;
      int[] lost = new int[NODES];
      int[] copiesPerGroup = new int[GROUPS];
      for (int f = 0; f < FILES; f++) {
        List<String> held = c.replicas(paths.get(f));
        after.add(held);
        for (String h : before.get(f)) {
          if (!held.contains(h)) {
            moved++;
            lost[c.addresses.indexOf(h)]++;
          }
        }
        for (String h : held) {
          if (!before.get(f).contains(h)) {
            copiesPerGroup[c.addresses.indexOf(h) % GROUPS]++;
          }
        }
      }
      assertEquals(plan.replicasMoved(), moved, "replicas that changed holder");
      assertEquals(plan.replicasMoved(), runtime.layoutCorrections().get(),
          "copies the NameNode's correction chose");
      int[] planLost = new int[NODES];
      int[] planCopiesPerGroup = new int[GROUPS];
      int[] planAfter = new int[NODES];
      for (NodeFlow n : plan.nodes()) {
        int p = c.addresses.indexOf(n.node());
        planLost[p] = (int) n.replicasDeleted();
        planCopiesPerGroup[p % GROUPS] += (int) n.replicasIn();
        planAfter[p] = (int) n.replicasAfter();
      }
      assertArrayEquals(perGroup(planLost), perGroup(lost), "replicas each group lost");
      assertArrayEquals(planCopiesPerGroup, copiesPerGroup, "copies each group received");
      for (String path : paths) {
        assertArrayEquals(MiniBlinkCluster.contents(path, BYTES), c.read(path), path);
      }

      int[] beforeCounts = counts(c, before);
      int[] afterCounts = counts(c, after);
      System.out.printf("relayout bisection -> groups: %d of %d replicas moved (plan %d),"
          + " restart to active %d ms, active to done %d ms, whole test %d ms%n"
          + "  replicas per node before %s%n  after  %s (spread %d)%n"
          + "  plan's balanced after %s (spread %d)%n",
          moved, plan.replicas(), plan.replicasMoved(), activeAt - switchAt,
          doneAt - activeAt, System.currentTimeMillis() - start,
          Arrays.toString(beforeCounts), Arrays.toString(afterCounts), spread(afterCounts),
          Arrays.toString(planAfter), spread(planAfter));
      System.out.printf("  lost per node %s, plan %s%n", Arrays.toString(lost),
          Arrays.toString(planLost));
      assertTrue(spread(afterCounts) <= spread(planAfter) + SPREAD_MARGIN, "replicas per node "
          + Arrays.toString(afterCounts) + " spread " + spread(afterCounts) + ", plan "
          + Arrays.toString(planAfter) + " spread " + spread(planAfter) + " + " + SPREAD_MARGIN);
    }
  }

  private static int[] perGroup(int[] perNode) {
    int[] out = new int[GROUPS];
    for (int p = 0; p < perNode.length; p++) {
      out[p % GROUPS] += perNode[p];
    }
    return out;
  }

  private static int spread(int[] counts) {
    return Arrays.stream(counts).max().orElse(0) - Arrays.stream(counts).min().orElse(0);
  }
}
