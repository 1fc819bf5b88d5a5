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
}
