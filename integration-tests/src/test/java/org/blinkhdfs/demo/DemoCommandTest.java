package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code bin/blink demo} and {@code bin/blink bench}'s command line; no cluster is started. */
class DemoCommandTest {
  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = DemoCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void everyHelpSpellingPrintsTheUsageOnStdoutAndExitsZero() {
    String[][] cases = {{"demo", "--help"}, {"demo", "-help"}, {"demo", "-h"},
        {"bench", "--help"}, {"bench", "-help"}, {"bench", "gears", "-help"},
        {"bench", "relay", "--help"},
        {"demo", "--nodes", "5", "--help"}};
    for (String[] args : cases) {
      Run r = run(args);
      String what = String.join(" ", args);
      assertEquals(0, r.code(), what);
      assertTrue(r.out().contains("usage: bin/blink demo [flags]"), what + ": " + r.out());
      if (args[0].equals("demo") || args[0].equals("bench")) {
        assertTrue(r.out().startsWith("NAME\n    blink " + args[0] + " - ")
            && r.out().contains("\nEXIT STATUS\n") && r.out().contains("\n    3    the run"),
            what + ": " + r.out());
      }
      assertTrue(r.out().contains("--paraid-groups G,..."), what);
      assertTrue(r.out().contains("bench <latency|throughput|kv|gears|relay|dfsio|terasort|"
          + "wordcount|grep|faults|soak|groups|groups-io|kv-signal|search|oscillation|"
          + "rabbit-datasets|compare>"), what);
      assertTrue(r.out().contains("--low-power-rounds R"), what);
      assertEquals("", r.err(), what);
    }
  }

  @Test
  void anUnknownFlagExitsTwoWithTheUsageOnStderr() {
    assertUsage(run("demo", "--frobnicate", "1"),
        "bin/blink demo: unknown flag --frobnicate; known flags: --nodes, --staging");
    assertUsage(run("bench", "latency", "--frobnicate", "1"),
        "bin/blink bench: unknown flag --frobnicate; known flags: --nodes");
  }

  @Test
  void badOperandsAndValuesExitTwoNamingThem() {
    assertUsage(run("bench"), "bin/blink bench: name an experiment: [latency, throughput, kv,"
        + " gears, relay, dfsio, terasort, wordcount, grep, faults, soak, groups, groups-io,"
        + " kv-signal, search, oscillation, rabbit-datasets, compare]");
    assertUsage(run("bench", "sprint"), "bin/blink bench: unknown experiment 'sprint'; use one"
        + " of [latency, throughput, kv, gears, relay, dfsio, terasort, wordcount, grep, faults,"
        + " soak,"
        + " groups, groups-io, kv-signal, search, oscillation, rabbit-datasets, compare]");
    assertUsage(run("bench", "latency", "--rounds", "3"), "bin/blink bench: --rounds 3 applies"
        + " to bin/blink bench relay, throughput, compare, wordcount, grep, groups-io,"
        + " rabbit-datasets, oscillation and dfsio --gears only; drop it or run bench relay");
    assertUsage(run("bench", "relay", "--low-power-rounds", "0"), "bin/blink bench:"
        + " --low-power-rounds '0' must be a whole number in 1..100");
    assertUsage(run("bench", "kv", "gears"), "bin/blink bench: unexpected argument 'gears': name"
        + " one experiment");
    assertUsage(run("demo", "latency"), "bin/blink demo: unexpected argument 'latency': flags"
        + " look like --name value");
    assertUsage(run("demo", "--nodes", "0"), "bin/blink demo: --nodes '0' must be a whole number"
        + " in 1..64");
    assertUsage(run("demo", "--seed", "x"), "bin/blink demo: --seed 'x' must be a whole number");
    assertUsage(run("demo", "--nodes", "5", "--nodes", "6"), "bin/blink demo: --nodes given"
        + " twice");
    assertUsage(run(), "bin/blink: unknown command ''; use demo or bench <experiment>");
  }

  private static void assertUsage(Run r, String firstLineStart) {
    assertEquals(2, r.code(), r.err());
    assertEquals("", r.out());
    assertTrue(r.err().startsWith(firstLineStart), r.err());
    assertTrue(r.err().contains("\nusage: bin/blink demo [flags]"), r.err());
  }
}
