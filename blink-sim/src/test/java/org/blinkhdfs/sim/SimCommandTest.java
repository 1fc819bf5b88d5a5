package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code bin/blink sim}'s main, end to end: flags in, JSON or text out, exit codes. */
class SimCommandTest {
  private record Run(int code, String out, String err) {}

  private static Run sim(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    AtomicLong clock = new AtomicLong();
    int code = SimCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), () -> clock.addAndGet(1_000_000));
    return new Run(code, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /** The JSON without the lines that measure the run (wall time, heap). */
  private static String stable(String json) {
    return json.replaceAll("(?m)^\\s*\"(wallSeconds|heapUsedMiB|maxHeapMiB)\".*$", "");
  }

  @Test
  void jsonCarriesTheContractKeysWithHandWorkedValues() {
    Run r = sim("--nodes", "3", "--blocks", "30", "--power", "33.33334%", "--replication", "3",
        "--layout", "power-balanced", "--policy", "staggered", "--sleep-watts", "0",
        "--transition", "0ms", "--format", "json");
    assertEquals(0, r.code(), r.err());
    for (String key : new String[] {"unavailableFraction", "meanWaitMs", "p90WaitMs",
        "readThroughputFraction", "bytesMigrated", "wallSeconds", "heapUsedMiB"}) {
      assertTrue(r.out().contains("\"" + key + "\": "), key + " missing: " + r.out());
    }
    assertTrue(r.out().contains("\"unavailableFraction\": 0,"), r.out());
    assertTrue(r.out().contains("\"bytesMigrated\": 0,"), r.out());
    assertTrue(r.out().trim().startsWith("{") && r.out().trim().endsWith("}"), r.out());
  }

  /**
   * --policy aligned pairs with the even ring: at 40% on 9 nodes, 60 s, 500 ms read window,
   * every block stays readable (AlignedStagger's example), while BlinkFS's ring with the paper's
   * offsets leaves blocks unreadable 17.4% of the interval (docs/availability.md).
   */
  @Test
  void alignedPolicyRunsTheEvenRing() {
    String[] common = {"--nodes", "9", "--blocks", "2000", "--power", "40%", "--replication",
        "3", "--layout", "power-balanced", "--interval", "60s", "--min-window", "500ms",
        "--transition", "0s", "--format", "json", "--policy"};
    Run aligned = sim(concat(common, "aligned"));
    assertEquals(0, aligned.code(), aligned.err());
    assertTrue(aligned.out().contains("\"unavailableFraction\": 0,"), aligned.out());
    Run paper = sim(concat(common, "staggered"));
    assertTrue(paper.out().contains("\"unavailableFraction\": 0.174"), paper.out());
  }

  /**
   * --policy phase-groups pairs with blink.ring.spacing = groups: on 10 nodes at 40% (windows of
   * 22 500 ms, 22 000 usable) every block stays readable (D = 20 000 ms), where aligned's even
   * ring needs 24 000 ms for f, f+3, f+6; with --phase-groups 2 a block of 3 covers only two
   * phases 30 000 ms apart.
   */
  @Test
  void phaseGroupsPolicyRunsTheGroupLayout() {
    String[] common = {"--nodes", "10", "--blocks", "2000", "--power", "40%", "--replication",
        "3", "--layout", "power-balanced", "--interval", "60s", "--min-window", "500ms",
        "--transition", "0s", "--format", "json"};
    Run groups = sim(concat(concat(common, "--policy"), "phase-groups"));
    assertEquals(0, groups.code(), groups.err());
    assertTrue(groups.out().contains("\"unavailableFraction\": 0,"), groups.out());
    Run aligned = sim(concat(concat(common, "--policy"), "aligned"));
    assertFalse(aligned.out().contains("\"unavailableFraction\": 0,"), aligned.out());
    Run two = sim(concat(concat(concat(concat(common, "--policy"), "phase-groups"),
        "--phase-groups"), "2"));
    assertEquals(0, two.code(), two.err());
    assertFalse(two.out().contains("\"unavailableFraction\": 0,"), two.out());
    Run both = sim(concat(concat(concat(concat(concat(concat(common, "--policy"),
        "phase-groups"), "--phase-groups"), "2"), "-D"), "blink.phase.groups=3"));
    assertEquals(2, both.code());
    assertTrue(both.err().contains("--phase-groups 2 and -D blink.phase.groups=3 disagree"),
        both.err());
    Run bad = sim(concat(concat(concat(concat(common, "--policy"), "phase-groups"),
        "--phase-groups"), "0"));
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("--phase-groups"), bad.err());
  }

  /**
   * --read-order picks the read order (default blink.read.order's longest-window), -D
   * blink.read.order does the same, the two must agree, and a bad name exits 2 naming the flag.
   * Balanced reads N = 9, r = 3 phase groups at 80% at more than twice the longest window's rate.
   */
  @Test
  void readOrderFlagAndKey() {
    String[] common = {"--nodes", "9", "--blocks", "9000", "--power", "80%", "--replication",
        "3", "--transition", "0s", "--min-window", "1s", "--format", "json"};
    Run longest = sim(common);
    assertEquals(0, longest.code(), longest.err());
    assertTrue(longest.out().contains("\"readOrder\": \"longest-window\","), longest.out());
    Run balanced = sim(concat(concat(common, "--read-order"), "balanced"));
    assertEquals(0, balanced.code(), balanced.err());
    assertTrue(balanced.out().contains("\"readOrder\": \"balanced\","), balanced.out());
    assertTrue(throughput(balanced.out()) > 2 * throughput(longest.out()), balanced.out());
    Run key = sim(concat(concat(common, "-D"), "blink.read.order=balanced"));
    assertEquals(stable(balanced.out()), stable(key.out()));
    Run disagree = sim(concat(concat(concat(concat(common, "--read-order"), "balanced"), "-D"),
        "blink.read.order=longest-window"));
    assertEquals(2, disagree.code());
    assertTrue(disagree.err().contains("--read-order balanced and -D"
        + " blink.read.order=longest-window disagree"), disagree.err());
    Run bad = sim(concat(concat(common, "--read-order"), "nearest"));
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("--read-order = 'nearest' is invalid: give longest-window"),
        bad.err());
    Run badKey = sim(concat(concat(common, "-D"), "blink.read.order=nearest"));
    assertEquals(2, badKey.code());
    assertTrue(badKey.err().contains("blink.read.order = 'nearest' is invalid"), badKey.err());
  }

  private static double throughput(String json) {
    Matcher m = Pattern.compile("\"readThroughputFraction\": ([0-9.eE-]+)").matcher(json);
    assertTrue(m.find(), json);
    return Double.parseDouble(m.group(1));
  }

  @Test
  void aPhaseGroupsLabelIsTheGroupLayout() {
    CellLayout l = CellLayout.parse("phase-groups+phase-groups", 1, "2").orElseThrow();
    assertEquals("power-balanced", l.simLayout());
    assertEquals("groups", l.keys().apply("blink.ring.spacing"));
    assertTrue(CellLayout.parse("phase-groups+staggered", 1, "2").isEmpty());
  }

  @Test
  void sameSeedSameJsonOverSeeds() {
    for (String seed : new String[] {"0", "1", "42"}) {
      String[] args = {"--nodes", "20", "--blocks", "2000", "--power", "35%", "--layout",
          "random", "--policy", "staggered-circular", "--seed", seed, "--format", "json"};
      assertEquals(stable(sim(args).out()), stable(sim(args).out()), "seed " + seed);
    }
    String[] a = {"--nodes", "20", "--blocks", "2000", "--power", "35%", "--layout", "random",
        "--format", "json", "--seed"};
    assertTrue(!stable(sim(concat(a, "1")).out()).equals(stable(sim(concat(a, "2")).out())));
  }

  @Test
  void aSignalRunsEpochsOverTheDuration() {
    Run r = sim("--nodes", "9", "--blocks", "500", "--signal", "oscillating:50:2m", "--duration",
        "10m", "--epoch", "1m", "--format", "text");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("epochs                   10"), r.out());
    assertTrue(r.out().contains("distinctLevels           2"), r.out());
  }

  @Test
  void migrationBaselineReplaysBlinkFsThousandNodeExample(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws java.io.IOException {
    // 1000 nodes (25 W awake, 1 W asleep, 40 W overhead): 25 040 W keeps all on, 24 560 W keeps
    // 980. 10^6 blocks of 512 MiB, r = 1: 500 GiB per node; 20 nodes off move 10 000 GiB,
    // 8 589.9 s on one 10 Gbit/s link.
    java.nio.file.Path trace = dir.resolve("two-percent.csv");
    java.nio.file.Files.writeString(trace, "time_s,watts\n0,25040\n3600,24560\n7200,24560\n");
    Run r = sim("--nodes", "1000", "--blocks", "1000000", "--block-mib", "512", "--replication",
        "1", "--policy", "migration", "--signal", "trace:" + trace, "--duration", "2h", "--epoch",
        "1h", "--format", "json");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("\"bytesMigrated\": " + 20L * 500 * (1L << 30) + ","), r.out());
    assertTrue(r.out().contains("\"migrationSeconds\": 8589.93,"), r.out());
    assertTrue(r.out().contains("\"policy\": \"migration\","), r.out());
    Run bad = sim("--policy", "migrate");
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("migrate") && bad.err().contains("migration"), bad.err());
  }

  @Test
  void figureTwoWritesTheReportBesideThePapersFormula(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws java.io.IOException {
    Run r = sim("--figure", "fig2", "--nodes", "20", "--blocks", "4000", "--out",
        dir.toString());
    assertEquals(0, r.code(), r.err());
    for (String f : new String[] {"report.md", "results.csv", "plots/fig2.svg",
        "plots/fig2.png"}) {
      assertTrue(java.nio.file.Files.size(dir.resolve(f)) > 0, f);
    }
    // 5 replication factors x 21 inactive shares, each within sampling of C(m, k)/C(n, k).
    java.util.List<String> rows = java.nio.file.Files.readAllLines(dir.resolve("results.csv"));
    assertEquals(1 + 5 * 21, rows.size());
    for (String row : rows.subList(1, rows.size())) {
      String[] c = row.split(",");
      double simulated = Double.parseDouble(c[4]);
      double formula = Double.parseDouble(c[5]);
      // 4000 blocks: the standard error is at most sqrt(0.25/4000) = 0.008; allow 5 of them.
      assertEquals(formula, simulated, 0.04, row);
    }
    assertTrue(rows.contains("3,10,20,0.5000," + String.format(java.util.Locale.ROOT, "%.6f",
        simulatedAt(rows, 3, 10)) + ",0.105263"), "C(10,3)/C(20,3) = 120/1140: " + rows);
    Run bad = sim("--figure", "fig2", "--power", "40%", "--out", dir.toString());
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("--power 40%"), bad.err());
    assertEquals(2, sim("--figure", "fig9", "--out", dir.toString()).code());
    assertEquals(2, sim("--figure", "fig2").code());
  }

  private static double simulatedAt(java.util.List<String> rows, int k, int m) {
    for (String row : rows) {
      if (row.startsWith(k + "," + m + ",")) {
        return Double.parseDouble(row.split(",")[4]);
      }
    }
    throw new AssertionError("no row for k=" + k + ", m=" + m);
  }

  @Test
  void ioServerNodesStayAwakeSoNothingIsUnavailable() {
    // 9 nodes: p_total 225 W; every node io-server draws 90 W, within 60% = 135 W.
    Run r = sim("--nodes", "9", "--blocks", "200", "--power", "60%", "--policy", "io-server",
        "--io-server-watts", "10", "--format", "json");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("\"unavailableFraction\": 0,"), r.out());
    assertTrue(r.out().contains("\"belowMinimumEpochs\": 0,"), r.out());
  }

  @Test
  void helpExitsZeroAndBadFlagsExitTwoNamingTheFlagAndValue() {
    for (String help : new String[] {"--help", "-help"}) {
      Run r = sim(help);
      assertEquals(0, r.code());
      assertTrue(r.out().startsWith("NAME\n    blink sim - ")
          && r.out().contains("\nOPTIONS\n    usage: bin/blink sim --nodes N"), r.out());
      assertTrue(r.out().contains("--layout random|power-balanced|equal-work|paraid"), r.out());
    }
    Run bad = sim("--layout", "striped");
    assertEquals(2, bad.code());
    assertTrue(bad.err().startsWith("blink sim: --layout 'striped' is not a layout: use one of"
        + " random|power-balanced|equal-work|paraid"), bad.err());
    Run policy = sim("--policy", "nope");
    assertEquals(2, policy.code());
    assertTrue(policy.err().contains("--policy 'nope' is not a blink policy"), policy.err());
    Run nodes = sim("--nodes", "0");
    assertTrue(nodes.err().startsWith("blink sim: --nodes '0' must be a whole number in 1..100000"),
        nodes.err());
    Run sensor = sim("--signal", "sensor:cat /x");
    assertEquals(2, sensor.code());
    assertTrue(sensor.err().contains("not supported in the simulator"), sensor.err());
    Run duration = sim("--duration", "1h");
    assertEquals(2, duration.code());
    assertTrue(duration.err().contains("--duration and --epoch need --signal"), duration.err());
    assertEquals(2, sim("--bogus", "1").code());
  }

  @Test
  void autoFigureFlagsAreCheckedNamingFlagValueAndFix(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) {
    Run nodes = sim("--figure", "auto", "--out", dir.toString(), "--nodes", "12");
    assertEquals(2, nodes.code());
    assertTrue(nodes.err().contains("--nodes 12 does not apply to --figure auto (it sweeps N, r,"
        + " power and transitions itself; only --blocks, the most blocks per case, and --seed)"),
        nodes.err());
    Run noOut = sim("--figure", "auto");
    assertEquals(2, noOut.code());
    assertTrue(noOut.err().contains("--figure auto needs --out DIR"), noOut.err());
  }

  @Test
  void ratioFlagsAreCheckedNamingFlagValueAndFix(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) {
    Run rho = sim("--figure", "blinkfs-ratio", "--out", dir.toString(), "--rho", "0.5,x");
    assertEquals(2, rho.code());
    assertTrue(rho.err().contains("--rho '0.5,x': 'x' is not a ratio within 0.001..1000; give a"
        + " comma-separated list such as 0.5,1,2,4"), rho.err());
    Run node = sim("--policy", "migration", "--migration-node-mibps", "0");
    assertEquals(2, node.code());
    assertTrue(node.err().contains("--migration-node-mibps"), node.err());
    Run nodes = sim("--figure", "blinkfs-ratio", "--out", dir.toString(), "--nodes", "12");
    assertEquals(2, nodes.code());
    assertTrue(nodes.err().contains("--nodes 12 does not apply to --figure blinkfs-ratio"),
        nodes.err());
    Run rounds = sim("--figure", "fig2", "--out", dir.toString(), "--rounds", "3");
    assertTrue(rounds.err().contains("--rounds 3 applies to --figure blinkfs-ratio only"),
        rounds.err());
    Run json = sim("--nodes", "4", "--blocks", "40960", "--block-mib", "1", "--replication", "1",
        "--policy", "migration", "--migration-node-mibps", "100", "--migration-gbps", "1000",
        "--signal", "oscillating:100:1m", "--duration", "2m", "--epoch", "1m", "--format",
        "json");
    assertEquals(0, json.code(), json.err());
    assertTrue(json.out().contains("\"rhoMax\""), json.out());
  }

  private static String[] concat(String[] a, String last) {
    String[] out = java.util.Arrays.copyOf(a, a.length + 1);
    out[a.length] = last;
    return out;
  }

  /** --validate on the recorded 6 s latency run prints the waits' table; no throughput cell. */
  @Test
  void validateComparesARecordedRunAndRefusesWorkloadFlagsElsewhere() {
    Run r = sim("--validate", "../docs/results/2026-11-27-latency-400/results.json",
        "--interval", "6s");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("## Read waits") && r.out().contains("8 of 8 modelled cells"
        + " agree"), r.out());
    Run none = sim("--validate", "../docs/results/2026-11-27-rabbit-datasets/results.json",
        "--interval", "6s");
    assertEquals(2, none.code());
    assertTrue(none.err().contains("no latency cell below 100% power and no throughput cell"),
        none.err());
    Run bad = sim("--nodes", "9", "--io-threads", "8");
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("--io-threads 8 applies to --validate only"), bad.err());
    Run primaries = sim("--validate", "../docs/results/2026-11-27-latency-400/results.json",
        "--interval", "6s", "-D", "blink.equalwork.primaries=x");
    assertEquals(2, primaries.code());
    assertTrue(primaries.err().contains("-D blink.equalwork.primaries=x must be a whole number"),
        primaries.err());
  }

  /** {@code --resize}: the contract keys in JSON, and flags of other modes refused by name. */
  @Test
  void resizeMode() {
    Run r = sim("--resize", "+1", "--nodes", "9", "--blocks", "900", "--power", "40%",
        "--transition", "0s", "--format", "json");
    assertEquals(0, r.code(), r.err());
    for (String key : new String[] {"\"replicasMovedFraction\": 0.0833333",
        "\"blocksOutOfLayoutFraction\": 0,", "\"minimumMovedFraction\": 0.1,",
        "\"unavailableFractionBefore\": 0,", "\"unavailableFractionAfter\": 0,",
        "\"scheme\": \"groups\""}) {
      assertTrue(r.out().contains(key), key + " in " + r.out());
    }
    Run policy = sim("--resize", "-1", "--policy", "aligned");
    assertEquals(2, policy.code());
    assertTrue(policy.err().contains("--policy aligned does not apply to --resize"),
        policy.err());
    Run at = sim("--at", "first");
    assertEquals(2, at.code());
    assertTrue(at.err().contains("--at first applies to --resize only"), at.err());
    Run bad = sim("--resize", "+1", "--scheme", "ring");
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("--scheme 'ring' is not a resize scheme"), bad.err());
  }
}
