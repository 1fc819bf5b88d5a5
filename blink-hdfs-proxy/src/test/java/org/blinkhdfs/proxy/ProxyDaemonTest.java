package org.blinkhdfs.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.proxy.drain.DrainMetrics;
import org.blinkhdfs.proxy.relay.RelayConfig;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/blink proxy}: its command line, its configuration errors and its metrics. */
class ProxyDaemonTest {
  /** Long enough for /jmx, which refreshes its snapshot at most every 10 s, to show a backlog. */
  static final long WAKE_MS = 25_000;
  static final int FILE_BYTES = 3000;
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CountDownLatch stopped = new CountDownLatch(1);
    stopped.countDown();
    int code = ProxyDaemon.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), stopped);
    return new Run(code, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /** The {@code BlinkProxyDrain} bean as {@code /jmx} serves it now. */
  private static JsonNode drainBean(HttpClient http, String base) {
    try {
      String body = http.send(HttpRequest.newBuilder(URI.create(base
          + "/jmx?qry=Hadoop:*,name=BlinkProxyDrain")).build(),
          HttpResponse.BodyHandlers.ofString()).body();
      return JSON.readTree(body).path("beans").path(0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  void helpAndBadSettingsNameTheKeyTheValueAndTheFix() throws Exception {
    Run help = run("-help");
    assertEquals(0, help.code());
    assertTrue(help.out().startsWith("NAME\n    blink proxy - the write proxy daemon\n")
        && help.out().contains("\nOPTIONS\n    usage: bin/blink proxy"), help.out());
    Run bad = run("-D", "blink.proxy.consistency=eventual");
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("blink.proxy.consistency = 'eventual'"), bad.err());
    Run paths = run("-D", "blink.proxy.paths=data");
    assertEquals(2, paths.code());
    assertTrue(paths.err().contains("not an absolute HDFS path"), paths.err());
    Run noLayout = run("-D", "fs.defaultFS=hdfs://127.0.0.1:1");
    assertEquals(2, noLayout.code());
    assertTrue(noLayout.err().contains("dfs.block.replicator.classname"), noLayout.err());
  }

  @Test
  void drainsAStandInAndReportsItAtJmxAndProm() throws Exception {
    try (MiniBlinkCluster c = ProxyTestCluster.builder(dir, 5).scheduleFile()
        .scheduleInForce(conf -> BlinkRuntime.forConf(conf).state())
        .conf(ProxyTestCluster::allowRelayUser).start()) {
      long now = System.currentTimeMillis();
      Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(now).intervalMs(600_000);
      for (int i = 0; i < 4; i++) {
        // Nodes 2 and 3 sleep for the first WAKE_MS, so a 2-replica block may be staged.
        b.add(NodeSchedule.blink(c.addresses.get(i), i < 2 ? 0 : WAKE_MS, 300_000));
      }
      c.writeSchedule(b.add(NodeSchedule.staging(c.addresses.get(4))).build());
      String staging = c.addresses.get(4);
      boolean staged = false;
      byte[] first = null;
      for (int f = 0; f < 20 && !staged; f++) {
        byte[] data = c.writeFile("/p/f" + f, FILE_BYTES, 2);
        first = first == null ? data : first;
        staged = c.replicas("/p/f" + f).contains(staging);
      }
      assertTrue(staged, "a replica was staged");
      long writtenBy = System.currentTimeMillis();
      Configuration conf = new Configuration(c.cluster.getConfiguration(0));
      conf.set(ProxyConfig.HTTP_ADDRESS.name(), "127.0.0.1:0");
      conf.set(ProxyConfig.SCAN_MS.name(), "300");
      conf.set("hadoop.prometheus.endpoint.enabled", "true");
      conf.set(RelayConfig.ADDRESS.name(), "127.0.0.1:0");
      try (ProxyDaemon proxy = ProxyDaemon.start(conf)) {
        String base = "http://127.0.0.1:" + proxy.httpAddress().getPort();
        HttpClient http = HttpClient.newHttpClient();
        DrainMetrics drain = proxy.drain().metrics();
        String nodeRecord = MetricRecords.of(drain).get(0).name() + "Node";
        // Before the window opens: the staging node's own record counts what waits on it.
        GenericTestUtils.waitFor(() -> MetricRecords.tagged(drain, nodeRecord, "Node", staging)
            .isPresent(), 100, 20_000);
        Map<String, Number> waiting = MetricRecords.tagged(drain, nodeRecord, "Node", staging)
            .orElseThrow();
        assertTrue(System.currentTimeMillis() < now + WAKE_MS, "read after the window opened");
        long blocks = waiting.get("BacklogBlocks").longValue();
        assertTrue(blocks >= 1, waiting.toString());
        assertEquals(blocks * FILE_BYTES, waiting.get("BacklogBytes").longValue(),
            "one-block files of " + FILE_BYTES + " bytes");
        // /jmx numbers a source's second record's attributes with the suffix .1; its snapshot
        // is refreshed at most every 10 s.
        GenericTestUtils.waitFor(() -> staging.equals(drainBean(http, base).path("tag.Node.1")
            .asText()), 500, 15_000);
        JsonNode before = drainBean(http, base);
        assertTrue(System.currentTimeMillis() < now + WAKE_MS, "/jmx after the window opened");
        assertEquals(blocks, before.path("BacklogBlocks.1").asLong(), before.toString());

        GenericTestUtils.waitFor(() -> drain.finished() > 0, 200, 40_000);
        GenericTestUtils.waitFor(() -> MetricRecords.tagged(drain, nodeRecord, "Node", staging)
            .isEmpty(), 100, 20_000);
        GenericTestUtils.waitFor(() -> drainBean(http, base).path("MovesFinished").asLong() > 0,
            500, 20_000);
        JsonNode after = drainBean(http, base);
        long finished = after.path("MovesFinished").asLong();
        assertTrue(after.path("MovesStarted").asLong() >= finished, after.toString());
        long toLayout = after.path("WriteToLayoutNumOps").asLong();
        assertTrue(toLayout >= 1, after.toString());
        // Every staged block waited at least from its write to the window's opening.
        assertTrue(after.path("WriteToLayoutTotalMs").asLong()
            >= toLayout * (now + WAKE_MS - writtenBy), after.toString());
        String jmx = http.send(HttpRequest.newBuilder(URI.create(base
            + "/jmx?qry=Hadoop:*,name=BlinkProxyDrain")).build(),
            HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(jmx.contains("\"MovesFinished\""), jmx);
        assertTrue(jmx.contains("\"WriteToLayoutTotalMs\""), jmx);
        String prom = http.send(HttpRequest.newBuilder(URI.create(base + "/prom")).build(),
            HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(prom.contains("moves_finished"), prom);
        // HttpServer2's admin rule with blink.proxy.admin.acl (unset: the proxy's own user)
        String logLevel = base + "/logLevel?log=org.blinkhdfs.proxy.ProxyDaemon&level=INFO";
        assertEquals(403, http.send(HttpRequest.newBuilder(URI.create(logLevel)).build(),
            HttpResponse.BodyHandlers.discarding()).statusCode());
        assertEquals(200, http.send(HttpRequest.newBuilder(URI.create(logLevel + "&user.name="
            + UserGroupInformation.getCurrentUser().getShortUserName())).build(),
            HttpResponse.BodyHandlers.discarding()).statusCode());
        // The daemon's relay serves the same files over WebHDFS to a stock client.
        try (FileSystem webhdfs = FileSystem.newInstance(proxy.relay().orElseThrow()
            .webHdfsUri(), new Configuration())) {
          byte[] read;
          try (FSDataInputStream in = webhdfs.open(new org.apache.hadoop.fs.Path("/p/f0"))) {
            read = in.readAllBytes();
          }
          assertArrayEquals(first, read);
        }
      }
    }
  }
}
