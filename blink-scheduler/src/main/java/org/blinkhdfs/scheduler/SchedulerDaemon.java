package org.blinkhdfs.scheduler;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.http.HttpServer2;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.blinkhdfs.common.cli.Manual;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.control.scheduler.PowerScheduler;
import org.blinkhdfs.control.scheduler.WakeDriver;
import org.blinkhdfs.daemon.cli.SiteDaemon;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.yarn.PendingContainersConfig;
import org.blinkhdfs.yarn.PendingContainersPoller;
import org.blinkhdfs.yarn.YarnPublisher;
import org.blinkhdfs.yarn.YarnPublisherConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The power scheduler daemon ({@code bin/blink scheduler}): BlinkFS's power manager as a
 * service. It turns the configured power signal (or an admin setting) into schedule epochs with
 * {@link PowerScheduler}, serves them and takes the agents' status heartbeats over HTTP
 * ({@code docs/scheduler-api.md}), writes {@code blink.schedule.file} atomically for NameNodes
 * that read files, and publishes metrics at {@code /jmx} (and {@code /prom}).
 *
 * <p>Threads: one ticker calls {@link PowerScheduler#tick} every {@code blink.scheduler.tick.ms}
 * and writes each new epoch; Jetty's threads serve requests. With {@code
 * blink.yarn.publisher.enabled} a {@link YarnPublisher} (its own thread) tells the YARN
 * ResourceManager each new epoch and follows its window edges; with {@code
 * blink.yarn.pending.address} a {@link PendingContainersPoller} (its own thread) reads YARN's
 * pending containers into the {@link LoadBook}, which also keeps the proxies' held reads
 * ({@code PUT /v1/held}) and hands both to the policy before each tick. {@link PowerScheduler} is
 * synchronized, so both share it. With a wake backend ({@code blink.scheduler.wake.backend}),
 * the ticker also runs a {@link WakeDriver} after each tick, which wakes sleeping hosts the epoch
 * needs awake (docs/operations.md, "Wake on demand"); the backends' sends run on a small pool of
 * their own, so a slow power command never delays a tick. A failure in one tick (e.g. the
 * schedule file's disk is full) is logged and retried on the next; it never stops the ticker.
 *
 * <p>Example: {@code bin/blink scheduler -D blink.scheduler.nodes=h1:9866,h2:9866
 * -D blink.scheduler.signal=steady:50% -D blink.scheduler.admin.acl=hdfs} serves {@code
 * http://0.0.0.0:9877/}; under simple authentication without the admin ACL it would refuse that
 * address ({@code docs/security.md}, "Exposure").
 */
public final class SchedulerDaemon implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(SchedulerDaemon.class);
  static final String ATTRIBUTE = "blink.scheduler.daemon";
  /**
   * Wake sends at once: a send may block for its backend's timeout (a power command, QMP waiting
   * for the guest), and a recovery group wakes several nodes together.
   */
  private static final int MAX_WAKE_THREADS = 8;

  /** The configuration keys the daemon reads besides blink-model's (for documentation checks). */
  public static final List<ConfigKey> CONFIG_KEYS =
      keys();

  private final SchedulerConfig config;
  private final PowerScheduler scheduler;
  private final Clock clock;
  private final HttpServer2 http;
  private final ScheduledExecutorService ticker;
  private final Optional<ScheduleFileWriter> fileWriter;
  private final SchedulerMetrics metrics;
  private final Optional<YarnPublisher> yarn;
  /** Held reads and YARN pending containers for the auto policy ({@code PUT /v1/held}). */
  private final LoadBook load;
  private final Optional<PendingContainersPoller> pending;
  private final SchedulerSecurity security;
  private final GroupStore groups;
  private final GroupActiveSet groupActiveSet;
  /** Runs the wake backends' sends; absent when no node has a wake backend. */
  private final Optional<ExecutorService> wakeSends;
  private final Optional<WakeDriver> wakeDriver;

  private SchedulerDaemon(Configuration conf, Clock clock) throws IOException {
    this.config = new SchedulerConfig(conf, clock);
    this.security = new SchedulerSecurity(conf, java.util.stream.Stream.concat(
        config.settings.ring().stream(), config.settings.stagingNodes().stream()).toList());
    // refuses an exposed address before anything is registered or started
    HttpServer2.Builder server = security.http.builder(conf, "blink",
        SchedulerConfig.HTTP_ADDRESS, config.httpAddress, SchedulerTls.scheme(conf));
    this.clock = clock;
    this.scheduler = new PowerScheduler(config.settings, config.policy, config.recovery, clock);
    this.load = new LoadBook(new LoadConfig(conf::get).maxAgeMs());
    scheduler.setSignal(config.signal, clock.millis());
    this.groups = new GroupStore(config.groupsFile.isEmpty() ? Optional.empty()
        : Optional.of(Path.of(config.groupsFile)));
    this.groupActiveSet = new GroupActiveSet(groups::current, config.primaries, config.share,
        config.liveMs, clock);
    if (config.groupsActivation) {
      scheduler.setActiveSet(groupActiveSet);
    }
    this.wakeSends = config.wake.backends().isEmpty() ? Optional.empty()
        : Optional.of(Executors.newFixedThreadPool(
            Math.min(MAX_WAKE_THREADS, config.wake.backends().size()), r -> {
              Thread t = new Thread(r, "blink-scheduler-wake");
              t.setDaemon(true);
              return t;
            }));
    this.wakeDriver = wakeSends.map(ex -> new WakeDriver(scheduler, config.wake.backends(),
        config.wake.settings(), clock, ex));
    this.fileWriter = config.scheduleFile.isEmpty() ? Optional.empty()
        : Optional.of(new ScheduleFileWriter(Path.of(config.scheduleFile)));
    DefaultMetricsSystem.initialize("BlinkScheduler");
    this.metrics = SchedulerMetrics.register(this);
    this.http = SchedulerTls.serve(conf, server).build();
    security.http.secure(http);
    http.setAttribute(ATTRIBUTE, this);
    SchedulerServlets.register(http);
    http.start();
    YarnPublisher.loginIfEnabled(conf);
    this.yarn = YarnPublisher.startIfEnabled(conf, scheduler::published, clock);
    this.pending = PendingContainersPoller.startIfConfigured(conf,
        n -> load.recordPending(n, clock.millis()),
        msg -> load.recordPendingFailure(msg, clock.millis()));
    tickOnce();
    this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "blink-scheduler-ticker");
      t.setDaemon(true);
      return t;
    });
    ticker.scheduleWithFixedDelay(this::tickOnce, config.tickMs, config.tickMs,
        TimeUnit.MILLISECONDS);
    LOG.info("BlinkHDFS scheduler serving http://{}:{}/ for {} ring nodes, {}, schedule file {},"
        + " recovery {}, wake on demand {}, transitions {}", httpAddress().getHostString(),
        httpAddress().getPort(), config.settings.ring().size(), config.signal.describe(),
        fileWriter.map(w -> w.target().toString()).orElse("none"), config.recovery.describe(),
        config.wake.describe(), config.transitions);
  }

  /** Starts a daemon with the system clock. */
  public static SchedulerDaemon start(Configuration conf) throws IOException {
    return new SchedulerDaemon(conf, Clock.systemUTC());
  }

  /** Starts a daemon on {@code clock} (tests that move time by hand). */
  static SchedulerDaemon start(Configuration conf, Clock clock) throws IOException {
    return new SchedulerDaemon(conf, clock);
  }

  /** The address the HTTP server listens on (the real port when configured with port 0). */
  public InetSocketAddress httpAddress() {
    return http.getConnectorAddress(0);
  }

  public PowerScheduler scheduler() {
    return scheduler;
  }

  Clock clock() {
    return clock;
  }

  SchedulerMetrics metrics() {
    return metrics;
  }

  SchedulerConfig config() {
    return config;
  }

  SchedulerSecurity security() {
    return security;
  }

  /** The application groups ({@code GET/PUT /v1/groups}). */
  GroupStore groups() {
    return groups;
  }

  /** The live groups the NameNode reports and the A(g) they get ({@code /v1/groups/live}). */
  GroupActiveSet groupActiveSet() {
    return groupActiveSet;
  }

  /** Wake on demand, when some node has a wake backend. */
  Optional<WakeDriver> wakeDriver() {
    return wakeDriver;
  }

  /** The battery signal, when {@code blink.scheduler.signal = battery}. */
  Optional<BatterySignal> battery() {
    return config.signal instanceof BatterySignal b ? Optional.of(b) : Optional.empty();
  }

  /** Held-read reports and YARN pending containers ({@code GET/PUT /v1/held}). */
  LoadBook load() {
    return load;
  }

  /** The YARN publisher, when {@code blink.yarn.publisher.enabled} is true. */
  Optional<YarnPublisher> yarnPublisher() {
    return yarn;
  }

  private static List<ConfigKey> keys() {
    List<ConfigKey> all =
        new ArrayList<>(SchedulerConfig.KEYS);
    all.addAll(YarnPublisherConfig.KEYS);
    all.addAll(PendingContainersConfig.KEYS);
    all.addAll(LoadConfig.KEYS);
    all.addAll(SchedulerSecurity.KEYS);
    return List.copyOf(all);
  }

  /** Runs one tick now (also used after admin changes so they take effect at once). */
  synchronized void tickOnce() {
    try {
      long now = clock.millis();
      // the backlog outside the nodes, for a policy that sizes its awake set by load (auto)
      scheduler.policy().observeBacklog(load.readsHeld(now), load.pendingContainers(now));
      Optional<Schedule> s = scheduler.tick(now);
      if (s.isPresent()) {
        LOG.info("Published epoch {} ({}), lease until {}", s.get().epoch(),
            scheduler.lastPublishReason().map(Enum::name).orElse("?"),
            s.get().validUntilMs().isPresent() ? s.get().validUntilMs().getAsLong() : "never");
        yarn.ifPresent(YarnPublisher::kick);
        if (fileWriter.isPresent()) {
          fileWriter.get().write(s.get());
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.error("Scheduler tick failed; retrying at the next tick", e);
    }
    try {
      // After the tick, so an epoch that needs a sleeping node wakes it at once; a failed
      // schedule-file write above must not hold wakes back.
      wakeDriver.ifPresent(WakeDriver::tick);
    } catch (RuntimeException e) {
      LOG.error("Wake on demand failed in this tick; retrying at the next tick", e);
    }
  }

  /**
   * Stops the daemon. Nothing is published at a stop: the agents keep following the last epoch
   * until its lease ends (at most {@code blink.scheduler.lease.ms} after its interval started;
   * every epoch has one), and then every DataNode stays awake; the NameNode and the proxy treat
   * an expired schedule, the file's included, as everyone awake. An all-awake epoch published
   * now would not help: a sleeping agent sees it only at its next window, when this server is
   * gone. To wake every node before a stop, set the power to 100% first and wait one interval.
   */
  @Override
  public void close() throws IOException {
    if (ticker != null) {
      ticker.shutdownNow();
    }
    scheduler.published().ifPresent(s -> LOG.info("Stopping: the agents follow epoch {} until"
        + " its lease ends at {}; then every DataNode stays awake", s.epoch(),
        s.validUntilMs().isPresent() ? Instant.ofEpochMilli(s.validUntilMs()
            .getAsLong()) : "never (no lease: each agent's own blink.agent.lease.max.ms)"));
    yarn.ifPresent(YarnPublisher::close);
    pending.ifPresent(PendingContainersPoller::close);
    wakeSends.ifPresent(ExecutorService::shutdownNow);
    if (config.signal instanceof java.io.Closeable c) {
      c.close();
    }
    metrics.unregister();
    try {
      http.stop();
    } catch (Exception e) {
      throw new IOException("stopping the HTTP server failed", e);
    } finally {
      // The daemon owns this JVM's metrics system; HttpServer2 never unregisters its Prometheus
      // sink, so a later daemon in the same JVM (tests) would otherwise read a stale one.
      DefaultMetricsSystem.shutdown();
    }
  }

  static final String USAGE = String.join("\n",
      "usage: bin/blink scheduler [-conf site.xml ...] [-D key=value ...]",
      "",
      "Runs the power scheduler daemon: plans schedule epochs from the power signal, serves them",
      "and the agents' statuses over HTTP (docs/scheduler-api.md) and writes "
          + SchedulerConfig.SCHEDULE_FILE.name() + ".",
      "",
      "  -conf FILE        a Hadoop site XML file with blink.* keys (repeatable)",
      "  -D key=value      one setting; wins over -conf files (repeatable)",
      "  -help             this text",
      "",
      "Keys: " + SchedulerConfig.NODES.name() + " (required), " + SchedulerConfig.SIGNAL.name()
          + ", blink.scheduler.policy, blink.interval.ms, " + SchedulerConfig.HTTP_ADDRESS.name()
          + ", " + SchedulerConfig.SCHEDULE_FILE.name() + ", ... (see conf/blink-default.xml).",
      "Exit code 2 on a bad flag or setting (the message names the key, the value and the fix).");

  static final Manual MANUAL = new Manual("blink scheduler", "the power scheduler daemon",
      List.of("bin/blink scheduler [-conf site.xml ...] [-D key=value ...]"),
      List.of("Turns the available power (blink.scheduler.signal, or an override set with",
          "blinkadmin -setPower) into every node's window, epoch by epoch, and serves the schedule",
          "over HTTP at blink.scheduler.http.address: JSON or protobuf for the NameNode, the",
          "agents and the proxy; the agents' statuses; power, policy, active-node and wake",
          "requests from blinkadmin (admin ACL); /status (a page with a Gantt chart), /jmx and",
          "/prom (on by default). It also writes blink.schedule.file when set, and with",
          "blink.yarn.publisher.enabled tells the ResourceManager which nodes may run containers.",
          "Every setting is a Hadoop key (conf/blink-default.xml) from -conf files or -D; runs",
          "until SIGTERM."),
      Manual.exitCodes(
          "1    could not start (a port in use, an unreadable file); the message says why",
          "0 is also the exit after SIGTERM, once the daemon has closed"),
      List.of("bin/blink scheduler -conf /etc/hadoop/blink-scheduler.xml",
          "bin/blink scheduler -D blink.scheduler.nodes=dn1:9866,dn2:9866 -D"
              + " blink.scheduler.signal=renewable:50 -D blink.scheduler.admin.acl=hdfs"),
      List.of("bin/blink admin --help, bin/blink agent --help, docs/scheduler.md,",
          "docs/scheduler-api.md, docs/power-signals.md, docs/operations.md, conf/examples/"));

  private static final SiteDaemon CLI = new SiteDaemon("blink scheduler", USAGE, MANUAL,
      SchedulerDaemon::start);

  /** {@code bin/blink scheduler [-conf file] [-D key=value ...]}: runs until SIGTERM. */
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
