package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.blinkhdfs.bench.report.RunInfo;
import org.junit.jupiter.api.Test;

/**
 * {@link RunDescription}: the head of every report states the run's interval, power model,
 * levels and loads, per experiment, from the options alone.
 */
class RunDescriptionTest {
  private static RunInfo describe(String command, String... args) {
    DemoOptions o = DemoOptions.parse(command, args);
    return new RunDescription(o, Experiment.of(command)).runInfo("bin/blink " + command,
        Instant.EPOCH, List.of("a session's note"));
  }

  @Test
  void theDemoStatesItsIntervalLevelsAndLoads() {
    RunInfo r = describe("demo");
    assertEquals("BlinkHDFS demo: latency and throughput versus power", r.title());
    assertEquals("6.0 s (shortened from the 60 s production interval)",
        r.settings().get("blink interval"));
    assertEquals("9 ring DataNodes + 1 staging DataNode, each its own JVM on loopback;"
        + " NameNode JVM", r.settings().get("cluster"));
    // The Mac mini model: 9 nodes x 25 W = 225 W; 40% gives 90 W to the DataNodes.
    assertTrue(r.settings().get("power levels").contains("40% = 90 W to DataNodes + 40 W"
        + " overhead"), r.settings().get("power levels"));
    assertEquals("64 KiB requests, 4 files of 4 MiB per replication factor, at most 40 reads"
        + " and 8 s per cell", r.settings().get("latency"));
    assertEquals("8 threads, one 12 MiB file each, replication 3", r.settings().get("throughput"));
    assertEquals("power levels 100%, 60%, 40%, 20%; layouts power-balanced+staggered,"
        + " aligned+aligned, default+staggered, covering-set+covering, equal-work+activation,"
        + " paraid+activation",
        r.settings().get("run order"));
    assertTrue(r.notes().contains("a session's note"), "the session's notes come last");
  }

  @Test
  void gearsStateTheirGearsInsteadOfLevels() {
    RunInfo r = describe("gears");
    assertEquals("not used: see gears", r.settings().get("power levels (demo only)"));
    assertEquals("not measured", r.settings().get("latency"));
    assertTrue(r.settings().get("gears").startsWith("2 nodes = "), r.settings().get("gears"));
  }

  /**
   * bench compare states rho per level: 640 MiB, r = 3, 9 + 1 nodes, 10 MiB/s, 30 s steps.
   * 60%: k = 5, 640 (3 - 1.8) = 768 MiB over 6 nodes, 12.8 s; 40%: k = 3, 1152 MiB over 4,
   * 28.8 s; 20%: k = 1, 896 MiB over 2, 44.8 s, rho 1.49.
   */
  @Test
  void compareStatesRhoPerLevel() {
    String d = describe("compare").settings().get("data against bandwidth");
    assertTrue(d.startsWith("the stored data set is 640 MiB (256 MiB read by the cells, the rest"
        + " read by none; 1920 MiB stored at r = 3); the power step is 30 s"), d);
    assertTrue(d.contains("60%: 5 ring nodes kept on, 768 MiB moved in 12.8 s, rho 0.43;"
        + " 40%: 3 ring nodes kept on, 1152 MiB moved in 28.8 s, rho 0.96; 20%: 1 ring nodes"
        + " kept on, 896 MiB moved in 44.8 s, rho 1.49; largest rho 1.49 (above 1: moving the"
        + " data outlasts a power step). The whole set through one node takes 2.1 steps"), d);
    // A small run states it as plainly: 256 MiB in 10 s steps, 20% only.
    String small = describe("compare", "--data-mib", "256", "--io-file-mib", "12",
        "--cell-time", "10s", "--power", "100,20").settings().get("data against bandwidth");
    // 256 (2 - 0.6) = 358.4 MiB into 2 nodes at 10 MiB/s: 17.9 s of 10 s.
    assertTrue(small.contains("20%: 1 ring nodes kept on, 358 MiB moved in 17.9 s, rho 1.79"),
        small);
  }
}
