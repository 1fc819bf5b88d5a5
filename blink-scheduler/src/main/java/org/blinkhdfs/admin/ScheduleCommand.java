package org.blinkhdfs.admin;

import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.blinkhdfs.common.cli.Durations;
import org.blinkhdfs.common.cli.Manual;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.config.TransitionConfig;
import org.blinkhdfs.model.policy.AlignedPolicy;
import org.blinkhdfs.model.policy.AlignedStagger;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.policy.PhaseGroups;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.model.policy.Policies;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.policy.PolicyResult;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.power.TransitionModel;
import org.blinkhdfs.model.schedule.GanttText;
import org.blinkhdfs.model.schedule.NodeAddress;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.blinkhdfs.model.schedule.ScheduleLimits;

/**
 * {@code bin/blink schedule}: plans one epoch with a blink policy and prints the schedule JSON,
 * a text Gantt chart of one interval, and the power arithmetic behind it.
 *
 * <p>Exit codes: 0 planned, or {@code --help}/{@code -help} (usage on stdout); 1 the power is
 * below the always-on minimum (the message says by how much); 2 a bad argument or unknown flag
 * (the message names it and the accepted range; usage on stderr).
 *
 * <p>The wall clock is read only for the default interval start, through the injected
 * {@link Clock}.
 */
public final class ScheduleCommand {
  private static final String DEFAULT_INTERVAL =
      Durations.format(Long.parseLong(CoreConfig.INTERVAL_MS.defaultValue()));
  /** The scheduler's default: the measured real-kernel means, scaled to the interval. */
  private static final TransitionModel DEFAULT_TRANSITIONS = TransitionModel.measured();

  static final String USAGE = String.join("\n",
      "usage: bin/blink schedule --power <P%|W watts> [flags]",
      "  --nodes N               ring DataNodes, named dn1:9866..dnN:9866 (default 9; 1..10000)",
      "  --node-names a:p,b:p    explicit ring node addresses instead of --nodes",
      "  --staging S             always-on staging nodes staging1:9866.. (default 0; 0..1000)",
      "  --power P%|<watts>W     P% of all DataNodes awake (0..100%), or whole-cluster watts",
      "  --interval D            blink interval, e.g. 60s, 6s, 6000ms (default " + DEFAULT_INTERVAL
          + "; 100ms..24h)",
      "  --policy NAME           " + String.join("|", Policies.names()) + " (default "
          + CoreConfig.POLICY.defaultValue() + ")",
      "  --active-watts W        one DataNode awake (default "
          + CoreConfig.ACTIVE_WATTS.defaultValue()
          + ")",
      "  --sleep-watts W         one DataNode in S3 (default "
          + CoreConfig.SLEEP_WATTS.defaultValue()
          + ")",
      "  --overhead-watts W      always-on switch, NameNode, staging (default "
          + CoreConfig.OVERHEAD_WATTS.defaultValue() + ")",
      "  --transition D          one suspend plus resume, taken from each window (default: the"
          + " measured real-kernel mean enter + resume scaled to the interval, "
          + Durations.format(DEFAULT_TRANSITIONS.plannedTransitionMs(60_000)) + " at 60s, "
          + Durations.format(DEFAULT_TRANSITIONS.plannedTransitionMs(6_000)) + " at 6s;"
          + " 0s: BlinkFS's t_active)",
      "  --min-window D          shortest window worth a sleep cycle; a shorter one is OFF"
          + " (default " + TransitionConfig.MIN_WINDOW.defaultValue() + ")",
      "  --popularity w1,..,wN   load-proportional weights, one per ring node (default equal)",
      "  --epoch E               epoch number (default 1)",
      "  --start-ms T            interval start, ms since the Unix epoch (default: now, rounded"
          + " down to the interval)",
      "  --lease D               validUntilMs = start + D (default: no expiry)",
      "  --phase-groups G        phase-groups: the phase groups G, blink.phase.groups (default "
          + CoreConfig.PHASE_GROUPS.defaultValue() + "; a ring of fewer nodes has one per node)",
      "  --replication R         aligned, phase-groups: the replication whose read condition is"
          + " printed (default 3, or N if fewer; 1..N)",
      "  --read-window D         aligned, phase-groups: window a read needs left on a replica"
          + " (default "
          + Durations.format(Long.parseLong(CoreConfig.READ_MIN_WINDOW_MS.defaultValue()))
          + ",",
      "                          blink.read.min.window.ms)",
      "  --format both|json      both: JSON, Gantt chart, summary; json: the JSON alone",
      "  --columns C             Gantt chart width (default 60; 10..400)");

  static final Manual MANUAL = new Manual("blink schedule",
      "plan one schedule epoch from a power level and print it",
      List.of("bin/blink schedule --power <P%|<watts>W> [--nodes N | --node-names a:p,...]"
          + " [--policy NAME] [flags]"),
      List.of("Runs the power scheduler's planner once, offline: from the power level, the node",
          "watts and the blink policy it computes every ring node's window in one blink interval",
          "and prints the schedule JSON (the format a NameNode's blink.schedule.file reads and the",
          "scheduler daemon publishes), a text Gantt chart of one interval (# awake, . asleep)",
          "and the power arithmetic. Nothing is contacted or written: with --format json the",
          "output can be the schedule file of a NameNode run without the scheduler daemon."),
      Manual.exitCodes("1    the power is below the policy's minimum (the message says how much is"
          + " missing)"),
      List.of("# BlinkFS's Mac-mini cluster at half power",
          "# the co-designed stagger at 40%: is every block of 3 replicas readable throughout?",
          "bin/blink schedule --nodes 9 --power 40% --policy aligned --replication 3",
          "# phase groups on 10 nodes, where aligned needs r to divide N",
          "bin/blink schedule --nodes 10 --power 40% --policy phase-groups --phase-groups 3",
          "bin/blink schedule --nodes 9 --power 50% --interval 60s --policy staggered",
          "# a schedule file for the NameNode, 150 W for the whole cluster",
          "bin/blink schedule --nodes 9 --power 150W --format json"
              + " > /etc/hadoop/blink-schedule.json"),
      List.of("bin/blink scheduler --help, docs/scheduler.md, docs/power-signals.md,",
          "ARCHITECTURE.md (schedule JSON), conf/blink-default.xml"));

  private static final CommandLineTool TOOL = CommandLineTool.builder("blink schedule")
      .usage(USAGE).manual(MANUAL).flags("nodes", "node-names", "staging", "power", "interval",
          "policy",
          "active-watts", "sleep-watts", "overhead-watts", "transition", "min-window",
          "popularity", "epoch",
          "start-ms", "lease", "format", "columns", "replication", "read-window", "phase-groups")
      .operands(0, ": flags look like --name value").build();

  private ScheduleCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err, Clock.systemUTC()));
  }

  /** Runs the command; returns the exit code ({@link CommandLineTool} for help and errors). */
  public static int run(String[] args, PrintStream out, PrintStream err, Clock clock) {
    return TOOL.run(args, out, err, a -> {
      try {
        return execute(a, out, err, clock);
      } catch (CommandLineTool.UsageException e) {
        throw e;
      } catch (IllegalArgumentException e) {
        // The power model and policies validate with IllegalArgumentException naming the value.
        throw CommandLineTool.usage(e.getMessage());
      }
    });
  }

  private static int execute(CommandLineTool.Args a, PrintStream out, PrintStream err,
      Clock clock) {
    if (!a.has("power")) {
      throw new CommandLineTool.UsageException(
          "--power is required, e.g. --power 50% or --power 150W");
    }
    List<String> ring = ringNodes(a);
    List<String> staging = new ArrayList<>();
    int stagingCount = a.intIn("staging", "0", 0, 1000);
    for (int i = 1; i <= stagingCount; i++) {
      staging.add("staging" + i + ":9866");
    }
    long intervalMs = a.durationMsIn("interval", DEFAULT_INTERVAL,
        ScheduleLimits.MIN_INTERVAL_MS, ScheduleLimits.MAX_INTERVAL_MS);
    String transition = Durations.format(DEFAULT_TRANSITIONS.plannedTransitionMs(intervalMs));
    PowerModel model = PowerModel.builder().nodeCount(ring.size())
        .activeWatts(a.doubleIn("active-watts", CoreConfig.ACTIVE_WATTS.defaultValue(), 0.001, 1e6))
        .sleepWatts(a.doubleIn("sleep-watts", CoreConfig.SLEEP_WATTS.defaultValue(), 0, 1e6))
        .overheadWatts(a.doubleIn("overhead-watts", CoreConfig.OVERHEAD_WATTS.defaultValue(), 0,
            1e9))
        .transitionMs(a.durationMsIn("transition", transition, 0, 3_600_000))
        .minWindowMs(a.durationMsIn("min-window", TransitionConfig.MIN_WINDOW.defaultValue(), 0,
            intervalMs)).build();
    PowerLevel level = PowerLevel.parse("--power", a.get("power", ""));
    long startMs = a.has("start-ms") ? parseStart(a.get("start-ms", ""))
        : Math.floorDiv(clock.millis(), intervalMs) * intervalMs;
    OptionalLong lease = a.has("lease")
        ? OptionalLong.of(startMs + a.durationMsIn("lease", "0s", 1, 365L * 86_400_000))
        : OptionalLong.empty();
    String format = a.get("format", "both");
    if (!format.equals("both") && !format.equals("json")) {
      throw new CommandLineTool.UsageException("--format '" + format + "' must be both or json");
    }
    int columns = a.intIn("columns", "60", 10, 400);
    int replication = a.intIn("replication", Integer.toString(Math.min(3, ring.size())), 1,
        ring.size());
    long readWindowMs = a.durationMsIn("read-window", Durations.format(Math.min(intervalMs,
        Long.parseLong(CoreConfig.READ_MIN_WINDOW_MS.defaultValue()))), 0, intervalMs);
    BlinkPolicy policy = Policies.byName("--policy",
        a.get("policy", CoreConfig.POLICY.defaultValue()));
    if (policy instanceof PhaseGroupsPolicy) {
      policy = new PhaseGroupsPolicy(a.intIn("phase-groups", CoreConfig.PHASE_GROUPS.defaultValue(),
          1, Integer.MAX_VALUE));
    } else if (a.has("phase-groups")) {
      throw new CommandLineTool.UsageException("--phase-groups applies to --policy "
          + PhaseGroupsPolicy.NAME + ", not " + policy.name() + ": drop it or use that policy");
    }
    PolicyRequest req = PolicyRequest.builder().ring(ring).stagingNodes(staging).model(model)
        .level(level).intervalMs(intervalMs).intervalStartMs(startMs)
        .epoch(a.intIn("epoch", "1", 0, Integer.MAX_VALUE)).validUntilMs(lease)
        .popularity(popularity(a, ring)).build();
    PolicyResult result = policy.plan(req);
    if (result.status() == PolicyResult.Status.BELOW_MINIMUM) {
      err.println("blink schedule: power " + level + ": " + result.message());
      return 1;
    }
    Schedule schedule = result.schedule().orElseThrow();
    out.print(ScheduleJson.write(schedule));
    if (format.equals("both")) {
      out.println();
      out.print(GanttText.render(schedule, columns));
      out.println();
      out.print(summary(policy, level, result));
      if (policy.name().equals(AlignedPolicy.NAME)) {
        out.print(alignedCondition(schedule, replication, readWindowMs, model.transitionMs()));
      }
      if (policy instanceof PhaseGroupsPolicy) {
        out.print(phaseGroupsCondition(schedule, (PhaseGroupsPolicy) policy, replication,
            readWindowMs));
      }
    }
    return 0;
  }

  private static List<String> ringNodes(CommandLineTool.Args a) {
    List<String> ring = new ArrayList<>();
    if (a.has("node-names")) {
      if (a.has("nodes")) {
        throw new CommandLineTool.UsageException("give either --nodes or --node-names, not both");
      }
      for (String n : a.get("node-names", "").split(",")) {
        String addr = n.trim();
        try {
          NodeAddress.validate("--node-names", addr);
        } catch (IllegalArgumentException e) {
          throw new CommandLineTool.UsageException(e.getMessage());
        }
        ring.add(addr);
      }
      return ring;
    }
    int n = a.intIn("nodes", "9", 1, 10_000);
    for (int i = 1; i <= n; i++) {
      ring.add("dn" + i + ":9866");
    }
    return ring;
  }

  private static Map<String, Double> popularity(CommandLineTool.Args a, List<String> ring) {
    Map<String, Double> out = new LinkedHashMap<>();
    if (!a.has("popularity")) {
      return out;
    }
    String[] parts = a.get("popularity", "").split(",");
    if (parts.length != ring.size()) {
      throw new CommandLineTool.UsageException("--popularity has " + parts.length
          + " weights but the ring has " + ring.size() + " nodes: give one weight per node");
    }
    for (int i = 0; i < parts.length; i++) {
      try {
        double w = Double.parseDouble(parts[i].trim());
        if (!Double.isFinite(w) || w < 0) {
          throw new NumberFormatException();
        }
        out.put(ring.get(i), w);
      } catch (NumberFormatException e) {
        throw new CommandLineTool.UsageException(
            "--popularity weight " + (i + 1) + " '" + parts[i] + "' must be a number >= 0");
      }
    }
    return out;
  }

  private static long parseStart(String text) {
    try {
      long v = Long.parseLong(text.trim());
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new CommandLineTool.UsageException(
        "--start-ms '" + text + "' must be milliseconds since the Unix epoch, >= 0");
  }

  /**
   * The read condition of the co-designed stagger ({@link AlignedStagger}) for this schedule:
   * the largest gap between the openings of consecutive replicas of an evenly spaced block
   * against the usable window, whether every block is readable at every phase, and otherwise
   * how long reads wait beside the least any equal-window schedule reaches.
   */
  static String alignedCondition(Schedule s, int replication, long readWindowMs,
      long transitionMs) {
    int n = s.ring().size();
    long t = s.intervalMs();
    long window = s.window(s.ring().get(0)).lengthMs();
    long gap = AlignedStagger.maxGapMs(n, replication, t);
    long usable = AlignedStagger.usableMs(t, window, readWindowMs);
    boolean always = AlignedStagger.alwaysReadable(n, replication, t, window, readWindowMs);
    double needed = (double) ((n + replication - 1) / replication) / n
        + (double) (transitionMs + readWindowMs) / t;
    double powered = window >= t ? 1.0 : (double) (window + transitionMs) / t;
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "aligned, r = %d with blink.ring.spacing = even on the"
        + " NameNode (replicas %s apart), read window %d ms:%n", replication,
        spacingText(n, replication), readWindowMs));
    sb.append(String.format(Locale.ROOT, "  largest gap between replica openings %d ms,"
        + " usable window %d ms: every block readable at every phase: %s%n", gap, usable,
        always ? "yes" : "no"));
    sb.append(String.format(Locale.ROOT, "  needs a >= ceil(N/r)/N + (transition + read window)/t"
        + " = %.4f; this schedule's a = %.4f%n", needed, powered));
    if (!always) {
      belowCondition(sb, AlignedStagger.meanWaitMs(n, replication, t, window, readWindowMs),
          AlignedStagger.unavailableFraction(n, replication, t, window, readWindowMs),
          AlignedStagger.lowerBoundWaitMs(replication, t, window, readWindowMs));
    }
    return sb.toString();
  }

  /**
   * The read condition of phase groups ({@link PhaseGroups}) for this schedule: the largest gap
   * between the openings of a block's groups against the usable window, and otherwise the
   * unreadable fraction and mean wait beside the least any equal-window schedule reaches.
   */
  static String phaseGroupsCondition(Schedule s, PhaseGroupsPolicy policy, int replication,
      long readWindowMs) {
    int n = s.ring().size();
    long t = s.intervalMs();
    long window = s.window(s.ring().get(0)).lengthMs();
    PhaseGroups groups = new PhaseGroups(n, policy.effectiveGroups(n));
    int g = groups.groupCount();
    boolean always = groups.alwaysReadable(replication, t, window, readWindowMs);
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "phase-groups, r = %d with blink.ring.spacing = groups"
        + " and blink.phase.groups = %d on the NameNode (%d nodes in %d groups of %s),"
        + " read window %d ms:%n", replication, policy.groups(), n, g,
        n % g == 0 ? Integer.toString(n / g) : n / g + " or " + (n / g + 1), readWindowMs));
    sb.append(String.format(Locale.ROOT, "  largest gap between replica openings %d ms,"
        + " usable window %d ms: every block readable at every phase: %s%n",
        groups.maxGapMs(replication, t), AlignedStagger.usableMs(t, window, readWindowMs),
        always ? "yes" : "no"));
    if (!always) {
      belowCondition(sb, groups.meanWaitMs(replication, t, window, readWindowMs),
          groups.unavailableFraction(replication, t, window, readWindowMs),
          AlignedStagger.lowerBoundWaitMs(replication, t, window, readWindowMs));
    }
    return sb.toString();
  }

  /**
   * The lines below a failed read condition: nothing readable, or the unreadable share and the
   * mean wait beside the least any equal-window schedule reaches (the same text for the even
   * ring and for phase groups, so the two can be read side by side).
   */
  private static void belowCondition(StringBuilder sb, OptionalDouble wait,
      double unavailable, OptionalDouble bound) {
    if (wait.isEmpty()) {
      sb.append("  no replica's window is longer than the read window: nothing can be read\n");
      return;
    }
    sb.append(String.format(Locale.ROOT, "  unreadable %.2f%% of the interval; a read at a"
        + " random phase waits %.1f ms on average (least any equal-window schedule"
        + " reaches: %.1f ms)%n", 100 * unavailable, wait.getAsDouble(), bound.getAsDouble()));
  }

  private static String spacingText(int n, int r) {
    int lo = n / r;
    int hi = (n + r - 1) / r;
    return lo == hi ? lo + " positions" : lo + " or " + hi + " positions";
  }

  private static String summary(BlinkPolicy policy, PowerLevel level, PolicyResult r) {
    PowerBudget b = r.budget();
    PowerModel m = b.model();
    Schedule s = r.schedule().orElseThrow();
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT,
        "policy %s: %d ring DataNodes, %d staging; power %s gives the DataNodes %.2f W"
            + " (%.2f%% of p_total %.2f W; p_inactive %.2f W)%n",
        policy.name(), s.ring().size(), s.stagingNodes().size(), level, b.nodeWatts(),
        b.percentOfTotal(), m.totalWatts(), m.inactiveWatts()));
    sb.append(String.format(Locale.ROOT,
        "always-on overhead %.2f W, reported separately: whole cluster %.2f W%s%n",
        m.overheadWatts(), b.clusterWatts(),
        b.surplusWatts() > 0
            ? String.format(Locale.ROOT, " (%.2f W of supply unused)", b.surplusWatts()) : ""));
    sb.append(String.format(Locale.ROOT,
        "the schedule draws %.2f W for the DataNodes (transitions of %d ms included)%n",
        r.drawnNodeWatts(), m.transitionMs()));
    if (!r.note().isEmpty()) {
      sb.append(r.note()).append('\n');
    }
    return sb.toString();
  }
}
