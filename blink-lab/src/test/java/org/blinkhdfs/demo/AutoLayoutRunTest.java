package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.cluster.ClusterSpec;
import org.blinkhdfs.cluster.Layout;
import org.blinkhdfs.cluster.ProxySpec;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --layouts phase-groups+auto}: accepted on the phase-group layout only, with G = the
 * run's replication on the NameNode (and proxy) and the scheduler; {@code covering} stays on
 * the stock covering set, whose contiguous domains are no covering set of phase groups.
 */
class AutoLayoutRunTest {
  @TempDir Path dir;

  @Test
  void autoParsesOnThePhaseGroupLayout() {
    LayoutRun run = LayoutRun.parseList("--layouts", "phase-groups+auto").get(0);
    assertEquals(Layout.PHASE_GROUPS, run.layout());
    assertEquals("auto", run.schedulePolicy());
    assertEquals("phase-groups+auto", run.label());
    assertEquals(ProxySpec.withCluster(), run.proxy());
    assertTrue(CompareNotes.ours(run.label()));
  }

  @Test
  void autoAndCoveringOnOtherLayoutsAreRefusedWithTheFix() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LayoutRun.parseList("--layouts", "aligned+aligned,power-balanced+auto"));
    assertTrue(e.getMessage().contains("'power-balanced+auto'")
        && e.getMessage().contains("use phase-groups+auto"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> LayoutRun.parseList("--layouts", "phase-groups+covering"));
    assertTrue(e.getMessage().contains("ring position mod G")
        && e.getMessage().contains("use phase-groups+auto"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> LayoutRun.parseList("--layouts", "default+covering"));
    assertTrue(e.getMessage().contains("use covering-set+covering"), e.getMessage());
    assertEquals(Layout.COVERING, LayoutRun.parseList("--layouts", "covering-set+covering")
        .get(0).layout());
  }

  @Test
  void theGroupsAreTheRunsReplicationOnNameNodeAndSchedulerAlike() throws Exception {
    DemoOptions o = DemoOptions.parse(LayoutSession.COMPARE, new String[] {"--layouts",
        "phase-groups+auto,phase-groups+phase-groups,aligned+aligned", "--replication", "2",
        "--cluster-dir", dir.toString(), "--out", dir.toString()});
    DemoRunner runner = new DemoRunner(o, line -> { });
    for (int i = 0; i < 2; i++) {
      ClusterSpec spec = runner.spec(o.layouts().get(i));
      assertEquals("2", spec.nameNodeKeys().get("blink.phase.groups"), o.layouts().get(i)
          .label());
      assertEquals("2", spec.schedulerKeys().get("blink.phase.groups"));
    }
    ClusterSpec aligned = runner.spec(o.layouts().get(2));
    assertTrue(!aligned.nameNodeKeys().containsKey("blink.phase.groups")
        && !aligned.schedulerKeys().containsKey("blink.phase.groups"));
    assertEquals(Map.of("blink.phase.groups", "6"), Layout.PHASE_GROUPS.groupKeys(6));
    assertEquals(Map.of(), Layout.ALIGNED.groupKeys(6));
    assertThrows(IllegalArgumentException.class, () -> Layout.PHASE_GROUPS.groupKeys(0));
  }

  @Test
  void autoRefusesDataWithFewerReplicasThanGroups() {
    // bench latency writes --latency-replication 1,3,6 on the first layout by default: a block
    // of 1 replica misses two of the 3 groups, and auto's activation keeps one group on.
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("latency", new String[] {"--layouts", "phase-groups+auto",
            "--cluster-dir", dir.toString(), "--out", dir.toString()}));
    assertTrue(e.getMessage().contains("replication 1 but has 3 phase groups"), e.getMessage());
    DemoOptions ok = DemoOptions.parse("latency", new String[] {"--layouts",
        "phase-groups+auto", "--latency-replication", "3,6", "--cluster-dir", dir.toString(),
        "--out", dir.toString()});
    assertEquals(List.of(3, 6), ok.latencyReplicationsFor(0));
  }
}
