package org.blinkhdfs.demo;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.blinkhdfs.core.cli.CliArgs;
import org.blinkhdfs.bench.report.Report;
import org.blinkhdfs.bench.report.ReportTable;
import org.blinkhdfs.bench.report.ReportWriter;

/**
 * {@code bin/blink demo [flags]} and {@code bin/blink bench <experiment> [flags]}: start local
 * blinking clusters, run the experiments, print a table per experiment and write
 * {@code report.md}, JSON, CSV and SVG/PNG plots to the report directory.
 *
 * <p>Exit codes: 0 all correctness checks passed; 1 a check failed (the report says which);
 * 2 bad arguments; 3 the cluster or a workload could not run.
 */
public final class DemoCommand {
  private DemoCommand() {}

  public static void main(String[] args) {
    // The scheduler, agents and blink-aware client log every epoch and wait at INFO; in the
    // demo those lines would drown the progress lines (the daemons' own logs keep theirs).
    org.apache.log4j.Logger.getLogger("org.blinkhdfs").setLevel(org.apache.log4j.Level.WARN);
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
      out.println(usage());
      return args.length == 0 ? 2 : 0;
    }
    String command = args[0];
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    if (Arrays.asList(rest).contains("--help") || Arrays.asList(rest).contains("-h")) {
      out.println(usage());
      return 0;
    }
    if (command.equals("bench")) {
      if (rest.length == 0) {
        err.println("bin/blink bench: name an experiment: " + DemoOptions.EXPERIMENTS);
        return 2;
      }
      command = rest[0];
      rest = Arrays.copyOfRange(rest, 1, rest.length);
    } else if (!command.equals("demo")) {
      err.println("unknown command '" + command + "'; use demo or bench <experiment>");
      return 2;
    }
    DemoOptions options;
    try {
      options = DemoOptions.parse(command, rest);
    } catch (CliArgs.UsageException e) {
      err.println("bin/blink " + args[0] + ": " + e.getMessage());
      return 2;
    }
    long t0 = System.nanoTime();
    try {
      Report report = new DemoRunner(options, line -> out.println(elapsed(t0) + " " + line))
          .run("bin/blink " + String.join(" ", args));
      out.println();
      out.println(ReportTable.render(report));
      List<Path> files = ReportWriter.writeAll(report, options.outDir());
      out.println("report written to " + options.outDir().toAbsolutePath() + " (" + files.size()
          + " files: report.md, results.json, results.csv, plots as SVG and PNG)");
      if (!report.allChecksPassed()) {
        err.println(report.failedChecks() + " correctness check(s) failed; see report.md");
        return 1;
      }
      return 0;
    } catch (Exception e) {
      err.println("bin/blink " + args[0] + " failed: " + e);
      e.printStackTrace(err);
      return 3;
    }
  }

  private static String elapsed(long t0) {
    long s = (System.nanoTime() - t0) / 1_000_000_000L;
    return String.format(java.util.Locale.ROOT, "[%d:%02d]", s / 60, s % 60);
  }

  static String usage() {
    return String.join("\n",
        "usage: bin/blink demo [flags]",
        "       bin/blink bench <" + String.join("|", DemoOptions.EXPERIMENTS) + "> [flags]",
        "",
        "Starts a local HDFS cluster per layout (NameNode and DataNode JVMs; the scheduler and",
        "emulate agents freeze and thaw the DataNodes on a shortened blink interval), measures",
        "read latency and read throughput at each power level, prints a table per experiment and",
        "writes report.md, results.json, results.csv and SVG/PNG plots to the report directory.",
        "The demo runs five layouts (the ring twice, HDFS default, equal-work and PARAID under",
        "the activation policy, throughput only) and takes about 10 minutes on 2 cores; bench runs",
        "one experiment with larger sizes. bench gears reads one data set with 2, 4 and 7 of 7",
        "nodes ACTIVE for equal-work and PARAID (Le et al. Fig 3) and reports each layout's",
        "speed-up and their ratio.",
        "",
        DemoOptions.FLAGS_HELP);
  }
}
