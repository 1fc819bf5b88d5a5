package org.blinkhdfs.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.placement.PlacementConfig;

/**
 * The Hadoop configuration of every process of a {@link LocalCluster}: the shared part (file
 * system address, block size, heartbeats and timeouts from {@link ClusterTimings}) and the
 * per-role parts (NameNode with the layout's placement policy, DataNode with its ports,
 * directories and bandwidth cap, client with the blink-aware file system). Each daemon gets its
 * own conf dir with {@code core-site.xml} and {@code hdfs-site.xml}, first on its classpath, so
 * an operator can read exactly what every process ran with.
 *
 * <p>The NameNode holds OFF DataNodes in HDFS maintenance (docs/placement.md, "Maintenance for OFF
 * nodes"): the combined hosts provider reads {@value #HOSTS_FILE} in the NameNode's directory,
 * which the BlinkHDFS plugin writes, and the maintenance monitor runs every second so a node is
 * IN_MAINTENANCE within a second or two of its OFF epoch (HDFS checks every 30 s by default).
 *
 * <p>The write proxy ({@link ProxySpec}) gets the NameNode's layout keys and the shared keys, so it
 * computes the same layouts from the same schedule file; it plans copies at the DataNodes' move
 * cap ({@code dfs.datanode.balance.bandwidthPerSec} = {@link ClusterSpec#moveBytesPerSec()}).
 * Its conf dir also holds {@value #PROXY_METRICS_FILE}: a 1 s metrics period, because {@code
 * /jmx} serves a source's values cached for one period (10 s by default), too stale to see a
 * copy in flight. DataNodes' conf dirs hold {@value #DATANODE_METRICS_FILE} with a 1 s period for
 * the same reason: their agents read utilization from the DataNode's {@code /jmx} transfer
 * counters every heartbeat ({@code blink.agent.utilization.source = datanode}); so does the
 * NameNode's ({@value #NAMENODE_METRICS_FILE}), whose {@code BlinkDatasets} live set and A(d) a
 * bench follows as datasets turn live and idle within seconds.
 *
 * <p>The proxy also serves the WebHDFS read relay (docs/relay.md) on a loopback port of its own
 * ({@code blink.proxy.relay.address}; the daemon's default, {@code 127.0.0.1:14000}, would clash
 * between clusters). HttpFS acts for each caller as a proxy user, so the NameNode allows this
 * process's user to impersonate anyone ({@code hadoop.proxyuser.<user>.hosts/groups = *}) and the
 * relay's own HttpFS check gets the same rule ({@code httpfs.proxyuser.*}); every daemon runs as
 * the one local user. Stock clients of the relay ({@link #stockClient()}) wait out a held read:
 * their {@code dfs.webhdfs.socket.read-timeout} is two blink intervals.
 *
 * <p>Stateless apart from the spec and the chosen addresses; immutable.
 */
final class HdfsSite {
  /**
   * Shortest window left on a replica for reads to be sent to it (NameNode ordering and client
   * wait); half a second suits the shortened intervals, where a 20% window is 1.2 s.
   */
  static final long READ_MIN_WINDOW_MS = 500;
  /** The combined hosts file ({@code dfs.hosts}) in the NameNode's directory. */
  static final String HOSTS_FILE = "blink-hosts.json";
  /** How often the NameNode plugin compares the schedule with the maintenance it asked for. */
  static final long MAINTENANCE_CHECK_MS = 500;
  /** The proxy's scan interval: staged replicas are found within a second of their write. */
  static final long PROXY_SCAN_INTERVAL_MS = 1_000;
  /** The proxy's metrics2 file (prefix {@code BlinkProxy}), read from its classpath. */
  static final String PROXY_METRICS_FILE = "hadoop-metrics2-blinkproxy.properties";
  /** HDFS's write packet ({@code dfs.client-write-packet-size} default, 64 KiB). */
  static final long WRITE_PACKET_BYTES = 64 * 1024;
  /** HDFS's {@code dfs.client.write.max-packets-in-flight} default (80 packets, 5 MiB). */
  static final int HDFS_MAX_PACKETS_IN_FLIGHT = 80;
  /** The DataNodes' metrics2 file, read from their classpath. */
  static final String DATANODE_METRICS_FILE = "hadoop-metrics2-datanode.properties";
  /** The NameNode's metrics2 file, read from its classpath. */
  static final String NAMENODE_METRICS_FILE = "hadoop-metrics2-namenode.properties";

  private final ClusterSpec spec;
  private final ClusterTimings timings;
  private final String nameNodeRpc;
  private final Path scheduleFile;
  private final String schedulerAddress;

  /**
   * @param schedulerAddress where the scheduler listens; the NameNode reads the schedule file
   *     but reports its live application groups there ({@code blink.groups.report.address})
   */
  HdfsSite(ClusterSpec spec, String nameNodeRpc, Path scheduleFile, String schedulerAddress) {
    this.spec = spec;
    this.schedulerAddress = schedulerAddress;
    this.timings = ClusterTimings.forInterval(spec.intervalMs());
    this.nameNodeRpc = nameNodeRpc;
    this.scheduleFile = scheduleFile;
  }

  /** Keys every process shares. */
  Configuration common() {
    Configuration c = new Configuration(false);
    c.set("fs.defaultFS", "hdfs://" + nameNodeRpc);
    c.setLong("dfs.blocksize", spec.blockSizeBytes());
    c.setInt("dfs.replication", spec.layout() == Layout.COVERING ? spec.coveringDomains()
        : Math.min(3, spec.dataNodes()));
    c.setLong("dfs.heartbeat.interval", timings.heartbeatSeconds());
    c.setLong("dfs.namenode.stale.datanode.interval", timings.staleMs());
    c.setInt("dfs.namenode.stale.datanode.minimum.interval", timings.staleMinimumHeartbeats());
    c.setLong("dfs.namenode.heartbeat.recheck-interval", timings.recheckMs());
    c.setLong("dfs.client.socket-timeout", timings.socketTimeoutMs());
    c.setLong("dfs.datanode.socket.write.timeout", timings.socketTimeoutMs());
    c.setInt("dfs.client.write.max-packets-in-flight", maxPacketsInFlight(spec.blockSizeBytes()));
    c.setBoolean("dfs.permissions.enabled", false);
    c.set(BlinkKeys.SCHEDULE_FILE, scheduleFile.toString());
    c.setLong(BlinkKeys.SCHEDULE_POLL_MS, 200);
    c.setLong(BlinkKeys.INTERVAL_MS, spec.intervalMs());
    c.setLong(BlinkKeys.READ_MIN_WINDOW_MS, READ_MIN_WINDOW_MS);
    spec.layoutKeys().clientKeys().forEach(c::set);
    return c;
  }

  /**
   * {@code dfs.client.write.max-packets-in-flight}: at most one block's packets, HDFS's 80 for
   * blocks of 5 MiB or more. A writer's {@code hflush}, {@code hsync} or {@code close} waits for
   * every queued packet's ack under one deadline, the write timeout plus 5 s per pipeline node
   * ({@code DataStreamer#waitForAckedSeqno}: 20 s here for two nodes), and at 20% a blinking
   * pipeline completes about one block per interval. With 128 MiB blocks HDFS's 5 MiB in flight
   * is a fraction of a block; with the local cluster's 1 MiB blocks it was five blocks, five
   * intervals (30 s at 6 s): a TeraGen map on the ring at 20% failed its closing {@code hsync}
   * with "No ack received after 23s" while its pipeline was completing a block every 5.8 s
   * (docs/results/2026-11-28-terasort-ring). One block in flight keeps the production ratio.
   */
  static int maxPacketsInFlight(long blockSizeBytes) {
    return (int) Math.max(1, Math.min(HDFS_MAX_PACKETS_IN_FLIGHT,
        blockSizeBytes / WRITE_PACKET_BYTES));
  }

  /**
   * The NameNode: layout policy, blink read ordering and plugin, fast redundancy monitor; for the
   * stock layout ({@link Layout#isStock()}) HDFS's classes only ({@link #stockNameNode}).
   */
  Configuration nameNode(Path dir, int httpPort) {
    if (spec.layout().isStock()) {
      return stockNameNode(dir, httpPort);
    }
    Configuration c = common();
    c.set("dfs.namenode.rpc-address", nameNodeRpc);
    c.set("dfs.namenode.http-address", "127.0.0.1:" + httpPort);
    c.set("blink.groups.report.address", schedulerAddress);
    c.set("dfs.namenode.name.dir", dir.resolve("name").toUri().toString());
    c.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
    // /prom, as conf/examples/namenode-hdfs-site.xml sets it (the Grafana dashboard's source).
    c.setBoolean("hadoop.prometheus.endpoint.enabled", true);
    // Before the layout's and the spec's keys, which may add plugins (e.g. the datasets').
    c.set("dfs.namenode.plugins", "org.blinkhdfs.placement.BlinkNameNodePlugin");
    layout(c);
    c.set("dfs.net.topology.impl", spec.layout().topologyClass());
    if (spec.proxy().fallback() == ProxySpec.Fallback.NONE) {
      c.setInt("dfs.namenode.replication.max-streams", 0);
    }
    if (spec.proxy().configured()) {
      proxyUser(c, "hadoop.proxyuser.");
    }
    c.setLong(BlinkKeys.WRITE_BYTES_PER_SEC, spec.bandwidthBytesPerSec());
    c.setLong(BlinkKeys.WRITE_MARGIN_MS, 500);
    staleAndSafeMode(c);
    maintenance(c, dir);
    return c;
  }

  /**
   * The stock covering set's NameNode: the shared keys and HDFS's own keys only ({@link
   * CoveringHosts#nameNodeKeys}: upgrade-domain placement, the combined hosts file {@value
   * #HOSTS_FILE} in {@code dir}, which {@link LocalCluster} writes, maintenance with one live
   * replica elsewhere), HDFS's default topology and no plugin. The timings (heartbeats, stale
   * nodes avoided for reads and writes, a 1 s redundancy and admin monitor) are the other
   * layouts', so the comparison differs in placement and power handling only; the {@code
   * blink.*} keys of {@link #common()} are read by no NameNode class here.
   */
  private Configuration stockNameNode(Path dir, int httpPort) {
    Configuration c = common();
    c.set("dfs.namenode.rpc-address", nameNodeRpc);
    c.set("dfs.namenode.http-address", "127.0.0.1:" + httpPort);
    c.set("dfs.namenode.name.dir", dir.resolve("name").toUri().toString());
    c.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
    c.setBoolean("hadoop.prometheus.endpoint.enabled", true);
    CoveringHosts.nameNodeKeys(dir.resolve(HOSTS_FILE), spec.coveringDomains(), 1)
        .forEach(c::set);
    spec.nameNodeKeys().forEach(c::set);
    staleAndSafeMode(c);
    return c;
  }

  /**
   * The NameNode keys every layout shares: a 1 s redundancy monitor, stale nodes avoided for
   * reads and writes, no load-based exclusion, no safe-mode wait.
   */
  private static void staleAndSafeMode(Configuration c) {
    c.setInt("dfs.namenode.redundancy.interval.seconds", 1);
    c.setBoolean("dfs.namenode.avoid.read.stale.datanode", true);
    c.setBoolean("dfs.namenode.avoid.write.stale.datanode", true);
    // Most ring nodes are stale at low power by design; keep avoiding them for writes.
    c.setFloat("dfs.namenode.write.stale.datanode.ratio", 1.0f);
    // Frozen nodes report stale load figures; load-based exclusion would only add noise.
    c.setBoolean("dfs.namenode.redundancy.considerLoad", false);
    c.setInt("dfs.namenode.safemode.min.datanodes", 0);
    c.setLong("dfs.namenode.safemode.extension", 0);
  }

  /** The layout's policy and keys: the NameNode and the proxy compute layouts alike. */
  private void layout(Configuration c) {
    c.set("dfs.block.replicator.classname", spec.layout().policyClass());
    spec.layoutKeys().nameNodeKeys().forEach(c::set);
    spec.layout().nameNodeKeys().forEach(c::set);
    spec.nameNodeKeys().forEach(c::set);
  }

  /**
   * The write proxy: the layout, the schedule, its HTTP and relay addresses, copies planned at
   * the move cap, a 1 s scan, and the spec's {@code blink.proxy.*} keys over these. With more
   * than one relay ({@code peers}, every relay's {@code 127.0.0.1:port}) it also gets {@code
   * blink.proxy.relay.peers} and its own entry as {@code blink.proxy.relay.self}.
   */
  Configuration proxy(int httpPort, int relayPort, List<String> peers) {
    Configuration c = common();
    layout(c);
    c.set(BlinkKeys.PROXY_HTTP_ADDRESS, "127.0.0.1:" + httpPort);
    String self = "127.0.0.1:" + relayPort;
    c.set(BlinkKeys.PROXY_RELAY_ADDRESS, self);
    if (peers.size() > 1) {
      c.set(BlinkKeys.PROXY_RELAY_PEERS, String.join(",", peers));
      c.set(BlinkKeys.PROXY_RELAY_SELF, self);
    }
    proxyUser(c, "httpfs.proxyuser.");
    c.setLong(BlinkKeys.PROXY_MOVE_BYTES_PER_SEC, spec.moveBytesPerSec());
    c.setLong(BlinkKeys.PROXY_SCAN_MS, PROXY_SCAN_INTERVAL_MS);
    c.setBoolean("hadoop.prometheus.endpoint.enabled", true);
    spec.proxy().keys().forEach(c::set);
    return c;
  }

  /** OFF nodes in HDFS maintenance through the combined hosts file in {@code dir}. */
  private void maintenance(Configuration c, Path dir) {
    c.set("dfs.namenode.hosts.provider.classname",
        "org.apache.hadoop.hdfs.server.blockmanagement.CombinedHostFileManager");
    c.set("dfs.hosts", dir.resolve(HOSTS_FILE).toString());
    c.setInt("dfs.namenode.decommission.interval", 1);
    c.setBoolean(PlacementConfig.MAINTENANCE_ENABLED.name(), true);
    c.setLong(PlacementConfig.MAINTENANCE_CHECK_MS.name(), MAINTENANCE_CHECK_MS);
    c.setLong(PlacementConfig.MAINTENANCE_SLEEP_THRESHOLD_MS.name(),
        timings.maintenanceSleepThresholdMs());
  }

  /** DataNode {@code i}: its own ports and directory, the bandwidth cap. */
  Configuration dataNode(Path dir, int xferPort, int httpPort, int ipcPort) {
    Configuration c = common();
    c.set("dfs.datanode.address", "127.0.0.1:" + xferPort);
    c.set("dfs.datanode.http.address", "127.0.0.1:" + httpPort);
    c.set("dfs.datanode.ipc.address", "127.0.0.1:" + ipcPort);
    c.set("dfs.datanode.data.dir", dir.resolve("data").toUri().toString());
    c.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
    c.setLong("dfs.datanode.data.read.bandwidthPerSec", spec.bandwidthBytesPerSec());
    c.setLong("dfs.datanode.data.write.bandwidthPerSec", spec.bandwidthBytesPerSec());
    c.setLong("dfs.datanode.balance.bandwidthPerSec", spec.moveBytesPerSec());
    c.setLong("dfs.blockreport.initialDelay", 0);
    c.set("dfs.heartbeat.interval", timings.dataNodeHeartbeatMs() + "ms");
    return c;
  }

  /** A client: the blink-aware file system, which waits for a window instead of timing out. */
  Configuration client() {
    Configuration c = common();
    c.set("fs.hdfs.impl", "org.blinkhdfs.client.BlinkDistributedFileSystem");
    c.setBoolean("fs.hdfs.impl.disable.cache", true);
    return c;
  }

  /**
   * A stock client: Hadoop's own {@code DistributedFileSystem} and {@code WebHdfsFileSystem}
   * (no {@code fs.hdfs.impl}), with the cluster's socket timeout for HDFS reads and a WebHDFS
   * read timeout of two blink intervals, longer than any read the relay holds.
   */
  Configuration stockClient() {
    Configuration c = common();
    c.setBoolean("fs.hdfs.impl.disable.cache", true);
    c.setBoolean("fs.webhdfs.impl.disable.cache", true);
    c.set("dfs.webhdfs.socket.read-timeout", webHdfsReadTimeoutMs() + "ms");
    return c;
  }

  /** {@code dfs.webhdfs.socket.read-timeout} of {@link #stockClient()}: two intervals. */
  long webHdfsReadTimeoutMs() {
    return 2 * spec.intervalMs();
  }

  /** {@code <prefix><this user>.hosts} and {@code .groups} = {@code *} (see the class comment). */
  private static void proxyUser(Configuration c, String prefix) {
    String user = localUser();
    c.set(prefix + user + ".hosts", "*");
    c.set(prefix + user + ".groups", "*");
  }

  /** The user every daemon runs as: Hadoop's login user of this process (its children alike). */
  static String localUser() {
    try {
      return org.apache.hadoop.security.UserGroupInformation.getCurrentUser().getShortUserName();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot tell the local user for the relay's"
          + " hadoop.proxyuser rule", e);
    }
  }

  ClusterTimings timings() {
    return timings;
  }

  /** Writes {@code conf} as the dir's hdfs-site.xml, an empty core-site.xml and log4j. */
  static Path writeConfDir(Path confDir, Configuration conf) throws IOException {
    Files.createDirectories(confDir);
    try (OutputStream out = Files.newOutputStream(confDir.resolve("hdfs-site.xml"))) {
      conf.writeXml(out);
    }
    try (OutputStream out = Files.newOutputStream(confDir.resolve("core-site.xml"))) {
      new Configuration(false).writeXml(out);
    }
    Files.writeString(confDir.resolve("log4j.properties"), String.join("\n",
        "log4j.rootLogger=INFO, console",
        "log4j.appender.console=org.apache.log4j.ConsoleAppender",
        "log4j.appender.console.target=System.out",
        "log4j.appender.console.layout=org.apache.log4j.PatternLayout",
        "log4j.appender.console.layout.ConversionPattern=%d{HH:mm:ss,SSS} %-5p %c{1} - %m%n",
        "log4j.logger.org.eclipse.jetty=WARN",
        "log4j.logger.org.apache.hadoop.hdfs.StateChange=WARN",
        "log4j.logger.BlockStateChange=WARN",
        ""));
    return confDir;
  }

  /** {@link #writeConfDir} plus the proxy's metrics file (1 s period, see the class comment). */
  static Path writeProxyConfDir(Path confDir, Configuration conf) throws IOException {
    return writeConfDir(confDir, conf, PROXY_METRICS_FILE);
  }

  /** {@link #writeConfDir} plus the NameNode's metrics file (1 s period, see the class comment). */
  static Path writeNameNodeConfDir(Path confDir, Configuration conf) throws IOException {
    return writeConfDir(confDir, conf, NAMENODE_METRICS_FILE);
  }

  /** {@link #writeConfDir} plus a DataNode's metrics file (1 s period, see the class comment). */
  static Path writeDataNodeConfDir(Path confDir, Configuration conf) throws IOException {
    return writeConfDir(confDir, conf, DATANODE_METRICS_FILE);
  }

  private static Path writeConfDir(Path confDir, Configuration conf, String metricsFile)
      throws IOException {
    writeConfDir(confDir, conf);
    Files.writeString(confDir.resolve(metricsFile), "*.period=1\n");
    return confDir;
  }
}
