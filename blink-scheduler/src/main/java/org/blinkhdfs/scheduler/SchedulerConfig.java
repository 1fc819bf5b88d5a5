package org.blinkhdfs.scheduler;

import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.NetUtils;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.control.scheduler.SchedulerSettings;
import org.blinkhdfs.control.scheduler.WakeLimits;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.policy.AutoPolicy;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.policy.CoveringPolicy;
import org.blinkhdfs.model.policy.GearShiftingPolicy;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.model.policy.Policies;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.RecoveryWake;
import org.blinkhdfs.model.schedule.ScheduleSourceKeys;
import org.blinkhdfs.model.signal.PowerSignal;
import org.blinkhdfs.rabbit.dataset.DatasetConfig;
import org.blinkhdfs.rabbit.dataset.SharePolicy;
import org.blinkhdfs.rabbit.layout.RabbitConfig;
import org.blinkhdfs.scheduler.wake.WakeConfig;

/**
 * The scheduler daemon's configuration, typed and validated at startup; a bad value stops the
 * daemon with a message naming the key, the value and the fix. The power model, interval and
 * policy come from blink-model's {@link CoreConfig} keys.
 *
 * <p>Example (9 ring nodes, one staging node, half power):
 *
 * <pre>
 * blink.scheduler.nodes = 10.0.0.11:9866,...,10.0.0.19:9866
 * blink.scheduler.staging.nodes = 10.0.0.20:9866
 * blink.scheduler.signal = steady:50%
 * blink.schedule.file = /etc/hadoop/blink-schedule.json
 * </pre>
 *
 * <p>The key constants are public so the local cluster and tools set the same names the daemon
 * reads (one definition per key); the rest of the class is package-private.
 *
 * <p>Immutable.
 */
public final class SchedulerConfig {
  public static final ConfigKey NODES =
      new ConfigKey("blink.scheduler.nodes", "", "host:port list");
  public static final ConfigKey STAGING =
      new ConfigKey("blink.scheduler.staging.nodes", "", "host:port list");
  public static final ConfigKey HTTP_ADDRESS =
      new ConfigKey("blink.scheduler.http.address", "0.0.0.0:9877", "host:port");
  public static final ConfigKey SIGNAL = new ConfigKey(SignalSpec.KEY, "steady:100%", "");
  public static final ConfigKey LEASE_MS =
      new ConfigKey("blink.scheduler.lease.ms", "180000", "ms");
  public static final ConfigKey THRESHOLD =
      new ConfigKey("blink.scheduler.change.threshold", "0.05", "fraction of p_total");
  public static final ConfigKey FAILURE_TIMEOUT =
      new ConfigKey("blink.failure.timeout", "5m", "time");
  /** 3 agent heartbeats ({@code blink.agent.heartbeat.ms}, 10 s). */
  public static final ConfigKey NODE_FAILURE_MS =
      new ConfigKey("blink.scheduler.node.failure.ms", "30000", "ms");
  public static final ConfigKey TICK_MS = new ConfigKey("blink.scheduler.tick.ms", "1000", "ms");
  public static final ConfigKey SCHEDULE_FILE = ScheduleSourceKeys.SCHEDULE_FILE;
  /** Where the application groups are kept ({@code GET/PUT /v1/groups}); empty: none. */
  public static final ConfigKey GROUPS_FILE =
      new ConfigKey("blink.scheduler.groups.file", "", "path");
  /** Activation and gear shifting keep each live group's A(g) ACTIVE ({@link GroupActiveSet}). */
  public static final ConfigKey GROUPS_ACTIVATION =
      new ConfigKey("blink.scheduler.groups.activation", "false", "");
  public static final ConfigKey SENSOR_TIMEOUT_MS =
      new ConfigKey("blink.scheduler.sensor.timeout.ms", "5000", "ms");
  public static final ConfigKey GEARS = new ConfigKey("blink.scheduler.gears", "", "node counts");
  /** The covering policy's upgrade domains r: contiguous runs of the ring (CoveringSet). */
  public static final ConfigKey COVERING_DOMAINS = new ConfigKey(
      "blink.scheduler.covering.domains", Integer.toString(CoveringPolicy.DEFAULT_DOMAINS),
      "upgrade domains");
  public static final ConfigKey IO_SERVER_WATTS =
      new ConfigKey("blink.power.ioserver.watts", "", "W");
  /**
   * How far above its budget energy a completed interval may draw before {@code GET /v1/energy}
   * counts it over budget, as a fraction of the budget energy.
   */
  public static final ConfigKey ENERGY_TOLERANCE =
      new ConfigKey("blink.scheduler.energy.overbudget.tolerance", "0.01", "fraction");
  /** Energy drawn above budget is repaid over this many intervals (EnergyPayback); 0 never. */
  public static final ConfigKey ENERGY_PAYBACK = new ConfigKey(
      "blink.scheduler.energy.payback.intervals",
      Integer.toString(SchedulerSettings.DEFAULT_PAYBACK_INTERVALS), "intervals");
  /** The auto policy's hysteresis H in decisions ({@link AutoConfig}); the lab waits H + 1. */
  public static final ConfigKey AUTO_HYSTERESIS = AutoConfig.HYSTERESIS;
  /** Defined in blink-control ({@link WakeLimits}) so the scheduler's refusals name it. */
  public static final ConfigKey WAKE_MAX_MS = WakeLimits.MAX_MS;
  public static final ConfigKey WAKE_MAX_NODES = WakeLimits.MAX_NODES;
  /** The longest wake request accepted in configuration: one day. */
  static final long WAKE_MAX_MS_LIMIT = 86_400_000L;
  /** The most nodes held awake on request accepted in configuration. */
  static final long WAKE_MAX_NODES_LIMIT = 10_000L;

  /** The keys this class reads besides CoreConfig's. */
  public static final List<ConfigKey> KEYS = keys();

  final SchedulerSettings settings;
  final BlinkPolicy policy;
  /** {@code blink.scheduler.gears}; empty: the gear-shifting policy's default (every size). */
  private final List<Integer> gears;
  /** {@code blink.scheduler.covering.domains}, checked against the ring when used. */
  private final int coveringDomains;
  /** {@code blink.scheduler.auto.*}, for the auto policy. */
  private final AutoConfig auto;
  /** {@code blink.phase.groups}: G of the phase-groups policy, the NameNode's layout's too. */
  private final int phaseGroups;
  private final int ringSize;
  final RecoveryWake recovery;
  /** Wake on demand: each ring node's wake backend and the retry settings. */
  final WakeConfig wake;
  final PowerSignal signal;
  /** {@code blink.battery.*}, present when the signal is {@code battery}. */
  final Optional<BatteryConfig> battery;
  final InetSocketAddress httpAddress;
  final long tickMs;
  final String scheduleFile;
  final String groupsFile;
  final boolean groupsActivation;
  /** p, the share policy and the live time of {@link GroupActiveSet}: the NameNode's keys. */
  final int primaries;
  final SharePolicy share;
  final long liveMs;
  /** What the plans take out of each window for transitions and why, for the startup log. */
  final String transitions;
  /** The daemon's clock, for the policies {@link #policyNamed} builds at run time too. */
  private final Clock clock;

  /** As {@link #SchedulerConfig(Configuration, Clock)} with the system clock (checks, tests). */
  SchedulerConfig(Configuration conf) {
    this(conf, Clock.systemUTC());
  }

  /**
   * Reads and checks every key; {@code clock} is the daemon's, given to what keeps time of its
   * own (the auto policy's decisions, the wake backends), so a test clock drives them too.
   */
  SchedulerConfig(Configuration conf, Clock clock) {
    this.clock = clock;
    CoreConfig core = new CoreConfig(conf::get);
    List<String> ring = nodes(conf, NODES, true);
    List<String> staging = nodes(conf, STAGING, false);
    PowerModel model = withIoServer(conf, core.powerModel(ring.size()));
    long intervalMs = core.intervalMs();
    this.transitions = describeTransitions(core, model, intervalMs);
    long leaseMs = longIn(conf, LEASE_MS, intervalMs, 86_400_000L);
    long failureMs = conf.getTimeDuration(FAILURE_TIMEOUT.name(), FAILURE_TIMEOUT.defaultValue(),
        TimeUnit.MILLISECONDS);
    if (failureMs <= leaseMs) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = %d ms must exceed %s = %d ms: an agent sleeps at most one lease, so a shorter"
              + " timeout would report sleeping nodes as failed", FAILURE_TIMEOUT.name(),
          failureMs, LEASE_MS.name(), leaseMs));
    }
    long nodeFailureMs = ConfigValues.longIn(conf::get, NODE_FAILURE_MS, 1, Long.MAX_VALUE);
    if (nodeFailureMs > failureMs) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = %d ms must not exceed %s = %d ms: it is the shorter timeout for nodes that"
              + " should be awake; give a few agent heartbeats (default %s)",
          NODE_FAILURE_MS.name(), nodeFailureMs, FAILURE_TIMEOUT.name(), failureMs,
          NODE_FAILURE_MS.defaultValue()));
    }
    this.settings = SchedulerSettings.builder().ring(ring).stagingNodes(staging).model(model)
        .intervalMs(intervalMs).leaseMs(leaseMs)
        .changeThresholdFraction(doubleIn(conf, THRESHOLD, 0, 1)).failureTimeoutMs(failureMs)
        .awakeFailureTimeoutMs(nodeFailureMs).wakeLimits(wakeLimits(conf))
        .energyTolerance(doubleIn(conf, ENERGY_TOLERANCE, 0, 1))
        .energyPaybackIntervals((int) longIn(conf, ENERGY_PAYBACK, 0,
            SchedulerSettings.MAX_PAYBACK_INTERVALS)).build();
    this.gears = gears(conf);
    this.ringSize = ring.size();
    this.coveringDomains = (int) longIn(conf, COVERING_DOMAINS, 1, Integer.MAX_VALUE);
    this.auto = new AutoConfig(conf::get);
    this.phaseGroups = core.phaseGroups();
    this.policy = policyNamed(CoreConfig.POLICY.name(), core.policyName());
    this.recovery = RecoveryConfig.parse(conf::get, ring);
    this.wake = new WakeConfig(conf::get, ring, clock);
    String http = conf.getTrimmed(HTTP_ADDRESS.name(), HTTP_ADDRESS.defaultValue());
    try {
      this.httpAddress = NetUtils.createSocketAddr(http);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(HTTP_ADDRESS.name() + " = '" + http
          + "' is not host:port: " + e.getMessage());
    }
    this.tickMs = longIn(conf, TICK_MS, 10, 60_000);
    this.scheduleFile = conf.getTrimmed(SCHEDULE_FILE.name(), "");
    this.groupsFile = conf.getTrimmed(GROUPS_FILE.name(), "");
    this.groupsActivation = ConfigValues.booleanValue(conf::get, GROUPS_ACTIVATION);
    this.primaries = RabbitConfig.from(conf::get).primaries();
    DatasetConfig datasets =
        DatasetConfig.from(conf::get);
    this.share = datasets.share();
    this.liveMs = datasets.liveMs();
    if (groupsActivation && groupsFile.isEmpty()) {
      throw new IllegalArgumentException(GROUPS_ACTIVATION.name() + " = true shares the ACTIVE"
          + " nodes among application groups, but " + GROUPS_FILE.name() + " is empty: set it"
          + " to the groups file, or set " + GROUPS_ACTIVATION.name() + " = false");
    }
    String spec = conf.get(SIGNAL.name(), SIGNAL.defaultValue());
    long sensorTimeoutMs = longIn(conf, SENSOR_TIMEOUT_MS, 1, 600_000);
    this.battery = BatteryConfig.selected(spec)
        ? Optional.of(new BatteryConfig(conf::get, sensorTimeoutMs)) : Optional.empty();
    // Last: a sensor or battery signal starts its reader thread, which nothing would stop if a
    // later setting failed.
    this.signal = SignalSpec.parse(spec, model, sensorTimeoutMs, tickMs,
        () -> new BatterySignal(battery.orElseThrow(), model, policy, intervalMs, clock));
  }

  /**
   * E.g. {@code 137 ms per cycle from the model: enter 1152 ms (115 ms at the 6 s interval),
   * resume 215 ms (22 ms); ...; minimum useful window 0 ms}: both the real-kernel and the scaled
   * times, as every report states them.
   */
  private static String describeTransitions(CoreConfig core, PowerModel model, long intervalMs) {
    String modelText = core.transitions().model().describe(intervalMs);
    String source = core.transitions().explicitTransitionMs().isPresent()
        ? "set by " + CoreConfig.TRANSITION_MS.name() + " (the model would give: " + modelText + ")"
        : "from the model: " + modelText;
    return model.transitionMs() + " ms per cycle " + source + "; minimum useful window "
        + model.minWindowMs() + " ms";
  }

  private static List<ConfigKey> keys() {
    List<ConfigKey> all = new ArrayList<>(List.of(NODES, STAGING, HTTP_ADDRESS, SIGNAL, LEASE_MS,
        THRESHOLD, FAILURE_TIMEOUT, NODE_FAILURE_MS, TICK_MS, SENSOR_TIMEOUT_MS, GEARS,
        COVERING_DOMAINS,
        IO_SERVER_WATTS, WAKE_MAX_MS, WAKE_MAX_NODES, GROUPS_FILE, GROUPS_ACTIVATION,
        ENERGY_TOLERANCE, ENERGY_PAYBACK));
    all.addAll(RecoveryConfig.KEYS);
    all.addAll(WakeConfig.KEYS);
    all.addAll(AutoConfig.KEYS);
    all.addAll(BatteryConfig.KEYS);
    return List.copyOf(all);
  }

  /**
   * A {@code max.nodes} above the ring size is allowed (it just never binds), so the default
   * suits every ring; staging nodes are awake anyway and never held.
   */
  private static WakeLimits wakeLimits(Configuration conf) {
    return new WakeLimits(longIn(conf, WAKE_MAX_MS, 1, WAKE_MAX_MS_LIMIT),
        (int) longIn(conf, WAKE_MAX_NODES, 0, WAKE_MAX_NODES_LIMIT));
  }

  /**
   * The policy named {@code name} with this daemon's settings: the gear-shifting policy gets
   * {@code blink.scheduler.gears}, the covering policy {@code
   * blink.scheduler.covering.domains} (refused when the ring has fewer nodes than domains), the
   * auto policy {@code blink.scheduler.auto.*} ({@link AutoConfig}), the
   * phase-groups policy {@code blink.phase.groups} (the key the NameNode's {@code
   * blink.ring.spacing = groups} layout reads, so both use the same G). The
   * start-up policy and every {@code PUT /v1/policy} go through here, so a policy switched at
   * run time is the one the configuration describes.
   *
   * @param argName what {@code name} is, for the error (a key or a request field)
   */
  BlinkPolicy policyNamed(String argName, String name) {
    BlinkPolicy p = Policies.byName(argName, name);
    if (p instanceof GearShiftingPolicy && !gears.isEmpty()) {
      p = new GearShiftingPolicy(GearShiftingPolicy.Settings.defaults().withGears(gears));
    }
    if (p instanceof CoveringPolicy) {
      if (coveringDomains > ringSize) {
        throw new IllegalArgumentException(String.format(Locale.ROOT, "%s = %s needs %s ="
            + " %d upgrade domains, more than the %d ring nodes of %s: set %s to at most %d"
            + " (one domain per replica)", argName, name, COVERING_DOMAINS.name(),
            coveringDomains, ringSize, NODES.name(), COVERING_DOMAINS.name(), ringSize));
      }
      p = new CoveringPolicy(coveringDomains);
    }
    if (p instanceof AutoPolicy) {
      p = auto.policy(clock);
    }
    if (p instanceof PhaseGroupsPolicy) {
      p = new PhaseGroupsPolicy(phaseGroups);
    }
    return p;
  }

  private static List<Integer> gears(Configuration conf) {
    String gears = conf.getTrimmed(GEARS.name(), "");
    List<Integer> list = new ArrayList<>();
    if (gears.isEmpty()) {
      return list;
    }
    for (String g : gears.split(",")) {
      try {
        list.add(Integer.parseInt(g.trim()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(GEARS.name() + " = '" + gears
            + "' must be comma-separated node counts, e.g. 2,4,7");
      }
    }
    // Checked now, not at the first PUT /v1/policy: the settings validate the list.
    GearShiftingPolicy.Settings.defaults().withGears(list);
    return List.copyOf(list);
  }

  private static PowerModel withIoServer(Configuration conf, PowerModel m) {
    String io = conf.getTrimmed(IO_SERVER_WATTS.name(), "");
    if (io.isEmpty()) {
      return m;
    }
    try {
      return PowerModel.builder().nodeCount(m.nodeCount()).activeWatts(m.activeWatts())
          .sleepWatts(m.sleepWatts()).overheadWatts(m.overheadWatts())
          .transitionMs(m.transitionMs()).transitionWatts(m.transitionWatts())
          .minWindowMs(m.minWindowMs())
          .ioServerWatts(Double.parseDouble(io)).build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(IO_SERVER_WATTS.name() + " = '" + io + "': "
          + e.getMessage());
    }
  }

  private static List<String> nodes(Configuration conf, ConfigKey key, boolean required) {
    List<String> out = new ArrayList<>();
    for (String n : conf.getTrimmedStringCollection(key.name())) {
      if (!n.matches("[^:\\s]+:[0-9]{1,5}")) {
        throw new IllegalArgumentException(key.name() + " lists '" + n
            + "', which is not a DataNode transfer address host:port (e.g. 10.0.0.11:9866)");
      }
      out.add(n);
    }
    if (required && out.isEmpty()) {
      throw new IllegalArgumentException(key.name()
          + " is empty: list the DataNodes that blink, in ring order, as host:port");
    }
    return out;
  }

  private static long longIn(Configuration conf, ConfigKey key, long min, long max) {
    return ConfigValues.longIn(conf::get, key, min, max);
  }

  private static double doubleIn(Configuration conf, ConfigKey key, double min, double max) {
    return ConfigValues.doubleIn(conf::get, key, min, max);
  }
}
