package org.blinkhdfs.proxy.relay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.Arrays;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.web.WebHdfsFileSystem;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.placement.BlinkNetworkTopology;
import org.blinkhdfs.proxy.MetricRecords;
import org.blinkhdfs.proxy.ProxyTestCluster;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real NameNode and three DataNodes in-process, a 3-block file (r = 2) written while everyone
 * is ACTIVE, and the relay in the same JVM. Then the schedule says every DataNode sleeps for the
 * next 3 s, and the DataNodes hold block reads until then ({@link SleepingDataNodes}): a stock
 * {@code WebHdfsFileSystem} and a plain HTTP GET read the file through the relay; each read
 * returns the written bytes after the wake time, and no read reached a sleeping DataNode (the
 * relay's BlinkDistributedFileSystem waited instead of asking one). DataNodes serve reads at
 * 1 MiB/s, so a read can also meet a sleep half way through the file.
 */
class ReadRelayTest {
  static final int MB = MiniBlinkCluster.BLOCK_BYTES;
  static final String FILE = "/relay/three-blocks";
  static final int LENGTH = 3 * MB - 12_345;
  static final String LONG_FILE = "/relay/six-blocks";
  static final int LONG_LENGTH = 6 * MB - 1;
  static final long SLEEP_MS = 3_000;
  static final long TOLERANCE_MS = 50;
  static final String USER = System.getProperty("user.name");

  @TempDir
  static Path dir;

  static MiniBlinkCluster c;
  static ReadRelay relay;
  static RelayMetrics metrics;
  static SleepingDataNodes sleeping;
  static byte[] data;
  static byte[] longData;
  static long epoch = 1;

  @BeforeAll
  static void start() throws Exception {
    c = MiniBlinkCluster.builder(dir).dataNodes(3)
        .topology(BlinkNetworkTopology.class.getName()).scheduleFile()
        .scheduleInForce(conf -> BlinkRuntime.forConf(conf).state())
        .set("dfs.datanode.data.read.bandwidthPerSec", String.valueOf(MB))
        .conf(ProxyTestCluster::allowRelayUser).start();
    c.writeSchedule(allActive());
    data = c.writeFile(FILE, LENGTH, 2);
    longData = c.writeFile(LONG_FILE, LONG_LENGTH, 2);
    sleeping = SleepingDataNodes.install();
    relay = ReadRelay.start(relayConf(c));
    // As ProxyDaemon registers it: listening to the schedule runtime the relay's reads wait on.
    metrics = RelayMetrics.register(BlinkRuntime.forConf(relayConf(c)));
  }

  static Configuration relayConf(MiniBlinkCluster cluster) {
    Configuration conf = new Configuration(cluster.conf);
    conf.set("fs.defaultFS", cluster.fs.getUri().toString());
    conf.set(RelayConfig.ADDRESS.name(), "127.0.0.1:0");
    // Shorter than the 3 s hold: a held read must outlive Jetty's idle timeout.
    conf.set("hadoop.http.idle_timeout.ms", "1000");
    return conf;
  }

  @AfterAll
  static void stop() throws IOException {
    try {
      if (metrics != null) {
        metrics.close();
      }
      if (relay != null) {
        relay.close();
      }
    } finally {
      if (sleeping != null) {
        sleeping.close();
      }
      if (c != null) {
        c.close();
      }
    }
  }

  static Schedule allActive() {
    Schedule.Builder b = Schedule.builder().epoch(epoch++)
        .intervalStartMs(System.currentTimeMillis()).intervalMs(60_000);
    for (String a : c.addresses) {
      b.add(NodeSchedule.of(a, NodeMode.ACTIVE));
    }
    return b.build();
  }

  /** Every DataNode asleep now, awake from {@code start + SLEEP_MS} for 15 s of each 20 s. */
  static long sleepEveryReplica() throws IOException {
    long start = System.currentTimeMillis();
    Schedule.Builder b = Schedule.builder().epoch(epoch++).intervalStartMs(start)
        .intervalMs(20_000);
    for (String a : c.addresses) {
      b.add(NodeSchedule.blink(a, SLEEP_MS, 15_000));
    }
    sleeping.asleepUntil(start + SLEEP_MS);
    c.writeSchedule(b.build());
    return start + SLEEP_MS;
  }

  /** A stock WebHDFS client of the relay, built from a configuration without blink keys. */
  static FileSystem stockClient() throws IOException {
    FileSystem fs = FileSystem.newInstance(relay.webHdfsUri(), new Configuration());
    assertInstanceOf(WebHdfsFileSystem.class, fs);
    return fs;
  }

  @Test
  void aStockWebHdfsClientReadsWhileEveryReplicaSleeps() throws Exception {
    int before = sleeping.readsWhileAsleep();
    Map<String, Number> heldBefore = MetricRecords.main(metrics);
    long wake = sleepEveryReplica();
    byte[] got = new byte[LENGTH];
    long t0 = System.currentTimeMillis();
    try (FileSystem webhdfs = stockClient();
        FSDataInputStream in = webhdfs.open(new org.apache.hadoop.fs.Path(FILE))) {
      IOUtils.readFully(in, got, 0, LENGTH);
      assertEquals(-1, in.read(), "EOF");
    }
    long t1 = System.currentTimeMillis();
    System.out.printf("webhdfs read through the relay took %d ms (wake - start = %d ms)%n",
        t1 - t0, wake - t0);
    assertArrayEquals(data, got);
    assertTrue(t1 >= wake - TOLERANCE_MS, "returned " + (wake - t1) + " ms before the wake");
    assertTrue(t1 - t0 < wake - t0 + 10_000, "took " + (t1 - t0) + " ms");
    assertEquals(before, sleeping.readsWhileAsleep(), "a read reached a sleeping DataNode");
    Map<String, Number> heldAfter = MetricRecords.main(metrics);
    long held = heldAfter.get("ReadsHeld").longValue() - heldBefore.get("ReadsHeld").longValue();
    long heldMs = heldAfter.get("ReadHeldMsTotal").longValue()
        - heldBefore.get("ReadHeldMsTotal").longValue();
    assertTrue(held >= 1, "ReadsHeld rose by " + held);
    // Each hold ends at the wake and none began before the read did.
    assertTrue(heldMs > 0 && heldMs <= held * (wake - t0 + TOLERANCE_MS),
        held + " holds, ReadHeldMsTotal rose by " + heldMs + " ms");
  }

  @Test
  void aPlainHttpGetOfOpenReadsWhileEveryReplicaSleeps() throws Exception {
    int before = sleeping.readsWhileAsleep();
    long wake = sleepEveryReplica();
    long t0 = System.currentTimeMillis();
    byte[] whole = get("/webhdfs/v1" + FILE + "?op=OPEN&user.name=" + USER);
    long t1 = System.currentTimeMillis();
    assertArrayEquals(data, whole);
    assertTrue(t1 >= wake - TOLERANCE_MS, "returned " + (wake - t1) + " ms before the wake");
    assertEquals(before, sleeping.readsWhileAsleep(), "a read reached a sleeping DataNode");
    int offset = MB + 100;
    int length = MB + 4_096; // spans blocks 2 and 3
    byte[] slice = get("/webhdfs/v1" + FILE + "?op=OPEN&user.name=" + USER + "&offset=" + offset
        + "&length=" + length);
    assertArrayEquals(Arrays.copyOfRange(data, offset, offset + length), slice);
  }

  /**
   * A read that meets a sleep half way: everyone is awake while the client reads the first half
   * MiB of a 6-block file; then every DataNode sleeps for 3 s. At 1 MiB/s the relay is still in
   * an early block, so it stops sending at a later block's start, with headers and bytes already
   * sent, for longer than Jetty's idle timeout (1 s), and finishes after the wake. The client
   * sees the pause as the longest gap between two chunks.
   */
  @Test
  void aReadThatMeetsASleepHalfWayPausesAndCompletes() throws Exception {
    c.writeSchedule(allActive());
    int before = sleeping.readsWhileAsleep();
    byte[] got = new byte[LONG_LENGTH];
    long start = System.currentTimeMillis();
    long wake;
    long maxGapMs = 0;
    try (FileSystem webhdfs = stockClient();
        FSDataInputStream in = webhdfs.open(new org.apache.hadoop.fs.Path(LONG_FILE))) {
      IOUtils.readFully(in, got, 0, MB / 2);
      wake = sleepEveryReplica();
      long last = System.currentTimeMillis();
      for (int at = MB / 2; at < LONG_LENGTH; ) {
        int n = in.read(got, at, Math.min(64 * 1024, LONG_LENGTH - at));
        assertTrue(n > 0, "early EOF at " + at);
        at += n;
        long now = System.currentTimeMillis();
        maxGapMs = Math.max(maxGapMs, now - last);
        last = now;
      }
    }
    long end = System.currentTimeMillis();
    System.out.printf("half-way read: sleep from %d ms, wake at %d ms, whole file after %d ms,"
        + " longest pause between chunks %d ms%n", wake - SLEEP_MS - start, wake - start,
        end - start, maxGapMs);
    assertArrayEquals(longData, got);
    assertTrue(end >= wake - TOLERANCE_MS, "returned " + (wake - end) + " ms before the wake");
    assertTrue(maxGapMs > 1_000, "no pause longer than the idle timeout: " + maxGapMs + " ms");
    assertEquals(before, sleeping.readsWhileAsleep(), "the relay, not a DataNode, held the read");
  }

  /** The rest of the WebHDFS surface is HttpFS's, over the same client: a sample of it. */
  @Test
  void metadataOperationsWorkAndWritesAreRefusedByDefault() throws Exception {
    c.writeSchedule(allActive());
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(FILE);
    try (FileSystem webhdfs = stockClient()) {
      FileStatus st = webhdfs.getFileStatus(file);
      assertEquals(LENGTH, st.getLen());
      assertEquals(2, st.getReplication());
      assertEquals(c.fs.getFileChecksum(file), webhdfs.getFileChecksum(file));
      assertEquals(LENGTH, webhdfs.listStatus(file)[0].getLen());
      assertEquals(LENGTH, webhdfs.getContentSummary(file).getLength());
      org.apache.hadoop.fs.Path d = new org.apache.hadoop.fs.Path("/relay/refused");
      AccessControlException e = assertThrows(AccessControlException.class,
          () -> webhdfs.mkdirs(d));
      assertTrue(e.getMessage().contains("blink.proxy.relay.writes.enabled = false"),
          e.getMessage());
      assertThrows(AccessControlException.class, () -> webhdfs.create(d).close());
      assertThrows(AccessControlException.class, () -> webhdfs.delete(file, false));
      assertFalse(c.fs.exists(d));
    }
    // the attack of issue 45, from a client that is no browser (no CSRF filter in its way)
    Response truncate = call("POST", "/webhdfs/v1" + FILE + "?op=TRUNCATE&newlength=0&user.name="
        + USER, Map.of());
    assertEquals(403, truncate.status(), truncate.body());
    assertTrue(truncate.body().contains("\"AccessControlException\""), truncate.body());
    assertEquals(403, call("DELETE", "/webhdfs/v1" + FILE + "?op=DELETE&user.name=" + USER,
        Map.of()).status());
    assertEquals(LENGTH, c.fs.getFileStatus(file).getLen());
  }

  /** With blink.proxy.relay.writes.enabled, HttpFS's writes work through the relay. */
  @Test
  void writesWorkWhenTheOperatorAllowsThem() throws Exception {
    c.writeSchedule(allActive());
    org.apache.hadoop.fs.Path d = new org.apache.hadoop.fs.Path("/relay/rest");
    org.apache.hadoop.fs.Path f = new org.apache.hadoop.fs.Path(d, "x");
    Configuration writes = relayConf(c);
    writes.set(RelayConfig.WRITES.name(), "true");
    restartRelay(writes);
    try (FileSystem webhdfs = stockClient()) {
      assertTrue(webhdfs.mkdirs(d));
      try (FSDataOutputStream out = webhdfs.create(f, (short) 3)) {
        out.write("written via the relay".getBytes(StandardCharsets.UTF_8));
      }
      try (FSDataOutputStream out = webhdfs.append(f)) {
        out.write(", appended".getBytes(StandardCharsets.UTF_8));
      }
      assertEquals("written via the relay, appended", new String(c.read(f.toString()),
          StandardCharsets.UTF_8));
      assertEquals(c.fs.getFileChecksum(f), webhdfs.getFileChecksum(f));
      assertEquals(1, webhdfs.listStatus(d).length);
      assertEquals(1, webhdfs.getContentSummary(d).getFileCount());
      org.apache.hadoop.fs.Path g = new org.apache.hadoop.fs.Path(d, "y");
      assertTrue(webhdfs.rename(f, g));
      assertThrows(FileNotFoundException.class, () -> webhdfs.getFileStatus(f));

      // a browser's cross-site form POST carries no CSRF header: refused even when writes are on
      String truncate = "/webhdfs/v1" + g + "?op=TRUNCATE&newlength=0&user.name=" + USER;
      Map<String, String> browser = Map.of("User-Agent", "Mozilla/5.0 (X11; Linux x86_64)",
          "Content-Type", "application/x-www-form-urlencoded");
      Response forged = call("POST", truncate, browser);
      assertEquals(400, forged.status(), forged.body());
      assertEquals(31, c.fs.getFileStatus(g).getLen());
      Map<String, String> withHeader = new java.util.HashMap<>(browser);
      withHeader.put("X-XSRF-HEADER", "");
      Response allowed = call("POST", truncate, withHeader);
      assertEquals(200, allowed.status(), allowed.body());
      assertEquals(0, c.fs.getFileStatus(g).getLen());

      assertTrue(webhdfs.delete(d, true));
      assertFalse(c.fs.exists(d));
    } finally {
      restartRelay(relayConf(c));
    }
  }

  /**
   * A directory alice owns with mode 700: bob's read through the relay is denied by the
   * NameNode and answered 403 (HttpFS alone says 500), and a stock client gets the
   * AccessControlException; alice reads her file.
   */
  @Test
  void aReadTheNameNodeDeniesIs403() throws Exception {
    c.writeSchedule(allActive());
    org.apache.hadoop.fs.Path secret = new org.apache.hadoop.fs.Path("/secret");
    org.apache.hadoop.fs.Path salary = new org.apache.hadoop.fs.Path(secret, "salary.txt");
    if (!c.fs.exists(salary)) {
      try (FSDataOutputStream out = c.fs.create(salary)) {
        out.write("alice only".getBytes(StandardCharsets.UTF_8));
      }
      c.fs.setOwner(secret, "alice", "alice");
      c.fs.setOwner(salary, "alice", "alice");
      c.fs.setPermission(secret, new FsPermission((short) 0700));
    }
    Response denied = call("GET", "/webhdfs/v1" + salary + "?op=OPEN&user.name=bob", Map.of());
    assertEquals(403, denied.status(), denied.body());
    assertTrue(denied.body().contains("\"AccessControlException\"")
        && denied.body().contains("user=bob"), denied.body());
    assertEquals(403, call("GET", "/webhdfs/v1" + secret + "?op=LISTSTATUS&user.name=bob",
        Map.of()).status());
    UserGroupInformation bob = UserGroupInformation.createRemoteUser("bob");
    assertThrows(AccessControlException.class, () -> bob.doAs(
        (PrivilegedExceptionAction<Object>) () -> {
          try (FileSystem webhdfs = stockClient()) {
            return webhdfs.open(salary).read();
          }
        }));
    assertEquals("alice only", new String(get("/webhdfs/v1" + salary
        + "?op=OPEN&user.name=alice"), StandardCharsets.UTF_8));
    // a missing file is still 404: only permission errors change
    assertEquals(404, call("GET", "/webhdfs/v1/no/such?op=OPEN&user.name=bob", Map.of())
        .status());
  }

  /** The control: the DataNodes really hold a read that reaches them while asleep. */
  @Test
  void aStockHdfsReadReachesTheSleepingDataNodesAndIsHeld() throws Exception {
    int before = sleeping.readsWhileAsleep();
    long wake = sleepEveryReplica();
    byte[] got = new byte[4096];
    try (FSDataInputStream in = c.fs.open(new org.apache.hadoop.fs.Path(FILE))) {
      in.readFully(0, got);
    }
    long t1 = System.currentTimeMillis();
    assertArrayEquals(Arrays.copyOf(data, got.length), got);
    assertTrue(sleeping.readsWhileAsleep() > before, "the stock read never reached a DataNode");
    assertTrue(t1 >= wake - TOLERANCE_MS, "returned " + (wake - t1) + " ms before the wake");
  }

  @Test
  void aSecondRelayInTheSameJvmIsRefusedWithAReason() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> ReadRelay.start(relayConf(c)));
    assertTrue(e.getMessage().contains("one per process"), e.getMessage());
  }

  static void restartRelay(Configuration conf) throws IOException {
    relay.close();
    relay = null;
    relay = ReadRelay.start(conf);
  }

  /** A status and the body (the error body for a 4xx or 5xx). */
  record Response(int status, String body) {}

  static Response call(String method, String pathAndQuery, Map<String, String> headers)
      throws IOException {
    URL url = new URL("http://" + relay.address().getHostString() + ":"
        + relay.address().getPort() + pathAndQuery);
    HttpURLConnection h = (HttpURLConnection) url.openConnection();
    h.setRequestMethod(method);
    headers.forEach(h::setRequestProperty);
    if (method.equals("POST")) {
      h.setDoOutput(true);
      h.getOutputStream().close();
    }
    int status = h.getResponseCode();
    if (status >= 400) {
      return new Response(status, error(h));
    }
    try (InputStream in = h.getInputStream()) {
      return new Response(status, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  static byte[] get(String pathAndQuery) throws IOException {
    URL url = new URL("http://" + relay.address().getHostString() + ":"
        + relay.address().getPort() + pathAndQuery);
    HttpURLConnection h = (HttpURLConnection) url.openConnection();
    h.setReadTimeout(60_000);
    assertEquals(200, h.getResponseCode(), () -> url + ": " + error(h));
    try (InputStream in = h.getInputStream()) {
      return in.readAllBytes();
    }
  }

  static String error(HttpURLConnection h) {
    try (InputStream in = h.getErrorStream()) {
      return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return e.toString();
    }
  }
}
