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
import org.apache.hadoop.security.authorize.AccessControlList;
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
 * every {@code httpfs.*} key passes to HttpFS. HTTP authentication is HttpFS's: {@code simple}
 * ({@code ?user.name=}) unless {@code httpfs.authentication.type} says otherwise. HttpFS acts for
 * each caller as a proxy user, so the NameNode must let the proxy's login user impersonate the
 * callers ({@code hadoop.proxyuser.<user>.hosts} and {@code .groups} in the NameNode's
 * core-site.xml).
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
  static final String[] AUTH_PREFIXES = {"httpfs.authentication.", "hadoop.http.authentication."};

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
    JaxRsClasspath.check();
    if (HttpFSServerWebApp.get() != null) {
      throw new IllegalStateException("a read relay (HttpFS) already runs in this JVM and HttpFS"
          + " allows one per process: close it first, or run the other relay in another proxy");
    }
    HttpFsHome home = HttpFsHome.write(config, conf);
    HttpServer2 server = null;
    try {
      server = build(config, conf);
      ServerWebApp.setHomeDirForCurrentThread(home.path().toString());
      try {
        server.start();
      } finally {
        ServerWebApp.setHomeDirForCurrentThread(null);
        Log4jRestore.reinitialize();
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
    LOG.info("Read relay for {} listening on {} (WebHDFS at {}), home {}{}", config.cluster(),
        relay.address(), relay.webHdfsUri(), home.path(),
        config.peers().isEmpty() ? "" : ", redirecting OPEN and GETFILECHECKSUM of paths other"
            + " relays own to them: " + config.peers());
    return relay;
  }

  private static HttpServer2 build(RelayConfig config, Configuration conf) throws IOException {
    Configuration serverConf = new Configuration(conf);
    // One Prometheus sink per JVM: the proxy's own HTTP server serves /prom for every source
    // (the relay's included); a second server registering one would leave the first empty.
    serverConf.setBoolean(CommonConfigurationKeysPublic.HADOOP_PROMETHEUS_ENABLED, false);
    // As HttpFS's launcher: its own authentication filter (web.xml) replaces Hadoop's.
    String initializers = serverConf.get(HttpServer2.FILTER_INITIALIZER_PROPERTY);
    if (initializers != null) {
      List<String> kept = new ArrayList<>();
      for (String i : initializers.split(",")) {
        if (!i.trim().isEmpty() && !i.trim().endsWith(".AuthenticationFilterInitializer")
            && !i.trim().endsWith(".ProxyUserAuthenticationFilterInitializer")) {
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
