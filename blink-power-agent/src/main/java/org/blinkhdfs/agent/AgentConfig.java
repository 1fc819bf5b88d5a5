package org.blinkhdfs.agent;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.agent.actuator.RealActuatorConfig;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.blinkhdfs.common.cli.Durations;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.control.agent.AgentTiming;
import org.blinkhdfs.control.agent.ResumeLatencyEstimator;
import org.blinkhdfs.daemon.cli.SiteOptions;
import org.blinkhdfs.daemon.http.KeytabLogin;
import org.blinkhdfs.model.schedule.NodeAddress;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * The power agent's settings ({@code bin/blink agent}), typed and validated in one place from
 * the command line and the Hadoop configuration. A flag wins over its key; a key wins over the
 * default. Every error is an {@link IllegalArgumentException} naming the flag or key, the value
 * and the fix, e.g. {@code --min-sleep '5': '5' has no unit: write a duration such as 60s ...}.
 *
 * <p>Rules checked here, not later in the loop:
 *
 * <ul>
 *   <li>{@code --node} and {@code --actuator} are required; the scheduler address comes from
 *       {@code --scheduler} or {@value SchedulerHttp#ADDRESS_KEY}.
 *   <li>{@code --sysfs-root} belongs to {@code real}; {@code --cgroup}, {@code --pid-file},
 *       {@code --pids} and {@code --pid-tree} to {@code emulate}, which needs at least one of
 *       them ({@code --pid-file}, {@code --pids} and {@code --pid-tree} exclude each other).
 *       A flag for another actuator is an error, not silently ignored.
 *   <li>For {@code real}, {@code --min-sleep} must cover the RTC's minimum alarm lead plus one
 *       second of alarm rounding, or every sleep would be refused.
 * </ul>
 *
 * <p>Worked example: {@code --node 10.0.0.11:9866 --scheduler 10.0.0.5:9877 --actuator emulate
 * --pid-file /tmp/hadoop-hdfs-datanode.pid --min-sleep 2s} gives timing (2000 ms min sleep, 0 ms
 * resume latency, 1000 ms poll) and a 10 s heartbeat.
 *
 * <p>Immutable.
 */
public final class AgentConfig {
  public static final ConfigKey MIN_SLEEP_MS =
      new ConfigKey("blink.agent.min.sleep.ms", "3000", "ms");
  /** Default depends on the actuator: 2000 for real, 0 for emulate and dry-run. */
  public static final ConfigKey RESUME_LATENCY_MS =
      new ConfigKey("blink.agent.resume.latency.ms", "", "ms");
  /** Learn the resume latency from measured cycles ({@link ResumeLearning}); false: fixed. */
  public static final ConfigKey RESUME_LATENCY_LEARN =
      new ConfigKey("blink.agent.resume.latency.learn", "true", "");
  /** The smallest learned resume latency. */
  public static final ConfigKey RESUME_LATENCY_MIN_MS =
      new ConfigKey("blink.agent.resume.latency.min.ms", "0", "ms");
  /** The largest learned resume latency; also how long a resume is awaited for a sample. */
  public static final ConfigKey RESUME_LATENCY_MAX_MS =
      new ConfigKey("blink.agent.resume.latency.max.ms", "30000", "ms");
  /**
   * Added to the 90th percentile of the samples. Default depends on the actuator: 500 for real
   * (room for a slower resume than any seen), 0 for emulate, whose drawn resume times come from a
   * known, bounded distribution: a margin there would only thaw the node early, awake and drawing
   * power outside the window the scheduler paid for.
   */
  public static final ConfigKey RESUME_LATENCY_MARGIN_MS =
      new ConfigKey("blink.agent.resume.latency.margin.ms", "", "ms");
  /** The margin's default for the real actuator. */
  static final long REAL_RESUME_MARGIN_MS = 500;
  /** How many recent samples the learned latency rests on. */
  public static final ConfigKey RESUME_LATENCY_SAMPLES =
      new ConfigKey("blink.agent.resume.latency.samples", "20", "samples");
  /** What the real actuator does on a host without ACPI S3: none, s2idle or io-server. */
  public static final ConfigKey REAL_FALLBACK =
      new ConfigKey(RealActuatorConfig.FALLBACK_KEY, "none", "");
  public static final ConfigKey POLL_MS = new ConfigKey("blink.agent.poll.ms", "1000", "ms");
  public static final ConfigKey OFF_CHECK_IN_MS = new ConfigKey("blink.agent.off.checkin.ms",
      Long.toString(AgentTiming.DEFAULT_OFF_CHECK_IN_MS), "ms");
  /**
   * The agent's own lease ({@link AgentTiming#leaseMaxMs}): a schedule is followed at most this
   * long after the scheduler last answered, whatever its {@code validUntilMs} (or none) says.
   */
  public static final ConfigKey LEASE_MAX_MS = new ConfigKey("blink.agent.lease.max.ms",
      Long.toString(AgentTiming.DEFAULT_LEASE_MAX_MS), "ms");
  public static final ConfigKey HEARTBEAT_MS =
      new ConfigKey("blink.agent.heartbeat.ms", "10000", "ms");
  public static final ConfigKey HTTP_TIMEOUT_MS =
      new ConfigKey("blink.agent.http.timeout.ms", "5000", "ms");
  public static final ConfigKey FREEZE_TIMEOUT_MS =
      new ConfigKey("blink.agent.freeze.timeout.ms", "5000", "ms");
  public static final ConfigKey IO_SERVER_CORES =
      new ConfigKey("blink.agent.ioserver.cores", "1", "cores");

  /**
   * The agent's own Kerberos login under {@code hadoop.security.authentication=kerberos}
   * ({@code blink.agent.kerberos.principal}, {@code .keytab}; read by {@link AgentDaemon#start}).
   */
  public static final KeytabLogin.Keys KERBEROS = KeytabLogin.Keys.of("blink.agent");

  /** Every key the agent reads besides {@link SchedulerHttp#ADDRESS_KEY}. */
  public static final List<ConfigKey> KEYS = Stream.of(Stream.of(MIN_SLEEP_MS,
      RESUME_LATENCY_MS, RESUME_LATENCY_LEARN, RESUME_LATENCY_MIN_MS, RESUME_LATENCY_MAX_MS,
      RESUME_LATENCY_MARGIN_MS, RESUME_LATENCY_SAMPLES, REAL_FALLBACK, POLL_MS, OFF_CHECK_IN_MS,
      LEASE_MAX_MS, HEARTBEAT_MS, HTTP_TIMEOUT_MS,
      FREEZE_TIMEOUT_MS, IO_SERVER_CORES, HttpStatusSink.SECRET_FILE),
      UtilizationConfig.KEYS.stream(),
      KERBEROS.list().stream()).flatMap(k -> k).toList();

  private static final long HOUR_MS = 3_600_000L;

  public static final String USAGE = String.join("\n",
      "usage: bin/blink agent --node HOST:PORT --actuator real|emulate|dry-run [options]",
      "",
      "Runs the power agent for one DataNode: follows the scheduler's schedule, sleeps the node",
      "outside its windows and reports every transition. On SIGTERM or Ctrl-C it stops and",
      "always leaves the DataNode awake (thawed, all cores online).",
      "",
      "  --node HOST:PORT        the DataNode transfer address, as in blink.scheduler.nodes",
      "  --scheduler HOST:PORT   the scheduler's HTTP address (default: "
          + SchedulerHttp.ADDRESS_KEY + ")",
      "  --actuator KIND         real (ACPI S3 + RTC alarm), emulate (freeze the DataNode's",
      "                          processes) or dry-run (log only)",
      "  --sysfs-root DIR        real: root under which sys/... is found (default /)",
      "  --real-fallback MODE    real, on a host without ACPI S3: none (refuse to sleep,",
      "                          default), s2idle (suspend to idle, saves far less) or",
      "                          io-server (never sleep; serve as an io-server instead)",
      "  --cgroup DIR            emulate: the DataNode's cgroup (preferred freezer)",
      "  --pid-file FILE         emulate: the DataNode pid file, re-read at every freeze",
      "                          (e.g. /tmp/hadoop-hdfs-datanode.pid)",
      "  --pids PID,PID          emulate: fixed DataNode process ids",
      "  --pid-tree PID,PID      emulate: these processes and all their descendants, found",
      "                          again at every freeze (a NodeManager and its containers)",
      "  --resume-latency D      wake this much before each window (default: real 2s, else 0ms)",
      "  --learn-resume-latency true|false",
      "                          real: learn the latency from measured resumes (default true)",
      "  --resume-latency-min D  smallest learned resume latency (default 0ms)",
      "  --resume-latency-max D  largest learned resume latency (default 30s)",
      "  --min-sleep D           shortest sleep worth a transition (default 3s)",
      "  --poll D                longest an awake agent goes without fetching (default 1s)",
      "  --off-checkin D         longest any sleep lasts before it fetches again (default 5m)",
      "  --lease-max D           follow a schedule at most this long after the scheduler last",
      "                          answered, even one without expiry; then stay awake (default 5m)",
      "  --heartbeat D           longest an awake agent goes without a status (default 10s)",
      "  --conf FILE             an extra Hadoop site XML file with blink.* keys",
      "  --help, -help           this text",
      "",
      "Durations take a unit: 250ms, 2s, 1m. Hadoop generic options (-D key=value, -conf FILE)",
      "come first. Keys: " + SchedulerHttp.ADDRESS_KEY
          + ", blink.agent.{min.sleep,resume.latency,poll,",
      "resume.latency.min,resume.latency.max,resume.latency.margin,",
      "off.checkin,lease.max,heartbeat,http.timeout,freeze.timeout}.ms,",
      "blink.agent.resume.latency.{learn,samples}, blink.agent.real.fallback,",
      "blink.agent.ioserver.cores,",
      "blink.agent.utilization.devices, blink.agent.proc.root.",
      "Exit code 2 on a bad flag or setting (the message names it, the value and the fix).");

  /** The agent's flags; {@link CommandLineTool} handles help and usage errors. */
  static final org.blinkhdfs.common.cli.Manual MANUAL = new org.blinkhdfs.common.cli.Manual(
      "blink agent", "the power agent of one DataNode host",
      java.util.List.of("bin/blink agent --node HOST:PORT --scheduler HOST:PORT --actuator"
          + " real|emulate|dry-run [flags]"),
      java.util.List.of("Follows the scheduler's schedule for one DataNode: awake in its window,",
          "asleep outside it through the actuator: 'real' suspends the host to RAM (ACPI S3) with",
          "an RTC alarm armed to wake it before its next window; 'emulate' freezes the DataNode's",
          "processes (cgroup freezer, else SIGSTOP/SIGCONT); 'dry-run' only logs. It posts a",
          "status at every transition and heartbeat, and when it cannot guarantee the wake-up",
          "the node stays awake. SIGTERM always leaves the node awake (thawed, cores online)."),
      org.blinkhdfs.common.cli.Manual.exitCodes("1    could not start, or stopped by an error;"
          + " the message says why"),
      java.util.List.of("bin/blink agent --node dn1:9866 --scheduler nn:9877 --actuator dry-run",
          "bin/blink agent --node dn1:9866 --scheduler nn:9877 --actuator emulate --pid-file"
              + " /tmp/hadoop-hdfs-datanode.pid"),
      java.util.List.of("bin/blink scheduler --help, docs/operations.md (Power actuators: safety"
          + " rules)"));

  static final CommandLineTool TOOL = CommandLineTool.builder("blink agent").usage(USAGE)
      .manual(MANUAL)
      .flag("node", "HOST:PORT").flag("scheduler", "HOST:PORT").flag("actuator", "KIND")
      .flag("sysfs-root", "DIR").flag("cgroup", "DIR").flag("pid-file", "FILE")
      .flag("pids", "PID,PID").flag("pid-tree", "PID,PID").flag("resume-latency", "D")
      .flag("min-sleep", "D").flag("poll", "D").flag("off-checkin", "D").flag("lease-max", "D")
      .flag("heartbeat", "D").flag("learn-resume-latency", "true|false")
      .flag("resume-latency-min", "D").flag("resume-latency-max", "D")
      .flag("real-fallback", "MODE")
      .flag("conf", "FILE")
      .operands(0, ": every setting is a flag such as --node HOST:PORT; see --help").build();

  /** The actuators, by their flag value. */
  public enum ActuatorKind {
    REAL("real"),
    EMULATE("emulate"),
    DRY_RUN("dry-run");

    private final String flag;

    ActuatorKind(String flag) {
      this.flag = flag;
    }

    public String flag() {
      return flag;
    }

    static ActuatorKind parse(String text) {
      for (ActuatorKind k : values()) {
        if (k.flag.equals(text)) {
          return k;
        }
      }
      throw new IllegalArgumentException("--actuator '" + text
          + "' is unknown: use real (ACPI S3), emulate (freeze the DataNode) or dry-run"
          + " (log only)");
    }
  }

  private final String node;
  private final String schedulerAddress;
  private final ActuatorKind actuator;
  private final Path sysfsRoot;
  private final Optional<Path> cgroup;
  private final Optional<Path> pidFile;
  private final Set<Integer> pids;
  private final Set<Integer> pidTrees;
  private final AgentTiming timing;
  private final long heartbeatMs;
  private final int httpTimeoutMs;
  private final long freezeTimeoutMs;
  private final int ioServerCores;
  private final UtilizationConfig utilization;
  private final ResumeLearning resumeLearning;
  private final RealActuatorConfig.NoS3Fallback realFallback;

  /**
   * How the agent learns its resume latency ({@link ResumeLatencyEstimator}): whether at all,
   * its bounds, margin and sample window. The real actuator measures samples, the emulate
   * actuator reports its drawn resume times as samples (when its transitions are on); dry-run
   * keeps the configured latency.
   *
   * @param enabled {@code --learn-resume-latency}, {@value #LEARN_KEY}
   * @param minMs {@code --resume-latency-min}, the smallest estimate
   * @param maxMs {@code --resume-latency-max}, the largest estimate and the longest a resume is
   *     awaited for a sample
   * @param marginMs added to the 90th percentile
   * @param samples the window of recent samples
   */
  public record ResumeLearning(boolean enabled, long minMs, long maxMs, long marginMs,
      int samples) {
    static final String LEARN_KEY = "blink.agent.resume.latency.learn";

    static ResumeLearning from(CommandLineTool.Args cl, Configuration conf, long configuredMs,
        long marginDefaultMs) {
      boolean enabled = enabled(cl, conf);
      long min = ms(cl, "resume-latency-min", conf, RESUME_LATENCY_MIN_MS, -1, 0, 600_000);
      long max = ms(cl, "resume-latency-max", conf, RESUME_LATENCY_MAX_MS, -1, 0, 600_000);
      long margin = conf.getTrimmed(RESUME_LATENCY_MARGIN_MS.name(), "").isEmpty()
          ? marginDefaultMs
          : ConfigValues.longIn(conf::get, RESUME_LATENCY_MARGIN_MS, 0, 600_000);
      int samples = (int) ConfigValues.longIn(conf::get, RESUME_LATENCY_SAMPLES, 1, 10_000);
      if (enabled && (configuredMs < min || configuredMs > max)) {
        throw new IllegalArgumentException(String.format(Locale.ROOT, "the resume latency %s"
            + " (--resume-latency, %s) lies outside the learned bounds %s..%s (%s, %s): widen"
            + " the bounds, change the latency, or set %s = false", Durations.format(configuredMs),
            RESUME_LATENCY_MS.name(), Durations.format(min), Durations.format(max),
            RESUME_LATENCY_MIN_MS.name(), RESUME_LATENCY_MAX_MS.name(), LEARN_KEY));
      }
      return new ResumeLearning(enabled, min, max, margin, samples);
    }

    private static boolean enabled(CommandLineTool.Args cl, Configuration conf) {
      String flag = cl.get("learn-resume-latency");
      if (flag == null) {
        return ConfigValues.booleanValue(conf::get, RESUME_LATENCY_LEARN);
      }
      if (flag.equals("true") || flag.equals("false")) {
        return Boolean.parseBoolean(flag);
      }
      throw new IllegalArgumentException("--learn-resume-latency '" + flag + "' is invalid: give"
          + " true (learn from measured resumes) or false (the fixed --resume-latency)");
    }

    /** A fresh estimator starting at {@code initialMs}, or empty when learning is off. */
    public Optional<ResumeLatencyEstimator> estimator(long initialMs) {
      return enabled ? Optional.of(new ResumeLatencyEstimator(initialMs, minMs, maxMs, marginMs,
          samples)) : Optional.empty();
    }
  }

  private AgentConfig(CommandLineTool.Args cl, Configuration conf) {
    this.node = required(cl, "node");
    try {
      NodeAddress.validate("--node", node);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    this.actuator = ActuatorKind.parse(required(cl, "actuator"));
    this.schedulerAddress = schedulerAddress(cl, conf);
    this.sysfsRoot = Path.of(cl.get("sysfs-root", "/"));
    this.cgroup = Optional.ofNullable(cl.get("cgroup")).map(Path::of);
    this.pidFile = Optional.ofNullable(cl.get("pid-file")).map(Path::of);
    this.pids = pids("--pids", cl.get("pids"));
    this.pidTrees = pids("--pid-tree", cl.get("pid-tree"));
    checkActuatorFlags(cl);
    long latencyDefault = actuator == ActuatorKind.REAL
        ? RealActuatorConfig.defaults().resumeLatencyMs() : 0;
    long resumeLatencyMs = ms(cl, "resume-latency", conf, RESUME_LATENCY_MS, latencyDefault, 0,
        600_000);
    long minSleepMs = ms(cl, "min-sleep", conf, MIN_SLEEP_MS, -1, 1, HOUR_MS);
    long pollMs = ms(cl, "poll", conf, POLL_MS, -1, 10, 600_000);
    long offCheckInMs = ms(cl, "off-checkin", conf, OFF_CHECK_IN_MS, -1, 10, 24 * HOUR_MS);
    long leaseMaxMs = ms(cl, "lease-max", conf, LEASE_MAX_MS, -1, 1000, 24 * HOUR_MS);
    this.timing = new AgentTiming(minSleepMs, resumeLatencyMs, pollMs, offCheckInMs, leaseMaxMs);
    this.resumeLearning = ResumeLearning.from(cl, conf, resumeLatencyMs,
        actuator == ActuatorKind.REAL ? REAL_RESUME_MARGIN_MS : 0);
    this.realFallback = cl.has("real-fallback")
        ? RealActuatorConfig.NoS3Fallback.parse("--real-fallback", cl.get("real-fallback").trim())
        : RealActuatorConfig.NoS3Fallback.parse(REAL_FALLBACK.name(),
            ConfigValues.raw(conf::get, REAL_FALLBACK));
    this.heartbeatMs = ms(cl, "heartbeat", conf, HEARTBEAT_MS, -1, 10, HOUR_MS);
    this.httpTimeoutMs = (int) ConfigValues.longIn(conf::get, HTTP_TIMEOUT_MS, 10, 600_000);
    this.freezeTimeoutMs = ConfigValues.longIn(conf::get, FREEZE_TIMEOUT_MS, 10, 600_000);
    this.ioServerCores = (int) ConfigValues.longIn(conf::get, IO_SERVER_CORES, 1, 4096);
    this.utilization = UtilizationConfig.from(conf);
    if (actuator == ActuatorKind.REAL) {
      long needed = RealActuatorConfig.defaults().minAlarmLeadMs() + 1000;
      if (minSleepMs < needed) {
        throw new IllegalArgumentException(String.format(Locale.ROOT, "--min-sleep %s is too"
            + " short for --actuator real: the RTC alarm needs %d ms of lead plus 1 s of rounding;"
            + " give --min-sleep %s or more", Durations.format(minSleepMs),
            needed - 1000, Durations.format(needed)));
      }
    }
  }

  /**
   * Parses the agent's flags (generic Hadoop options already removed) over {@code conf}. {@code
   * --conf FILE} is added to {@code conf} as a resource. A bad flag or value throws an {@link
   * IllegalArgumentException} naming it (a {@link CommandLineTool.UsageException} for the
   * command-line syntax).
   */
  public static AgentConfig parse(String[] args, Configuration conf) {
    return from(TOOL.parse(args), conf);
  }

  /** The settings from parsed flags over {@code conf}. */
  static AgentConfig from(CommandLineTool.Args cl, Configuration conf) {
    if (cl.has("conf")) {
      SiteOptions.addSiteFile(conf, "--conf", Path.of(cl.get("conf")));
    }
    return new AgentConfig(cl, conf);
  }

  private static String required(CommandLineTool.Args cl, String flag) {
    String v = cl.get(flag);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException("--" + flag + " is required: see --help");
    }
    return v.trim();
  }

  private static String schedulerAddress(CommandLineTool.Args cl, Configuration conf) {
    String flag = cl.get("scheduler");
    String v = flag != null ? flag.trim() : conf.getTrimmed(SchedulerHttp.ADDRESS_KEY, "");
    String source = flag != null ? "--scheduler" : SchedulerHttp.ADDRESS_KEY;
    if (v.isEmpty()) {
      throw new IllegalArgumentException("no scheduler address: give --scheduler HOST:PORT or set "
          + SchedulerHttp.ADDRESS_KEY + " (the scheduler's blink.scheduler.http.address, e.g."
          + " 10.0.0.5:9877)");
    }
    try {
      NodeAddress.validate(source, SchedulerHttp.hostPort(v));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(source + " '" + v
          + "' is not HOST:PORT: give the scheduler's HTTP address, e.g. 10.0.0.5:9877, or"
          + " https://HOST:PORT for a scheduler serving TLS");
    }
    return v;
  }

  private static Set<Integer> pids(String flag, String text) {
    Set<Integer> out = new LinkedHashSet<>();
    if (text == null) {
      return Set.of();
    }
    for (String t : text.split(",")) {
      try {
        int pid = Integer.parseInt(t.trim());
        if (pid > 1) {
          out.add(pid);
          continue;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new IllegalArgumentException(flag + " '" + text + "': '" + t.trim()
          + "' is not a process id > 1; give the DataNode's pids comma-separated, e.g. 4242,4243");
    }
    return Set.copyOf(out);
  }

  private void checkActuatorFlags(CommandLineTool.Args cl) {
    boolean emulate = actuator == ActuatorKind.EMULATE;
    for (String f : new String[] {"cgroup", "pid-file", "pids", "pid-tree"}) {
      if (cl.has(f) && !emulate) {
        throw new IllegalArgumentException("--" + f + " applies only to --actuator emulate, not "
            + actuator.flag() + ": remove it or use --actuator emulate");
      }
    }
    for (String f : new String[] {"sysfs-root", "real-fallback"}) {
      if (cl.has(f) && actuator != ActuatorKind.REAL) {
        throw new IllegalArgumentException("--" + f + " applies only to --actuator real, not "
            + actuator.flag() + ": remove it or use --actuator real");
      }
    }
    if (emulate && pidFile.isPresent() && !pids.isEmpty()) {
      throw new IllegalArgumentException("--pid-file and --pids both given: use one; --pid-file"
          + " follows DataNode restarts, --pids is fixed");
    }
    if (emulate && !pidTrees.isEmpty() && (pidFile.isPresent() || !pids.isEmpty())) {
      throw new IllegalArgumentException("--pid-tree with --pids or --pid-file: use one; "
          + "--pid-tree also freezes the processes' descendants");
    }
    if (emulate && cgroup.isEmpty() && pidFile.isEmpty() && pids.isEmpty()
        && pidTrees.isEmpty()) {
      throw new IllegalArgumentException("--actuator emulate needs the DataNode's processes: give"
          + " --cgroup DIR, --pid-file FILE (e.g. /tmp/hadoop-hdfs-datanode.pid) or --pids"
          + " PID,PID");
    }
  }

  /**
   * A duration from {@code --flag} (with a unit), else {@code key} (whole ms), else {@code
   * fallbackMs} when {@code >= 0} and the key has no default, within {@code [minMs, maxMs]}.
   */
  private static long ms(CommandLineTool.Args cl, String flag, Configuration conf, ConfigKey key,
      long fallbackMs, long minMs, long maxMs) {
    String text = cl.get(flag);
    if (text == null) {
      if (key.defaultValue().isEmpty() && conf.getTrimmed(key.name(), "").isEmpty()) {
        return fallbackMs;
      }
      ConfigKey withDefault = key.defaultValue().isEmpty()
          ? new ConfigKey(key.name(), Long.toString(fallbackMs), key.unit()) : key;
      return ConfigValues.longIn(conf::get, withDefault, minMs, maxMs);
    }
    long v;
    try {
      v = Durations.parseMs(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--" + flag + " " + e.getMessage(), e);
    }
    if (v < minMs || v > maxMs) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "--%s %s is outside %s..%s: give a duration in that range", flag, text.trim(),
          Durations.format(minMs), Durations.format(maxMs)));
    }
    return v;
  }

  public String node() {
    return node;
  }

  public String schedulerAddress() {
    return schedulerAddress;
  }

  public ActuatorKind actuator() {
    return actuator;
  }

  /** {@code --sysfs-root}, {@code /} by default (real only). */
  public Path sysfsRoot() {
    return sysfsRoot;
  }

  public Optional<Path> cgroup() {
    return cgroup;
  }

  public Optional<Path> pidFile() {
    return pidFile;
  }

  /** {@code --pid-tree}: roots whose descendants are frozen too; empty when not given. */
  public Set<Integer> pidTrees() {
    return pidTrees;
  }

  /** {@code --pids}; empty when not given. */
  public Set<Integer> pids() {
    return pids;
  }

  public AgentTiming timing() {
    return timing;
  }

  public long heartbeatMs() {
    return heartbeatMs;
  }

  public int httpTimeoutMs() {
    return httpTimeoutMs;
  }

  public long freezeTimeoutMs() {
    return freezeTimeoutMs;
  }

  public int ioServerCores() {
    return ioServerCores;
  }

  /** {@code --real-fallback}: what the real actuator does on a host without S3. */
  public RealActuatorConfig.NoS3Fallback realFallback() {
    return realFallback;
  }

  /** Whether and within what bounds the resume latency is learned. */
  public ResumeLearning resumeLearning() {
    return resumeLearning;
  }

  /** Where the utilization probe reads ({@link UtilizationConfig}). */
  public UtilizationConfig utilization() {
    return utilization;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "node %s, scheduler %s, actuator %s, min sleep %s, resume"
        + " latency %s%s, poll %s, OFF check-in %s, own lease %s, heartbeat %s, %s", node,
        schedulerAddress, actuator.flag(), Durations.format(timing.minSleepMs()),
        Durations.format(timing.resumeLatencyMs()), resumeLearning.enabled()
            ? " (learned within " + Durations.format(resumeLearning.minMs()) + ".."
                + Durations.format(resumeLearning.maxMs()) + ")" : " (fixed)",
        Durations.format(timing.pollMs()),
        Durations.format(timing.offCheckInMs()), Durations.format(timing.leaseMaxMs()),
        Durations.format(heartbeatMs), utilization)
        + (actuator == ActuatorKind.REAL ? ", without S3: " + realFallback.value() : "");
  }
}
