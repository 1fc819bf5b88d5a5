package org.blinkhdfs.common.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.MissingArgumentException;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.commons.cli.UnrecognizedOptionException;

/**
 * The one command-line style of every {@code bin/blink} subcommand main ({@code schedule},
 * {@code scheduler}, {@code agent}, {@code admin}, {@code demo}, {@code bench}): Apache
 * commons-cli parses the flags, and this class fixes what the operator sees around it.
 *
 * <p><b>Why one helper.</b> The subcommands grew three parsers (a custom {@code --name value}
 * parser, commons-cli in the agent, the admin tool's own loop), so {@code --help} worked in some
 * and printed an error in others, and exit codes differed. commons-cli is what Hadoop's own
 * {@code GenericOptionsParser} and {@code hdfs dfsadmin}-style tools use, and the version
 * hadoop-common ships is on every daemon's classpath anyway, so blink-common (which must not depend
 * on Hadoop) can use it too. Hadoop {@code Tool}s ({@code hdfs blinkadmin}, the agent) still run
 * under {@code ToolRunner}, which takes the generic options ({@code -D}, {@code -conf}) first and
 * hands the rest to {@link #run}.
 *
 * <p><b>Contract</b> (ARCHITECTURE.md, "help"), the same for every tool:
 *
 * <ul>
 *   <li>{@code -h}, {@code -help} or {@code --help} anywhere: the tool's {@link Manual} page
 *       (its usage text as OPTIONS) on stdout, exit 0.
 *   <li>An unknown flag, a flag without its value, a repeated flag that is not {@link
 *       Builder#repeatable}, too many operands, or any {@link UsageException} the tool's body
 *       throws for a bad value: one line {@code <name>: <message>} on stderr naming the flag, the
 *       value and the fix, then the usage text on stderr, exit {@value #EXIT_USAGE}.
 *   <li>Otherwise the tool's body runs and its return value is the exit code.
 * </ul>
 *
 * <p>Parsing is strict: long options must be spelled out (no prefix matching, so {@code --nod}
 * is unknown rather than silently {@code --node}); {@code --name value}, {@code --name=value} and
 * for one-letter flags {@code -Dkey=value} all work. The usage text is each tool's own hand-written
 * text (it explains defaults and ranges better than a generated table).
 *
 * <p>Worked example: {@code bin/blink schedule --bogus 1} prints {@code blink schedule: unknown
 * flag --bogus; known flags: --nodes, ...} and the usage on stderr and exits 2; {@code bin/blink
 * schedule -help} prints the usage on stdout and exits 0.
 *
 * <p>Immutable and thread-safe; {@link Args} is immutable too.
 */
public final class CommandLineTool {
  public static final int EXIT_OK = 0;
  /** A bad command line: unknown flag, missing or bad value. */
  public static final int EXIT_USAGE = 2;
  /** The arguments that ask for the usage text, wherever they appear. */
  public static final Set<String> HELP_ARGS = Set.of("-h", "-help", "--help");

  private final String name;
  private final String usage;
  private final Manual manual;
  private final Options options;
  private final Set<String> repeatable;
  private final int maxOperands;
  private final String operandHint;
  private final Function<String, String> unknownMessage;

  private CommandLineTool(Builder b) {
    this.name = b.name;
    this.usage = Objects.requireNonNull(b.usage, "usage");
    this.manual = b.manual;
    this.options = b.options;
    this.repeatable = Set.copyOf(b.repeatable);
    this.maxOperands = b.maxOperands;
    this.operandHint = b.operandHint;
    this.unknownMessage = b.unknownMessage != null ? b.unknownMessage
        : flag -> "unknown flag " + flag + "; known flags: " + String.join(", ", knownFlags());
  }

  /** A tool whose errors start with {@code name}, e.g. {@code "blink schedule"}. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** The body of a tool: runs with the parsed arguments and returns the exit code. */
  @FunctionalInterface
  public interface Body<E extends Exception> {
    int run(Args args) throws E;
  }

  /**
   * Runs the tool: help, parse, body. Returns the exit code instead of exiting, so tests and
   * {@code main} share it.
   */
  public <E extends Exception> int run(String[] args, PrintStream out, PrintStream err,
      Body<E> body) throws E {
    if (wantsHelp(args)) {
      out.println(help());
      return EXIT_OK;
    }
    try {
      return body.run(parse(args));
    } catch (UsageException e) {
      err.println(name + ": " + e.getMessage());
      err.println(usage);
      return EXIT_USAGE;
    }
  }

  /** Whether {@code args} ask for help ({@link #HELP_ARGS}). */
  public static boolean wantsHelp(String[] args) {
    return Arrays.stream(args).anyMatch(HELP_ARGS::contains);
  }

  public String usage() {
    return usage;
  }

  /** What {@code --help} prints: the {@link Manual} page when the tool has one, else the usage. */
  public String help() {
    return manual == null ? usage : manual.render(usage);
  }

  /** Parses {@code args} (help arguments are not special here); throws on a bad command line. */
  public Args parse(String[] args) {
    CommandLine cl;
    try {
      cl = DefaultParser.builder().setAllowPartialMatching(false).build().parse(options, args);
    } catch (UnrecognizedOptionException e) {
      throw new UsageException(unknownMessage.apply(e.getOption()));
    } catch (MissingArgumentException e) {
      String flag = display(e.getOption());
      throw new UsageException(flag + " needs exactly one argument, got none: usage " + flag + " "
          + e.getOption().getArgName());
    } catch (ParseException e) {
      throw new UsageException(e.getMessage());
    }
    Map<String, Integer> seen = new LinkedHashMap<>();
    for (Option o : cl.getOptions()) {
      if (seen.merge(o.getKey(), 1, Integer::sum) == 2 && !repeatable.contains(o.getKey())) {
        throw new UsageException(display(o) + " given twice");
      }
    }
    List<String> operands = cl.getArgList();
    if (operands.size() > maxOperands) {
      throw new UsageException("unexpected argument '" + operands.get(maxOperands) + "'"
          + operandHint);
    }
    return new Args(cl, options);
  }

  private List<String> knownFlags() {
    List<String> out = new ArrayList<>();
    for (Option o : options.getOptions()) {
      out.add(display(o));
    }
    return out;
  }

  /** How an option is written: {@code --name} for long options, {@code -name} otherwise. */
  static String display(Option o) {
    return o.getLongOpt() != null ? "--" + o.getLongOpt() : "-" + o.getOpt();
  }

  /** A usage error carrying {@code message}; the tool prints it with the usage and exits 2. */
  public static UsageException usage(String message) {
    return new UsageException(message);
  }

  /** Builds a {@link CommandLineTool}. */
  public static final class Builder {
    private final String name;
    private String usage;
    private Manual manual;
    private final Options options = new Options();
    private final Set<String> repeatable = new LinkedHashSet<>();
    private int maxOperands;
    private String operandHint = "";
    private Function<String, String> unknownMessage;

    private Builder(String name) {
      this.name = Objects.requireNonNull(name, "name");
    }

    /** The text printed for help and after every usage error. */
    public Builder usage(String text) {
      this.usage = text;
      return this;
    }

    /** The manual page {@code --help} prints around the usage text. */
    public Builder manual(Manual m) {
      this.manual = m;
      return this;
    }

    /** {@code --name <argName>}, a long flag with one value. */
    public Builder flag(String name, String argName) {
      options.addOption(Option.builder().longOpt(name).hasArg().argName(argName).build());
      return this;
    }

    /** Long flags with one value each. */
    public Builder flags(String... names) {
      for (String n : names) {
        flag(n, "value");
      }
      return this;
    }

    /**
     * {@code -name <argName>} in Hadoop's single-dash style ({@code -conf}, {@code -scheduler});
     * {@code argName == null} makes it a switch without a value (an admin command).
     */
    public Builder shortFlag(String name, String argName) {
      Option.Builder o = Option.builder(name);
      if (argName != null) {
        o.hasArg().argName(argName);
      }
      options.addOption(o.build());
      return this;
    }

    /** Lets flag {@code name} (without dashes) be given more than once, e.g. {@code -D}. */
    public Builder repeatable(String name) {
      repeatable.add(name);
      return this;
    }

    /**
     * Accepts up to {@code max} operands (arguments that are no flag); one more is an error
     * ending in {@code hint}, e.g. {@code ": flags look like --name value"}.
     */
    public Builder operands(int max, String hint) {
      this.maxOperands = max;
      this.operandHint = hint;
      return this;
    }

    /** The message for an unknown flag (default: {@code unknown flag --x; known flags: ...}). */
    public Builder unknownMessage(Function<String, String> message) {
      this.unknownMessage = message;
      return this;
    }

    public CommandLineTool build() {
      return new CommandLineTool(this);
    }
  }

  /**
   * Parsed arguments, with typed getters whose errors name the flag, the value and the accepted
   * range. Names are given without dashes.
   */
  public static final class Args {
    private final CommandLine cl;
    private final Options options;

    private Args(CommandLine cl, Options options) {
      this.cl = cl;
      this.options = options;
    }

    public boolean has(String name) {
      return cl.hasOption(name);
    }

    /** The flag's value, or null when it is absent. */
    public String get(String name) {
      return cl.getOptionValue(name);
    }

    /** The flag's value, or {@code defaultValue} (which may be null) when it is absent. */
    public String get(String name, String defaultValue) {
      return cl.getOptionValue(name, defaultValue);
    }

    /** Every value of a {@link Builder#repeatable} flag, in order; empty when absent. */
    public List<String> values(String name) {
      String[] v = cl.getOptionValues(name);
      return v == null ? List.of() : List.of(v);
    }

    /** The arguments that are no flag, in order. */
    public List<String> operands() {
      return List.copyOf(cl.getArgList());
    }

    /** How flag {@code name} is written on the command line, e.g. {@code --nodes}. */
    public String flag(String name) {
      Option o = options.getOption(name);
      return o == null ? "--" + name : display(o);
    }

    /** An integer flag within {@code [min, max]}. */
    public int intIn(String name, String defaultValue, int min, int max) {
      return numberIn(name, defaultValue, Integer::valueOf, min, max, "a whole number");
    }

    /** A long flag within {@code [min, max]}. */
    public long longIn(String name, String defaultValue, long min, long max) {
      return numberIn(name, defaultValue, Long::valueOf, min, max, "a whole number");
    }

    /** A decimal flag within {@code [min, max]} (NaN is outside every range). */
    public double doubleIn(String name, String defaultValue, double min, double max) {
      return numberIn(name, defaultValue, Double::valueOf, min, max, "a number");
    }

    private <T extends Comparable<T>> T numberIn(String name, String defaultValue,
        Function<String, T> parse, T min, T max, String kind) {
      String v = get(name, defaultValue);
      try {
        T x = parse.apply(v.trim());
        if (x.compareTo(min) >= 0 && x.compareTo(max) <= 0) {
          return x;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new UsageException(flag(name) + " '" + v + "' must be " + kind + " in " + min + ".."
          + max);
    }

    /** A duration flag ({@code 60s}, {@code 6000ms}, {@code 1m}) within {@code [minMs, maxMs]}. */
    public long durationMsIn(String name, String defaultValue, long minMs, long maxMs) {
      String v = get(name, defaultValue);
      long ms;
      try {
        ms = Durations.parseMs(v);
      } catch (IllegalArgumentException e) {
        throw new UsageException(flag(name) + " " + e.getMessage());
      }
      if (ms < minMs || ms > maxMs) {
        throw new UsageException(flag(name) + " '" + v + "' must be between "
            + Durations.format(minMs) + " and " + Durations.format(maxMs));
      }
      return ms;
    }
  }

  /**
   * A bad command line; {@link #run} prints the message and the usage on stderr and returns
   * {@value #EXIT_USAGE}. An {@link IllegalArgumentException}, so code that validates settings
   * with those (the agent's config) can throw it unchanged.
   */
  public static final class UsageException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
      super(message);
    }
  }
}
