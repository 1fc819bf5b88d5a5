package org.blinkhdfs.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.control.scheduler.NodeReport;
import org.blinkhdfs.control.scheduler.SchedulerStatus;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.model.policy.GearShiftingPolicy;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.blinkhdfs.model.wire.SchedulerApi;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * The blink side of a local cluster with every daemon in a JVM of its own ({@link
 * ControlPlane#PROCESSES}): the power scheduler ({@code org.blinkhdfs.scheduler.SchedulerDaemon},
 * what {@code bin/blink scheduler} runs) on a fixed port, and one agent per ring DataNode
 * ({@code org.blinkhdfs.agent.AgentDaemon}, {@code bin/blink agent}), each with the same settings
 * {@link BlinkServices} gives the in-process ones.
 *
 * <p>Why: a fault test kills these with SIGKILL at a random moment and starts them again
 * ({@link #kill}, {@link #restart}), which needs a JVM per daemon and a scheduler address that
 * survives a restart. The agents take turns by kind ({@link AgentKind}), so every kind an
 * operator can run here is killed in some test: emulate by signals, emulate by a freezer cgroup
 * (where one is writable) and dry-run.
 *
 * <p>Control goes over the scheduler's HTTP API as the admin tool's does ({@code PUT /v1/power},
 * {@code PUT /v1/active}, {@code PUT /v1/popularity}, as the launching user); the schedule is
 * read from the file the scheduler writes. What only the in-process scheduler offers (its status,
 * node reports, gear state) throws {@link UnsupportedOperationException}.
 *
 * <p>Thread-safe: the daemons' own methods are synchronized.
 */
final class BlinkProcesses implements BlinkControl {
  private static final long READY_TIMEOUT_MS = 60_000;

  /** The kinds of agent a ring DataNode can have here (the real actuator needs real hosts). */
  enum AgentKind {
    /** {@code --actuator emulate --pids}: SIGSTOP and SIGCONT to the DataNode's JVM. */
    SIGNALS,
    /** {@code --actuator emulate --cgroup}: the freezer cgroup holding the DataNode. */
    CGROUP,
    /** {@code --actuator dry-run}: follows the schedule and reports, freezes nothing. */
    DRY_RUN;

    /** Ring DataNode {@code i}'s kind: the three in turn, signals for cgroup without cgroups. */
    static AgentKind of(int ringIndex, boolean cgroups) {
      AgentKind k = values()[ringIndex % values().length];
      return k == CGROUP && !cgroups ? SIGNALS : k;
    }
  }

  /** One ring DataNode's agent. */
  record Agent(DataNodeProcess dataNode, AgentKind kind, RestartableDaemon daemon) {}

  private final RestartableDaemon scheduler;
  private final List<Agent> agents = new ArrayList<>();
  private final String address;
  private final Path scheduleFile;
  private final SchedulerHttp http;

  private BlinkProcesses(RestartableDaemon scheduler, String address, Path scheduleFile) {
    this.scheduler = scheduler;
    this.address = address;
    this.scheduleFile = scheduleFile;
    this.http = new SchedulerHttp(address, 10_000)
        .withAuthenticator(HadoopHttpAuthenticator.INSTANCE);
  }

  /**
   * Starts the scheduler on {@code 127.0.0.1:port}, waits until it serves a schedule, then starts
   * the agents.
   *
   * @param cgroupFlags a ring DataNode's {@code --cgroup} flags, or empty when no freezer cgroup
   *     is writable
   */
  static BlinkProcesses start(ClusterSpec spec, List<DataNodeProcess> dataNodes, Path clusterDir,
      Path scheduleFile, int port, Function<DataNodeProcess, Optional<List<String>>> cgroupFlags)
      throws IOException, InterruptedException {
    String address = "127.0.0.1:" + port;
    Configuration conf = BlinkServices.schedulerConf(spec, dataNodes, scheduleFile, address);
    Path schedConf = HdfsSite.writeConfDir(clusterDir.resolve("scheduler/conf"), conf);
    DaemonLauncher launcher = DaemonLauncher.of(spec, clusterDir);
    BlinkProcesses p = new BlinkProcesses(new RestartableDaemon("scheduler", launcher,
        schedConf, JvmFlags.CONTROL, "org.blinkhdfs.scheduler.SchedulerDaemon",
        List.of("-conf", schedConf.resolve("hdfs-site.xml").toString())), address,
        scheduleFile);
    try {
      p.scheduler.start();
      p.awaitScheduler();
      int ringIndex = 0;
      for (DataNodeProcess dn : dataNodes) {
        if (dn.staging()) {
          continue;
        }
        Optional<List<String>> cgroup = cgroupFlags.apply(dn);
        AgentKind kind = AgentKind.of(ringIndex, cgroup.isPresent());
        List<String> freezer = switch (kind) {
          case SIGNALS -> List.of("--pids", Long.toString(dn.pid()));
          case CGROUP -> cgroup.orElseThrow();
          case DRY_RUN -> List.of();
        };
        String name = "agent-" + ringIndex;
        Path agentConf = HdfsSite.writeConfDir(clusterDir.resolve(name + "/conf"),
            BlinkServices.agentConf(conf, dn, spec.bandwidthBytesPerSec()));
        List<String> args = new ArrayList<>(BlinkServices.agentFlags(spec, dn, address,
            kind == AgentKind.DRY_RUN ? "dry-run" : "emulate", freezer));
        args.addAll(List.of("--conf", agentConf.resolve("hdfs-site.xml").toString()));
        RestartableDaemon d = new RestartableDaemon(name, launcher, agentConf,
            JvmFlags.CONTROL, "org.blinkhdfs.agent.AgentDaemon", args);
        d.start();
        p.agents.add(new Agent(dn, kind, d));
        ringIndex++;
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      p.close();
      throw e;
    }
    return p;
  }

  /** Waits until the scheduler answers {@code GET /v1/schedule} with a schedule. */
  private void awaitScheduler() throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + READY_TIMEOUT_MS;
    String last = "no answer";
    while (System.currentTimeMillis() < deadline) {
      if (!scheduler.isAlive()) {
        throw new IOException("the scheduler exited during start-up; see " + scheduler.log());
      }
      try {
        SchedulerHttp.Response r = http.get(SchedulerApi.SCHEDULE, "application/json");
        if (r.isSuccess()) {
          return;
        }
        last = "HTTP " + r.status();
      } catch (IOException e) {
        last = e.getMessage();
      }
      Thread.sleep(200);
    }
    throw new IOException("the scheduler served no schedule within " + READY_TIMEOUT_MS
        + " ms (" + last + "); see " + scheduler.log());
  }

  /** The scheduler's daemon (to kill and restart). */
  RestartableDaemon scheduler() {
    return scheduler;
  }

  /** The ring's agents in ring order. */
  List<Agent> agents() {
    return List.copyOf(agents);
  }

  /** Starts the scheduler again after a kill and waits until it serves a schedule. */
  void restartScheduler() throws IOException, InterruptedException {
    scheduler.start();
    awaitScheduler();
  }

  @Override
  public void setPowerPercent(int percent) {
    put(SchedulerApi.POWER, percent + "%");
  }

  @Override
  public void setActiveNodes(OptionalInt n) {
    put(SchedulerApi.ACTIVE, n.isPresent() ? Integer.toString(n.getAsInt()) : "auto");
  }

  private void put(String path, String body) {
    try {
      http.putText(path, body).requireSuccess();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code PUT /v1/popularity}, the call the NameNode's node-load publisher makes. */
  @Override
  public void setPopularity(Map<String, Double> weights) {
    try {
      http.setPopularity(weights);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public SchedulerStatus status() {
    throw unsupported("status");
  }

  @Override
  public List<NodeReport> nodeReports() {
    throw unsupported("nodeReports");
  }

  @Override
  public Optional<GearShiftingPolicy.GearState> gearState() {
    throw unsupported("gearState");
  }

  private static UnsupportedOperationException unsupported(String what) {
    return new UnsupportedOperationException(what + " reads the scheduler's objects, which run"
        + " in another JVM with ControlPlane.PROCESSES; use ControlPlane.IN_PROCESS");
  }

  /** The schedule in the file the scheduler writes (atomically), if there is one. */
  @Override
  public Optional<Schedule> schedule() {
    if (!Files.isRegularFile(scheduleFile)) {
      return Optional.empty();
    }
    try (InputStream in = Files.newInputStream(scheduleFile)) {
      return Optional.of(ScheduleJson.read(in));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String schedulerAddress() {
    return address;
  }

  @Override
  public long sleeps() {
    return -1;
  }

  @Override
  public java.util.Map<String, Long> sleepsByNode() {
    return java.util.Map.of();
  }

  /** Stops the agents (each thaws its node on SIGTERM), then the scheduler. */
  @Override
  public void close() {
    try {
      for (Agent a : agents) {
        a.daemon().stop();
      }
      scheduler.stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
