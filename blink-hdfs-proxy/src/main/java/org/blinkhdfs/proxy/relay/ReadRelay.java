package org.blinkhdfs.proxy.relay;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.http.server.HttpFSServerWebApp;
import org.apache.hadoop.http.HttpServer2;
import org.apache.hadoop.lib.servlet.ServerWebApp;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authorize.AccessControlList;
import org.apache.hadoop.security.http.RestCsrfPreventionFilter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The proxy's read relay: the whole WebHDFS REST API ({@code /webhdfs/v1}) served over {@code
 * BlinkDistributedFileSystem}, so {@code curl}, {@code hdfs dfs -cat webhdfs://proxy:14000/...}
 * and any other WebHDFS client read any file at any power level. A read for a block whose replicas
 * all sleep is held until the first replica's window opens and then streams from the replica with
 * the longest remaining window, because that is what {@code BlinkDistributedFileSystem} does; the
 * relay adds no read logic of its own.
 *
 * <p>How: the relay is Apache HttpFS, unchanged, in this JVM. HttpFS implements every WebHDFS
 * operation over a Hadoop {@code FileSystem}; the relay writes it a home directory ({@link
 * HttpFsHome}) whose Hadoop configuration is the proxy's with {@code fs.hdfs.impl =
 * BlinkDistributedFileSystem}, and starts it in a Hadoop {@code HttpServer2} named {@code webhdfs}
 * (the web application HttpFS ships in its jar), as HttpFS's own launcher does. HttpFS 3.5.0 is not
 * published, so it is HttpFS 3.4.2 with its Jersey 1 runtime beside Hadoop 3.5's Jersey 2; {@link
 * JaxRsClasspath} checks the classpath order that makes this work. With several proxies, a read
 * of file data ({@code OPEN}, {@code GETFILECHECKSUM}) for a path another relay owns ({@link
 * RelayAssignment}) is redirected there ({@link RelayRedirectFilter}).
 *
 * <p>Keys ({@link RelayConfig}): {@code blink.proxy.relay.address} (default {@code
 * 0.0.0.0:14000}), {@code blink.proxy.relay.peers}, {@code blink.proxy.relay.self}, {@code
 * blink.proxy.relay.dir}; required {@code fs.defaultFS} (hdfs://) and {@code
 * blink.scheduler.address} or {@code blink.schedule.file};
 * every other {@code httpfs.*} key passes to HttpFS. Authentication follows the cluster ({@link
 * RelayAuth}): {@code simple} ({@code ?user.name=}) on a simple cluster, SPNEGO on a Kerberos
 * one, where a simple relay is refused. HttpFS acts for each caller as a proxy user, so the
 * NameNode must let the proxy's login user impersonate the callers ({@code
 * hadoop.proxyuser.<user>.hosts} and {@code .groups} in the NameNode's core-site.xml). The relay
 * is read-only unless {@code blink.proxy.relay.writes.enabled} ({@link RelayReadOnlyFilter}),
 * Hadoop's CSRF filter guards it ({@code blink.proxy.relay.rest-csrf.enabled}), and a read HDFS
 * denies is 403, not HttpFS's 500 ({@link DeniedAsForbiddenFilter}); docs/relay.md,
 * "Security".
 *
 * <p>Hard constraints inherited from HttpFS: one relay per JVM (HttpFS keeps its server in a
 * static field; a second start fails with a message); HttpFS refreshes the JVM-wide proxy-user
 * table from {@code httpfs.proxyuser.*} (harmless in a proxy daemon; a test that also runs a
 * NameNode in the JVM must repeat its {@code hadoop.proxyuser.*} rules there); HttpFS resets
 * log4j, which {@link Log4jRestore} undoes. Clients should allow a read to wait one blink interval:
 * {@code WebHdfsFileSystem}'s {@code dfs.webhdfs.socket.read-timeout} (default 60 s) must exceed
 * the interval plus {@code blink.client.wait.margin.ms}.
 *
 * <p>Example: {@code ReadRelay.start(conf)} with {@code fs.defaultFS = hdfs://nn:8020} and
 * {@code blink.schedule.file = /etc/hadoop/blink-schedule.json}; then {@code curl -L
 * 'http://proxy:14000/webhdfs/v1/logs/day1?op=OPEN&user.name=alice'} prints the file, waiting for
 * a window if every replica sleeps.
 *
 * <p>Thread-safe: start and close may be called from any thread (close is idempotent).
 */
public final class ReadRelay implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ReadRelay.class);
  /** The name of HttpFS's web application inside its jar ({@code webapps/webhdfs}). */
  static final String WEBAPP = "webhdfs";
  /** Where the relay's server reads its signer settings: only the relay's, see build. */
  static final String[] AUTH_PREFIXES = {RelayAuth.HADOOP_HTTP};

  private final RelayConfig config;
  private final HttpFsHome home;
  private final HttpServer2 server;
  private boolean closed;

  private ReadRelay(RelayConfig config, HttpFsHome home, HttpServer2 server) {
    this.config = config;
    this.home = home;
    this.server = server;
  }

  /**
   * Starts a relay for the cluster and schedule in {@code conf}.
   *
   * @throws IllegalArgumentException for a bad key (the message names key, value and fix)
   * @throws IllegalStateException when the classpath cannot run HttpFS here, or a relay already
   *     runs in this JVM
   * @throws IOException when the directory cannot be written or the server cannot start
   */
  public static synchronized ReadRelay start(Configuration conf) throws IOException {
    RelayConfig config = RelayConfig.from(conf);
    RelayAuth auth = RelayAuth.from(conf);
    JaxRsClasspath.check();
    if (HttpFSServerWebApp.get() != null) {
      throw new IllegalStateException("a read relay (HttpFS) already runs in this JVM and HttpFS"
          + " allows one per process: close it first, or run the other relay in another proxy");
    }
    HttpFsHome home = HttpFsHome.write(config, auth, conf);
    HttpServer2 server = null;
    try {
      server = build(config, conf, auth, home.secretFile());
      ServerWebApp.setHomeDirForCurrentThread(home.path().toString());
      try {
        server.start();
      } finally {
        ServerWebApp.setHomeDirForCurrentThread(null);
        Log4jRestore.reinitialize();
        // HttpFS set Hadoop's JVM-wide security settings from a fresh Configuration (and, under
        // Kerberos, logged in again as the proxy's principal): the proxy's settings come back
        UserGroupInformation.setConfiguration(conf);
      }
      if (HttpFSServerWebApp.get() == null) {
        throw new IOException("HttpFS did not start in " + home.path() + " (see its log above)");
      }
    } catch (java.net.BindException e) {
      stopQuietly(server);
      IOException named = new IOException(RelayConfig.ADDRESS.name() + " = '" + config.host()
          + ":" + config.port() + "' cannot be bound (" + e.getMessage() + "): pick a free"
          + " port, or stop the process holding it", e);
      home.deleteAfterFailure(named);
      throw named;
    } catch (IOException | RuntimeException e) {
      stopQuietly(server);
      home.deleteAfterFailure(e);
      throw e;
    }
    ReadRelay relay = new ReadRelay(config, home, server);
    LOG.info("Read relay for {} listening on {} (WebHDFS at {}), {} authentication, {}, CSRF"
        + " filter {}, home {}{}", config.cluster(), relay.address(), relay.webHdfsUri(),
        auth.http().get("type"), config.writes() ? "writes allowed (" + config.accessMode() + ")"
            : "read-only", config.csrf() ? "on" : "off", home.path(),
        config.peers().isEmpty() ? "" : ", redirecting OPEN and GETFILECHECKSUM of paths other"
            + " relays own to them: " + config.peers());
    return relay;
  }

  private static HttpServer2 build(RelayConfig config, Configuration conf, RelayAuth auth,
      String secretFile) throws IOException {
    Configuration serverConf = new Configuration(conf);
    // The server's signer (shared with HttpFS's filter through the servlet context) from the
    // relay's settings only: the proxy's hadoop.http.authentication.* are its own server's.
    for (String prefix : new String[] {RelayAuth.HTTP, RelayAuth.HADOOP_HTTP}) {
      for (String name : serverConf.getPropsWithPrefix(prefix).keySet()) {
        serverConf.unset(prefix + name);
      }
    }
    auth.http().forEach((k, v) -> serverConf.set(RelayAuth.HADOOP_HTTP + k, v));
    serverConf.set(RelayAuth.HADOOP_HTTP + "signature.secret.file", secretFile);
    // One Prometheus sink per JVM: the proxy's own HTTP server serves /prom for every source
    // (the relay's included); a second server registering one would leave the first empty.
    serverConf.setBoolean(CommonConfigurationKeysPublic.HADOOP_PROMETHEUS_ENABLED, false);
    // As HttpFS's launcher: its own authentication filter (web.xml) replaces Hadoop's, and
    // HDFS's (which a NameNode adds to its configuration in memory): under Kerberos a second
    // SPNEGO filter takes each token the first accepted for a replay and answers 403.
    String initializers = serverConf.get(HttpServer2.FILTER_INITIALIZER_PROPERTY);
    if (initializers != null) {
      List<String> kept = new ArrayList<>();
      for (String i : initializers.split(",")) {
        if (!i.trim().isEmpty() && !i.trim().endsWith("AuthenticationFilterInitializer")
            && !i.trim().endsWith(".AuthFilterInitializer")) {
          kept.add(i.trim());
        }
      }
      serverConf.set(HttpServer2.FILTER_INITIALIZER_PROPERTY, String.join(",", kept));
    }
    URI endpoint;
    try {
      endpoint = new URI("http", null, config.host(), config.port(), null, null, null);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(RelayConfig.ADDRESS.name() + " = '" + config.host()
          + ":" + config.port() + "' is not a usable HTTP address: " + e.getMessage(), e);
    }
    HttpServer2 server = new HttpServer2.Builder().setName(WEBAPP).setConf(serverConf)
        .setAuthFilterConfigurationPrefixes(AUTH_PREFIXES)
        .setACL(new AccessControlList(conf.get("httpfs.http.administrators", " ")))
        .addEndpoint(endpoint).build();
    // In this order before HttpFS's own filters: CSRF (400), read-only (403), redirect (307).
    if (config.csrf()) {
      server.addGlobalFilter("blinkRelayCsrf", RestCsrfPreventionFilter.class.getName(),
          Map.of());
    }
    if (!config.writes()) {
      server.addGlobalFilter("blinkRelayReadOnly", RelayReadOnlyFilter.class.getName(),
          Map.of());
    }
    server.addGlobalFilter("blinkRelayDenied", DeniedAsForbiddenFilter.class.getName(),
        Map.of());
    if (!config.peers().isEmpty()) {
      server.addGlobalFilter("blinkRelayRedirect", RelayRedirectFilter.class.getName(),
          Map.of(RelayRedirectFilter.PEERS, String.join(",", config.peers()),
              RelayRedirectFilter.SELF, config.self()));
    }
    return server;
  }

  /** The address the relay listens on (the real port when port 0 was configured). */
  public InetSocketAddress address() {
    return server.getConnectorAddress(0);
  }

  /**
   * A {@code webhdfs://} URI of this relay for clients on this host ({@code localhost} when the
   * relay listens on every interface).
   */
  public URI webHdfsUri() {
    InetSocketAddress a = address();
    String host = a.getAddress() != null && a.getAddress().isAnyLocalAddress() ? "localhost"
        : a.getHostString();
    return URI.create("webhdfs://" + host + ":" + a.getPort());
  }

  /** The validated settings the relay runs with. */
  public RelayConfig config() {
    return config;
  }

  /** Stops the server and HttpFS, and deletes a temporary home. Idempotent. */
  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      server.stop();
    } catch (Exception e) {
      throw new IOException("stopping the read relay on " + address() + " failed", e);
    } finally {
      home.delete();
    }
  }

  private static void stopQuietly(HttpServer2 server) {
    if (server == null) {
      return;
    }
    try {
      server.stop();
    } catch (Exception e) {
      LOG.warn("Stopping a read relay that failed to start: {}", e.toString());
    }
  }
}
