package org.blinkhdfs.cluster;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.blinkhdfs.model.policy.CoveringPolicy;
import org.blinkhdfs.scheduler.SchedulerConfig;

/**
 * What a {@link LocalCluster} looks like: how many ring and staging DataNodes, the shortened
 * blink interval, the per-DataNode bandwidth cap, the block size, the layout and the scheduler's
 * policy and starting power. Everything else (ports, timeouts, heartbeats) is derived by
 * {@link ClusterTimings} and {@link HdfsSite} so that the pieces always agree.
 *
 * <p>Validated at construction: a bad value names the field, the value and the fix. Immutable.
 *
 * @param baseDir where every daemon's directories, logs and conf dirs go
 * @param dataNodes ring DataNodes (blinking), at least 1
 * @param stagingNodes always-on staging DataNodes (role STAGING), at least 0
 * @param intervalMs the blink interval (shortened from the 60 s production interval)
 * @param bandwidthBytesPerSec per-DataNode read and write cap
 * @param blockSizeBytes HDFS block size (at least 1 MiB, HDFS's minimum)
 * @param layout placement policy of the NameNode
 * @param layoutKeys the Rabbit layouts' keys (p, PARAID groups), set on every NameNode; only
 *     the equal-work and PARAID policies read them
 * @param schedulePolicy the scheduler's blink policy (e.g. staggered, staggered-circular)
 * @param powerPercent starting power, percent of all ring DataNodes' active power
 * @param moveBytesPerSec per-DataNode cap on block moves ({@code replaceBlock}: the proxy's
 *     drain, the Balancer, the Mover; {@code dfs.datanode.balance.bandwidthPerSec}), shared by
 *     all moves a DataNode sends or receives; the proxy plans its copies at this rate
 * @param proxy whether and how the write proxy runs ({@link ProxySpec#NONE}: not at all)
 * @param schedulerKeys extra {@code blink.scheduler.*} settings of the scheduler (e.g. {@code
 *     blink.scheduler.gears} for the gear-shifting policy); empty by default
 * @param yarn whether a ResourceManager and one NodeManager per DataNode host run ({@link
 *     YarnSpec#NONE}: not at all)
 * @param controlPlane whether the scheduler and the agents run in the launching JVM or each in
 *     a JVM of its own, to be killed and restarted ({@link ControlPlane})
 * @param installation a stock Hadoop installation plus the BlinkHDFS tarball that every daemon
 *     runs on (the drop-in test), or empty for the launcher's Maven classpath; needs the
 *     PROCESSES control plane and no YARN
 * @param nameNodeKeys extra {@code blink.*} or {@code dfs.*} settings of the NameNode (e.g.
 *     popularity replication); empty by default
 */
public record ClusterSpec(Path baseDir, int dataNodes, int stagingNodes, long intervalMs,
    long bandwidthBytesPerSec, long blockSizeBytes, Layout layout, LayoutKeys layoutKeys,
    String schedulePolicy, int powerPercent, long moveBytesPerSec, ProxySpec proxy,
    Map<String, String> schedulerKeys, YarnSpec yarn, ControlPlane controlPlane,
    Optional<Installation> installation, Map<String, String> nameNodeKeys) {

  public ClusterSpec {
    schedulerKeys = Map.copyOf(schedulerKeys);
    nameNodeKeys = Map.copyOf(nameNodeKeys);
    Objects.requireNonNull(baseDir, "baseDir");
    Objects.requireNonNull(layout, "layout");
    Objects.requireNonNull(layoutKeys, "layoutKeys");
    Objects.requireNonNull(schedulePolicy, "schedulePolicy");
    Objects.requireNonNull(proxy, "proxy");
    Objects.requireNonNull(yarn, "yarn");
    Objects.requireNonNull(controlPlane, "controlPlane");
    Objects.requireNonNull(installation, "installation");
    if (installation.isPresent() && (controlPlane != ControlPlane.PROCESSES || yarn.enabled())) {
      throw new IllegalArgumentException("installation = " + installation.get() + " with"
          + " controlPlane = " + controlPlane + " and yarn = " + yarn + ": on an installation"
          + " every daemon runs in a JVM of its own on that classpath; use ControlPlane.PROCESSES"
          + " and YarnSpec.NONE (containers would need the installation's MapReduce classpath)");
    }
    if (controlPlane == ControlPlane.PROCESSES && yarn.enabled()) {
      throw new IllegalArgumentException("controlPlane = PROCESSES with yarn = " + yarn
          + ": the YARN publisher runs in the in-process scheduler only; use IN_PROCESS");
    }
    check(dataNodes >= 1 && dataNodes <= 64, "dataNodes", dataNodes, "use 1..64");
    check(stagingNodes >= 0 && stagingNodes <= 8, "stagingNodes", stagingNodes, "use 0..8");
    check(intervalMs >= 2_000 && intervalMs <= 600_000, "intervalMs", intervalMs,
        "use 2 s..10 min; shorter intervals leave no room for a block write in a window");
    check(bandwidthBytesPerSec >= 1 << 20, "bandwidthBytesPerSec", bandwidthBytesPerSec,
        "use at least 1 MiB/s");
    check(blockSizeBytes >= 1 << 20 && blockSizeBytes % 512 == 0, "blockSizeBytes",
        blockSizeBytes, "use a multiple of 512 of at least 1 MiB (HDFS's minimum block size)");
    check(powerPercent >= 0 && powerPercent <= 100, "powerPercent", powerPercent, "use 0..100");
    check(moveBytesPerSec >= 64 << 10, "moveBytesPerSec", moveBytesPerSec,
        "use at least 64 KiB/s (HDFS's throttler works in 64 KiB packets)");
    if (layout == Layout.COVERING) {
      checkCovering(layout, stagingNodes, schedulePolicy, dataNodes, schedulerKeys);
    }
    if (layout == Layout.PHASE_GROUPS) {
      checkPhaseGroups(nameNodeKeys, schedulerKeys);
    }
    if (proxy.configured() && !layout.stagesForProxy()) {
      throw new IllegalArgumentException("proxy = " + proxy.launch() + " with layout "
          + layout.flag() + ": the write proxy drains BlinkHDFS layouts only (the "
          + layout.flag() + " policy stages nothing); use ProxySpec.NONE or a BlinkHDFS layout");
    }
  }

  /**
   * The stock covering set runs the {@code covering} scheduler policy (nothing may blink: a stock
   * NameNode sends reads to any in-service node), no staging node (its own upgrade domain would
   * take replicas the always-on domain must hold) and at most one domain per ring node.
   */
  private static void checkCovering(Layout layout, int stagingNodes, String schedulePolicy,
      int dataNodes, Map<String, String> schedulerKeys) {
    if (!schedulePolicy.equals(CoveringPolicy.NAME)) {
      throw new IllegalArgumentException("layout " + layout.flag() + " with policy "
          + schedulePolicy + ": the stock covering set switches whole upgrade domains; use the"
          + " scheduler policy " + CoveringPolicy.NAME + " (" + layout.flag() + "+"
          + CoveringPolicy.NAME + ")");
    }
    check(stagingNodes == 0, "stagingNodes", stagingNodes, "use 0 with layout " + layout.flag()
        + " (a staging DataNode would be an upgrade domain of its own)");
    int domains = coveringDomains(schedulerKeys);
    check(domains >= 1 && domains <= dataNodes, SchedulerConfig.COVERING_DOMAINS.name(), domains,
        "use 1.." + dataNodes + " (one domain per replica, every domain needs a ring node)");
  }

  /**
   * The phase-group layout: {@code blink.phase.groups} must be the same on the NameNode (whose
   * keys the proxy gets too) and on the scheduler, unset on both (the default) or set alike;
   * otherwise the windows open for other groups than the blocks are laid out in.
   */
  private static void checkPhaseGroups(Map<String, String> nameNodeKeys,
      Map<String, String> schedulerKeys) {
    String key = Layout.PHASE_GROUPS_KEY;
    String nn = nameNodeKeys.getOrDefault(key, "").trim();
    String sched = schedulerKeys.getOrDefault(key, "").trim();
    if (!nn.equals(sched)) {
      throw new IllegalArgumentException(key + " = '" + nn + "' on the NameNode but '" + sched
          + "' on the scheduler (empty: the default " + org.blinkhdfs.model.config.CoreConfig
          .PHASE_GROUPS.defaultValue() + ") with layout " + Layout.PHASE_GROUPS.flag()
          + ": set both from Layout.groupKeys(replication)");
    }
  }

  private static int coveringDomains(Map<String, String> schedulerKeys) {
    String v = schedulerKeys.getOrDefault(SchedulerConfig.COVERING_DOMAINS.name(),
        SchedulerConfig.COVERING_DOMAINS.defaultValue());
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(SchedulerConfig.COVERING_DOMAINS.name() + " = '" + v
          + "' is not a whole number of upgrade domains, e.g. 3");
    }
  }

  /**
   * The covering set's upgrade domains r ({@code blink.scheduler.covering.domains} of the
   * scheduler keys, default 3): the NameNode's {@code dfs.namenode.upgrade.domain.factor} and
   * {@code dfs.replication} and the hosts file's domains use the same r.
   */
  public int coveringDomains() {
    return coveringDomains(schedulerKeys);
  }

  private static void check(boolean ok, String field, long value, String fix) {
    if (!ok) {
      throw new IllegalArgumentException(field + " = " + value + " is out of range: " + fix);
    }
  }

  /**
   * The defaults the demo uses: 9 ring nodes, 1 staging, 6 s interval, 10 MiB/s, 1 MiB blocks
   * (HDFS's minimum: a block moves in 0.1 s at the cap, well inside a 20% window of 1.2 s),
   * moves capped like reads and writes, no proxy, no YARN.
   */
  public static ClusterSpec defaults(Path baseDir) {
    return new ClusterSpec(baseDir, 9, 1, 6_000, 10L << 20, 1L << 20, Layout.POWER_BALANCED,
        LayoutKeys.defaults(), "staggered", 100, 10L << 20, ProxySpec.NONE, Map.of(),
        YarnSpec.NONE, ControlPlane.IN_PROCESS, Optional.empty(), Map.of());
  }

  /** A builder starting from this spec. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Changes some fields of a spec; validation happens in {@link #build()}. Not thread-safe. */
  public static final class Builder {
    private Path baseDir;
    private int dataNodes;
    private int stagingNodes;
    private long intervalMs;
    private long bandwidthBytesPerSec;
    private long blockSizeBytes;
    private Layout layout;
    private LayoutKeys layoutKeys;
    private String schedulePolicy;
    private int powerPercent;
    private long moveBytesPerSec;
    private ProxySpec proxy;
    private Map<String, String> schedulerKeys;
    private YarnSpec yarn;
    private ControlPlane controlPlane;
    private Optional<Installation> installation;
    private Map<String, String> nameNodeKeys;

    private Builder(ClusterSpec s) {
      nameNodeKeys = s.nameNodeKeys;
      baseDir = s.baseDir;
      dataNodes = s.dataNodes;
      stagingNodes = s.stagingNodes;
      intervalMs = s.intervalMs;
      bandwidthBytesPerSec = s.bandwidthBytesPerSec;
      blockSizeBytes = s.blockSizeBytes;
      layout = s.layout;
      layoutKeys = s.layoutKeys;
      schedulePolicy = s.schedulePolicy;
      powerPercent = s.powerPercent;
      moveBytesPerSec = s.moveBytesPerSec;
      proxy = s.proxy;
      schedulerKeys = s.schedulerKeys;
      yarn = s.yarn;
      controlPlane = s.controlPlane;
      installation = s.installation;
    }

    public Builder dataNodes(int n) {
      dataNodes = n;
      return this;
    }

    public Builder stagingNodes(int n) {
      stagingNodes = n;
      return this;
    }

    public Builder intervalMs(long ms) {
      intervalMs = ms;
      return this;
    }

    public Builder bandwidthBytesPerSec(long bytesPerSec) {
      bandwidthBytesPerSec = bytesPerSec;
      return this;
    }

    /** The placement layout and the scheduler's blink policy. */
    public Builder layout(Layout l, String policy) {
      layout = l;
      schedulePolicy = policy;
      return this;
    }

    /** The Rabbit layouts' keys (equal work's p, PARAID's groups). */
    public Builder layoutKeys(LayoutKeys keys) {
      layoutKeys = keys;
      return this;
    }

    public Builder powerPercent(int p) {
      powerPercent = p;
      return this;
    }

    public Builder blockSizeBytes(long bytes) {
      blockSizeBytes = bytes;
      return this;
    }

    /** The per-DataNode cap on block moves ({@code dfs.datanode.balance.bandwidthPerSec}). */
    public Builder moveBytesPerSec(long bytesPerSec) {
      moveBytesPerSec = bytesPerSec;
      return this;
    }

    public Builder proxy(ProxySpec p) {
      proxy = p;
      return this;
    }

    /** Extra scheduler settings, e.g. {@code blink.scheduler.gears}. */
    public Builder schedulerKeys(Map<String, String> keys) {
      schedulerKeys = keys;
      return this;
    }

    /** YARN on the cluster's hosts ({@link YarnSpec#NONE}: none). */
    public Builder yarn(YarnSpec y) {
      yarn = y;
      return this;
    }

    /** Scheduler and agents in this JVM or each in its own ({@link ControlPlane}). */
    public Builder controlPlane(ControlPlane c) {
      controlPlane = c;
      return this;
    }

    /** Every daemon on a stock Hadoop installation plus the tarball ({@link Installation}). */
    public Builder installation(Installation i) {
      installation = Optional.of(i);
      return this;
    }

    public ClusterSpec build() {
      return new ClusterSpec(baseDir, dataNodes, stagingNodes, intervalMs, bandwidthBytesPerSec,
          blockSizeBytes, layout, layoutKeys, schedulePolicy, powerPercent, moveBytesPerSec,
          proxy, schedulerKeys, yarn, controlPlane, installation, nameNodeKeys);
    }

    /** Extra NameNode settings, set after the layout's own. */
    public Builder nameNodeKeys(Map<String, String> keys) {
      nameNodeKeys = keys;
      return this;
    }
  }

  /** Total DataNodes (ring + staging). */
  public int totalDataNodes() {
    return dataNodes + stagingNodes;
  }
}
