package org.blinkhdfs.admin;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.blinkhdfs.common.cli.Durations;
import org.blinkhdfs.common.cli.Manual;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.schedule.ScheduleLimits;
import org.blinkhdfs.model.timeouts.TimeoutCheck;
import org.blinkhdfs.model.timeouts.TimeoutPlan;
import org.blinkhdfs.model.timeouts.TimeoutSetting;
import org.blinkhdfs.model.timeouts.TimeoutSetting.Role;

/**
 * {@code bin/blink timeouts}: prints the HDFS timeouts of a {@link TimeoutPlan} as {@code
 * hdfs-site.xml} properties, per site file, each under its worked formula, so an operator who
 * changes the blink interval or measures other transitions copies values that belong together
 * (conf/examples/ carries the plan of the shipped 60 s interval). {@code --format markdown}
 * prints the table of docs/operations.md, "Timeouts".
 *
 * <p>Exit codes: 0 printed (a Hadoop default that a sleep would outlast is printed as a line to
 * raise, and repeated on stderr); 2 a bad flag (the message names it, the value and the range).
 * Nothing is contacted or written.
 */
public final class TimeoutsCommand {
  private static final String DEFAULT_INTERVAL =
      Durations.format(Long.parseLong(CoreConfig.INTERVAL_MS.defaultValue()));

  static final String USAGE = String.join("\n",
      "usage: bin/blink timeouts [--interval D] [--enter D --resume D] [--format xml|markdown]",
      "  --interval D      blink.interval.ms, e.g. 60s, 6s (default " + DEFAULT_INTERVAL
          + "; 1s..24h)",
      "  --enter D         one sleep's window end to asleep (default: the measured real-kernel"
          + " mean, 1152ms at 60s, scaled by min(1, interval/60s): 115ms at 6s)",
      "  --resume D        wake alarm to serving (default: the measured mean, 215ms at 60s,"
          + " 22ms at 6s)",
      "  --format F        xml: hdfs-site.xml properties per site file (default); markdown: the"
          + " table of docs/operations.md");

  static final Manual MANUAL = new Manual("blink timeouts",
      "print the HDFS timeouts that match a blink interval",
      List.of("bin/blink timeouts [--interval D] [--enter D --resume D] [--format xml|markdown]"),
      List.of("Derives the socket timeouts, the stock client's look-ups for a block whose replicas",
          "all sleep, and the heartbeat, stale and recheck intervals from the blink interval and",
          "one sleep's transition times, and prints them as hdfs-site.xml properties for the",
          "NameNode and for every DataNode and client, each under its formula. A blinking peer",
          "is silent for at most interval + enter + resume; every timeout outlasts that. Hadoop",
          "defaults the values rely on are checked and printed with what to raise."),
      Manual.exitCodes(),
      List.of("# the shipped values (conf/examples/)",
          "bin/blink timeouts --interval 60s",
          "# transitions measured on your hosts",
          "bin/blink timeouts --interval 60s --enter 800ms --resume 1s"),
      List.of("docs/operations.md (\"Timeouts\"), conf/examples/datanode-hdfs-site.xml,",
          "conf/examples/namenode-hdfs-site.xml, bin/blink schedule --help"));

  private static final CommandLineTool TOOL = CommandLineTool.builder("blink timeouts")
      .usage(USAGE).manual(MANUAL).flags("interval", "enter", "resume", "format")
      .operands(0, ": flags look like --name value").build();

  private TimeoutsCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the exit code ({@link CommandLineTool} for help and errors). */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return TOOL.run(args, out, err, a -> execute(a, out, err));
  }

  private static int execute(CommandLineTool.Args a, PrintStream out, PrintStream err) {
    long t = a.durationMsIn("interval", DEFAULT_INTERVAL, ScheduleLimits.MIN_INTERVAL_MS,
        ScheduleLimits.MAX_INTERVAL_MS);
    if (a.has("enter") != a.has("resume")) {
      throw CommandLineTool.usage("give --enter and --resume together (one sleep's two"
          + " transitions), or neither for the measured means");
    }
    TimeoutPlan measured = TimeoutPlan.measured(t);
    long enter = a.durationMsIn("enter", Durations.format(measured.enterMs()), 0, t);
    long resume = a.durationMsIn("resume", Durations.format(measured.resumeMs()), 0, t);
    TimeoutPlan plan;
    try {
      plan = TimeoutPlan.of(t, enter, resume);
    } catch (IllegalArgumentException e) {
      throw CommandLineTool.usage("--enter " + Durations.format(enter) + " and --resume "
          + Durations.format(resume) + ": " + e.getMessage());
    }
    String format = a.get("format", "xml");
    switch (format) {
      case "xml" -> out.print(xml(plan));
      case "markdown" -> out.print(markdown(plan));
      default -> throw CommandLineTool.usage("--format '" + format
          + "' must be xml or markdown");
    }
    for (TimeoutCheck c : plan.checks()) {
      if (!c.holds()) {
        err.println("blink timeouts: raise " + c.key() + " above " + plan.longestSilenceMs()
            + " ms (Hadoop's default gives " + c.defaultMs() + " ms): otherwise " + c.meaning()
            + " during a sleep");
      }
    }
    return 0;
  }

  /**
   * What produced {@code plan}, for the output's header; in words, since an XML comment may not
   * hold {@code --} and the output must paste into a site file.
   */
  static String origin(TimeoutPlan plan) {
    return "bin/blink timeouts: interval " + Durations.format(plan.intervalMs()) + ", enter "
        + Durations.format(plan.enterMs()) + ", resume " + Durations.format(plan.resumeMs());
  }

  /**
   * hdfs-site.xml properties per site file, each under its formula, then the checks; every line
   * pastes into a {@code <configuration>} element.
   */
  static String xml(TimeoutPlan plan) {
    StringBuilder sb = new StringBuilder();
    sb.append("<!-- ").append(origin(plan)).append('\n');
    sb.append(String.format(Locale.ROOT, "     A blinking peer is silent for at most L = %d ms;"
        + " docs/operations.md, \"Timeouts\". -->%n", plan.longestSilenceMs()));
    for (Role role : Role.values()) {
      sb.append('\n').append("<!-- ").append(roleTitle(role)).append(": hdfs-site.xml (conf/"
          + "examples/").append(role.exampleFile()).append(") -->\n");
      for (TimeoutSetting s : plan.settings()) {
        if (s.role() == role) {
          sb.append("<!-- ").append(s.formula()).append(" -->\n");
          sb.append("<property><name>").append(s.key()).append("</name><value>")
              .append(s.value()).append("</value></property>\n");
        }
      }
    }
    sb.append("\n<!-- Hadoop defaults relied on, not set (each must outlast L):\n");
    for (TimeoutCheck c : plan.checks()) {
      sb.append(String.format(Locale.ROOT, "     %s = %d ms: %s%n", c.key(), c.defaultMs(),
          c.holds() ? "outlasts L" : "RAISE above " + plan.longestSilenceMs() + " ms, or "
              + c.meaning() + " during a sleep"));
    }
    sb.append("-->\n");
    return sb.toString();
  }

  /** The table of docs/operations.md, "Timeouts". */
  static String markdown(TimeoutPlan plan) {
    StringBuilder sb = new StringBuilder();
    sb.append("| key | site file | value | formula |\n|---|---|---|---|\n");
    for (TimeoutSetting s : plan.settings()) {
      sb.append("| `").append(s.key()).append("` | ").append(s.role().exampleFile())
          .append(" | ").append(s.value()).append(" | ").append(s.formula()).append(" |\n");
    }
    for (TimeoutCheck c : plan.checks()) {
      sb.append("| `").append(c.key()).append("` | not set | ").append(c.defaultMs())
          .append(" (default) | must outlast L: ")
          .append(c.holds() ? "it does" : "raise it").append(" |\n");
    }
    return sb.toString();
  }

  private static String roleTitle(Role role) {
    return switch (role) {
      case NAMENODE -> "NameNode";
      case DATANODES_AND_CLIENTS -> "Every DataNode and every client (MapReduce, NodeManagers)";
    };
  }
}
