package org.blinkhdfs.proxy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authorize.ProxyUsers;
import org.apache.hadoop.test.GenericTestUtils;
import org.apache.hadoop.util.ToolRunner;
import org.blinkhdfs.admin.BlinkAdmin;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.api.BlinkApiClient;
import org.blinkhdfs.model.api.BlockInfo;
import org.blinkhdfs.model.api.FileBlocks;
import org.blinkhdfs.model.api.FileInfo;
import org.blinkhdfs.model.api.NodeState;
import org.blinkhdfs.model.api.NodeTiming;
import org.blinkhdfs.model.api.ScheduleRef;
import org.blinkhdfs.model.api.ServerLoad;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.blinkhdfs.model.wire.HttpAuthenticator;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.placement.BlinkNameNodePlugin;
import org.blinkhdfs.placement.BlinkNetworkTopology;
import org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy;
import org.blinkhdfs.proxy.ProxyConfig;
import org.blinkhdfs.proxy.ProxyDaemon;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Blink API end to end: a real NameNode and 5 DataNodes (ring 0–3, staging 4), a proxy daemon,
 * every endpoint through {@link BlinkApiClient} and {@code blinkadmin}, each answer checked against
 * what the schedule and the cluster say. Ring nodes 2 and 3 sleep for the first 300 s of a 600 s
 * interval (long enough that nothing wakes during the test), so a file of r = 2 whose layout
 * names one of them is staged and stays staged, with the drain's move waiting for the window.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BlinkApiTest {
  static final int RING = 4;
  static final long INTERVAL_MS = 600_000;
  static final long WAKE_OFFSET_MS = 300_000;

  @TempDir
  static Path dir;

  static MiniBlinkCluster c;
  static ProxyDaemon proxy;
  static BlinkApiClient api;
  static Schedule schedule;
  static long startMs;
  static String staging;
  static String stagedPath;
  /** A file of alice's in her directory of mode 700. */
  static final String SECRET = "/secret/salary.txt";
  static final String PROXY_USER = proxyUser();

  static String proxyUser() {
    try {
      return UserGroupInformation.getLoginUser().getShortUserName();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @BeforeAll
  static void start() throws Exception {
    c = MiniBlinkCluster.builder(dir).dataNodes(RING + 1)
        .placementPolicy(PowerBalancedBlockPlacementPolicy.class.getName())
        .topology(BlinkNetworkTopology.class.getName())
        .nameNodePlugins(BlinkNameNodePlugin.class.getName())
        // the staging below relies on BlinkFS's bisection ring, by name
        .set(RingSpacing.KEY, RingSpacing.BISECTION.value())
        .scheduleFile().scheduleInForce(conf -> BlinkRuntime.forConf(conf).state())
        .set(DFSConfigKeys.DFS_NAMENODE_REPLICATION_MAX_STREAMS_KEY, "0")
        .set(DFSConfigKeys.DFS_PERMISSIONS_ENABLED_KEY, "true")
        // the proxy looks paths up as its caller: its user may impersonate alice and bob only
        .set("hadoop.proxyuser." + PROXY_USER + ".hosts", "*")
        .set("hadoop.proxyuser." + PROXY_USER + ".users", "alice,bob").start();
    startMs = System.currentTimeMillis();
    Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(startMs)
        .intervalMs(INTERVAL_MS);
    for (int i = 0; i < RING; i++) {
      b.add(i < 2 ? NodeSchedule.blink(c.addresses.get(i), 0, 500_000)
          : NodeSchedule.blink(c.addresses.get(i), WAKE_OFFSET_MS, 200_000));
    }
    staging = c.addresses.get(RING);
    schedule = b.add(NodeSchedule.staging(staging)).build();
    c.writeSchedule(schedule);
    for (int f = 0; f < 20 && stagedPath == null; f++) {
      c.writeFile("/api/f" + f, 3000, 2);
      if (c.replicas("/api/f" + f).contains(staging)) {
        stagedPath = "/api/f" + f;
      }
    }
    assertTrue(stagedPath != null, "a replica was staged");
    c.writeFile(SECRET, 2000, 2);
    c.fs.setOwner(new org.apache.hadoop.fs.Path(SECRET), "alice", null);
    c.fs.setOwner(new org.apache.hadoop.fs.Path("/secret"), "alice", null);
    c.fs.setPermission(new org.apache.hadoop.fs.Path("/secret"), new FsPermission((short) 0700));
    Configuration conf = new Configuration(c.cluster.getConfiguration(0));
    conf.set(ProxyConfig.HTTP_ADDRESS.name(), "127.0.0.1:0");
    conf.set(ProxyConfig.SCAN_MS.name(), "300");
    // an awake DataNode's /jmx on a busy test machine can take more than the default 1 s; a
    // stopped one refuses the connection at once, so the stale answers stay quick
    conf.set(ApiConfig.DATANODE_TIMEOUT_MS.name(), "10000");
    proxy = ProxyDaemon.start(conf);
    // A NameNode reads these rules from its core-site.xml. The rules are global to a JVM, and
    // the relay's WebHDFS filter (started with the proxy, in the NameNode's JVM here) replaced
    // them with its own, so the NameNode is told them now, as
    // -refreshSuperUserGroupsConfiguration would.
    ProxyUsers.refreshSuperUserGroupsConfiguration(c.conf);
    api = new BlinkApiClient("127.0.0.1:" + proxy.httpAddress().getPort(), 10_000);
  }

  @AfterAll
  static void stop() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
    if (c != null) {
      c.close();
    }
    ProxyUsers.refreshSuperUserGroupsConfiguration(new Configuration());
  }

  static List<String> names(List<Integer> positions) {
    List<String> out = new ArrayList<>();
    for (int p : positions) {
      out.add(schedule.ring().get(p));
    }
    return out;
  }

  @Test
  @Order(1)
  void blockInfoShowsTheStagedReplicaItsMissingTargetAndTheWaitingMove() throws Exception {
    GenericTestUtils.waitFor(() -> {
      try {
        return !api.getBlockInfo(stagedPath).blocks().get(0).pendingMoves().isEmpty();
      } catch (IOException e) {
        throw new AssertionError(e);
      }
    }, 100, 20_000);
    FileBlocks answer = api.getBlockInfo(stagedPath);
    long now = answer.nowMs();
    assertTrue(now < startMs + WAKE_OFFSET_MS, "the sleeping nodes are still asleep");
    assertEquals(stagedPath, answer.path());
    assertEquals(new ScheduleRef(ScheduleState.Status.OK, 1L), answer.schedule());
    assertEquals(1, answer.blocks().size());
    BlockInfo b = answer.blocks().get(0);
    LocatedBlock lb = c.fs.getClient().getLocatedBlocks(stagedPath, 0).get(0);
    assertEquals(lb.getBlock().getBlockId(), b.blockId());
    assertEquals(3000, b.bytes());
    assertEquals(lb.getBlock().getGenerationStamp(), b.generationStamp());

    LayoutCheck check = new RingLayout(RING).check(c.ringPositions(stagedPath, RING), 2);
    assertEquals(names(check.layout()), b.layout().targets());
    assertEquals(names(check.missing()), b.layout().missing());
    assertEquals(1, b.layout().missing().size());
    String missing = b.layout().missing().get(0);
    assertFalse(schedule.isAwake(missing, now), "the missing target sleeps");
    assertEquals(BlockInfo.LayoutState.STAGED, b.state());
    assertEquals(List.of(new BlockInfo.PendingMove(staging, missing, false)), b.pendingMoves());

    Set<String> held = new HashSet<>();
    for (BlockInfo.Replica r : b.replicas()) {
      held.add(r.node());
      if (r.node().equals(staging)) {
        assertNull(r.ringPosition());
        assertFalse(r.inLayout());
        assertEquals(new NodeTiming(true, null, now), r.timing());
      } else {
        int position = schedule.ring().indexOf(r.node());
        assertTrue(position < 2, "the other replica is on an awake ring node");
        assertEquals(position, r.ringPosition());
        assertTrue(r.inLayout());
        assertEquals(new NodeTiming(true, startMs + 500_000 - now, now), r.timing());
      }
      assertEquals("DISK", r.storageType());
    }
    assertEquals(new HashSet<>(c.replicas(stagedPath)), held);
    assertTrue(b.readableNow());
    assertEquals(now, b.readableAtMs());
  }

  @Test
  @Order(2)
  void fileInfoCountsTheStagedBlockAndCarriesTheFilesAttributes() throws Exception {
    FileInfo f = api.getFileInfo(stagedPath);
    FileStatus st = c.fs.getFileStatus(new org.apache.hadoop.fs.Path(stagedPath));
    assertEquals(new FileInfo.Status(3000, 2, st.getBlockSize(), st.getModificationTime(),
        st.getOwner(), st.getGroup(), "rw-r--r--", false), f.status());
    assertEquals(new FileInfo.Counts(1, 0, 1, 1), f.blocks());
    assertEquals(f.nowMs(), f.allReadableByMs());
    assertEquals(1L, f.schedule().epoch());
  }

  @Test
  @Order(3)
  void blinkStateOfASleepingRingNodeAndOfTheStagingNode() throws Exception {
    String sleeper = c.addresses.get(2);
    NodeState s = api.getBlinkState(sleeper);
    assertEquals(new NodeState(sleeper, s.nowMs(), new ScheduleRef(ScheduleState.Status.OK, 1L),
        NodeState.Role.RING, NodeMode.BLINK, new NodeState.Window(WAKE_OFFSET_MS, 200_000),
        new NodeTiming(false, 0L, startMs + WAKE_OFFSET_MS),
        new NodeState.DataNode(NodeState.Liveness.LIVE, "NORMAL")), s);
    NodeState st = api.getBlinkState(staging);
    assertEquals(NodeState.Role.STAGING, st.role());
    assertEquals(NodeMode.ACTIVE, st.mode());
    assertNull(st.window());
    assertEquals(new NodeTiming(true, null, st.nowMs()), st.timing());
  }

  @Test
  @Order(4)
  void errorsNameTheFieldTheValueAndTheFix() {
    IOException noFile = assertThrows(IOException.class, () -> api.getFileInfo("/api/nope"));
    assertTrue(noFile.getMessage().contains("returned 404: path '/api/nope' does not exist"),
        noFile.getMessage());
    IOException badNode = assertThrows(IOException.class, () -> api.getBlinkState("nohost"));
    assertTrue(badNode.getMessage().contains("returned 400: node 'nohost' is not host:port"),
        badNode.getMessage());
    assertTrue(badNode.getMessage().contains("e.g. 10.0.0.11:9866"), badNode.getMessage());
    IOException unknown = assertThrows(IOException.class,
        () -> api.getServerLoadStats("10.9.9.9:1"));
    assertTrue(unknown.getMessage().contains("returned 404: node '10.9.9.9:1' is neither"),
        unknown.getMessage());
    IOException relative = assertThrows(IOException.class, () -> api.getBlockInfo("api/f0"));
    assertTrue(relative.getMessage().contains("returned 400: path 'api/f0' is not an absolute"),
        relative.getMessage());
    IOException directory = assertThrows(IOException.class, () -> api.getBlockInfo("/api"));
    assertTrue(directory.getMessage().contains("returned 400: path '/api' is a directory"),
        directory.getMessage());
  }

  /** The exit code and both streams of one {@code blinkadmin} run. */
  private record Run(int exit, String out, String err) {}

  private static Run admin(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Configuration conf = new Configuration(false);
    int exit = ToolRunner.run(conf, new BlinkAdmin(conf,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)), args);
    return new Run(exit, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  @Order(5)
  void adminCommandsPrintTheAnswersAndExitLikeTheOtherCommands() throws Exception {
    String proxyAddr = api.address();
    Run state = admin("-proxy", proxyAddr, "-blinkState", c.addresses.get(2));
    assertEquals(0, state.exit(), state.err());
    assertTrue(state.out().contains("role:      RING, mode BLINK, window 300000 +200000 ms"),
        state.out());
    assertTrue(state.out().contains("datanode:  LIVE, NORMAL"), state.out());
    Run file = admin("-proxy", proxyAddr, "-fileInfo", stagedPath);
    assertEquals(0, file.exit(), file.err());
    assertTrue(file.out().contains("blocks:    1: 0 in layout, 1 staged, 1 readable now"),
        file.out());
    Run blocks = admin("-proxy", proxyAddr, "-blockInfo", stagedPath);
    assertEquals(0, blocks.exit(), blocks.err());
    String missing = api.getBlockInfo(stagedPath).blocks().get(0).layout().missing().get(0);
    assertTrue(blocks.out().contains("STAGED, readable now"), blocks.out());
    assertTrue(blocks.out().contains("pending move " + staging + " -> " + missing
        + " (waiting for a window)"), blocks.out());
    Run load = admin("-proxy", proxyAddr, "-serverLoad", staging);
    assertEquals(0, load.exit(), load.err());
    assertTrue(load.out().contains("written:   "), load.out());

    Run nope = admin("-proxy", proxyAddr, "-fileInfo", "/api/nope");
    assertEquals(-1, nope.exit());
    assertTrue(nope.err().contains("returned 404: path '/api/nope' does not exist"), nope.err());
    Run noArg = admin("-proxy", proxyAddr, "-blinkState");
    assertEquals(2, noArg.exit(), noArg.err());
    Run noProxy = admin("-fileInfo", stagedPath);
    assertEquals(-1, noProxy.exit());
    assertTrue(noProxy.err().contains("no proxy address: give -proxy <host:port> or set"
        + " blink.proxy.address"), noProxy.err());
  }

  /** The node's bytes written as its DataNode's own metrics bean has them now. */
  static long bytesWrittenBean(String node) throws Exception {
    String port = node.substring(node.lastIndexOf(':') + 1);
    Set<ObjectName> beans = ManagementFactory.getPlatformMBeanServer().queryNames(
        new ObjectName("Hadoop:service=DataNode,name=DataNodeActivity-*-" + port), null);
    assertEquals(1, beans.size(), beans.toString());
    return (Long) ManagementFactory.getPlatformMBeanServer().getAttribute(
        beans.iterator().next(), "BytesWritten");
  }

  static BlinkApiClient as(String user) {
    return new BlinkApiClient(api.address(), 10_000, HttpAuthenticator.pseudo(user));
  }

  /** The status and body of a GET with no identity at all. */
  static SchedulerHttp.Response anonymous(String pathAndQuery) throws IOException {
    return new SchedulerHttp(api.address(), 10_000).withAuthenticator(
        (url, timeoutMs) -> (HttpURLConnection) url.openConnection())
        .get(pathAndQuery, "application/json");
  }

  @Test
  @Order(6)
  void pathLookupsNeedAnIdentityAndShowOnlyWhatHdfsShowsTheCaller() throws Exception {
    for (String endpoint : List.of("/v1/file", "/v1/blocks")) {
      SchedulerHttp.Response r = anonymous(endpoint + "?path=" + SECRET);
      assertEquals(401, r.status(), r.text());
      assertTrue(r.text().contains("authentication required for a path"), r.text());
      assertFalse(r.text().contains("alice"), r.text());
    }
    // node endpoints show no file: open as before
    assertEquals(200, anonymous("/v1/state?node=" + staging).status());

    BlinkApiClient bob = as("bob");
    IOException file = assertThrows(IOException.class, () -> bob.getFileInfo(SECRET));
    IOException blocks = assertThrows(IOException.class, () -> bob.getBlockInfo(SECRET));
    IOException missing = assertThrows(IOException.class,
        () -> bob.getFileInfo("/secret/nope.txt"));
    for (IOException e : List.of(file, blocks, missing)) {
      assertTrue(e.getMessage().contains("returned 403: user bob may not see path '/secret/"),
          e.getMessage());
      assertTrue(e.getMessage().contains("Permission denied: user=bob, access=EXECUTE"),
          e.getMessage());
    }
    assertEquals(errorOf(file).replace(SECRET, "P"),
        errorOf(missing).replace("/secret/nope.txt", "P"),
        "a denied path says the same whether or not it exists");
    // where bob could see that a path is missing, he is told so
    IOException open = assertThrows(IOException.class, () -> bob.getFileInfo("/api/nope"));
    assertTrue(open.getMessage().contains("returned 404: path '/api/nope' does not exist"),
        open.getMessage());
    assertEquals(stagedPath, bob.getBlockInfo(stagedPath).path(), "bob reads a 644 file");

    FileInfo mine = as("alice").getFileInfo(SECRET);
    FileStatus st = c.fs.getFileStatus(new org.apache.hadoop.fs.Path(SECRET));
    assertEquals(new FileInfo.Status(2000, 2, st.getBlockSize(), st.getModificationTime(),
        "alice", st.getGroup(), "rw-r--r--", false), mine.status());
    FileBlocks herBlocks = as("alice").getBlockInfo(SECRET);
    assertEquals(c.fs.getClient().getLocatedBlocks(SECRET, 0).get(0).getBlock().getBlockId(),
        herBlocks.blocks().get(0).blockId());
    assertEquals(new HashSet<>(c.replicas(SECRET)), herBlocks.blocks().get(0).replicas().stream()
        .map(BlockInfo.Replica::node).collect(java.util.stream.Collectors.toSet()));
  }

  /** The proxy's error text in a client's exception message. */
  static String errorOf(IOException e) {
    return e.getMessage().substring(e.getMessage().indexOf("returned "));
  }

  @Test
  @Order(7)
  void aCallerTheNameNodeDoesNotLetTheProxyImpersonateGetsA403NamingTheKeys() throws Exception {
    IOException e = assertThrows(IOException.class, () -> as("carol").getFileInfo(stagedPath));
    assertTrue(e.getMessage().contains("returned 403: the NameNode does not let the proxy's user "
        + PROXY_USER + " act for user carol"), e.getMessage());
    assertTrue(e.getMessage().contains("hadoop.proxyuser." + PROXY_USER + ".hosts"),
        e.getMessage());
    assertTrue(e.getMessage().contains("hadoop.proxyuser." + PROXY_USER + ".groups"),
        e.getMessage());

    Run asBob = UserGroupInformation.createRemoteUser("bob").doAs(
        (PrivilegedExceptionAction<Run>) () -> admin("-proxy", api.address(), "-fileInfo",
            SECRET));
    assertEquals(-1, asBob.exit(), asBob.out());
    assertTrue(asBob.err().contains("returned 403: user bob may not see path '" + SECRET + "'"),
        asBob.err());
  }

  @Test
  @Order(8)
  void serverLoadCountsAWriteThenAnswersStaleOnceTheDataNodeIsGone() throws Exception {
    ServerLoad before0 = api.getServerLoadStats(c.addresses.get(0));
    ServerLoad before1 = api.getServerLoadStats(c.addresses.get(1));
    assertFalse(before0.stale());
    String path = "/api/load";
    c.writeFile(path, 5000, 2);
    // Of r = 2 replicas at most one is staged (one staging node), so an awake ring node holds one.
    String node = c.replicas(path).contains(c.addresses.get(0)) ? c.addresses.get(0)
        : c.addresses.get(1);
    assertTrue(c.replicas(path).contains(node), c.replicas(path).toString());
    ServerLoad before = node.equals(c.addresses.get(0)) ? before0 : before1;
    GenericTestUtils.waitFor(() -> {
      try {
        ServerLoad now = api.getServerLoadStats(node);
        return now.counters().bytesWritten() >= before.counters().bytesWritten() + 5000
            && now.counters().bytesWritten() == bytesWrittenBean(node);
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    }, 200, 30_000);
    ServerLoad fresh = api.getServerLoadStats(node);
    assertFalse(fresh.stale());
    assertTrue(fresh.counters().writeOps() > before.counters().writeOps());

    c.stop(node);
    ServerLoad stale = api.getServerLoadStats(node);
    assertTrue(stale.stale());
    assertEquals(fresh.counters(), stale.counters());
    assertEquals(fresh.asOfMs(), stale.asOfMs());
    assertTrue(stale.staleReason().contains("/jmx"), stale.staleReason());

    String neverAsked = c.addresses.get(3);
    c.stop(neverAsked);
    IOException none = assertThrows(IOException.class,
        () -> api.getServerLoadStats(neverAsked));
    assertTrue(none.getMessage().contains("returned 503: node " + neverAsked), none.getMessage());
    assertTrue(none.getMessage().contains("none were read before; the schedule wakes it at"),
        none.getMessage());
    assertTrue(Optional.of(api.getBlinkState(neverAsked)).isPresent());
  }
}
