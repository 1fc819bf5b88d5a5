package org.blinkhdfs.cluster;

import java.io.Closeable;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.blinkhdfs.control.scheduler.SchedulerStatus;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * A real HDFS cluster on loopback whose DataNodes really stop and resume: a NameNode JVM, N ring
 * DataNode JVMs and S staging DataNode JVMs (each with its own ports, directories, conf dir and
 * log), plus the power scheduler and one emulate agent per ring DataNode in this JVM
 * ({@link BlinkServices}). The NameNode runs the {@link ClusterSpec#layout()} placement policy
 * with its keys ({@link LayoutKeys}), the layout's read selection ({@link Layout#topologyClass()})
 * and the BlinkHDFS plugin, all reading the schedule file the scheduler writes. With a {@link
 * ProxySpec} it also runs the write proxy's JVM ({@link ProxyProcess}) on the same site and
 * schedule file, with its own HTTP port, relay port and log; with {@link ProxySpec#relays(int)}
 * several such JVMs, whose relays are each other's peers. With a {@link YarnSpec} it also runs YARN
 * ({@link YarnCluster}): a ResourceManager JVM and a NodeManager JVM per DataNode, and a host is
 * then the DataNode, its NodeManager and the NodeManager's containers, in one freezer cgroup
 * ({@link HostGroups}) that the host's agent freezes and thaws as one (without a writable cgroup
 * hierarchy: signals to the DataNode and the NodeManager's whole process tree). Jobs are
 * submitted with {@link #jobConf()}.
 *
 * <p>Start-up order: reap leftovers of an earlier run on the same directory, format, NameNode,
 * DataNodes (in parallel), wait until all are live, then YARN (when the spec has it), then
 * scheduler and agents, then the proxy
 * (when the spec starts it with the cluster; it needs a schedule to scan). Close order is
 * the reverse, and it also runs from a shutdown hook (Ctrl-C), so no process is left behind;
 * daemons also halt by themselves when this JVM dies ({@link DaemonMain}).
 *
 * <p>Thread-safe for the query methods; {@link #close()} is idempotent.
 */
public final class LocalCluster implements Closeable {
  private static final long START_TIMEOUT_MS = 180_000;
  private static final int START_ATTEMPTS = 3;
  /** The NameNode's JMX gauges are cached up to 10 s; reading the file takes well under 1 s. */
  private static final long SCHEDULE_LOAD_TIMEOUT_MS = 30_000;
  /** How long the NameNode took to pick up the first schedule file (measured: 1.7 s). */
  private static final long SCHEDULE_FIRST_LOAD_MS = 2_500;

  private final ClusterSpec spec;
  private final Path dir;
  private final HdfsSite site;
  private final Consumer<String> progress;
  private final List<JavaDaemon> daemons = new ArrayList<>();
  private final List<DataNodeProcess> dataNodes = new ArrayList<>();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final Thread shutdownHook = new Thread(this::closeQuietly, "blink-cluster-shutdown");
  private NameNodeView nameNode;
  private String nameNodeHttp;
  private BlinkControl blink;
  private JavaDaemon nameNodeDaemon;
  private Path nameNodeConf;
  private final List<ProxyProcess> proxies = new ArrayList<>();
  private Optional<HostGroups> groups = Optional.empty();
  private YarnCluster yarn;
  private CoveringMaintenance covering;

  private LocalCluster(ClusterSpec spec, HdfsSite site, Consumer<String> progress) {
    this.spec = spec;
    this.dir = spec.baseDir().toAbsolutePath();
    this.site = site;
    this.progress = progress;
  }

  /**
   * Like {@link #start} on an empty directory: leftover daemons of an earlier cluster there are
   * killed and the directory is deleted first (a fresh format needs empty DataNode directories).
   */
  public static LocalCluster startFresh(ClusterSpec spec, Consumer<String> progress)
      throws IOException, InterruptedException {
    for (int attempt = 1; ; attempt++) {
      wipe(spec.baseDir().toAbsolutePath());
      try {
        return start(spec, progress);
      } catch (IOException e) {
        // Ports are picked free but can be taken (by any process's outgoing connection) before
        // the daemon binds them: start again on new ports, a bounded number of times.
        if (attempt >= START_ATTEMPTS || !logsMention(spec.baseDir(), "BindException")) {
          throw e;
        }
        progress.accept("a port was taken before a daemon could bind it; starting again ("
            + e.getMessage() + ")");
      }
    }
  }

  private static void wipe(Path dir) throws IOException {
    ProcessReaper.reap(dir);
    if (Files.exists(dir)) {
      try (var paths = Files.walk(dir)) {
        for (Path p : (Iterable<Path>) paths
            .sorted(java.util.Comparator.reverseOrder())::iterator) {
          Files.delete(p);
        }
      }
    }
  }

  private static boolean logsMention(Path dir, String text) throws IOException {
    Path logs = dir.toAbsolutePath().resolve("logs");
    if (!Files.isDirectory(logs)) {
      return false;
    }
    try (var files = Files.list(logs)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1).contains(text)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Starts a cluster and waits until every DataNode is live and every agent runs. */
  public static LocalCluster start(ClusterSpec spec, Consumer<String> progress)
      throws IOException, InterruptedException {
    Path dir = spec.baseDir().toAbsolutePath();
    List<Long> reaped = ProcessReaper.reap(dir);
    if (!reaped.isEmpty()) {
      progress.accept("killed " + reaped.size() + " daemons left over in " + dir + ": " + reaped);
    }
    Files.createDirectories(dir.resolve("logs"));
    PortPlan ports = PortPlan.take(spec.totalDataNodes(), spec.proxy().relays());
    String schedulerAddress = PortPlan.loopback(ports.scheduler());
    HdfsSite site = new HdfsSite(spec, PortPlan.loopback(ports.nameNodeRpc()),
        dir.resolve("schedule.json"), schedulerAddress);
    LocalCluster c = new LocalCluster(spec, site, progress);
    Runtime.getRuntime().addShutdownHook(c.shutdownHook);
    try {
      if (spec.controlPlane() == ControlPlane.PROCESSES) {
        c.groups = HostGroups.open(dir);
        progress.accept(c.groups.map(g -> "DataNodes are in freezer cgroups under "
            + g.describe()).orElse("no writable freezer cgroup hierarchy: every emulate agent"
            + " freezes by signals"));
      } else if (spec.yarn().enabled()) {
        c.groups = HostGroups.open(dir, spec.yarn().hostCpuMillicores());
        progress.accept(c.groups.map(g -> "hosts are freezer cgroups under " + g.describe())
            .orElse("no writable freezer cgroup hierarchy: hosts are frozen by signals to the"
                + " DataNode and the NodeManager's process tree"));
      }
      c.startHdfs(ports);
      if (spec.yarn().enabled()) {
        c.yarn = YarnCluster.start(spec, dir, site.client(), c.computeHosts(), c.groups,
            c.daemons, progress);
      }
      if (spec.controlPlane() == ControlPlane.PROCESSES) {
        BlinkProcesses p = BlinkProcesses.start(spec, c.dataNodes, dir,
            dir.resolve("schedule.json"), ports.scheduler(),
            c::cgroupFlags);
        c.blink = p;
        c.awaitNameNodeSchedule();
        c.progress.accept("scheduler JVM on " + p.schedulerAddress() + " (" + spec.schedulePolicy()
            + ", " + spec.powerPercent() + "% power, interval " + spec.intervalMs() + " ms); "
            + "agent JVMs " + p.agents().stream().map(a -> a.daemon().name() + " " + a.kind())
            .toList());
      } else {
        c.blink = BlinkServices.start(c.yarn == null ? spec : c.withYarnPublisher(spec),
            c.dataNodes, dir.resolve("schedule.json"), c::freezerFlags,
            schedulerAddress);
        c.awaitNameNodeSchedule();
        c.progress.accept("scheduler on " + c.blink.schedulerAddress() + " ("
            + spec.schedulePolicy() + ", " + spec.powerPercent() + "% power, interval "
            + spec.intervalMs() + " ms); " + spec.dataNodes() + " emulate agents freezing their "
            + (c.yarn == null ? "DataNode JVMs" : "hosts (DataNode, NodeManager, containers)"));
      }
      c.configureProxies(ports.proxies());
      return c;
    } catch (IOException | InterruptedException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  /**
   * Waits until the NameNode has read a schedule: before that its placement policy places
   * blocks as stock HDFS, and a data set written then would not lie in the layout (the first
   * read of a missing file is slower than the 200 ms poll).
   */
  private void awaitNameNodeSchedule() throws IOException, InterruptedException {
    if (spec.layout().isStock()) {
      return; // HDFS as shipped reads no schedule
    }
    long deadline = System.currentTimeMillis() + SCHEDULE_LOAD_TIMEOUT_MS;
    // Ask after the load usually happened: an early answer of -1 is cached by JMX for 10 s.
    Thread.sleep(SCHEDULE_FIRST_LOAD_MS);
    String last = "no answer yet";
    while (true) {
      try {
        if (nameNode.metric("BlinkSchedule", "ScheduleEpoch") >= 0) {
          return;
        }
        last = "ScheduleEpoch -1";
      } catch (SocketTimeoutException e) {
        // A NameNode busy with its start on a loaded host answers late: ask again.
        last = "JMX read timed out: " + e.getMessage();
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("the NameNode read no schedule within " + SCHEDULE_LOAD_TIMEOUT_MS
            + " ms of the scheduler's start (last: " + last + "); see "
            + dir.resolve("logs/namenode.log"));
      }
      Thread.sleep(200);
    }
  }

  /**
   * One proxy JVM per planned {@link PortPlan.ProxyPorts}: {@code proxy} (conf in {@code
   * proxy/conf}, log {@code logs/proxy.log}), then {@code proxy2}, {@code proxy3}, ...; with more
   * than one, every relay lists all of them as its peers.
   */
  private void configureProxies(List<PortPlan.ProxyPorts> ports)
      throws IOException, InterruptedException {
    if (!spec.proxy().configured()) {
      return;
    }
    List<String> peers = ports.stream().map(p -> PortPlan.loopback(p.relay())).toList();
    for (int i = 0; i < ports.size(); i++) {
      String name = i == 0 ? "proxy" : "proxy" + (i + 1);
      int httpPort = ports.get(i).http();
      Path conf = HdfsSite.writeProxyConfDir(dir.resolve(name + "/conf"),
          site.proxy(httpPort, ports.get(i).relay(), peers));
      proxies.add(new ProxyProcess(launcher(), name, conf, "127.0.0.1:" + httpPort, peers.get(i)));
    }
    if (spec.proxy().launch() == ProxySpec.Launch.WITH_CLUSTER) {
      for (ProxyProcess p : proxies) {
        p.start();
        progress.accept("write proxy on http://" + p.httpAddress() + "/jmx, relay "
            + p.relayUri() + " (log " + p.log() + ")");
      }
    }
  }

  private void startHdfs(PortPlan ports) throws IOException, InterruptedException {
    Path nnDir = dir.resolve("namenode");
    CoveringHosts coveringHosts = null;
    if (spec.layout() == Layout.COVERING) {
      // Every ring DataNode with its upgrade domain, before any registers (an include list).
      List<String> ring = new ArrayList<>();
      for (int i = 0; i < spec.dataNodes(); i++) {
        ring.add(PortPlan.loopback(ports.dataNodes().get(i).transfer()));
      }
      coveringHosts = new CoveringHosts(nnDir.resolve(HdfsSite.HOSTS_FILE), ring,
          spec.coveringDomains());
      coveringHosts.write(java.util.Set.of(), 0);
      progress.accept("stock covering set: " + coveringHosts.coveringSet() + ", dfs.hosts "
          + coveringHosts.path());
    }
    Configuration nnSite = site.nameNode(nnDir, ports.nameNodeHttp());
    nameNodeHttp = PortPlan.loopback(ports.nameNodeHttp());
    Path nnConf = HdfsSite.writeNameNodeConfDir(nnDir.resolve("conf"), nnSite);
    progress.accept("formatting the NameNode in " + nnDir);
    JavaDaemon format = JavaDaemon.start(launcher(), "namenode-format", nnConf, JvmFlags.NAMENODE,
        "org.apache.hadoop.hdfs.server.namenode.NameNode",
        List.of("-format", "-force", "-nonInteractive"), dir.resolve("logs/namenode-format.log"));
    int rc = format.waitFor(120_000);
    if (rc != 0) {
      throw new IOException("NameNode format exited with " + rc + "; see " + format.log());
    }
    nameNodeConf = nnConf;
    nameNodeDaemon = startNameNode();
    daemons.add(nameNodeDaemon);
    for (int i = 0; i < spec.totalDataNodes(); i++) {
      boolean staging = i >= spec.dataNodes();
      String name = staging ? "staging-" + (i - spec.dataNodes()) : "datanode-" + i;
      PortPlan.DataNodePorts p = ports.dataNodes().get(i);
      Path dnDir = dir.resolve(name);
      Path conf = HdfsSite.writeDataNodeConfDir(dnDir.resolve("conf"),
          site.dataNode(dnDir, p.transfer(), p.http(), p.ipc()));
      JavaDaemon d = JavaDaemon.start(launcher(), name, conf, JvmFlags.DATANODE,
          "org.apache.hadoop.hdfs.server.datanode.DataNode", List.of(),
          dir.resolve("logs/" + name + ".log"));
      daemons.add(d);
      if (groups.isPresent()) {
        groups.get().add(name, d.pid());
      }
      dataNodes.add(new DataNodeProcess(PortPlan.loopback(p.transfer()),
          PortPlan.loopback(p.http()), staging, d));
    }
    progress.accept("started NameNode and " + spec.dataNodes() + "+" + spec.stagingNodes()
        + " DataNode JVMs (logs in " + dir.resolve("logs") + "); waiting until they are live");
    nameNode = new NameNodeView(site.common(), nameNodeHttp);
    nameNode.awaitLive(spec.totalDataNodes(), START_TIMEOUT_MS, daemons);
    progress.accept("all " + spec.totalDataNodes() + " DataNodes live");
    if (coveringHosts != null) {
      covering = new CoveringMaintenance(coveringHosts, site.common(), nameNode.dfs());
    }
  }

  /** Where and on which classpath this cluster's daemons run. */
  private DaemonLauncher launcher() {
    return DaemonLauncher.of(spec, dir);
  }

  private JavaDaemon startNameNode() throws IOException {
    return JavaDaemon.start(launcher(), "namenode", nameNodeConf, JvmFlags.NAMENODE,
        "org.apache.hadoop.hdfs.server.namenode.NameNode", List.of(),
        dir.resolve("logs/namenode.log"));
  }

  /** A ring DataNode's {@code --cgroup} agent flags, when DataNodes are in freezer cgroups. */
  private Optional<List<String>> cgroupFlags(DataNodeProcess dn) {
    if (groups.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(List.of("--cgroup", groups.get().host(dn.daemon().name()).toString()));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The agent flags that name what to freeze for ring DataNode {@code dn}: its host's cgroup,
   * else (YARN without cgroups) the DataNode and the NodeManager's process tree, else the
   * DataNode's JVM.
   */
  private List<String> freezerFlags(DataNodeProcess dn) {
    try {
      if (groups.isPresent()) {
        return List.of("--cgroup", groups.get().host(dn.daemon().name()).toString());
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    if (yarn != null) {
      return List.of("--pid-tree", dn.pid() + "," + yarn.nodeManager(dataNodes.indexOf(dn)).pid());
    }
    return List.of("--pids", Long.toString(dn.pid()));
  }

  /**
   * The configuration to submit MapReduce jobs to this cluster's YARN with (a fresh copy): the
   * HDFS client keys of {@link #clientConf()}, the ResourceManager's address, the MapReduce keys
   * ({@link YarnSite}).
   */
  public Configuration jobConf() {
    return yarn().jobConf();
  }

  /** Where finished MapReduce jobs' history files are left in HDFS (no JobHistory server). */
  public String jobHistoryDir() {
    yarn();
    return YarnSite.HISTORY_DIR;
  }

  /**
   * The spec with the YARN publisher switched on in the scheduler (docs/yarn.md): it zeroes the
   * resources of asleep, OFF and io-server hosts' NodeManagers and of hosts whose window closes
   * within the lead (an eighth of the interval, at least 200 ms), so containers start only on
   * hosts that stay awake.
   */
  private ClusterSpec withYarnPublisher(ClusterSpec s) throws IOException {
    Map<String, String> keys = new HashMap<>(s.schedulerKeys());
    keys.put("blink.yarn.publisher.enabled", "true");
    // The publisher reads node reports (client RPC) and changes them (admin RPC).
    keys.put("yarn.resourcemanager.address", yarn.resourceManagerAddress());
    keys.put("yarn.resourcemanager.admin.address", yarn.adminAddress());
    keys.put("blink.yarn.nodes", yarn.publisherNodeMap(computeHosts()));
    keys.put("blink.yarn.close.lead.ms", Long.toString(Math.max(200, s.intervalMs() / 8)));
    return s.toBuilder().schedulerKeys(keys).build();
  }

  /**
   * The DataNodes whose hosts run a NodeManager: all of them, or the ring only when staging
   * hosts are storage-only ({@link YarnSpec#computeOnStaging}). Ring DataNodes come first, so
   * a ring DataNode's index is its NodeManager's either way.
   */
  private List<DataNodeProcess> computeHosts() {
    return spec.yarn().computeOnStaging() ? dataNodes
        : dataNodes.stream().filter(d -> !d.staging()).toList();
  }

  /** The ResourceManager's RPC address ({@code yarn.resourcemanager.address}). */
  public String resourceManagerAddress() {
    return yarn().resourceManagerAddress();
  }

  /** The ResourceManager's reports of every NodeManager (state, last health report). */
  public List<org.apache.hadoop.yarn.api.records.NodeReport> yarnNodeReports()
      throws IOException {
    return yarn().nodeReports();
  }

  /** The expiry of YARN's liveness monitors and of {@code mapreduce.task.timeout}, in ms. */
  public long yarnLivenessMs() {
    return yarn().livenessMs();
  }

  /** {@code mapreduce.task.timeout} for jobs under {@code s} ({@link YarnSite#taskTimeoutMs}). */
  public long taskTimeoutMs(Schedule s) {
    return YarnSite.taskTimeoutMs(yarnLivenessMs(), s);
  }

  /**
   * Sets the task timeouts for jobs under {@code s} on {@code job}: {@code mapreduce.task.timeout}
   * ({@link YarnSite#taskTimeoutMs}) and {@code mapreduce.task.stuck.timeout-ms} ({@link
   * YarnSite#stuckTimeoutMs}); returns the first.
   */
  public long setTaskTimeouts(Configuration job, Schedule s) {
    long taskTimeoutMs = taskTimeoutMs(s);
    job.setLong("mapreduce.task.timeout", taskTimeoutMs);
    job.setLong(YarnSite.TASK_STUCK_TIMEOUT, YarnSite.stuckTimeoutMs(taskTimeoutMs));
    return taskTimeoutMs;
  }

  /** The pid of the NodeManager on {@code dn}'s host. */
  public long nodeManagerPid(DataNodeProcess dn) {
    return yarn().nodeManager(dataNodes.indexOf(dn)).pid();
  }

  /**
   * Whether {@code dn}'s host (DataNode, NodeManager, containers) is frozen now: its cgroup
   * reads frozen, or, without cgroups, the NodeManager's process state is 'T' (stopped).
   */
  public boolean hostFrozen(DataNodeProcess dn) throws IOException {
    if (groups.isPresent()) {
      return groups.get().frozen(dn.daemon().name());
    }
    return YarnCluster.processState(nodeManagerPid(dn)) == 'T';
  }

  /**
   * The processes of {@code dn}'s host: its cgroup's members (DataNode, NodeManager and the
   * containers it runs), or without cgroups the DataNode and the NodeManager's process tree.
   */
  public List<Long> hostProcesses(DataNodeProcess dn) throws IOException {
    if (groups.isPresent()) {
      return groups.get().pids(dn.daemon().name());
    }
    List<Long> out = new ArrayList<>(List.of(dn.pid(), nodeManagerPid(dn)));
    ProcessHandle.of(nodeManagerPid(dn))
        .ifPresent(h -> h.descendants().forEach(d -> out.add(d.pid())));
    return out;
  }

  /** Whether hosts are cgroups (true) or signalled process trees (false). */
  public boolean hostsAreCgroups() {
    return groups.isPresent();
  }

  private YarnCluster yarn() {
    if (yarn == null) {
      throw new IllegalStateException("this cluster runs no YARN (ClusterSpec.yarn = "
          + spec.yarn() + "); build the spec with yarn(YarnSpec.on())");
    }
    return yarn;
  }

  /** A new client file system (BlinkDistributedFileSystem); the caller closes it. */
  public FileSystem newClient() throws IOException {
    Configuration conf = site.client();
    return FileSystem.newInstance(URI.create(conf.get("fs.defaultFS")), conf);
  }

  /**
   * A new stock Hadoop client of {@code uri} ({@code hdfs://} gives {@code DistributedFileSystem},
   * {@code webhdfs://} {@code WebHdfsFileSystem}), without BlinkHDFS's client: what an
   * unmodified application runs ({@link HdfsSite#stockClient()} says with which timeouts). The
   * caller closes it.
   */
  public FileSystem newStockClient(URI uri) throws IOException {
    return FileSystem.newInstance(uri, stockClientConf());
  }

  /** The configuration of {@link #newStockClient} (a copy, to change a timeout). */
  public Configuration stockClientConf() {
    return site.stockClient();
  }

  /** The NameNode's RPC address as an {@code hdfs://} URI. */
  public URI hdfsUri() {
    return URI.create(site.common().get("fs.defaultFS"));
  }

  /** The NameNode's own WebHDFS ({@code dfs.namenode.http-address}) as a {@code webhdfs://} URI. */
  public URI nameNodeWebHdfsUri() {
    return URI.create("webhdfs://" + nameNodeHttp);
  }

  /** {@code dfs.webhdfs.socket.read-timeout} of {@link #newStockClient}, in ms. */
  public long webHdfsReadTimeoutMs() {
    return site.webHdfsReadTimeoutMs();
  }

  /** The client configuration (for tools that build their own clients). */
  public Configuration clientConf() {
    return site.client();
  }

  /**
   * The stock covering set's operator script ({@link Layout#COVERING} only): the hosts file with
   * the upgrade domains and {@code dfsadmin -refreshNodes}; empty for every other layout.
   */
  public Optional<CoveringMaintenance> coveringMaintenance() {
    return Optional.ofNullable(covering);
  }

  /** The NameNode's view: live, stale and dead DataNodes, metrics. */
  public NameNodeView nameNode() {
    return nameNode;
  }

  /**
   * Sets the power level and waits until the schedule file carries an epoch planned for it (the
   * NameNode and clients re-read the file within {@code blink.schedule.poll.ms}).
   */
  public Schedule setPowerPercent(int percent) throws InterruptedException {
    long before = epoch();
    blink.setPowerPercent(percent);
    return awaitEpochAfter(before, percent + "% power");
  }

  /**
   * Block popularity per ring node (DataNode transfer address to weight) for the
   * load-proportional policy, as BlinkFS's baseline takes it from an initial run; used from the
   * scheduler's next plan.
   */
  public void setPopularity(Map<String, Double> weights) {
    blink.setPopularity(weights);
  }

  /**
   * The scheduler's admin override ({@code -setActive n}): the first {@code n} ring nodes ACTIVE,
   * the rest OFF, whatever the power (an over-budget plan is published and reported in {@link
   * #schedulerStatus()}); {@code OptionalInt.empty()} clears it. Waits for the epoch like {@link
   * #setPowerPercent}.
   */
  public Schedule setActiveNodes(OptionalInt n) throws InterruptedException {
    long before = epoch();
    blink.setActiveNodes(n);
    return awaitEpochAfter(before, n.isPresent() ? n.getAsInt() + " ACTIVE nodes"
        : "no active-nodes override");
  }

  /**
   * Waits until the NameNode reports no stale DataNode: every node thawed and heartbeating. An
   * OFF node wakes only when its agent's sleep ends (at the lease end, {@link
   * BlinkServices#LEASE_INTERVALS} intervals at most), so call this after raising the power.
   *
   * @return how long it took
   */
  public long awaitAllHeard() throws IOException, InterruptedException {
    long t0 = System.currentTimeMillis();
    long timeoutMs = (BlinkServices.LEASE_INTERVALS + 2) * spec.intervalMs() + 5_000;
    while (!nameNode.stale().isEmpty()) {
      if (System.currentTimeMillis() - t0 > timeoutMs) {
        throw new IllegalStateException("DataNodes " + nameNode.stale() + " still stale "
            + timeoutMs + " ms after the power was raised; see their agents and logs");
      }
      Thread.sleep(200);
    }
    return System.currentTimeMillis() - t0;
  }

  /**
   * Waits until none of {@code nodes} (transfer addresses) is stale: they were switched on and
   * heartbeat again, in maintenance or not (the stock covering set returns them to service only
   * then). Nodes left OFF do not hold it up.
   *
   * @return how long it took
   */
  public long awaitHeard(java.util.Collection<String> nodes)
      throws IOException, InterruptedException {
    long t0 = System.currentTimeMillis();
    long timeoutMs = (BlinkServices.LEASE_INTERVALS + 2) * spec.intervalMs() + 5_000;
    while (nameNode.stale().stream().anyMatch(nodes::contains)) {
      if (System.currentTimeMillis() - t0 > timeoutMs) {
        throw new IllegalStateException("DataNodes " + nodes + " still stale " + timeoutMs
            + " ms after they were switched on; see their agents and logs");
      }
      Thread.sleep(200);
    }
    return System.currentTimeMillis() - t0;
  }

  /**
   * Waits until every one of {@code nodes} (transfer addresses) heartbeats and is out of HDFS
   * maintenance: an OFF node wakes at its agent's next check-in (within {@link
   * BlinkServices#LEASE_INTERVALS} intervals), and the NameNode's maintenance keeper then
   * releases it. Unlike {@link #awaitAllHeard}, nodes left OFF do not hold it up.
   *
   * @return how long it took
   */
  public long awaitServing(java.util.Collection<String> nodes)
      throws IOException, InterruptedException {
    long t0 = System.currentTimeMillis();
    long timeoutMs = (BlinkServices.LEASE_INTERVALS + 2) * spec.intervalMs() + 5_000;
    long staleMs = timings().staleMs();
    while (true) {
      java.util.Set<String> waiting = new java.util.TreeSet<>(nodes);
      long t = System.currentTimeMillis();
      for (org.apache.hadoop.hdfs.protocol.DatanodeInfo d : nameNode.live()) {
        if (t - d.getLastUpdate() < staleMs && !d.isInMaintenance()) {
          waiting.remove(d.getXferAddr());
        }
      }
      if (waiting.isEmpty()) {
        return t - t0;
      }
      if (t - t0 > timeoutMs) {
        throw new IllegalStateException("DataNodes " + waiting + " not serving " + timeoutMs
            + " ms after they were switched on; see their agents and logs");
      }
      Thread.sleep(200);
    }
  }

  /**
   * The write proxy's process: started already when the spec says {@link
   * ProxySpec.Launch#WITH_CLUSTER}, else by the caller's {@link ProxyProcess#start}.
   */
  public ProxyProcess proxy() {
    return proxies().get(0);
  }

  /**
   * Every write proxy's process ({@link ProxySpec#relays(int)} of them, the first is {@link
   * #proxy()}), each with its own relay; started like {@link #proxy()}.
   */
  public List<ProxyProcess> proxies() {
    if (proxies.isEmpty()) {
      throw new IllegalStateException("this cluster runs no write proxy (ClusterSpec.proxy = "
          + spec.proxy().launch() + "); build the spec with proxy(ProxySpec.withCluster()) or"
          + " proxy(ProxySpec.byCaller())");
    }
    return List.copyOf(proxies);
  }

  /** SIGKILL of the NameNode's JVM (no shutdown hook, no final edit-log sync). */
  public void killNameNode() throws InterruptedException {
    nameNodeDaemon.kill();
  }

  /**
   * Starts the NameNode again on the same storage directory, conf and ports, and waits until
   * every DataNode has registered with it, it has left safe mode and it has read the schedule:
   * the restart an operator does after a crash. Sleeping DataNodes register when they wake.
   *
   * @return how long that took, in ms
   */
  public long restartNameNode() throws IOException, InterruptedException {
    long t0 = System.currentTimeMillis();
    if (nameNodeDaemon.isAlive()) {
      throw new IllegalStateException("the NameNode is running (pid " + nameNodeDaemon.pid()
          + "); killNameNode() first");
    }
    JavaDaemon old = nameNodeDaemon;
    nameNodeDaemon = startNameNode();
    daemons.set(daemons.indexOf(old), nameNodeDaemon);
    // The same view: its client reconnects to the same address, and samplers holding it go on.
    nameNode.awaitLive(spec.totalDataNodes(), START_TIMEOUT_MS, daemons);
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    while (nameNode.dfs().isInSafeMode()) {
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("the restarted NameNode stayed in safe mode for "
            + START_TIMEOUT_MS + " ms; see " + dir.resolve("logs/namenode.log"));
      }
      Thread.sleep(200);
    }
    awaitNameNodeSchedule();
    return System.currentTimeMillis() - t0;
  }

  /** SIGKILL of the scheduler's JVM ({@link ControlPlane#PROCESSES} only). */
  public void killScheduler() throws InterruptedException {
    processes().scheduler().kill();
  }

  /** Starts the scheduler again on its port and waits until it serves a schedule. */
  public void restartScheduler() throws IOException, InterruptedException {
    processes().restartScheduler();
  }

  /**
   * The kind of each ring DataNode's agent, in ring order ({@link ControlPlane#PROCESSES}
   * only): {@code SIGNALS}, {@code CGROUP} or {@code DRY_RUN}.
   */
  public List<String> agentKinds() {
    return processes().agents().stream().map(a -> a.kind().name()).toList();
  }

  /** SIGKILL of ring DataNode {@code ringIndex}'s agent JVM; its DataNode stays as it was. */
  public void killAgent(int ringIndex) throws InterruptedException {
    processes().agents().get(ringIndex).daemon().kill();
  }

  /** Starts ring DataNode {@code ringIndex}'s agent again (it thaws its node at start). */
  public void restartAgent(int ringIndex) throws IOException {
    processes().agents().get(ringIndex).daemon().start();
  }

  /** The pid of ring DataNode {@code ringIndex}'s agent JVM. */
  public long agentPid(int ringIndex) {
    return processes().agents().get(ringIndex).daemon().pid();
  }

  /** The scheduler's JVM's pid. */
  public long schedulerPid() {
    return processes().scheduler().pid();
  }

  /**
   * The DataNodes (transfer addresses) frozen right now: their JVM is stopped ({@code T} in {@code
   * /proc}) or their freezer cgroup reads frozen. While nodes blink some are frozen by design;
   * after a fault and at full power none may be.
   */
  public List<String> frozenDataNodes() throws IOException {
    List<String> out = new ArrayList<>();
    for (DataNodeProcess dn : dataNodes) {
      boolean cgroupFrozen = groups.isPresent() && groups.get().frozen(dn.daemon().name());
      if (cgroupFrozen || YarnCluster.processState(dn.pid()) == 'T') {
        out.add(dn.xferAddress());
      }
    }
    return out;
  }

  private BlinkProcesses processes() {
    if (blink instanceof BlinkProcesses p) {
      return p;
    }
    throw new IllegalStateException("the scheduler and agents run in this JVM (ClusterSpec"
        + ".controlPlane = " + spec.controlPlane() + "); build the spec with"
        + " controlPlane(ControlPlane.PROCESSES) to kill and restart them");
  }

  /** The scheduler's view of every node: mode, window, last status (with its utilization). */
  public List<org.blinkhdfs.control.scheduler.NodeReport> schedulerNodeReports() {
    return blink == null ? List.of() : blink.nodeReports();
  }

  /** The gear-shifting policy's load gear and windows, when that is the scheduler's policy. */
  public Optional<org.blinkhdfs.model.policy.GearShiftingPolicy.GearState> gearState() {
    return blink == null ? Optional.empty() : blink.gearState();
  }

  /** The scheduler's state: available and planned watts, and the overshoot of an override. */
  public SchedulerStatus schedulerStatus() {
    return blink.status();
  }

  private long epoch() {
    return schedule().map(Schedule::epoch).orElse(-1L);
  }

  private Schedule awaitEpochAfter(long before, String what) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 10_000;
    while (System.currentTimeMillis() < deadline) {
      Optional<Schedule> s = schedule();
      if (s.isPresent() && s.get().epoch() > before) {
        Thread.sleep(500); // the NameNode and clients poll the file every 200 ms
        return s.get();
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("the scheduler published no epoch for " + what
        + " within 10 s (still epoch " + before + ")");
  }

  /** The schedule the scheduler last published. */
  public Optional<Schedule> schedule() {
    return blink == null ? Optional.empty() : blink.schedule();
  }

  public List<DataNodeProcess> dataNodes() {
    return List.copyOf(dataNodes);
  }

  public ClusterSpec spec() {
    return spec;
  }

  /** {@code blink.read.min.window.ms} of every local cluster's NameNode and clients. */
  public static final long MIN_READ_WINDOW_MS = HdfsSite.READ_MIN_WINDOW_MS;

  /** {@code blink.read.min.window.ms} as the NameNode and clients use it. */
  public long minReadWindowMs() {
    return MIN_READ_WINDOW_MS;
  }

  public ClusterTimings timings() {
    return site.timings();
  }

  /**
   * The scheduler's HTTP address, {@code host:port} (what {@code bin/blink admin -scheduler}
   * takes).
   */
  public String schedulerAddress() {
    if (blink == null) {
      throw new IllegalStateException("this cluster runs no scheduler");
    }
    return blink.schedulerAddress();
  }

  /** Completed sleeps (freeze and thaw) of each agent's node; empty for agent processes. */
  public java.util.Map<String, Long> sleepsByNode() {
    return blink == null ? java.util.Map.of() : blink.sleepsByNode();
  }

  /** Total emulated sleeps the agents have taken. */
  public long sleeps() {
    return blink == null ? 0 : blink.sleeps();
  }

  /** Every daemon JVM still running (for the no-process-left-behind check). */
  public List<Long> livePids() {
    List<Long> out = new ArrayList<>();
    for (JavaDaemon d : daemons) {
      if (d.isAlive()) {
        out.add(d.pid());
      }
    }
    for (ProxyProcess p : proxies) {
      if (p.isAlive()) {
        out.add(p.pid());
      }
    }
    if (blink instanceof BlinkProcesses p) {
      if (p.scheduler().isAlive()) {
        out.add(p.scheduler().pid());
      }
      for (BlinkProcesses.Agent a : p.agents()) {
        if (a.daemon().isAlive()) {
          out.add(a.daemon().pid());
        }
      }
    }
    return out;
  }

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // already shutting down: we are the hook
    }
    closeQuietly();
  }

  private void closeQuietly() {
    closed.set(true);
    try {
      if (blink != null) {
        blink.close();
      }
    } catch (IOException | RuntimeException e) {
      progress.accept("stopping scheduler/agents: " + e);
    }
    if (nameNode != null) {
      nameNode.close();
    }
    if (yarn != null) {
      try {
        yarn.stop();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    List<Thread> stoppers = new ArrayList<>();
    for (ProxyProcess p : proxies) {
      stoppers.add(stopper(p.toString(), p::stop));
    }
    for (JavaDaemon d : daemons) {
      stoppers.add(stopper(d.name(), d::stop));
    }
    for (Thread t : stoppers) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    groups.ifPresent(HostGroups::close);
  }

  /** What a stopper thread runs: a daemon's stop, which may wait for its exit. */
  private interface Stop {
    void run() throws InterruptedException;
  }

  private static Thread stopper(String name, Stop stop) {
    Thread t = new Thread(() -> {
      try {
        stop.run();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "stop " + name);
    t.start();
    return t;
  }
}
