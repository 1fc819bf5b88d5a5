package org.blinkhdfs.proxy;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.http.HttpServer2;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.client.ClientConfig;
import org.blinkhdfs.common.cli.Manual;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.daemon.cli.SiteDaemon;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.daemon.http.HttpSecurity;
import org.blinkhdfs.daemon.http.KeytabLogin;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.drain.Consistency;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.model.wire.WakeAnswer;
import org.blinkhdfs.model.wire.WakeDecision;
import org.blinkhdfs.proxy.api.ApiConfig;
import org.blinkhdfs.proxy.api.ApiServlets;
import org.blinkhdfs.proxy.api.BlinkApiService;
import org.blinkhdfs.proxy.drain.DrainMetrics;
import org.blinkhdfs.proxy.drain.DrainService;
import org.blinkhdfs.proxy.drain.NameNodeLink;
import org.blinkhdfs.proxy.drain.WakeRequester;
import org.blinkhdfs.proxy.relay.HeldReadsReporter;
import org.blinkhdfs.proxy.relay.ReadRelay;
import org.blinkhdfs.proxy.relay.RelayConfig;
import org.blinkhdfs.proxy.relay.RelayMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code bin/blink proxy}: the write proxy of BlinkFS §4.1. It follows the schedule (the same
 * {@code blink.scheduler.address} or {@code blink.schedule.file} as the NameNode), computes every
 * staged block's layout with the NameNode's own layout classes, and moves staged replicas into
 * their layout during the targets' windows ({@link DrainService}); metrics at {@code /jmx} and
 * {@code /prom} on {@code blink.proxy.http.address}.
 *
 * <p>Why a separate daemon rather than more NameNode work: the NameNode corrects layouts through
 * its reconstruction queue, which looks at a few blocks per pass and retries them whether or not
 * their target is awake; the proxy knows the windows and starts each target's batch as its window
 * opens. It needs only client and Mover-level access (superuser), so it can run anywhere, be
 * restarted at will, and lose nothing when killed: a copy only adds a replica.
 */
public final class ProxyDaemon implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(ProxyDaemon.class);

  /** The keys the daemon reads besides the shared schedule keys (for documentation checks). */
  public static final List<ConfigKey> CONFIG_KEYS = java.util.stream.Stream.of(
      ProxyConfig.KEYS, ProxyConfig.HTTP_SECURITY.list(), ProxyConfig.KERBEROS.list(),
      RelayConfig.KEYS)
      .flatMap(List::stream).toList();

  private final ProxyConfig config;
  private final NameNodeLink link;
  private final DrainMetrics metrics;
  private final DrainService drain;
  private final HttpServer2 http;
  private final BlinkRuntime runtime;
  private final ReadRelay relay;
  private final RelayMetrics relayMetrics;
  private final Optional<HeldReadsReporter> heldReporter;

  private ProxyDaemon(Configuration conf, Clock clock) throws IOException {
    this.config = new ProxyConfig(conf);
    // refuses an exposed address (ExposureRule) before the relay or any client starts
    HttpSecurity security = new HttpSecurity(conf, ProxyConfig.HTTP_SECURITY);
    HttpServer2.Builder server = security.builder(conf, "blinkproxy", ProxyConfig.HTTP_ADDRESS,
        config.httpAddress());
    // before any client is built: the schedule poller, the wake requests and the NameNode link
    // authenticate as the process's login user
    KeytabLogin.loginIfConfigured(conf, ProxyConfig.KERBEROS, config.httpAddress().getHostString());
    ApiConfig api = ApiConfig.from(conf);
    Function<Schedule, LayoutModel> layouts = ConfiguredLayouts.from(conf);
    WakeRequester wake = wakeRequester(conf, config);
    this.runtime = BlinkRuntime.forConf(conf);
    if (runtime.describe().equals("none")) {
      throw new IllegalArgumentException("neither " + SchedulerHttp.ADDRESS_KEY + " nor "
          + "blink.schedule.file is set: the proxy follows the schedule; set one of them as on"
          + " the NameNode");
    }
    runtime.retain();
    DefaultMetricsSystem.initialize("BlinkProxy");
    if (RelayConfig.enabled(conf)) {
      try {
        this.relay = ReadRelay.start(conf);
      } catch (IOException | RuntimeException e) {
        runtime.release();
        throw e;
      }
      this.relayMetrics = RelayMetrics.register(runtime);
      this.heldReporter = HeldReadsReporter.startIfConfigured(conf, relay.config(),
          relay.address(), relayMetrics);
    } else {
      this.relay = null;
      this.relayMetrics = null;
      this.heldReporter = Optional.empty();
    }
    this.metrics = DrainMetrics.register();
    this.link = NameNodeLink.open(conf);
    this.drain = new DrainService(link, () -> runtime.state().usable(), layouts, config.paths(),
        config.scanMs(), config.drain(), wake, metrics, clock);
    this.http = server.build();
    security.secure(http);
    registerApi(api, layouts, clock);
    http.start();
    drain.start();
    LOG.info("BlinkHDFS proxy serving http://{}:{}/; schedule from {}; draining {} ({}), scan"
        + " every {} ms; WebHDFS relay {}", httpAddress().getHostString(), httpAddress().getPort(),
        runtime.describe(), config.paths(), config.drain().consistency().configName(),
        config.scanMs(), relay == null ? "off" : relay.webHdfsUri());
  }

  /** The Blink API ({@code /v1/state}, {@code /v1/blocks}, {@code /v1/file}, {@code /v1/load}). */
  private void registerApi(ApiConfig api, Function<Schedule, LayoutModel> layouts, Clock clock)
      throws IOException {
    ApiServlets.register(http, new BlinkApiService(link.fs(), runtime::state, layouts,
        drain::movesOf, api, clock));
  }

  /**
   * The extra-window requests of {@code strong} consistency: the scheduler's {@code POST
   * /v1/wake}, which only a scheduler can grant (a schedule file has no one to ask).
   */
  private static WakeRequester wakeRequester(Configuration conf, ProxyConfig config) {
    if (config.drain().consistency() != Consistency.STRONG) {
      return (node, ms, reason) -> {
        throw new IllegalStateException("only strong consistency asks for windows");
      };
    }
    ClientConfig pc = ClientConfig.from(conf);
    if (pc.schedulerAddress().isEmpty()) {
      throw new IllegalArgumentException(ProxyConfig.CONSISTENCY.name() + " = strong needs "
          + SchedulerHttp.ADDRESS_KEY + " (only the scheduler can open an extra window); set it,"
          + " or use weak or periodic with a schedule file");
    }
    SchedulerHttp scheduler = HadoopHttpAuthenticator.schedulerClient(conf,
        pc.schedulerAddress(), pc.schedulerTimeoutMs());
    return (node, ms, reason) -> {
      WakeAnswer a = scheduler.requestWake(node, ms, reason);
      if (a.outcome() == WakeDecision.Outcome.REFUSED) {
        throw new IOException(a.message());
      }
      return a.reachableByMs();
    };
  }

  /** Starts a daemon with the system clock. */
  public static ProxyDaemon start(Configuration conf) throws IOException {
    return new ProxyDaemon(conf, Clock.systemUTC());
  }

  /** The address the HTTP server listens on (the real port when configured with port 0). */
  public InetSocketAddress httpAddress() {
    return http.getConnectorAddress(0);
  }

  public DrainService drain() {
    return drain;
  }

  /** The WebHDFS read relay, unless {@code blink.proxy.relay.enabled} is false. */
  public Optional<ReadRelay> relay() {
    return Optional.ofNullable(relay);
  }

  /** The relay's metrics, with the relay. */
  public Optional<RelayMetrics> relayMetrics() {
    return Optional.ofNullable(relayMetrics);
  }

  @Override
  public void close() throws IOException {
    drain.close();
    metrics.unregister();
    try {
      if (relay != null) {
        heldReporter.ifPresent(HeldReadsReporter::close);
        relay.close();
        relayMetrics.close();
      }
      http.stop();
    } catch (Exception e) {
      throw new IOException("stopping the HTTP server failed", e);
    } finally {
      link.close();
      runtime.release();
      DefaultMetricsSystem.shutdown();
    }
  }

  static final String USAGE = String.join("\n",
      "usage: bin/blink proxy [-conf site.xml ...] [-D key=value ...]",
      "",
      "Runs the write proxy: follows the schedule and moves replicas staged for sleeping",
      "DataNodes into their layout during the targets' windows (docs/proxy.md), and serves",
      "WebHDFS reads that wait for a replica's window (docs/relay.md).",
      "",
      "  -conf FILE        a Hadoop site XML file (repeatable): give it the NameNode's",
      "                    hdfs-site.xml (fs.defaultFS, dfs.block.replicator.classname, the",
      "                    layout's blink.* keys and blink.scheduler.address or"
          + " blink.schedule.file)",
      "  -D key=value      one setting; wins over -conf files (repeatable)",
      "  -help             this text",
      "",
      "Keys: " + ProxyConfig.CONSISTENCY.name() + " = strong | weak | periodic, "
          + ProxyConfig.PATHS.name() + ", " + ProxyConfig.HTTP_ADDRESS.name() + ", "
          + RelayConfig.ADDRESS.name()
          + ", ... (see conf/blink-default.xml).",
      "Exit code 2 on a bad flag or setting (the message names the key, the value and the fix).");

  static final Manual MANUAL = new Manual("blink proxy", "the write proxy daemon",
      List.of("bin/blink proxy [-conf site.xml ...] [-D key=value ...]"),
      List.of("Follows the schedule and moves the replicas the NameNode staged on always-on nodes",
          "for sleeping DataNodes into their layout during the targets' windows (throttled,",
          "blink.proxy.move.bytes.per.sec); serves the WebHDFS read relay, whose reads wait for a",
          "replica's window instead of failing, and BlinkFS's Blink API (/v1/state, /v1/blocks,",
          "/v1/file, /v1/load) with /jmx and /prom (on by default) at blink.proxy.http.address.",
          "Reads the NameNode's hdfs-site.xml (same placement policy); runs until SIGTERM."),
      Manual.exitCodes("1    could not start (a port in use, the NameNode unreachable); the"
          + " message says why", "0 is also the exit after SIGTERM, once the proxy has closed"),
      List.of("bin/blink proxy -conf /opt/blinkhdfs/conf/examples/proxy-site.xml",
          "curl http://proxy-host:9878/v1/state?node=dn1:9866"),
      List.of("bin/blink admin --help (-blinkState, -blockInfo, -fileInfo, -serverLoad),",
          "docs/proxy.md, docs/relay.md, docs/operations.md"));

  private static final SiteDaemon CLI = new SiteDaemon("blink proxy", USAGE, MANUAL,
      ProxyDaemon::start);

  /** {@code bin/blink proxy [-conf file] [-D key=value ...]}: runs until SIGTERM. */
  public static void main(String[] args) throws Exception {
    System.exit(run(args, System.out, System.err, new CountDownLatch(1)));
  }

  /**
   * Parses {@code args}, starts the daemon and waits until {@code stopped} counts down (the
   * shutdown hook closes the daemon and counts it down); returns the exit code.
   */
  static int run(String[] args, PrintStream out, PrintStream err, CountDownLatch stopped)
      throws InterruptedException {
    return CLI.run(args, out, err, stopped);
  }
}
