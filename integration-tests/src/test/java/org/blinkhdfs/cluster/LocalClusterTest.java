package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.IOUtils;
import org.blinkhdfs.control.scheduler.NodeReport;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The small version of the demo's cluster in {@code mvn verify}: real NameNode and DataNode
 * JVMs, the scheduler and emulate agents freezing the DataNode processes. It checks that the
 * processes freeze and thaw on schedule (the NameNode sees them go stale and come back), that a
 * file written at 40% power reads back byte for byte, that every agent reports its DataNode's
 * utilization (from the DataNode's own transfer counters), and that closing leaves no process.
 */
class LocalClusterTest {
  @TempDir Path dir;

  @Test
  void dataNodesBlinkAndDataSurvives() throws Exception {
    ClusterSpec spec = ClusterSpec.defaults(dir).toBuilder().dataNodes(3).stagingNodes(1)
        .intervalMs(4_000).powerPercent(100).build();
    List<Long> pids;
    try (LocalCluster cluster = LocalCluster.startFresh(spec, System.out::println)) {
      pids = cluster.livePids();
      assertEquals(5, pids.size(), "NameNode + 3 ring + 1 staging DataNode JVMs");
      Schedule s = cluster.setPowerPercent(40);
      assertEquals(3, s.ring().size());

      byte[] data = new byte[3 * (1 << 20) + 12345];
      new Random(7).nextBytes(data);
      try (FileSystem fs = cluster.newClient()) {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/at40/file");
        try (FSDataOutputStream out = fs.create(p, (short) 2)) {
          out.write(data);
        }
        // Watch three intervals: every ring node must be seen stale (frozen) and then fresh
        // again (thawed, heartbeating).
        Set<String> seenStale = new HashSet<>();
        Set<String> cameBack = new HashSet<>();
        Map<String, Double> maxUtilization = new HashMap<>();
        long until = System.currentTimeMillis() + 3 * spec.intervalMs();
        while (System.currentTimeMillis() < until) {
          for (NodeReport r : cluster.schedulerNodeReports()) {
            r.lastStatus().ifPresent(st -> maxUtilization.merge(r.node(), st.utilization(),
                Math::max));
          }
          List<String> stale = cluster.nameNode().stale();
          for (String node : seenStale) {
            if (!stale.contains(node)) {
              cameBack.add(node);
            }
          }
          seenStale.addAll(stale);
          Thread.sleep(200);
        }
        assertEquals(new HashSet<>(s.ring()), seenStale, "each ring DataNode went stale");
        assertEquals(new HashSet<>(s.ring()), cameBack, "each stale DataNode came back");
        assertEquals(0, cluster.nameNode().dead().length, "no DataNode was declared dead");
        assertTrue(cluster.sleeps() >= 3, "agents froze their DataNodes: " + cluster.sleeps());
        // Agents read utilization from their own DataNode's /jmx transfer counters: known
        // (not -1) for every ring node, and above 0 where the write's bytes went.
        for (String node : s.ring()) {
          assertTrue(maxUtilization.getOrDefault(node, -1.0) >= 0, node + " reported no"
              + " utilization: " + maxUtilization);
        }
        assertTrue(maxUtilization.values().stream().anyMatch(u -> u > 0),
            "the write shows in some DataNode's utilization: " + maxUtilization);

        byte[] back = new byte[data.length];
        try (FSDataInputStream in = fs.open(p)) {
          IOUtils.readFully(in, back, 0, back.length);
        }
        assertArrayEquals(data, back);
      }
    }
    for (long pid : pids) {
      assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
          "pid " + pid + " still running after close");
    }
  }
}
