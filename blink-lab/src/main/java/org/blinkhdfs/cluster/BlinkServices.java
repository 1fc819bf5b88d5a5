package org.blinkhdfs.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.agent.AgentConfig;
import org.blinkhdfs.agent.AgentDaemon;
import org.blinkhdfs.agent.UtilizationConfig;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.scheduler.SchedulerConfig;
import org.blinkhdfs.scheduler.SchedulerDaemon;

/**
 * The blink side of a local cluster, run inside the launching JVM: the power scheduler (which
 * writes the schedule file the NameNode and clients read) and one {@code emulate} power agent per
 * ring DataNode, freezing that DataNode's JVM with SIGSTOP outside its windows and thawing it
 * with SIGCONT inside them (with YARN: the whole host, DataNode, NodeManager and containers,
 * through the host's cgroup or signals to its process tree) — the same agent code an operator runs
 * with {@code bin/blink agent --actuator emulate --pids ...}.
 *
 * <p>Closing stops the agents first (each leaves its DataNode thawed), then the scheduler.
 * Thread-safe for {@link #setPowerPercent}, {@link #setActiveNodes}, {@link #status()} and
 * {@link #schedule()}.
 */
final class BlinkServices implements BlinkControl {
  /** The shortest sleep an agent takes; the demo's windows are seconds long. */
  static final String MIN_SLEEP = "300ms";
  /** The schedule's lease in blink intervals (see {@link #start}). */
  static final int LEASE_INTERVALS = 2;

  private final SchedulerDaemon scheduler;
  private final List<AgentDaemon> agents = new ArrayList<>();

  private BlinkServices(SchedulerDaemon scheduler) {
    this.scheduler = scheduler;
  }

  /**
   * @param freezer the agent flags naming what to freeze for a ring DataNode ({@code --pids},
   *     {@code --cgroup} or {@code --pid-tree})
   * @param httpAddress the scheduler's {@code host:port}, fixed in advance so the NameNode can
   *     report its live application groups there
   */
  static BlinkServices start(ClusterSpec spec, List<DataNodeProcess> dataNodes, Path scheduleFile,
      java.util.function.Function<DataNodeProcess, List<String>> freezer, String httpAddress)
      throws IOException {
    Configuration conf = schedulerConf(spec, dataNodes, scheduleFile, httpAddress);
    BlinkServices s = new BlinkServices(SchedulerDaemon.start(conf));
    try {
      String address = s.schedulerAddress();
      for (DataNodeProcess dn : dataNodes) {
        if (!dn.staging()) {
          Configuration agentConf = agentConf(conf, dn, spec.bandwidthBytesPerSec());
          List<String> flags = agentFlags(spec, dn, address, "emulate", freezer.apply(dn));
          s.agents.add(AgentDaemon.start(AgentConfig.parse(flags.toArray(String[]::new),
              agentConf), agentConf));
        }
      }
    } catch (IOException | RuntimeException e) {
      s.close();
      throw e;
    }
    return s;
  }

  /**
   * The scheduler's settings for the cluster: its ring and staging nodes, a steady signal at the
   * spec's power, the schedule file, interval, policy and lease, serving on {@code httpAddress}.
   */
  static Configuration schedulerConf(ClusterSpec spec, List<DataNodeProcess> dataNodes,
      Path scheduleFile, String httpAddress) {
    Configuration conf = new Configuration();
    List<String> ring = new ArrayList<>();
    List<String> staging = new ArrayList<>();
    for (DataNodeProcess dn : dataNodes) {
      (dn.staging() ? staging : ring).add(dn.xferAddress());
    }
    conf.set(SchedulerConfig.NODES.name(), String.join(",", ring));
    conf.set(SchedulerConfig.STAGING.name(), String.join(",", staging));
    conf.set(SchedulerConfig.HTTP_ADDRESS.name(), httpAddress);
    // Written out with every default (new Configuration()), so core-default's false would read
    // as the operator's choice in a scheduler JVM: state the scheduler's default, /prom on.
    conf.setBoolean("hadoop.prometheus.endpoint.enabled", true);
    conf.set(SchedulerConfig.SIGNAL.name(), "steady:" + spec.powerPercent() + "%");
    conf.set(BlinkKeys.SCHEDULE_FILE, scheduleFile.toString());
    conf.setLong(BlinkKeys.INTERVAL_MS, spec.intervalMs());
    conf.set(BlinkKeys.POLICY, spec.schedulePolicy());
    // The read window m of the NameNode and the clients (HdfsSite), which the auto policy's
    // availability condition uses; without it the scheduler would predict with the default.
    conf.setLong(BlinkKeys.READ_MIN_WINDOW_MS, HdfsSite.READ_MIN_WINDOW_MS);
    conf.setLong(SchedulerConfig.TICK_MS.name(), 250);
    // An OFF node's agent sleeps until the lease ends or its OFF check-in (one interval here,
    // --off-checkin), like a suspended host that only its RTC alarm wakes: a gear raised
    // meanwhile waits at most that long for its nodes. The NameNode holds OFF nodes in HDFS
    // maintenance, so a long silence would not re-replicate; short check-ins also keep every
    // node far from the dead interval (70 s), which the demo checks. Two intervals keep the
    // lease renewed with margin (an epoch per interval).
    conf.setLong(SchedulerConfig.LEASE_MS.name(), LEASE_INTERVALS * spec.intervalMs());
    spec.schedulerKeys().forEach(conf::set);
    return conf;
  }

  /**
   * The command line of ring DataNode {@code dn}'s agent ({@code bin/blink agent}): its node,
   * scheduler and actuator, what it freezes, and timings sized for seconds-long windows.
   */
  static List<String> agentFlags(ClusterSpec spec, DataNodeProcess dn, String schedulerAddress,
      String actuator, List<String> freezerFlags) {
    List<String> flags = new ArrayList<>(List.of("--node", dn.xferAddress(), "--scheduler",
        schedulerAddress, "--actuator", actuator));
    flags.addAll(freezerFlags);
    flags.addAll(List.of("--min-sleep", MIN_SLEEP, "--poll", "250ms",
        "--off-checkin", spec.intervalMs() + "ms", "--heartbeat", "2s"));
    return flags;
  }

  /**
   * One agent's settings: the shared ones, and utilization from its own DataNode's transfers
   * against the cluster's bandwidth caps, since every DataNode here shares one host's {@code
   * /proc} (docs/scheduler.md, gear shifting).
   */
  static Configuration agentConf(Configuration shared, DataNodeProcess dn,
      long capBytesPerSec) {
    Configuration c = new Configuration(shared);
    c.set(UtilizationConfig.SOURCE.name(), "datanode");
    c.set(UtilizationConfig.DATANODE_HTTP.name(), dn.httpAddress());
    c.setLong(UtilizationConfig.READ_CAP.name(), capBytesPerSec);
    c.setLong(UtilizationConfig.WRITE_CAP.name(), capBytesPerSec);
    return c;
  }

  /** Sets the power level (percent of all ring DataNodes' active power) at the next tick. */
  @Override
  public void setPowerPercent(int percent) {
    scheduler.scheduler().setPowerOverride(new PowerLevel.Percent(percent));
  }

  /** Block popularity per ring node for load-proportional blinking (next plan). */
  @Override
  public void setPopularity(java.util.Map<String, Double> weights) {
    scheduler.scheduler().setPopularity(weights);
  }

  /**
   * The admin override ({@code bin/blink admin -setActive n}): the first {@code n} ring nodes
   * ACTIVE and the rest OFF whatever the power; empty clears it and the policy plans again.
   */
  @Override
  public void setActiveNodes(java.util.OptionalInt n) {
    if (n.isPresent()) {
      scheduler.scheduler().setActiveNodesOverride(n.getAsInt());
    } else {
      scheduler.scheduler().clearActiveNodesOverride();
    }
  }

  /** The scheduler's state: available and planned watts, the overshoot of an override. */
  @Override
  public org.blinkhdfs.control.scheduler.SchedulerStatus status() {
    return scheduler.scheduler().status();
  }

  /** The scheduler's view of every node (mode, window, last status with its utilization). */
  @Override
  public List<org.blinkhdfs.control.scheduler.NodeReport> nodeReports() {
    return scheduler.scheduler().nodes(System.currentTimeMillis());
  }

  /** The gear-shifting policy's state, when that is the scheduler's policy. */
  @Override
  public Optional<org.blinkhdfs.model.policy.GearShiftingPolicy.GearState> gearState() {
    return scheduler.scheduler().policy()
        instanceof org.blinkhdfs.model.policy.GearShiftingPolicy g
        ? Optional.of(g.state()) : Optional.empty();
  }

  /** The last published schedule, if any. */
  @Override
  public Optional<Schedule> schedule() {
    return scheduler.scheduler().published();
  }

  @Override
  public String schedulerAddress() {
    return "127.0.0.1:" + scheduler.httpAddress().getPort();
  }

  /** Sleeps taken by all agents so far. */
  @Override
  public long sleeps() {
    return agents.stream().mapToLong(a -> a.loop().sleeps()).sum();
  }

  @Override
  public java.util.Map<String, Long> sleepsByNode() {
    java.util.Map<String, Long> out = new java.util.TreeMap<>();
    for (AgentDaemon a : agents) {
      out.put(a.loop().settings().node(), a.loop().sleeps());
    }
    return out;
  }

  @Override
  public void close() throws IOException {
    for (AgentDaemon a : agents) {
      a.close();
    }
    scheduler.close();
  }
}
