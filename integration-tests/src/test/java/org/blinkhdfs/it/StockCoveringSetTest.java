package org.blinkhdfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.cluster.CoveringHosts;
import org.blinkhdfs.cluster.CoveringMaintenance;
import org.blinkhdfs.model.policy.CoveringSet;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stock-HDFS covering set with HDFS 3.5's own classes only (no BlinkHDFS placement policy,
 * topology or NameNode plugin): 6 DataNodes in 3 upgrade domains of 2 ({@link CoveringHosts}),
 * {@code BlockPlacementPolicyWithUpgradeDomain} puts one replica of every block in each domain;
 * the covering plan at 40% power (6 × 25 W budget 60 W: one domain, 54 W) takes domains ud1 and
 * ud2 into maintenance through {@code dfs.hosts} and {@code dfsadmin -refreshNodes}, after which
 * their DataNodes stop (a suspended host). Every block is still read from ud0, the NameNode
 * offers no location in maintenance, copies nothing, and a new write lands on ud0 only (one
 * replica: the upgrade-domain rule takes no second node from the same domain while the others
 * are out). With the domains back in service, HDFS completes that block across all three.
 */
class StockCoveringSetTest {
  private static final int NODES = 6;
  private static final int DOMAINS = 3;
  private static final int BLOCK = 1 << 20;

  @TempDir
  java.nio.file.Path dir;

  @Test
  void oneDomainServesEveryBlockWhileTheOthersAreInMaintenance() throws Exception {
    java.nio.file.Path hostsFile = dir.resolve("dfs.hosts.json");
    Files.writeString(hostsFile, "[]"); // no NORMAL entry yet: every DataNode may register
    Configuration site = new Configuration(false);
    CoveringHosts.nameNodeKeys(hostsFile, DOMAINS, 1).forEach(site::set);
    ClassLoader before = Thread.currentThread().getContextClassLoader();
    Thread.currentThread().setContextClassLoader(siteOnClasspath(site, before));
    try {
      run(hostsFile, site);
    } finally {
      Thread.currentThread().setContextClassLoader(before);
    }
  }

  /**
   * {@code dfsadmin -refreshNodes} makes the NameNode re-read {@code dfs.hosts} from a fresh
   * {@code HdfsConfiguration}, i.e. from the {@code hdfs-site.xml} on its classpath, not from the
   * keys a MiniDFSCluster was built with (a daemon's conf dir is on its classpath, so the lab's
   * NameNode finds them there). A class loader that sees an {@code hdfs-site.xml} with the
   * covering keys, made the context loader of the thread that starts the NameNode (its RPC
   * handlers inherit it), gives the in-process NameNode the same.
   */
  private ClassLoader siteOnClasspath(Configuration site, ClassLoader parent) throws IOException {
    java.nio.file.Path confDir = Files.createDirectories(dir.resolve("conf"));
    try (java.io.OutputStream out = Files.newOutputStream(confDir.resolve("hdfs-site.xml"))) {
      site.writeXml(out);
    }
    return new java.net.URLClassLoader(new java.net.URL[] {confDir.toUri().toURL()}, parent);
  }

  private void run(java.nio.file.Path hostsFile, Configuration site) throws Exception {
    Configuration conf = new Configuration();
    site.forEach(e -> conf.set(e.getKey(), e.getValue()));
    conf.setLong("dfs.blocksize", BLOCK);
    conf.setInt("dfs.replication", DOMAINS);
    conf.setLong("dfs.heartbeat.interval", 1);
    conf.setInt("dfs.namenode.redundancy.interval.seconds", 1);
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("mini").toString());
    try (MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(NODES).build()) {
      cluster.waitActive();
      DistributedFileSystem fs = cluster.getFileSystem();
      List<String> ring = new ArrayList<>();
      for (DataNode dn : cluster.getDataNodes()) {
        ring.add(dn.getDatanodeId().getXferAddr());
      }
      CoveringHosts hosts = new CoveringHosts(hostsFile, ring, DOMAINS);
      CoveringMaintenance operator = new CoveringMaintenance(hosts, conf, fs);
      operator.apply(Set.of(), 30_000);
      GenericTestUtils.waitFor(() -> upgradeDomainsSet(fs, hosts), 100, 30_000);

      // Data written with every domain in service: one replica in each domain.
      Random rnd = new Random(38);
      List<byte[]> data = new ArrayList<>();
      for (int f = 0; f < 4; f++) {
        byte[] b = new byte[2 * BLOCK + 1000];
        rnd.nextBytes(b);
        write(fs, file(f), b);
        data.add(b);
      }
      for (int f = 0; f < 4; f++) {
        for (BlockLocation l : fs.getFileBlockLocations(file(f), 0, Long.MAX_VALUE)) {
          Set<String> domains = new TreeSet<>();
          for (String n : l.getNames()) {
            domains.add(hosts.domainOf(n));
          }
          assertEquals(Set.of("ud0", "ud1", "ud2"), domains, file(f) + " " + l);
        }
      }

      // 40% of 6 x 25 W: the covering plan keeps domain ud0 (2 nodes) and takes out the rest.
      CoveringSet.Plan plan = hosts.coveringSet().plan(new PowerLevel.Percent(40)
          .resolve(PowerModel.macMini(NODES)));
      assertEquals(1, plan.activeDomains());
      assertFalse(plan.overBudget(), plan.toString());
      Set<String> off = hosts.offNodes(plan);
      assertEquals(new HashSet<>(ring.subList(2, 6)), off);
      operator.apply(off, 30_000);
      List<MiniDFSCluster.DataNodeProperties> asleep = new ArrayList<>();
      for (String n : off) {
        asleep.add(cluster.stopDataNode(n));
      }

      List<String> awake = hosts.domainNodes(0);
      for (int f = 0; f < 4; f++) {
        assertArrayEquals(data.get(f), read(fs, file(f)), file(f) + " read from ud0");
      }
      byte[] late = new byte[BLOCK + 10];
      rnd.nextBytes(late);
      write(fs, new Path("/covering/late"), late);
      assertArrayEquals(late, read(fs, new Path("/covering/late")));
      Thread.sleep(3_000); // three redundancy-monitor rounds: any copy would be scheduled by now
      for (int f = 0; f <= 4; f++) {
        Path p = f < 4 ? file(f) : new Path("/covering/late");
        for (BlockLocation l : fs.getFileBlockLocations(p, 0, Long.MAX_VALUE)) {
          assertEquals(1, l.getNames().length, p + ": only ud0's replica is offered and none"
              + " was copied inside ud0: " + l);
          assertTrue(awake.contains(l.getNames()[0]), p + " " + l + " outside ud0 " + awake);
        }
      }

      // Power back: the hosts resume first, then the operator returns their domains to service.
      for (MiniDFSCluster.DataNodeProperties p : asleep) {
        assertTrue(cluster.restartDataNode(p, true));
      }
      cluster.waitActive();
      operator.apply(Set.of(), 60_000);
      GenericTestUtils.waitFor(() -> {
        try {
          BlockLocation[] l = fs.getFileBlockLocations(new Path("/covering/late"), 0, 1);
          Set<String> domains = new TreeSet<>();
          for (String n : l[0].getNames()) {
            domains.add(hosts.domainOf(n));
          }
          return domains.equals(Set.of("ud0", "ud1", "ud2"));
        } catch (IOException e) {
          return false;
        }
      }, 200, 30_000);
    }
  }

  private static Path file(int f) {
    return new Path("/covering/f" + f);
  }

  private static boolean upgradeDomainsSet(DistributedFileSystem fs, CoveringHosts hosts) {
    try {
      Map<String, String> seen = new java.util.TreeMap<>();
      for (DatanodeInfo d : fs.getDataNodeStats(DatanodeReportType.LIVE)) {
        seen.put(d.getXferAddr(), String.valueOf(d.getUpgradeDomain()));
      }
      for (String n : hosts.ring()) {
        if (!hosts.domainOf(n).equals(seen.get(n))) {
          return false;
        }
      }
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static void write(DistributedFileSystem fs, Path p, byte[] b) throws IOException {
    try (FSDataOutputStream out = fs.create(p, (short) DOMAINS)) {
      out.write(b);
    }
  }

  private static byte[] read(DistributedFileSystem fs, Path p) throws IOException {
    byte[] b = new byte[(int) fs.getFileStatus(p).getLen()];
    try (FSDataInputStream in = fs.open(p)) {
      in.readFully(0, b);
    }
    return b;
  }
}
