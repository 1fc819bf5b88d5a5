package org.blinkhdfs.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.http.server.HttpFSServerWebApp;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.web.WebHdfsConstants;
import org.apache.hadoop.http.HttpServer2;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authorize.ProxyUsers;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.delegation.AbstractDelegationTokenIdentifier;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.proxy.relay.RelayConfig;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The write proxy under {@code hadoop.security.authentication=kerberos} with a MiniKdc: it logs
 * in from its keytab ({@code blink.proxy.kerberos.*}, {@code _HOST} resolved), its HTTP server
 * (the Blink API, {@code /jmx}) requires SPNEGO ({@code blink.proxy.http.kerberos.*}) and its
 * {@code /logLevel} the admin ACL ({@code blink.proxy.admin.acl}). Its WebHDFS relay requires
 * SPNEGO too (the same principal, as {@code httpfs.authentication.kerberos.*} are unset), reads
 * as the authenticated caller (a stock {@code WebHdfsFileSystem} through the delegation token the
 * relay issues it), and a relay with simple HTTP authentication is refused at start.
 *
 * <p>The NameNode is an insecure MiniDFSCluster, started before the process turns Kerberos on:
 * a secure one needs Kerberos for every DataNode and SASL on data transfer, which tests HDFS,
 * not the proxy. The proxy's Hadoop RPC client, Kerberos-enabled, falls back to simple
 * authentication ({@code ipc.client.fallback-to-simple-auth-allowed}) as a client of an
 * insecure cluster does; its HTTP layer is the part under test.
 */
class KerberosProxyTest {
  static final String SECRET = "/k/alice/salary.txt";

  @TempDir
  Path dir;

  private static SchedulerHttp.Response get(UserGroupInformation user, SchedulerHttp http,
      String path) throws Exception {
    return user.doAs((PrivilegedExceptionAction<SchedulerHttp.Response>) () ->
        http.get(path, "application/json"));
  }

  /**
   * Issue 45: with {@code httpfs.authentication.type=kerberos} the relay still answered {@code
   * PseudoAuth} and {@code ?user.name=root} read alice's file. Now: 401 without SPNEGO whatever
   * the query names; alice reads her file; mallory (authenticated) is denied by HDFS (403), and
   * cannot name alice with {@code doas} (not a proxy user of the relay: 403).
   */
  private static void theRelayNeedsSpnegoAndReadsAsTheCaller(ProxyDaemon proxy,
      UserGroupInformation alice, UserGroupInformation mallory, byte[] secret) throws Exception {
    // SPNEGO asks for HTTP/<host of the URL>: the relay shares the proxy's HTTP/localhost
    String relay = "localhost:" + proxy.relay().orElseThrow().address().getPort();
    String open = "/webhdfs/v1" + SECRET + "?op=OPEN";
    // anonymous by another name of this host: see aStockWebHdfsClientReadsAsTheCaller
    HttpURLConnection anonymous = (HttpURLConnection) new URL("http://127.0.0.1:"
        + proxy.relay().orElseThrow().address().getPort() + open + "&user.name=root")
        .openConnection();
    assertEquals(401, anonymous.getResponseCode());
    assertEquals("Negotiate", anonymous.getHeaderField("WWW-Authenticate"));
    anonymous.disconnect();

    SchedulerHttp webhdfs = new SchedulerHttp(relay, 10_000)
        .withAuthenticator(HadoopHttpAuthenticator.INSTANCE);
    SchedulerHttp.Response own = get(alice, webhdfs, open + "&user.name=root");
    assertEquals(200, own.status(), own.text());
    assertArrayEquals(secret, own.body());
    SchedulerHttp.Response denied = get(mallory, webhdfs, open);
    assertEquals(403, denied.status(), denied.text());
    assertTrue(denied.text().contains("user=mallory"), denied.text());
    // HttpFS's filter checks doas after SPNEGO: mallory is no proxy user of the relay
    SchedulerHttp.Response impersonating = get(mallory, webhdfs, open + "&doas=alice");
    assertEquals(403, impersonating.status(), impersonating.text());
  }

  /**
   * A stock {@code WebHdfsFileSystem} ({@code webhdfs://}, as {@code hdfs dfs -cat} uses it) reads
   * through the relay under Kerberos: it asks the relay for a WEBHDFS delegation token over SPNEGO
   * ({@code GETDELEGATIONTOKEN}), then reads with that token. Alice reads her 700 file; mallory
   * gets HDFS's {@code AccessControlException}.
   *
   * <p>The client leaves SPNEGO to the JDK's {@code HttpURLConnection}, which tries {@code
   * Negotiate} once per JVM and host name and remembers a failure for good. So this must be the
   * first 401 for {@code localhost} that the JDK answers: the anonymous probes of this test, whose
   * {@code Negotiate} fails as they hold no Kerberos login, call {@code 127.0.0.1} instead.
   */
  private static void aStockWebHdfsClientReadsAsTheCaller(ProxyDaemon proxy,
      UserGroupInformation alice, UserGroupInformation mallory, byte[] secret) throws Exception {
    URI relay = URI.create("webhdfs://localhost:"
        + proxy.relay().orElseThrow().address().getPort());
    Configuration client = new Configuration();
    client.set(CommonConfigurationKeys.HADOOP_SECURITY_AUTHENTICATION, "kerberos");
    byte[] read = alice.doAs((PrivilegedExceptionAction<byte[]>) () -> {
      try (FileSystem fs = FileSystem.get(relay, client)) {
        Token<?> token = fs.getDelegationToken(null);
        assertEquals(WebHdfsConstants.WEBHDFS_TOKEN_KIND, token.getKind());
        assertEquals("alice", ((AbstractDelegationTokenIdentifier) token.decodeIdentifier())
            .getUser().getShortUserName());
        try (FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path(SECRET))) {
          return in.readAllBytes();
        }
      }
    });
    assertArrayEquals(secret, read);
    AccessControlException denied = assertThrows(AccessControlException.class, () ->
        mallory.doAs((PrivilegedExceptionAction<byte[]>) () -> {
          try (FileSystem fs = FileSystem.get(relay, client);
              FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path(SECRET))) {
            return in.readAllBytes();
          }
        }));
    assertTrue(denied.getMessage().contains("user=mallory"), denied.getMessage());
  }

  /** A relay whose HTTP authentication is weaker than the cluster's does not start. */
  private static void aSimpleRelayIsRefusedOnAKerberosCluster(Configuration conf) {
    Configuration simple = new Configuration(conf);
    simple.set("httpfs.authentication.type", "simple");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ProxyDaemon.start(simple).close());
    assertTrue(e.getMessage().startsWith("httpfs.authentication.type = 'simple' but"
        + " hadoop.security.authentication = kerberos"), e.getMessage());
    assertTrue(e.getMessage().contains("unset httpfs.authentication.type"), e.getMessage());
    assertNull(HttpFSServerWebApp.get(), "the refused relay left HttpFS running");
  }

  @Test
  void theApiNeedsSpnegoAndLogLevelTheAdminAcl() throws Exception {
    MiniKdc kdc = new MiniKdc(MiniKdc.createConf(), dir.resolve("kdc").toFile());
    kdc.start();
    String realm = kdc.getRealm();
    File keytab = dir.resolve("test.keytab").toFile();
    // the proxy moves replicas as the Mover does, so it is an HDFS superuser: its principal's
    // short name is the user running the (insecure) NameNode, this JVM's user
    String proxyUser = System.getProperty("user.name");
    kdc.createPrincipal(keytab, "HTTP/localhost", proxyUser + "/localhost", "alice", "mallory");
    try (MiniBlinkCluster c = ProxyTestCluster.builder(dir.resolve("hdfs"), 3).scheduleFile()
        .set(CommonConfigurationKeys.IPC_CLIENT_FALLBACK_TO_SIMPLE_AUTH_ALLOWED_KEY, "true")
        // the DataNodes share this JVM's (then Kerberos) security switch: without this they
        // demand SASL on their unprivileged data ports and refuse the relay's reads
        .set(DFSConfigKeys.IGNORE_SECURE_PORTS_FOR_TESTING_KEY, "true")
        .conf(ProxyTestCluster::allowRelayUser).start()) {
      c.writeSchedule(c.allActive(3));
      c.writeFile("/k/f0", 3000, 2);
      c.writeFile("/k/private/f1", 3000, 2);
      c.fs.setPermission(new org.apache.hadoop.fs.Path("/k/private"),
          new FsPermission((short) 0700));
      byte[] secret = c.writeFile(SECRET, 2000, 2);
      c.fs.setOwner(new org.apache.hadoop.fs.Path(SECRET).getParent(), "alice", "alice");
      c.fs.setOwner(new org.apache.hadoop.fs.Path(SECRET), "alice", "alice");
      c.fs.setPermission(new org.apache.hadoop.fs.Path(SECRET).getParent(),
          new FsPermission((short) 0700));
      Configuration conf = new Configuration(c.cluster.getConfiguration(0));
      // The NameNode's HTTP server put HDFS's own AuthFilterInitializer into this in-memory
      // conf. The proxy must leave it out (HttpSecurity): a second SPNEGO filter refused every
      // token as a replay (403) before it did.
      org.junit.jupiter.api.Assertions.assertTrue(conf.get(HttpServer2.FILTER_INITIALIZER_PROPERTY,
          "").contains("AuthFilterInitializer"), "the case this test covers");
      conf.set("hadoop.security.authentication", "kerberos");
      conf.set(CommonConfigurationKeys.IPC_CLIENT_FALLBACK_TO_SIMPLE_AUTH_ALLOWED_KEY, "true");
      conf.set(ProxyConfig.HTTP_ADDRESS.name(), "localhost:0");
      conf.set(RelayConfig.ADDRESS.name(), "localhost:0");
      // as issue 45 set it; its principal and keytab default to blink.proxy.http.kerberos.*
      conf.set("httpfs.authentication.type", "kerberos");
      conf.set("blink.proxy.kerberos.principal", proxyUser + "/_HOST@" + realm);
      conf.set("blink.proxy.kerberos.keytab", keytab.getPath());
      conf.set("blink.proxy.http.kerberos.principal", "HTTP/localhost@" + realm);
      conf.set("blink.proxy.http.kerberos.keytab", keytab.getPath());
      conf.set("blink.proxy.admin.acl", "alice");
      aSimpleRelayIsRefusedOnAKerberosCluster(conf);
      try (ProxyDaemon proxy = ProxyDaemon.start(conf)) {
        // the Blink API looks paths up as its caller, impersonated by the proxy's user; the
        // relay's HttpFS replaced the JVM-wide proxy-user table the in-JVM NameNode checks
        ProxyUsers.refreshSuperUserGroupsConfiguration(c.conf);
        assertEquals(proxyUser + "/localhost@" + realm,
            UserGroupInformation.getLoginUser().getUserName());
        // SPNEGO asks for HTTP/<host of the URL>: call the proxy by the principal's host name
        SchedulerHttp http = new SchedulerHttp("localhost:" + proxy.httpAddress().getPort(),
            10_000).withAuthenticator(HadoopHttpAuthenticator.INSTANCE);
        // The JDK answers a 401 Negotiate itself and remembers, per JVM and host name, that it
        // failed without a Kerberos login: anonymous calls use 127.0.0.1 so that localhost
        // stays usable for WebHdfsFileSystem (aStockWebHdfsClientReadsAsTheCaller)
        SchedulerHttp anonymous = new SchedulerHttp("127.0.0.1:" + proxy.httpAddress().getPort(),
            10_000).withAuthenticator(
            (url, timeoutMs) -> (HttpURLConnection) url.openConnection());
        assertEquals(401, anonymous.get("/v1/state?node=" + c.addresses.get(0),
            "application/json").status());
        assertEquals(401, anonymous.get("/jmx", "application/json").status());
        assertEquals(401, anonymous.get("/v1/file?path=/k/f0", "application/json").status());

        UserGroupInformation mallory = UserGroupInformation.loginUserFromKeytabAndReturnUGI(
            "mallory@" + realm, keytab.getPath());
        SchedulerHttp.Response state = get(mallory, http, "/v1/state?node="
            + c.addresses.get(0));
        assertEquals(200, state.status(), state.text());
        assertTrue(state.text().contains(c.addresses.get(0)), state.text());
        // the proxy's NameNode client, logged in from its keytab, asks as mallory
        SchedulerHttp.Response file = get(mallory, http, "/v1/file?path=/k/f0");
        assertEquals(200, file.status(), file.text());
        assertTrue(file.text().contains("/k/f0"), file.text());
        SchedulerHttp.Response denied = get(mallory, http, "/v1/file?path=/k/private/f1");
        assertEquals(403, denied.status(), denied.text());
        assertTrue(denied.text().contains("user mallory may not see"), denied.text());
        SchedulerHttp.Response jmx = get(mallory, http, "/jmx?qry=Hadoop:*,name=BlinkProxyDrain");
        assertEquals(200, jmx.status(), jmx.text());
        assertTrue(jmx.text().contains("\"MovesFinished\""), jmx.text());

        String logLevel = "/logLevel?log=org.blinkhdfs.proxy.ProxyDaemon&level=INFO";
        assertEquals(401, anonymous.get(logLevel, "text/html").status());
        assertEquals(403, get(mallory, http, logLevel).status());
        UserGroupInformation alice = UserGroupInformation.loginUserFromKeytabAndReturnUGI(
            "alice@" + realm, keytab.getPath());
        SchedulerHttp.Response admin = get(alice, http, logLevel);
        assertEquals(200, admin.status(), admin.text());

        theRelayNeedsSpnegoAndReadsAsTheCaller(proxy, alice, mallory, secret);
        aStockWebHdfsClientReadsAsTheCaller(proxy, alice, mallory, secret);
      }
    } finally {
      ProxyUsers.refreshSuperUserGroupsConfiguration(new Configuration());
      UserGroupInformation.reset();
      kdc.stop();
    }
  }
}
