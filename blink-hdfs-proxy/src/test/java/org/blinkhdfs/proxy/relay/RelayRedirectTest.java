package org.blinkhdfs.proxy.relay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two relays by assignment, one of them running: {@code self} (this relay, on a free port) and
 * {@code other} (a port nothing listens on; HttpFS allows one relay per JVM, so a second real one
 * would need a second process). A GET for a file {@code other} owns is answered 307 with the same
 * path and query on {@code other}; a GET for a file {@code self} owns is served; writes and the
 * GETs that read no file data (e.g. GETFILESTATUS, which {@code WebHdfsFileSystem} sends before
 * every read and would not follow a 307 for) are served where they arrive. Also shows a relay
 * starts again in a JVM where one was closed (when this class runs after {@link ReadRelayTest} in
 * the same surefire JVM).
 */
class RelayRedirectTest {
  static final String USER = System.getProperty("user.name");

  @TempDir
  static Path dir;

  static MiniBlinkCluster c;
  static ReadRelay relay;
  static String self;
  static String other;

  @BeforeAll
  static void start() throws Exception {
    c = MiniBlinkCluster.builder(dir).dataNodes(1).scheduleFile()
        .conf(org.blinkhdfs.proxy.ProxyTestCluster::allowRelayUser).start();
    c.writeSchedule(c.allActive(1));
    self = "127.0.0.1:" + freePort();
    other = "127.0.0.1:" + freePort();
    Configuration conf = new Configuration(c.conf);
    conf.set("fs.defaultFS", c.fs.getUri().toString());
    conf.set(RelayConfig.ADDRESS.name(), self);
    conf.set(RelayConfig.PEERS.name(), other + "," + self);
    conf.set(RelayConfig.SELF.name(), self);
    // writesAreServedWhereTheyArrive needs a relay that writes (the default is read-only)
    conf.set(RelayConfig.WRITES.name(), "true");
    relay = ReadRelay.start(conf);
  }

  @AfterAll
  static void stop() throws IOException {
    try {
      if (relay != null) {
        relay.close();
      }
    } finally {
      if (c != null) {
        c.close();
      }
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** The first of /redirect/f0, /redirect/f1, ... that {@code owner} owns. */
  static String pathOwnedBy(String owner) {
    for (int i = 0; ; i++) {
      String p = "/redirect/f" + i;
      if (RelayAssignment.owner(List.of(self, other), p).equals(owner)) {
        return p;
      }
    }
  }

  @Test
  void aReadOfAnotherRelaysFileIsRedirectedThere() throws Exception {
    String path = pathOwnedBy(other);
    c.writeFile(path, 1000, 1);
    String query = "?op=OPEN&user.name=" + USER + "&offset=10";
    HttpURLConnection h = open("GET", "/webhdfs/v1" + path + query);
    assertEquals(307, h.getResponseCode());
    assertEquals("http://" + other + "/webhdfs/v1" + path + query, h.getHeaderField("Location"));
  }

  @Test
  void aReadOfItsOwnFileIsServed() throws Exception {
    String path = pathOwnedBy(self);
    byte[] data = c.writeFile(path, 1000, 1);
    HttpURLConnection h = open("GET", "/webhdfs/v1" + path + "?op=OPEN&user.name=" + USER);
    assertEquals(200, h.getResponseCode());
    assertNull(h.getHeaderField("Location"));
    try (InputStream in = h.getInputStream()) {
      assertArrayEquals(data, in.readAllBytes());
    }
  }

  @Test
  void metadataReadsOfAnotherRelaysFileAreServedHere() throws Exception {
    String path = pathOwnedBy(other) + "-status";
    c.writeFile(path, 1000, 1);
    for (String op : List.of("GETFILESTATUS", "liststatus")) {
      HttpURLConnection h = open("GET", "/webhdfs/v1" + path + "?op=" + op + "&user.name=" + USER);
      assertEquals(200, h.getResponseCode(), op);
      assertNull(h.getHeaderField("Location"), op);
    }
  }

  @Test
  void writesAreServedWhereTheyArrive() throws Exception {
    String path = pathOwnedBy(other) + "-dir";
    HttpURLConnection h = open("PUT", "/webhdfs/v1" + path + "?op=MKDIRS&user.name=" + USER);
    assertEquals(200, h.getResponseCode());
    assertTrue(c.fs.exists(new org.apache.hadoop.fs.Path(path)));
  }

  @Test
  void theOwnerIsComputedFromTheDecodedPath() {
    RelayRedirectFilter f = new RelayRedirectFilter();
    f.init(new FakeFilterConfig(self + "," + other, self));
    String decoded = "/a b/c+d";
    assertEquals(RelayAssignment.owner(List.of(self, other), decoded),
        f.ownerOf("GET", "OPEN", "/webhdfs/v1/a%20b/c+d"));
    assertEquals(RelayAssignment.owner(List.of(self, other), "/"),
        f.ownerOf("GET", "getfilechecksum", "/webhdfs/v1"));
    assertNull(f.ownerOf("PUT", "CREATE", "/webhdfs/v1/a"));
    assertNull(f.ownerOf("GET", "GETFILESTATUS", "/webhdfs/v1/a"));
    assertNull(f.ownerOf("GET", "NOSUCHOP", "/webhdfs/v1/a"));
    assertNull(f.ownerOf("GET", null, "/webhdfs/v1/a"));
    assertNull(f.ownerOf("GET", "OPEN", "/jmx"));
    assertNull(f.ownerOf("GET", "OPEN", "/webhdfs/v12/a"));
  }

  static HttpURLConnection open(String method, String pathAndQuery) throws IOException {
    URL url = new URL("http://" + self + pathAndQuery);
    HttpURLConnection h = (HttpURLConnection) url.openConnection();
    h.setRequestMethod(method);
    h.setInstanceFollowRedirects(false);
    return h;
  }

  /** The two init parameters the relay gives the filter. */
  record FakeFilterConfig(String peers, String self) implements javax.servlet.FilterConfig {
    @Override
    public String getFilterName() {
      return "blinkRelayRedirect";
    }

    @Override
    public javax.servlet.ServletContext getServletContext() {
      return null;
    }

    @Override
    public String getInitParameter(String name) {
      return RelayRedirectFilter.PEERS.equals(name) ? peers
          : RelayRedirectFilter.SELF.equals(name) ? self : null;
    }

    @Override
    public java.util.Enumeration<String> getInitParameterNames() {
      return java.util.Collections.enumeration(
          List.of(RelayRedirectFilter.PEERS, RelayRedirectFilter.SELF));
    }
  }
}
