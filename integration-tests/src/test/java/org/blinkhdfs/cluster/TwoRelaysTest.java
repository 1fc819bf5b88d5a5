package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileChecksum;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.web.WebHdfsFileSystem;
import org.blinkhdfs.proxy.relay.RelayAssignment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two live read relays, each in a proxy JVM of its own, on the local multi-process cluster (3
 * ring + 1 staging DataNode JVMs, 4 s blink interval, 100% power), both with {@code
 * blink.proxy.relay.peers} = both relays ({@link ProxySpec#relays(int)}).
 *
 * <p>Why a cluster test: HttpFS allows one relay per JVM, so {@code RelayRedirectTest} can only
 * redirect to a peer address that nothing serves. Here the 307 leads to a second live relay,
 * and the stock client ({@link WebHdfsFileSystem}, what {@code hdfs dfs -cat webhdfs://...}
 * runs) has to follow it for every file the relay it asked does not own.
 *
 * <p>Asserted: files written with the Blink client are owned by both relays (by {@link
 * RelayAssignment}, as the relays compute it); every file read through either relay with a stock
 * {@code WebHdfsFileSystem} equals what was written, and its checksum is the same through both; a
 * plain {@code GET ?op=OPEN} without
 * following redirects is answered 307 by the relay that does not own the file, with a Location
 * on the owner carrying the same path and query, and 200 with the file's bytes by the owner.
 */
class TwoRelaysTest {
  static final int FILES = 12;

  @TempDir Path dir;

  @Test
  void aStockClientFollowsTheRedirectToTheOwningRelay() throws Exception {
    ClusterSpec spec = ClusterSpec.defaults(dir).toBuilder().dataNodes(3).stagingNodes(1)
        .intervalMs(4_000).proxy(ProxySpec.withCluster().relays(2)).build();
    List<Long> pids;
    try (LocalCluster cluster = LocalCluster.startFresh(spec, System.out::println)) {
      List<ProxyProcess> relays = cluster.proxies();
      assertEquals(2, relays.size());
      assertEquals(cluster.proxy(), relays.get(0));
      List<String> peers = relays.stream().map(ProxyProcess::relayAddress).toList();
      assertNotEquals(peers.get(0), peers.get(1));

      Map<String, byte[]> files = write(cluster);
      Map<String, String> owners = new LinkedHashMap<>();
      files.keySet().forEach(f -> owners.put(f, RelayAssignment.owner(peers, f)));
      for (String relay : peers) {
        assertTrue(owners.containsValue(relay), "relay " + relay + " owns none of " + owners);
      }

      Map<String, FileChecksum> checksums = new LinkedHashMap<>();
      for (ProxyProcess relay : relays) {
        long t0 = System.currentTimeMillis();
        try (FileSystem fs = cluster.newStockClient(relay.relayUri())) {
          assertTrue(fs instanceof WebHdfsFileSystem, fs.getClass().getName());
          for (Map.Entry<String, byte[]> f : files.entrySet()) {
            try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(f.getKey()))) {
              assertArrayEquals(f.getValue(), in.readAllBytes(), f.getKey() + " via " + relay);
            }
            // GETFILECHECKSUM is the other operation WebHDFS redirects and the client follows.
            FileChecksum sum = fs.getFileChecksum(new org.apache.hadoop.fs.Path(f.getKey()));
            FileChecksum first = checksums.putIfAbsent(f.getKey(), sum);
            assertEquals(first == null ? sum : first, sum, f.getKey() + " via " + relay);
          }
        }
        System.out.printf("read %d files through %s with a stock WebHdfsFileSystem in %d ms;"
            + " it owns %d of them%n", files.size(), relay.relayAddress(),
            System.currentTimeMillis() - t0,
            owners.values().stream().filter(relay.relayAddress()::equals).count());
      }

      int redirects = 0;
      for (Map.Entry<String, byte[]> f : files.entrySet()) {
        String owner = owners.get(f.getKey());
        String other = peers.stream().filter(p -> !p.equals(owner)).findFirst().orElseThrow();
        String query = "?op=OPEN&user.name=" + System.getProperty("user.name");
        HttpURLConnection toOther = get(other, f.getKey() + query);
        assertEquals(307, toOther.getResponseCode(), f.getKey() + " at " + other);
        assertEquals("http://" + owner + "/webhdfs/v1" + f.getKey() + query,
            toOther.getHeaderField("Location"));
        toOther.disconnect();
        redirects++;
        HttpURLConnection toOwner = get(owner, f.getKey() + query);
        assertEquals(200, toOwner.getResponseCode(), f.getKey() + " at " + owner);
        try (InputStream in = toOwner.getInputStream()) {
          assertArrayEquals(f.getValue(), in.readAllBytes(), f.getKey() + " from " + owner);
        }
      }
      System.out.printf("%d non-owners answered 307 to their owner, %d owners served the file;"
          + " owners %s%n", redirects, redirects, owners);
      pids = cluster.livePids();
      for (ProxyProcess relay : relays) {
        assertTrue(pids.contains(relay.pid()), relay + " is among the cluster's processes");
      }
    }
    for (long pid : pids) {
      assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
          "pid " + pid + " still running after close");
    }
  }

  /** Files of 1 to 2 blocks (1 MiB blocks) with the Blink client; path to content. */
  private static Map<String, byte[]> write(LocalCluster cluster) throws IOException {
    Map<String, byte[]> files = new LinkedHashMap<>();
    Random random = new Random(2);
    try (FileSystem fs = cluster.newClient()) {
      for (int f = 0; f < FILES; f++) {
        byte[] data = new byte[(1 << 20) + 50_000 * f];
        random.nextBytes(data);
        String path = "/relays/f" + f;
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(path))) {
          out.write(data);
        }
        files.put(path, data);
      }
    }
    return files;
  }

  /** A GET on a relay's WebHDFS that does not follow redirects. */
  private static HttpURLConnection get(String relay, String pathAndQuery) throws IOException {
    URL url = URI.create("http://" + relay + "/webhdfs/v1" + pathAndQuery).toURL();
    HttpURLConnection c = (HttpURLConnection) url.openConnection();
    c.setInstanceFollowRedirects(false);
    c.setConnectTimeout(10_000);
    c.setReadTimeout(60_000);
    return c;
  }
}
