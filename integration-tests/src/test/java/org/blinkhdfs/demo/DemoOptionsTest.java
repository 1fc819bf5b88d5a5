package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.blinkhdfs.cluster.Layout;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.junit.jupiter.api.Test;

class DemoOptionsTest {
  @Test
  void demoDefaultsRunSixLayoutsWithPrimariesFittingNineNodes() {
    DemoOptions o = DemoOptions.parse("demo", new String[0]);
    assertEquals(List.of("power-balanced+staggered", "aligned+aligned",
        "default+staggered", "covering-set+covering", "equal-work+activation",
        "paraid+activation"),
        o.layouts().stream().map(LayoutRun::label).toList());
    assertEquals(1, o.layoutKeys().equalWorkPrimaries()); // p = 2 needs 10 nodes at r = 3
    assertEquals(List.of(2), o.layoutKeys().paraidGroups());
    assertEquals(3, o.replicationFor(Layout.PARAID));
    assertEquals(List.of(3), o.latencyReplicationsFor(3));
    assertTrue(o.runsOn("latency", 0));
    assertTrue(o.runsOn("latency", 3), "the stock covering set is the baseline of read p90");
    assertFalse(o.runsOn("latency", 4), "activation layouts skip latency in the demo");
    assertTrue(o.runsOn("throughput", 5));
  }

  @Test
  void shuffledPowerOrderKeepsTheBaselineFirst() {
    DemoOptions given = DemoOptions.parse("latency", new String[] {"--power", "100,60,40,20"});
    assertEquals(List.of(100, 60, 40, 20), given.powers());
    DemoOptions o = DemoOptions.parse("latency", new String[] {"--power", "100,60,40,20",
        "--power-order", "shuffled", "--seed", "7"});
    assertEquals(100, o.powers().get(0));
    assertEquals(java.util.Set.of(100, 60, 40, 20), java.util.Set.copyOf(o.powers()));
    assertEquals(o.powers(), DemoOptions.parse("latency", new String[] {"--power",
        "100,60,40,20", "--power-order", "shuffled", "--seed", "7"}).powers());
    assertThrows(CommandLineTool.UsageException.class, () -> DemoOptions.parse("latency",
        new String[] {"--power-order", "random"}));
  }

  @Test
  void shuffledLayoutOrderIsASeededPermutationOfTheGivenLayouts() {
    String layouts = "power-balanced+staggered,aligned+aligned,equal-work+activation";
    assertEquals(List.of(0, 1, 2), DemoOptions.parse("latency",
        new String[] {"--layouts", layouts}).layoutOrder());
    List<Integer> order = DemoOptions.parse("latency", new String[] {"--layouts", layouts,
        "--layout-order", "shuffled", "--seed", "3"}).layoutOrder();
    assertEquals(java.util.Set.of(0, 1, 2), java.util.Set.copyOf(order));
    assertEquals(3, order.size());
    assertEquals(order, DemoOptions.parse("latency", new String[] {"--layouts", layouts,
        "--layout-order", "shuffled", "--seed", "3"}).layoutOrder());
    java.util.Set<List<Integer>> seen = new java.util.HashSet<>();
    for (int seed = 0; seed < 20; seed++) {
      seen.add(DemoOptions.parse("latency", new String[] {"--layouts", layouts,
          "--layout-order", "shuffled", "--seed", Integer.toString(seed)}).layoutOrder());
    }
    assertTrue(seen.size() > 1, "20 seeds gave one order: " + seen);
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("latency", new String[] {"--layout-order", "interleaved"}));
    assertTrue(e.getMessage().contains("--layout-order 'interleaved'"), e.getMessage());
  }

  @Test
  void benchLatencyCanMeasureEveryFactorOnEveryLayout() {
    String[] args = {"--layouts", "power-balanced+staggered,aligned+aligned",
        "--latency-replication", "3,6"};
    DemoOptions first = DemoOptions.parse("latency", args);
    assertEquals(List.of(3, 6), first.latencyReplicationsFor(0));
    assertEquals(List.of(3), first.latencyReplicationsFor(1));
    String[] every = java.util.Arrays.copyOf(args, args.length + 2);
    every[args.length] = "--latency-on";
    every[args.length + 1] = "every";
    DemoOptions all = DemoOptions.parse("latency", every);
    assertEquals(List.of(3, 6), all.latencyReplicationsFor(0));
    assertEquals(List.of(3, 6), all.latencyReplicationsFor(1));
    assertThrows(CommandLineTool.UsageException.class, () -> DemoOptions.parse("demo",
        new String[] {"--latency-on", "every"}));
    assertThrows(CommandLineTool.UsageException.class, () -> DemoOptions.parse("latency",
        new String[] {"--latency-on", "all"}));
  }

  /** bench kv compares a layout with and without popularity replication. */
  @Test
  void popularitySuffixTurnsItOnForOneRun() {
    DemoOptions o = DemoOptions.parse("kv", new String[] {"--layouts",
        "power-balanced+staggered,power-balanced+staggered+popularity"});
    assertEquals(List.of("power-balanced+staggered", "power-balanced+staggered+popularity"),
        o.layouts().stream().map(LayoutRun::label).toList());
    assertFalse(o.layouts().get(0).popularity());
    assertEquals(java.util.Map.of(), o.layouts().get(0).nameNodeKeys(6_000));
    LayoutRun with = o.layouts().get(1);
    assertEquals("staggered", with.schedulePolicy());
    assertEquals("6000", with.nameNodeKeys(6_000).get("blink.popularity.period.ms"));
    assertEquals("default,org.blinkhdfs.placement.PopularityAuditLogger",
        with.nameNodeKeys(6_000).get("dfs.namenode.audit.loggers"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LayoutRun.parseList("--layouts", "power-balanced+popular"));
    assertTrue(e.getMessage().contains("optionally followed by +popularity"), e.getMessage());
  }

  /** bench groups compares the ring with and without replicas for the groups' targets. */
  @Test
  void groupsDefaultsCompareTheRingWithAndWithoutGroups() {
    DemoOptions o = DemoOptions.parse("groups", new String[0]);
    assertEquals(List.of("power-balanced+staggered", "power-balanced+staggered+groups"),
        o.layouts().stream().map(LayoutRun::label).toList());
    assertFalse(o.layouts().get(0).groups());
    assertTrue(o.layouts().get(1).groups());
    assertFalse(o.layouts().get(1).popularity());
    assertEquals(List.of(100, 40, 30), o.powers());
    assertEquals(600, GroupsSession.targetMs(o.intervalMs()));
    // 4 files of 16 MiB per group; the groups' replicas may take one group's worth.
    java.util.Map<String, String> keys = GroupsSession.nameNodeKeys(o,
        java.nio.file.Path.of("/tmp/g.json"));
    assertEquals(Long.toString(4L * (16 << 20)), keys.get("blink.groups.budget.bytes"));
    assertEquals("/tmp/g.json", keys.get("blink.groups.file"));
    LayoutRun both = LayoutRun.parseList("--layouts",
        "power-balanced+staggered+popularity+groups").get(0);
    assertTrue(both.popularity() && both.groups());
    assertEquals("power-balanced+staggered+popularity+groups", both.label());
    DemoOptions three = DemoOptions.parse("groups", new String[] {"--group-budget", "3"});
    assertEquals(Long.toString(3 * 4L * (16 << 20)), GroupsSession.nameNodeKeys(three,
        java.nio.file.Path.of("/tmp/g.json")).get("blink.groups.budget.bytes"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse("latency", new String[] {"--group-budget", "2"}));
    assertEquals("--group-budget 2 applies to bin/blink bench groups only; drop it or run bench"
        + " groups", e.getMessage());
  }

  @Test
  void groupsIoDefaultsAreEqualWorkWithAndWithoutGroupsOnEightNodes() {
    DemoOptions o = DemoOptions.parse("groups-io", new String[0]);
    assertEquals(List.of("equal-work+activation", "equal-work+activation+groups"),
        o.layouts().stream().map(LayoutRun::label).toList());
    assertEquals(8, o.nodes());
    assertEquals(0, o.staging());
    assertEquals(2, o.replication());
    assertEquals(List.of(100, 60), o.powers());
    assertEquals(3, o.rounds());
    assertEquals(20_000, o.cellTimeMs());
    java.util.Map<String, String> keys = GroupsIoSession.groupKeys(
        java.nio.file.Path.of("/tmp/g.json"));
    assertEquals("groups", keys.get("blink.rabbit.datasets.source"));
    assertEquals("0", keys.get("dfs.namenode.maintenance.replication.min"));
    assertTrue(keys.get("dfs.namenode.audit.loggers").endsWith("DatasetAuditLogger"));
  }

  @Test
  void signalBenchesReplayBlinkFsSignalsOverTheThreeApproaches() {
    DemoOptions kv = DemoOptions.parse("kv-signal", new String[0]);
    assertEquals(List.of("power-balanced+staggered", "equal-work+activation",
        "default+load-proportional"), kv.layouts().stream().map(LayoutRun::label).toList());
    SignalOptions s = kv.signalCases().get(0).signal();
    assertEquals("renewable:50", s.spec());
    assertEquals(36, s.steps());
    assertEquals(20, s.floorPercent());
    assertEquals(12 * 60_000, kv.cellTimeMs());
    assertEquals(1, kv.clients());
    DemoOptions search = DemoOptions.parse("search", new String[] {"--signal", "price:0.01:7",
        "--signal-span", "1h", "--signal-step", "10m", "--cell-time", "3m"});
    assertEquals("price:0.01:7", search.signalCases().get(0).signal().spec());
    assertEquals(6, search.signalCases().get(0).signal().steps());
    assertEquals(4, search.clients());
    assertTrue(search.runs("search"));
    assertFalse(DemoOptions.parse("latency", new String[0]).signalRun());
  }

  @Test
  void oscillationIsOneCasePerDataSetAndLevelAgainstTheMigrationBaseline() {
    DemoOptions o = DemoOptions.parse("oscillation", new String[] {"--oscillation", "0,60",
        "--data-mib", "32,96", "--oscillation-period", "30s", "--cell-time", "2m"});
    assertEquals(List.of("power-balanced+staggered", "default+activation+migration"),
        o.layouts().stream().map(LayoutRun::label).toList());
    assertTrue(o.layouts().get(1).migration());
    assertEquals(0, o.staging());
    assertEquals(List.of("N=0% 32 MiB", "N=60% 32 MiB", "N=0% 96 MiB", "N=60% 96 MiB"),
        o.signalCases().stream().map(SignalCase::name).toList());
    SignalOptions high = o.signalCases().get(1).signal();
    assertEquals("oscillating:60:30000ms", high.spec());
    assertEquals(4, high.steps());
    assertEquals(5, high.floorPercent());
    assertEquals(List.of("power-balanced+staggered", "default+load-proportional",
        "default+activation+migration"), DemoOptions.parse("search", new String[0]).layouts()
        .stream().map(LayoutRun::label).toList());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse("search", new String[] {"--data-mib", "32,64"}));
    assertEquals("--data-mib 32,64: bench search reads one data set; give one size",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> DemoOptions.parse("oscillation",
        new String[] {"--layouts", "default+staggered+migration"}));
    assertTrue(e.getMessage().contains("+migration is the migration-based baseline, which keeps"
        + " k nodes on: use it with the activation policy"), e.getMessage());
    // Rounds: every case once unless given; the single-signal benches take none.
    assertEquals(1, DemoOptions.parse("oscillation", new String[0]).rounds());
    assertEquals(3, DemoOptions.parse("oscillation", new String[] {"--rounds", "3"}).rounds());
    assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse("search", new String[] {"--rounds", "3"}));
    e = assertThrows(IllegalArgumentException.class, () -> DemoOptions.parse("oscillation",
        new String[] {"--rounds", "3", "--oscillation", "30", "--data-mib", "64"}));
    assertTrue(e.getMessage().startsWith("--rounds 3: bench oscillation repeats cases"),
        e.getMessage());
  }

  @Test
  void rabbitDatasetsIsFourteenNodesOfEqualWorkAllOn() {
    DemoOptions o = DemoOptions.parse("rabbit-datasets", new String[0]);
    assertEquals(List.of("equal-work+activation"),
        o.layouts().stream().map(LayoutRun::label).toList());
    assertEquals(14, o.nodes());
    assertEquals(0, o.staging());
    assertEquals(3, o.replication());
    assertEquals(6, o.rounds());
    assertEquals(List.of(100), o.powers());
    assertEquals(2, o.layoutKeys().equalWorkPrimaries());
    assertEquals(3, DemoOptions.parse("rabbit-datasets", new String[] {"--rounds", "3"}).rounds());
    // bench throughput reads --rounds phases per level (default 3); the demo reads once.
    assertEquals(3, DemoOptions.parse("throughput", new String[] {}).throughputRounds());
    assertEquals(10, DemoOptions.parse("throughput", new String[] {"--rounds", "10"})
        .throughputRounds());
    assertEquals(1, DemoOptions.parse("demo", new String[] {}).throughputRounds());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse("rabbit-datasets", new String[] {"--power", "40"}));
    assertEquals("--power 40: bench rabbit-datasets keeps every node on (Rabbit Fig 8); drop"
        + " --power", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> DemoOptions.parse("rabbit-datasets",
        new String[] {"--layouts", "power-balanced+staggered"}));
    assertEquals("--layouts power-balanced+staggered: bench rabbit-datasets measures equal"
        + " work's datasets; give equal-work layouts only, e.g. equal-work+activation",
        e.getMessage());
  }

  @Test
  void signalFlagsAreCheckedAndBelongToTheSignalBenches() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse("kv", new String[] {"--signal", "renewable:50"}));
    assertEquals("--signal renewable:50 applies to bin/blink bench kv-signal and search only;"
        + " drop it here", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse("kv", new String[] {"--data-mib", "64"}));
    assertEquals("--data-mib 64 applies to bin/blink bench kv-signal, search, oscillation and"
        + " compare only; drop it here", e.getMessage());
    // kv-signal: the whole data set stored, the objects counted (default 0: the objects only)
    assertEquals(640, DemoOptions.parse("kv-signal", new String[] {"--data-mib", "640"})
        .signalCases().get(0).dataMiB());
    assertEquals(0, DemoOptions.parse("kv-signal", new String[0]).signalCases().get(0)
        .dataMiB());
    e = assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse("oscillation", new String[] {"--signal", "steady:40%"}));
    assertEquals("--signal steady:40% applies to bin/blink bench kv-signal and search only; drop"
        + " it here", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse("kv-signal", new String[] {"--power", "40"}));
    assertEquals("--power 40: bench kv-signal follows --signal; give the levels as a signal,"
        + " e.g. --signal steady:40%", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse("kv-signal", new String[] {"--signal", "solar:50"}));
    assertTrue(e.getMessage().startsWith("--signal = 'solar:50' is invalid (unknown kind"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse("search", new String[] {"--signal", "sensor:cat /tmp/w"}));
    assertTrue(e.getMessage().contains("cannot be replayed"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse("search", new String[] {"--signal-floor", "2"}));
    assertTrue(e.getMessage().startsWith("--signal-floor 2% cannot keep every DataNode even"
        + " asleep"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse("search", new String[] {"--cell-time", "1m"}));
    assertTrue(e.getMessage().startsWith("--cell-time 60000 ms over 36 signal steps gives each"
        + " step less than one blink interval"), e.getMessage());
  }

  @Test
  void benchGearsDefaultsAreLeEtAlsFigureThree() {
    DemoOptions o = DemoOptions.parse("gears", new String[0]);
    assertTrue(o.runs("gears"));
    assertEquals(7, o.nodes());
    assertEquals(0, o.staging());
    assertEquals(List.of(2, 4, 7), o.gears());
    assertEquals(2, o.replicationFor(Layout.EQUAL_WORK));
    assertEquals(3, o.replicationFor(Layout.PARAID));
    assertEquals(2, o.layoutKeys().equalWorkPrimaries());
    assertEquals(List.of(2, 2), o.layoutKeys().paraidGroups());
    assertEquals(32, o.ioFileMiB());
  }

  @Test
  void mapReduceBenchesRunTheBlinkingLayoutsWithTheirOwnSizes() {
    for (String bench : List.of("dfsio", "terasort")) {
      DemoOptions o = DemoOptions.parse(bench, new String[] {"--nodes", "3"});
      assertTrue(o.runs(bench));
      assertEquals(List.of("power-balanced+staggered", "default+staggered"),
          o.layouts().stream().map(LayoutRun::label).toList());
      assertEquals(16, o.ioFileMiB());
      assertEquals(8, o.ioThreads());
      // No latency is measured: the default latency replication is --replication, which
      // 3 nodes hold (the demo's 1,3,6 would not).
      assertEquals(List.of(3), o.latencyReplications());
      // --cell-time bounds one program (ToolJobs' limit): an hour unless given.
      assertEquals(3_600_000, o.cellTimeMs());
      assertEquals(1_500_000, DemoOptions.parse(bench, new String[] {"--cell-time", "25m"})
          .cellTimeMs());
    }
  }

  @Test
  void wordcountDefaultsAreBlinkFsFigureElevenOnFourCappedHosts() {
    DemoOptions o = DemoOptions.parse("wordcount", new String[0]);
    assertEquals(List.of("power-balanced+staggered", "equal-work+activation",
        "default+load-proportional"), o.layouts().stream().map(LayoutRun::label).toList());
    assertEquals(List.of(100, 80, 50, 20), o.powers());
    assertEquals(4, o.nodes());
    assertEquals(1, o.staging());
    assertEquals(3, o.rounds());
    assertEquals(450, o.hostCpuMillicores(), "1800 millicores over the 4 compute hosts");
    assertEquals(8, o.ioThreads());
    assertEquals(8, o.ioFileMiB());
  }

  @Test
  void faultsAndSoakRunOnOneProxyLayoutAtOneLowPowerLevel() {
    DemoOptions faults = DemoOptions.parse("faults", new String[0]);
    assertEquals(List.of("power-balanced+staggered"), faults.layouts().stream()
        .map(LayoutRun::label).toList());
    assertTrue(faults.layouts().get(0).proxy().configured(), "the proxy is one of the victims");
    assertEquals(List.of(40), faults.powers());
    assertEquals(6, faults.nodes(), "two ring nodes per agent kind");
    DemoOptions soak = DemoOptions.parse("soak", new String[0]);
    assertEquals(List.of(20), soak.powers());
    assertEquals(15 * 60_000L, soak.cellTimeMs(), "15 minutes by default");
    assertEquals(3, soak.replication());
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("faults", new String[] {"--power", "40,20"}));
    assertTrue(e.getMessage().contains("--power 40,20") && e.getMessage().contains("one power"
        + " level"), e.getMessage());
  }

  @Test
  void grepDefaultsAffordOneToFourMaxPerfHosts() {
    DemoOptions o = DemoOptions.parse("grep", new String[0]);
    assertEquals(List.of("default+io-server"), o.layouts().stream().map(LayoutRun::label)
        .toList());
    assertEquals(List.of(48, 66, 83, 100), o.powers());
    assertEquals(0, o.staging());
    assertEquals(450, o.hostCpuMillicores());
  }

  @Test
  void hostCpuAppliesToMapReduceOnlyAndNeedsFiftyMillicores() {
    assertEquals(0, DemoOptions.parse("wordcount", new String[] {"--host-cpu", "0"})
        .hostCpuMillicores());
    assertEquals(0, DemoOptions.parse("throughput", new String[0]).hostCpuMillicores());
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("wordcount", new String[] {"--host-cpu", "20"}));
    assertTrue(e.getMessage().contains("--host-cpu 20"), e.getMessage());
    e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("throughput", new String[] {"--host-cpu", "500"}));
    assertTrue(e.getMessage().contains("MapReduce benches only"), e.getMessage());
  }

  @Test
  void dfsioWithGearsIsLeEtAlsFigureThreeWithTestDfsio() {
    DemoOptions o = DemoOptions.parse("dfsio", new String[] {"--gears", "2,4,7"});
    assertEquals(List.of("equal-work+activation", "paraid+activation"),
        o.layouts().stream().map(LayoutRun::label).toList());
    assertEquals(7, o.nodes());
    assertEquals(0, o.staging());
    assertEquals(List.of(2, 4, 7), o.gears());
    assertEquals(64, o.ioFileMiB());
    assertEquals(3, o.rounds());
    assertEquals(250, o.hostCpuMillicores(), "1800 / 7 hosts, rounded down to 10");
    assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("terasort", new String[] {"--gears", "2,7"}));
  }

  @Test
  void aGearThatIsNotAGearOfParaidNamesTheFlagAndTheFix() {
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("gears", new String[] {"--paraid-groups", "2"}));
    assertTrue(e.getMessage().contains("--gears [2, 4, 7]: 4 nodes is not a gear of paraid"),
        e.getMessage());
    assertTrue(e.getMessage().contains("--paraid-groups, e.g. 2,2"), e.getMessage());
  }

  @Test
  void explicitPrimariesTheRingCannotHoldFail() {
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("demo", new String[] {"--primaries", "2"}));
    assertTrue(e.getMessage().startsWith("--primaries/--paraid-groups/--replication: the"
        + " equal-work layout cannot hold replication 3 on 9 ring nodes"), e.getMessage());
  }

  @Test
  void badParaidGroupsNameTheFlagAndValue() {
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("demo", new String[] {"--paraid-groups", "2,x"}));
    assertTrue(e.getMessage().contains("--paraid-groups 'x' is not a whole number"),
        e.getMessage());
  }

  @Test
  void gearsNeedRabbitLayouts() {
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("gears", new String[] {"--layouts", "power-balanced+activation"}));
    assertTrue(e.getMessage().contains("bench gears compares layouts with gears"),
        e.getMessage());
  }

  @Test
  void equalWorkThatCannotHoldAnyPrimariesIsAUsageError() {
    // 3 nodes, r = 3: even p = 1 puts node 2 above a primary's share.
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("demo", new String[] {"--nodes", "3", "--latency-replication",
            "1", "--layouts", "equal-work+activation"}));
    assertTrue(e.getMessage().startsWith("--replication/--latency-replication 3 on --nodes 3"),
        e.getMessage());
  }

  /**
   * bench compare: every layout and the migration baseline, a 640 MiB data set stored (64 MiB
   * of latency files, 8 x 24 MiB read by throughput, 384 MiB nobody reads), 4 rounds.
   */
  @Test
  void compareDefaultsStoreSixHundredFortyMiBAndRunTheMigrationBaseline() {
    DemoOptions o = DemoOptions.parse("compare", new String[0]);
    assertEquals("default+activation+migration", o.layouts().get(o.layouts().size() - 1)
        .label());
    assertTrue(o.layouts().get(o.layouts().size() - 1).migration());
    assertEquals(8, o.layouts().size());
    assertEquals(640, o.dataMiB());
    assertEquals(256, o.readDataMiB());
    assertEquals(4, o.rounds());
    assertEquals(30_000, o.powerStepMs());
    assertEquals(0, DemoOptions.parse("latency", new String[0]).dataMiB());
    // The small run of docs/benchmarks.md: ours, the stock covering set and the migration.
    DemoOptions small = DemoOptions.parse("compare", new String[] {"--layouts",
        "aligned+aligned,covering-set+covering,default+activation+migration", "--power",
        "100,20", "--rounds", "2", "--cell-time", "10s", "--read-ops", "60", "--io-file-mib",
        "12", "--data-mib", "256"});
    assertEquals(160, small.readDataMiB());
    assertEquals(1.79, LayoutSession.ratio(small).rho(1), 0.005);
  }

  @Test
  void compareRefusesADataSetSmallerThanWhatItsCellsRead() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse("compare", new String[] {"--data-mib", "100"}));
    assertEquals("--data-mib 100 is less than the data the cells read, 256 MiB (4 x 16 MiB"
        + " latency files + --io-threads 8 x --io-file-mib 24); raise it or shrink those",
        e.getMessage());
  }

  /** --read-order: balanced reaches the NameNode's keys and every client's; a typo is named. */
  @Test
  void readOrderFlagSetsTheNameNodeAndClientKey() {
    DemoOptions plain = DemoOptions.parse("throughput", new String[0]);
    assertEquals(java.util.Map.of(), plain.layoutKeys().clientKeys());
    assertFalse(plain.layoutKeys().nameNodeKeys().containsKey("blink.read.order"));
    DemoOptions o = DemoOptions.parse("throughput", new String[] {"--read-order", "balanced"});
    assertEquals(java.util.Map.of("blink.read.order", "balanced"), o.layoutKeys().clientKeys());
    assertEquals("balanced", o.layoutKeys().nameNodeKeys().get("blink.read.order"));
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("throughput", new String[] {"--read-order", "fastest"}));
    assertTrue(e.getMessage().startsWith("--read-order = 'fastest' is invalid: give"
        + " longest-window"), e.getMessage());
  }
}
