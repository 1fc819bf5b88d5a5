package org.blinkhdfs.cluster;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.placement.PlacementConfig;

/**
 * The YARN and MapReduce configuration of a {@link LocalCluster} with a {@link YarnSpec}: the
 * ResourceManager, each host's NodeManager, and the job configuration clients submit with (the
 * MapReduce keys also go into every NodeManager's {@code mapred-site.xml}, so what a container
 * runs with can be read in its host's conf dir).
 *
 * <p>Why the timeouts are set although YARN's defaults would do: a host frozen by its agent stops
 * heartbeating (NodeManager to ResourceManager, ApplicationMaster to ResourceManager, task to
 * ApplicationMaster) for as long as it sleeps, at most the schedule's lease ({@link
 * BlinkServices#LEASE_INTERVALS} intervals: an OFF node's agent sleeps until its check-in or the
 * lease end). Every expiry that would declare a sleeping host or task lost must stay well above
 * that, or a blink would fail a task or lose a node; they are written out so the margin is
 * visible and does not silently change with Hadoop's defaults: {@link #livenessMs} = 20 intervals,
 * at least 2 minutes (6 s interval: 120 s, ten times the 12 s lease).
 *
 * <ul>
 *   <li>{@code yarn.nm.liveness-monitor.expiry-interval-ms}: RM loses a silent NodeManager;
 *   <li>{@code yarn.am.liveness-monitor.expiry-interval-ms}: RM fails a silent AM attempt, and
 *       an AM must register within it of its launch, so it is {@link #amLivenessMs}: an AM's
 *       JVM starting on a capped host awake a small fraction of the time needs far longer than
 *       a sleep;
 *   <li>{@code yarn.resourcemanager.rm.container-allocation.expiry-interval-ms}: RM takes back a
 *       container its AM did not launch (the AM or the host may be asleep);
 *   <li>{@code mapreduce.task.timeout}: the AM fails a task that reported no progress (a frozen
 *       task reports nothing);
 *   <li>{@code mapreduce.task.stuck.timeout-ms}: the AM fails a task that never reported at all
 *       since its launch ({@link #stuckTimeoutMs}).
 * </ul>
 *
 * <p>Speculative execution is off: a task on a sleeping host is paused by design, and a
 * speculative copy elsewhere would only add load and killed attempts. Tasks read and write HDFS
 * with the cluster's client ({@link HdfsSite#client()}: the blink-aware file system and socket
 * timeouts of one interval plus a margin), because the job configuration starts from it.
 * Containers run with the launcher's classpath ({@code mapreduce.application.classpath}), the
 * same classes every daemon runs. No JobHistory server runs: job history files stay in
 * {@link #HISTORY_DIR} (read by {@code JobHistoryFiles}) and {@code mapreduce.jobhistory.address}
 * is empty, so a client asking about a finished job gets the ResourceManager's final state at once
 * instead of retrying a server that is not there.
 *
 * <p>Immutable.
 */
final class YarnSite {
  /** Hadoop's key for the timeout of a task that never reported since its launch. */
  static final String TASK_STUCK_TIMEOUT = "mapreduce.task.stuck.timeout-ms";
  /** Where finished jobs' history files ({@code .jhist}) are left, in HDFS. */
  static final String HISTORY_DIR = "/blink/mr-history/done_intermediate";
  /** The MapReduce ApplicationMaster's staging directory in HDFS. */
  static final String STAGING_DIR = "/blink/mr-staging";
  /** JIT and GC settings for the containers' short-lived JVMs on two shared cores. */
  private static final String CONTAINER_JVM = " -XX:+UseSerialGC -XX:TieredStopAtLevel=1";

  private final YarnSpec yarn;
  private final long intervalMs;
  private final Configuration hdfsClient;
  private final String rmHost;
  private final List<Integer> rmPorts;

  /**
   * @param hdfsClient the HDFS client keys tasks and NodeManagers use
   * @param rmPorts address, scheduler, resource tracker, admin, webapp
   */
  YarnSite(ClusterSpec spec, Configuration hdfsClient, List<Integer> rmPorts) {
    if (rmPorts.size() != RM_PORTS) {
      throw new IllegalArgumentException("the ResourceManager needs " + RM_PORTS + " ports, got "
          + rmPorts);
    }
    this.yarn = spec.yarn();
    this.intervalMs = spec.intervalMs();
    this.hdfsClient = hdfsClient;
    this.rmHost = "127.0.0.1";
    this.rmPorts = List.copyOf(rmPorts);
  }

  private static final String SHUFFLE_PORT = "mapreduce.shuffle.port";

  /** Ports a ResourceManager takes. */
  static final int RM_PORTS = 5;
  /** Ports a NodeManager takes: RPC, localizer, webapp, shuffle. */
  static final int NM_PORTS = 4;

  /** The expiry of every liveness and progress timeout (see the class comment). */
  long livenessMs() {
    return Math.max(120_000, 20 * intervalMs);
  }

  /**
   * {@code yarn.am.liveness-monitor.expiry-interval-ms}: {@link #livenessMs} stretched by the
   * least awake fraction {@link #taskTimeoutMs} allows (1/20), since the ResourceManager's value
   * is set once, before any power level. Why: an AM registers only once its JVM has started, and
   * on a capped host awake a fraction of the time that is slow. Measured (bench dfsio, 9 hosts of
   * 180 millicores, 6 s interval, 20% power): an AM placed on a ring host had not registered
   * after 120 s, its attempt expired, and the job went on only because its second attempt landed
   * on the always-on staging host. A dead AM is then found after 40 minutes (6 s interval)
   * instead of 2; the benches' job limit (--cell-time) bounds a job anyway.
   */
  long amLivenessMs() {
    return MAX_STRETCH * livenessMs();
  }

  /** The most {@link #taskTimeoutMs} stretches the liveness expiry: an awake fraction of 1/20. */
  static final int MAX_STRETCH = 20;

  /**
   * {@code mapreduce.task.timeout} for jobs run under {@code schedule}: {@link #livenessMs}
   * divided by the smallest awake fraction of a ring host that may run tasks (a BLINK host's
   * window over the interval; ACTIVE hosts 1; OFF hosts run nothing), at least 1/20.
   *
   * <p>Why: a task reports progress only while its host is awake, and its JVM gets that fraction
   * of its CPU share, so at 20% power a task's start-up alone takes five times as long. Measured
   * (bench wordcount, 4 s interval, 450 millicores per host, 20% power, the machine also
   * building): a map container needed 92 s from launch to its first record and three of four
   * maps were failed at the 120 s timeout, whose new attempts then waited for containers. Scaled,
   * the timeout still fails a task that is really stuck, only later.
   *
   * <p>Example: liveness 120 s; windows 0.76 s of a 4 s interval: fraction 0.19, timeout 632 s.
   */
  static long taskTimeoutMs(long livenessMs, Schedule schedule) {
    double fraction = 1;
    for (String node : schedule.ring()) {
      ActiveWindow w = schedule.window(node);
      if (w.isNever()) {
        continue;
      }
      fraction = Math.min(fraction, (double) w.lengthMs() / w.intervalMs());
    }
    return (long) Math.ceil(livenessMs / Math.max(fraction, 1.0 / MAX_STRETCH));
  }

  /**
   * {@code mapreduce.task.stuck.timeout-ms}: twice the task timeout. A task's first report
   * comes only after its container's JVM has started and loaded its classes, the heaviest part
   * of a short task, slowed by the host's awake fraction like everything else. Measured (bench
   * dfsio, 9 hosts at 180 millicores, 6 s interval, 20% power, the machine also running tests):
   * three of eight maps had sent nothing after Hadoop's default 600 s and were failed, while the
   * 720 s task timeout had not fired.
   */
  static long stuckTimeoutMs(long taskTimeoutMs) {
    return 2 * taskTimeoutMs;
  }

  /** {@code yarn.resourcemanager.address}. */
  String rmAddress() {
    return rmHost + ":" + rmPorts.get(0);
  }

  String rmWebapp() {
    return rmHost + ":" + rmPorts.get(4);
  }

  /** Keys every YARN process and client shares: the RM's addresses and the expiries. */
  private Configuration yarnCommon() {
    Configuration c = new Configuration(false);
    c.set("yarn.resourcemanager.hostname", rmHost);
    c.set("yarn.resourcemanager.address", rmAddress());
    c.set("yarn.resourcemanager.scheduler.address", rmHost + ":" + rmPorts.get(1));
    c.set("yarn.resourcemanager.resource-tracker.address", rmHost + ":" + rmPorts.get(2));
    c.set("yarn.resourcemanager.admin.address", rmHost + ":" + rmPorts.get(3));
    c.set("yarn.resourcemanager.webapp.address", rmWebapp());
    // Blinks must never expire a host, an AM or a task (class comment).
    c.setLong("yarn.nm.liveness-monitor.expiry-interval-ms", livenessMs());
    c.setLong("yarn.am.liveness-monitor.expiry-interval-ms", amLivenessMs());
    c.setLong("yarn.resourcemanager.rm.container-allocation.expiry-interval-ms", livenessMs());
    c.setInt("yarn.scheduler.minimum-allocation-mb", 128);
    c.setInt("yarn.scheduler.maximum-allocation-mb", yarn.nodeMemoryMb());
    c.setInt("yarn.scheduler.maximum-allocation-vcores", yarn.offeredVcores());
    c.setBoolean("yarn.timeline-service.enabled", false);
    c.setBoolean("yarn.log-aggregation-enable", false);
    return c;
  }

  /** The ResourceManager: CapacityScheduler with its default single queue. */
  Configuration resourceManager(Path dir) {
    Configuration c = yarnCommon();
    c.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
    c.setBoolean("yarn.resourcemanager.recovery.enabled", false);
    return c;
  }

  /**
   * {@code capacity-scheduler.xml}: one queue with all of the cluster, room for AMs; on capped
   * hosts vcores count as well as memory ({@link YarnSpec#offeredVcores}).
   */
  static Configuration capacityScheduler(YarnSpec yarn) {
    Configuration c = new Configuration(false);
    if (yarn.hostCpuMillicores() > 0) {
      c.set("yarn.scheduler.capacity.resource-calculator",
          "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator");
    }
    c.set("yarn.scheduler.capacity.root.queues", "default");
    c.set("yarn.scheduler.capacity.root.default.capacity", "100");
    c.set("yarn.scheduler.capacity.root.default.maximum-capacity", "100");
    // The default of 10% leaves room for one small AM on a small cluster; jobs run one by one,
    // but a bench may overlap a job's end with the next's start.
    c.set("yarn.scheduler.capacity.maximum-am-resource-percent", "0.5");
    return c;
  }

  /**
   * A host's NodeManager: its ports (RPC, localizer, webapp, shuffle), local and log dirs under
   * {@code dir}, the small resources of the spec, the shuffle service, no memory checks, and
   * {@code BLINK_LOCAL_NODE} = the host's DataNode {@code dataNode} in every container's
   * environment, so a task's blink client waits until its own host and a replica are awake
   * together ({@code blink.client.local.node}).
   */
  Configuration nodeManager(Path dir, List<Integer> ports, String dataNode) {
    if (ports.size() != NM_PORTS) {
      throw new IllegalArgumentException("a NodeManager needs " + NM_PORTS + " ports, got "
          + ports);
    }
    Configuration c = yarnCommon();
    c.set("yarn.nodemanager.hostname", rmHost);
    c.set("yarn.nodemanager.address", rmHost + ":" + ports.get(0));
    c.set("yarn.nodemanager.localizer.address", rmHost + ":" + ports.get(1));
    c.set("yarn.nodemanager.webapp.address", rmHost + ":" + ports.get(2));
    c.setInt(SHUFFLE_PORT, ports.get(3));
    c.set("yarn.nodemanager.local-dirs", dir.resolve("local").toString());
    c.set("yarn.nodemanager.log-dirs", dir.resolve("userlogs").toString());
    c.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
    c.setBoolean("yarn.nodemanager.resource.detect-hardware-capabilities", false);
    c.setInt("yarn.nodemanager.resource.memory-mb", yarn.nodeMemoryMb());
    c.setInt("yarn.nodemanager.resource.cpu-vcores", yarn.offeredVcores());
    c.set("yarn.nodemanager.aux-services", "mapreduce_shuffle");
    c.set("yarn.nodemanager.aux-services.mapreduce_shuffle.class",
        "org.apache.hadoop.mapred.ShuffleHandler");
    c.set("yarn.nodemanager.container-executor.class",
        "org.apache.hadoop.yarn.server.nodemanager.DefaultContainerExecutor");
    // Every host shares one machine: virtual memory is meaningless, and the containers' heaps
    // are capped by -Xmx instead of by the NodeManager's physical-memory monitor.
    c.setBoolean("yarn.nodemanager.vmem-check-enabled", false);
    c.setBoolean("yarn.nodemanager.pmem-check-enabled", false);
    c.setFloat("yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage",
        99.0f);
    c.setBoolean("yarn.nodemanager.recovery.enabled", false);
    c.set("yarn.nodemanager.admin-env", "MALLOC_ARENA_MAX=$MALLOC_ARENA_MAX,"
        + PlacementConfig.LOCAL_NODE_ENV + "=" + dataNode);
    return c;
  }

  /**
   * The MapReduce keys: on YARN, container sizes and heaps, the liveness-safe task timeout, no
   * speculation, the launcher's classpath for containers, history files left in HDFS.
   */
  Configuration mapReduce(Path confDir) {
    Configuration c = new Configuration(false);
    c.set("mapreduce.framework.name", "yarn");
    c.setLong("mapreduce.task.timeout", livenessMs());
    c.setLong(TASK_STUCK_TIMEOUT, stuckTimeoutMs(livenessMs()));
    c.setBoolean("mapreduce.map.speculative", false);
    c.setBoolean("mapreduce.reduce.speculative", false);
    String heap = "-Xmx" + yarn.containerHeapMb() + "m" + CONTAINER_JVM;
    c.setInt("yarn.app.mapreduce.am.resource.mb", yarn.containerMemoryMb());
    c.set("yarn.app.mapreduce.am.command-opts", heap);
    c.setInt("mapreduce.map.memory.mb", yarn.containerMemoryMb());
    c.setInt("mapreduce.reduce.memory.mb", yarn.containerMemoryMb());
    c.set("mapreduce.map.java.opts", heap);
    c.set("mapreduce.reduce.java.opts", heap);
    c.setInt("mapreduce.task.io.sort.mb", Math.min(100, yarn.containerHeapMb() / 4));
    c.setBoolean("mapreduce.jvm.add-opens-as-default", true);
    // Clients poll a running job every 0.5 s instead of 1 s and 5 s: small jobs end sooner.
    c.setInt("mapreduce.client.progressmonitor.pollinterval", 500);
    c.setInt("mapreduce.client.completion.pollinterval", 500);
    c.set("yarn.app.mapreduce.am.staging-dir", STAGING_DIR);
    c.set("mapreduce.jobhistory.intermediate-done-dir", HISTORY_DIR);
    c.set("mapreduce.jobhistory.address", "");
    String cp = confDir + File.pathSeparator + System.getProperty("java.class.path");
    c.set("mapreduce.application.classpath", cp.replace(File.pathSeparator, ","));
    c.set("yarn.application.classpath", confDir.toString());
    return c;
  }

  /** What a client submits jobs with: the HDFS client, the RM's addresses, the MR keys. */
  Configuration job(Path confDir) {
    Configuration c = new Configuration(); // with Hadoop's defaults (the site's have none)
    hdfsClient.forEach(e -> c.set(e.getKey(), e.getValue()));
    yarnCommon().forEach(e -> c.set(e.getKey(), e.getValue()));
    mapReduce(confDir).forEach(e -> c.set(e.getKey(), e.getValue()));
    return c;
  }

  /**
   * Writes a YARN daemon's conf dir: {@code core-site.xml} (the HDFS client keys), {@code
   * yarn-site.xml}, {@code mapred-site.xml}, {@code capacity-scheduler.xml} and log4j (written
   * by {@link HdfsSite#writeConfDir}, which also leaves an {@code hdfs-site.xml} with the client
   * keys).
   */
  Path writeConfDir(Path confDir, Configuration yarnSite) throws IOException {
    HdfsSite.writeConfDir(confDir, hdfsClient);
    write(confDir.resolve("core-site.xml"), hdfsClient);
    write(confDir.resolve("yarn-site.xml"), yarnSite);
    Configuration mapred = mapReduce(confDir);
    // mapred-default.xml (13562) is loaded after yarn-site.xml: the shuffle port must be here.
    String shuffle = yarnSite.get(SHUFFLE_PORT);
    if (shuffle != null) {
      mapred.set(SHUFFLE_PORT, shuffle);
    }
    write(confDir.resolve("mapred-site.xml"), mapred);
    write(confDir.resolve("capacity-scheduler.xml"), capacityScheduler(yarn));
    return confDir;
  }

  private static void write(Path file, Configuration conf) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      conf.writeXml(out);
    }
  }
}
