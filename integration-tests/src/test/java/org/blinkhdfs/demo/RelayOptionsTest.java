package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.junit.jupiter.api.Test;

/** {@code bin/blink bench relay}'s options: its defaults and the errors of bad values. */
class RelayOptionsTest {
  @Test
  void defaultsAreSizedSoTheCapsBoundThroughputAndARunFitsTenMinutes() {
    DemoOptions o = DemoOptions.parse("relay", new String[0]);
    assertTrue(o.runs(RelaySession.EXPERIMENT));
    assertFalse(o.runs("latency"));
    assertEquals(List.of("power-balanced+staggered"),
        o.layouts().stream().map(LayoutRun::label).toList());
    assertTrue(o.layouts().get(0).proxy().configured(), "the relay runs in the proxy");
    assertEquals(6, o.nodes());
    assertEquals(1, o.staging());
    assertEquals(4, o.bandwidthMBps());
    assertEquals(6_000, o.intervalMs());
    assertEquals(List.of(100, 40, 20), o.powers());
    assertEquals(8, o.rounds());
    assertEquals(2, o.lowPowerRounds());
    assertEquals(12, o.ioThreads());
    assertEquals(12, o.ioFileMiB());
    assertEquals(0, o.nativeTimeoutMs(), "0: the cluster's socket timeout");
    assertEquals(30, o.readOps());
    assertEquals(20_000, o.cellTimeMs());
    assertEquals(List.of(3), o.latencyReplicationsFor(0));
    assertEquals(4, o.latencyFileMiB());
  }

  @Test
  void flagsOverrideTheDefaults() {
    DemoOptions o = DemoOptions.parse("relay", new String[] {"--rounds", "3",
        "--low-power-rounds", "1", "--power", "100,30", "--interval", "4s", "--nodes", "3",
        "--io-file-mib", "2", "--layouts", "power-balanced+staggered-circular",
        "--native-timeout", "2s"});
    assertEquals(2_000, o.nativeTimeoutMs());
    assertEquals(3, o.rounds());
    assertEquals(1, o.lowPowerRounds());
    assertEquals(List.of(100, 30), o.powers());
    assertEquals(4_000, o.intervalMs());
    assertEquals(3, o.nodes());
    assertEquals(List.of(3), o.latencyReplicationsFor(0), "r = 3 fits 3 nodes");
    assertEquals("power-balanced+staggered-circular", o.layouts().get(0).label());
  }

  @Test
  void aLayoutWithoutTheProxyIsRefusedWithTheFix() {
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("relay", new String[] {"--layouts", "default+staggered"}));
    assertTrue(e.getMessage().startsWith("--layouts default+staggered: bench relay reads"
        + " through the proxy's relay"), e.getMessage());
    assertTrue(e.getMessage().contains("use power-balanced+staggered"), e.getMessage());
  }

  @Test
  void relayFlagsOutsideBenchRelayAndBadRoundsAreUsageErrors() {
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("demo", new String[] {"--low-power-rounds", "2"}));
    assertEquals("--low-power-rounds 2 applies to bin/blink bench relay only; drop it or run"
        + " bench relay", e.getMessage());
    e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("relay", new String[] {"--rounds", "0"}));
    assertTrue(e.getMessage().contains("--rounds '0' must be a whole number in 1..100"),
        e.getMessage());
  }
}
