package org.blinkhdfs.placement;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.Interns;
import org.apache.hadoop.util.ServicePlugin;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.client.GroupsFeed;
import org.blinkhdfs.client.SchedulerClientAuth;
import org.blinkhdfs.group.GroupReplicationPlanner;
import org.blinkhdfs.layout.maintenance.MaintenancePlan;
import org.blinkhdfs.layout.popularity.AccessAverages;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * NameNode plugin ({@code dfs.namenode.plugins}): publishes the blink schedule as seen by this
 * NameNode through metrics2, so {@code /jmx} and any metrics sink show it beside HDFS's own.
 *
 * <p>Record {@code BlinkSchedule} (context {@code blink}): the schedule status and source (tags,
 * e.g. {@code OK} and {@code scheduler 10.0.0.5:9877}), epoch, ring
 * nodes, nodes awake now, replicas offloaded to stand-ins, layout corrections scheduled, sleeping
 * targets kept out of pipelines, replicas new blocks lacked because too few nodes were awake
 * (completed by the NameNode later), and blocks awaiting layout correction (the NameNode's
 * badly-distributed count, which is where mis-placed blocks wait). Maintenance: DataNodes the
 * NameNode holds in maintenance (entering or in, live or dead), DataNodes BlinkHDFS asks it to
 * hold (entries of the hosts file) and failed attempts to apply a maintenance change. Also wake
 * holds granted for short writes and placement-policy exceptions answered with the default
 * placement ({@link PolicyGuard}).
 *
 * <p>Short writes ({@code blink.placement.short.write.hold.intervals}, with the scheduler as the
 * schedule source): from {@link #start} to {@link #stop()} a {@link ShortWriteHolds} asks the
 * scheduler to hold awake the only holder of a block the policy wrote with one replica.
 *
 * <p>Maintenance for OFF nodes ({@code blink.maintenance.enabled}): from {@link #start} to {@link
 * #stop()} a {@link MaintenanceKeeper} holds OFF (and long-asleep) DataNodes in HDFS maintenance so
 * their sleep causes no re-replication. Its configuration, including the HDFS hosts-provider keys
 * it needs, is checked in {@link #setConf}, which Hadoop calls while the NameNode starts: a
 * mistake stops the NameNode there, whereas an exception from {@link #start} is only logged.
 *
 * <p>The schedule itself is shared with the placement policy and topology through
 * {@link BlinkRuntime}; this plugin only reads it, and holds the runtime from {@link #start} to
 * {@link #stop()} so that stopping the NameNode stops the scheduler poller. Thread-safe: metrics
 * are computed on demand.
 */
public class BlinkNameNodePlugin implements ServicePlugin, Configurable, MetricsSource {
  private static final Logger LOG = LoggerFactory.getLogger(BlinkNameNodePlugin.class);
  static final String SOURCE_NAME = "BlinkSchedule";

  private final Clock clock;
  private Configuration conf;
  private BlinkRuntime runtime;
  private volatile LongSupplier blocksAwaitingLayout = () -> 0;
  private volatile LongSupplier nodesInMaintenance = () -> 0;
  private MaintenanceConfig maintenance;
  private MaintenancePlan maintenanceAtStart = MaintenancePlan.empty();
  private volatile MaintenanceKeeper keeper;
  private ShortWriteHolds holds; // guarded by this
  private PopularityConfig popularity;
  private GroupConfig groups;
  private GroupReplicator groupReplicator; // guarded by this
  private PopularityReplicator replicator; // guarded by this
  private PopularityLoop popularityLoop; // guarded by this
  private Runnable holdsListener; // guarded by this
  private volatile boolean registered;
  private boolean holding; // guarded by this

  /** The instance Hadoop creates ({@code dfs.namenode.plugins}): wall-clock time. */
  public BlinkNameNodePlugin() {
    this(Clock.systemUTC());
  }

  /** {@code clock} tells which scheduled nodes are awake when metrics are read. */
  BlinkNameNodePlugin(Clock clock) {
    this.clock = clock;
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    this.runtime = BlinkRuntime.forConf(conf, clock);
    this.maintenance = MaintenanceConfig.from(conf);
    this.popularity = PopularityConfig.from(conf);
    checkNodeLoads(conf, popularity);
    this.groups = GroupConfig.from(conf);
    if (groups.enabled() && LayoutBlockPlacementPolicy.configuredLayouts(conf).isEmpty()) {
      throw new IllegalArgumentException(GroupConfig.ENABLED.name() + " = true needs a BlinkHDFS"
          + " layout policy as dfs.block.replicator.classname (the prediction follows the"
          + " layout's positions); set it, or " + GroupConfig.ENABLED.name() + " = false");
    }
    if (maintenance.enabled()) {
      try {
        maintenanceAtStart = new MaintenanceHostsFile(maintenance.hostsFile()).read();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read dfs.hosts = " + maintenance.hostsFile(), e);
      }
    }
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public synchronized void start(Object service) {
    if (service instanceof NameNode) {
      NameNode nn = (NameNode) service;
      blocksAwaitingLayout = () -> nn.getNamesystem() == null ? 0
          : nn.getNamesystem().getBlockManager().getBadlyDistributedBlocks();
      nodesInMaintenance = () -> nodesInMaintenance(nn.getNamesystem());
    }
    if (maintenance.enabled() && keeper == null) {
      if (!(service instanceof NameNode)) {
        throw new IllegalStateException(PlacementConfig.MAINTENANCE_ENABLED.name() + " = true"
            + " but the plugin was not started by a NameNode (" + service + ")");
      }
      NameNode nn = (NameNode) service;
      keeper = MaintenanceKeeper.forNameNode(
          nn.getNamesystem().getBlockManager().getDatanodeManager(), conf, maintenance,
          runtime::state, clock, maintenanceAtStart);
      keeper.start();
    }
    startShortWriteHolds();
    if ((popularity.anyPeriodWork() || groups.enabled()) && popularityLoop == null
        && service instanceof NameNode) {
      startPopularity((NameNode) service);
    }
    MetricsSystem ms = DefaultMetricsSystem.instance();
    if (ms.getSource(SOURCE_NAME) == null) {
      ms.register(SOURCE_NAME, "BlinkHDFS schedule and layout", this);
      registered = true;
    }
    if (!holding) {
      runtime.retain();
      holding = true;
    }
    LOG.info("BlinkHDFS NameNode plugin started: schedule from {}: {}", runtime.describe(),
        runtime.state().detail());
  }

  /**
   * Starts asking the scheduler to hold short writes' only holders awake ({@link
   * ShortWriteHolds}) when the key asks for it and the scheduler is the schedule source.
   */
  private void startShortWriteHolds() {
    PlacementConfig pc = PlacementConfig.from(conf);
    if (holds != null || pc.shortWriteHoldIntervals() == 0) {
      return;
    }
    if (pc.schedulerAddress().isEmpty()) {
      if (!pc.scheduleFile().isEmpty()) {
        LOG.info("{} = {} needs {}: with a schedule file nobody can hold the only holder of a"
            + " short-written block awake (add a staging node to avoid short writes)",
            PlacementConfig.SHORT_WRITE_HOLD_INTERVALS.name(), pc.shortWriteHoldIntervals(),
            PlacementConfig.SCHEDULER_ADDRESS.name());
      }
      return;
    }
    SchedulerHttp http = SchedulerClientAuth.client(conf, pc.schedulerAddress(),
        pc.schedulerTimeoutMs());
    holds = new ShortWriteHolds(http::requestWake, () -> runtime.state().usable(),
        pc.shortWriteHoldIntervals(), clock::millis, runtime.shortWriteHolds());
    holdsListener = runtime.onShortWriteHolder(holds::hold);
  }

  /**
   * Node loads need the scheduler to send them to (checked here: Hadoop only logs what a
   * plugin's {@code start} throws, and the NameNode would run without them) and the audit logger
   * that counts the reads (warned: without it every load is 0).
   *
   * @throws IllegalArgumentException naming both keys when the scheduler address is missing
   */
  static void checkNodeLoads(Configuration conf, PopularityConfig popularity) {
    if (!popularity.publishNodes()) {
      return;
    }
    if (PlacementConfig.from(conf).schedulerAddress().isEmpty()) {
      throw new IllegalArgumentException(PopularityConfig.NODES_PUBLISH.name() + " = true needs "
          + PlacementConfig.SCHEDULER_ADDRESS.name() + ": the node loads go to the scheduler;"
          + " set it to the scheduler's host:port, or set "
          + PopularityConfig.NODES_PUBLISH.name() + " = false");
    }
    String loggers = conf.get("dfs.namenode.audit.loggers", "");
    if (!loggers.contains(PopularityAuditLogger.class.getName())) {
      LOG.warn("{} = true but dfs.namenode.audit.loggers = '{}' lacks {}: no read is counted and"
          + " every node load will be 0 (uniform windows); add it beside 'default'",
          PopularityConfig.NODES_PUBLISH.name(), loggers, PopularityAuditLogger.class.getName());
    }
  }

  /**
   * Starts the popularity period: replication ({@code blink.popularity.enabled}) and node loads
   * for load-proportional blinking ({@code blink.popularity.nodes.publish}), which needs the
   * scheduler as the place to send them.
   */
  private void startPopularity(NameNode nn) {
    RpcNamespace namespace = new RpcNamespace(nn.getRpcServer());
    AccessAverages accesses = runtime.accesses(popularity.settings().alpha(),
        popularity.maxFiles());
    Map<String, PopularityLoop.Step> steps = new LinkedHashMap<>();
    if (popularity.enabled() || groups.enabled()) {
      replicator = new PopularityReplicator(accesses, popularity, namespace, runtime);
    }
    if (groups.enabled()) {
      PopularityReplicator r = replicator;
      groupReplicator = new GroupReplicator(groups, popularity.settings().capacityFraction(),
          PlacementConfig.from(conf).readMinWindowMs(), GroupsFeed.source(conf)::read,
          new NamenodeGroupFiles(nn.getRpcServer(), nn.getNamesystem()),
          () -> runtime.state().usable(),
          LayoutBlockPlacementPolicy.configuredLayouts(conf).orElseThrow(), r::setFloors);
      steps.put("application groups", folded -> groupReplicator.runOnce());
    }
    if (replicator != null) {
      // Groups alone plan floors only: no heat-based extras unless popularity is enabled.
      PopularityReplicator r = replicator;
      steps.put("popularity replication",
          folded -> r.apply(popularity.enabled() ? folded : List.of()));
    }
    if (popularity.publishNodes()) {
      PlacementConfig pc = PlacementConfig.from(conf);
      SchedulerHttp http = SchedulerClientAuth.client(conf, pc.schedulerAddress(),
          pc.schedulerTimeoutMs());
      NodeLoadPublisher publisher = new NodeLoadPublisher(
          new NamesystemBlockHolders(nn.getNamesystem()), http::setPopularity,
          () -> runtime.state().usable(), popularity.nodesFiles(), runtime.nodeLoadsSent());
      steps.put("node loads for the scheduler", publisher::publish);
    }
    // Only the active NameNode acts: a standby sees no client opens and would send all-zero
    // loads (uniform weights) over the active one's, and cannot set replication.
    popularityLoop = new PopularityLoop(accesses, popularity.periodMs(), steps,
        nn::isActiveState);
    popularityLoop.start();
  }

  @Override
  public synchronized void stop() {
    if (popularityLoop != null) {
      popularityLoop.close();
      popularityLoop = null;
    }
    replicator = null;
    groupReplicator = null;
    if (keeper != null) {
      keeper.close();
      keeper = null;
    }
    if (holds != null) {
      holdsListener.run();
      holds.close();
      holds = null;
    }
    if (registered) {
      DefaultMetricsSystem.instance().unregisterSource(SOURCE_NAME);
      registered = false;
    }
    if (holding) {
      holding = false;
      runtime.release();
    }
  }

  @Override
  public void close() {
    stop();
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    ScheduleState state = runtime.state();
    long now = clock.millis();
    long epoch = -1;
    int ring = 0;
    int awake = 0;
    if (state.schedule().isPresent()) {
      Schedule s = state.schedule().get();
      epoch = s.epoch();
      ring = s.ring().size();
      awake = state.usable().isPresent() ? s.awakeAt(now).size() : s.nodes().size();
    }
    MetricsRecordBuilder rb = collector.addRecord(SOURCE_NAME).setContext("blink")
        .tag(Interns.info("ScheduleStatus", "OK, NOT_CONFIGURED, MISSING, INVALID or EXPIRED"),
            state.status().name())
        .tag(Interns.info("ScheduleSource", "Where the schedule comes from"), runtime.describe())
        .addGauge(Interns.info("ScheduleEpoch", "Epoch of the schedule read, -1 if none"), epoch)
        .addGauge(Interns.info("RingNodes", "DataNodes in the layout ring"), ring)
        .addGauge(Interns.info("AwakeNodes", "Scheduled DataNodes awake now"), awake)
        .addCounter(Interns.info("OffloadedReplicas", "Replicas written to stand-ins"),
            runtime.offloadedReplicas().get())
        .addCounter(Interns.info("LayoutCorrections", "Replicas sent to their layout node"),
            runtime.layoutCorrections().get())
        .addCounter(Interns.info("SleepingTargetsAvoided",
            "Sleeping nodes kept out of write pipelines"), runtime.sleepingTargetsAvoided().get())
        .addCounter(Interns.info("StagingFullFallbacks",
            "Stand-ins placed on ring nodes because the staging nodes were full"),
            runtime.stagingFullFallbacks().get())
        .addCounter(Interns.info("ShortWriteReplicas",
            "Replicas new blocks lacked at write time because too few nodes were awake"),
            runtime.shortWriteReplicas().get())
        .addCounter(Interns.info("ShortWriteHolds",
            "Wake holds the scheduler granted for the only holder of a short-written block"),
            runtime.shortWriteHolds().get())
        .addCounter(Interns.info("PolicyFailures",
            "Placement policy exceptions answered with HDFS's default placement (bugs)"),
            runtime.policyFailures().get())
        .addCounter(Interns.info("PopularityChanges",
            "Replication changes made by popularity replication (raises and reclamations)"),
            runtime.popularityChanges().get())
        .addCounter(Interns.info("PopularityReplicasAdded",
            "Block replicas popularity replication asked HDFS to add"),
            runtime.popularityReplicasAdded().get())
        .addCounter(Interns.info("PopularityNodeLoadsSent",
            "Node read loads sent to the scheduler for load-proportional blinking"),
            runtime.nodeLoadsSent().get())
        .addGauge(Interns.info("ExtraReplicas",
            "Replicas popularity replication holds beyond the files' own replication"),
            runtime.extraReplicas().get())
        .addGauge(Interns.info("ExtraReplicaBytes", "Bytes those extra replicas take"),
            runtime.extraReplicaBytes().get())
        .addGauge(Interns.info("BlocksAwaitingLayout",
            "Blocks queued as badly distributed (waiting for layout correction)"),
            blocksAwaitingLayout.getAsLong());
    List<GroupReplicationPlanner.Decision> decided = groupDecisions();
    rb.addGauge(Interns.info("GroupsPlanned", "Application groups planned last period"),
            decided.size())
        .addGauge(Interns.info("GroupsUnmet",
            "Groups whose p90 target or minimum availability the plan cannot meet"),
            decided.stream().filter(d -> !d.met()).count())
        .tag(Interns.info("GroupPlan", "Each group's replicas, predicted p90 wait and met/unmet"),
            GroupReplicationPlanner.summary(decided));
    MaintenanceKeeper k = keeper;
    rb.addGauge(Interns.info("NodesInMaintenance",
            "DataNodes the NameNode holds in maintenance (entering or in, live or dead)"),
            nodesInMaintenance.getAsLong())
        .addGauge(Interns.info("MaintenanceRequested",
            "DataNodes BlinkHDFS asks to hold in maintenance (entries of dfs.hosts)"),
            k == null ? 0 : k.applied().size())
        .addCounter(Interns.info("MaintenanceFailures",
            "Failed attempts to write dfs.hosts or refresh the NameNode"),
            k == null ? 0 : k.failures());
    rb.endRecord();
  }

  private static long nodesInMaintenance(FSNamesystem ns) {
    return ns == null ? 0 : ns.getNumEnteringMaintenanceDataNodes()
        + ns.getNumInMaintenanceLiveDataNodes() + ns.getNumInMaintenanceDeadDataNodes();
  }

  /** The last period's group decisions (none when groups are off). */
  synchronized List<GroupReplicationPlanner.Decision> groupDecisions() {
    return groupReplicator == null ? List.of() : groupReplicator.decisions();
  }

  /** The running group replicator, or null when groups are off or the plugin stopped. */
  synchronized GroupReplicator groupReplicator() {
    return groupReplicator;
  }

  /** The running popularity replicator, or null when it is off or the plugin stopped. */
  synchronized PopularityReplicator popularityReplicator() {
    return replicator;
  }

  /** The running maintenance keeper, or null when maintenance is off or the plugin stopped. */
  MaintenanceKeeper maintenanceKeeper() {
    return keeper;
  }
}
