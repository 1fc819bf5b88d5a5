package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link FlagDefaults}: each experiment's sizes, owned by its session, over the bench's and the
 * demo's general defaults. Every value below is the documented default of the flag for that
 * command ({@code bin/blink bench --help}); a change here changes what a run measures.
 */
class FlagDefaultsTest {
  private static DemoOptions parse(String command, String... args) {
    return DemoOptions.parse(command, args);
  }

  @Test
  void demoAndThePlainBenches() {
    DemoOptions demo = parse("demo");
    assertEquals(List.of(9, 1, 40, 8, 12, 8), List.of(demo.nodes(), demo.staging(),
        demo.readOps(), demo.writeOps(), demo.ioFileMiB(), demo.rounds()));
    assertEquals(8_000, demo.cellTimeMs());
    assertEquals(List.of(1, 3, 6), demo.latencyReplications());
    assertEquals(4, demo.latencyFileMiB());
    DemoOptions latency = parse("latency");
    assertEquals(List.of(9, 300, 50, 48, 8, 16), List.of(latency.nodes(), latency.readOps(),
        latency.writeOps(), latency.ioFileMiB(), latency.rounds(), latency.latencyFileMiB()));
    assertEquals(30_000, latency.cellTimeMs());
    assertEquals(3, parse("throughput").rounds());
    assertEquals(List.of(100, 60, 40, 20), parse("kv").powers());
  }

  @Test
  void gearsAndDfsioGears() {
    DemoOptions g = parse("gears");
    assertEquals(List.of(7, 2, 3, 0, 32), List.of(g.nodes(), g.replication(),
        g.paraidReplication(), g.staging(), g.ioFileMiB()));
    assertEquals(List.of(2, 4, 7), g.gears());
    assertEquals(List.of(2, 2), g.layoutKeys().paraidGroups());
    DemoOptions d = parse("dfsio", "--gears", "2,4,7");
    assertEquals(List.of(7, 2, 3, 0, 64, 3), List.of(d.nodes(), d.replication(),
        d.paraidReplication(), d.staging(), d.ioFileMiB(), d.rounds()));
    assertEquals(List.of("equal-work+activation", "paraid+activation"),
        d.layouts().stream().map(LayoutRun::label).toList());
  }

  @Test
  void relayFaultsSoakAndGroups() {
    DemoOptions r = parse("relay");
    assertEquals(List.of(6, 4, 30, 12, 12, 4), List.of(r.nodes(), r.bandwidthMBps(),
        r.readOps(), r.ioThreads(), r.ioFileMiB(), r.latencyFileMiB()));
    assertEquals(List.of(100, 40, 20), r.powers());
    assertEquals(20_000, r.cellTimeMs());
    assertEquals(List.of(3), r.latencyReplications(), "written once, at --replication");
    assertEquals(List.of(40), parse("faults").powers());
    DemoOptions soak = parse("soak");
    assertEquals(List.of(6, 20), List.of(soak.nodes(), soak.powers().get(0)));
    assertEquals(900_000, soak.cellTimeMs());
    assertEquals(List.of(100, 40, 30), parse("groups").powers());
    DemoOptions io = parse("groups-io");
    assertEquals(List.of(8, 2, 0, 3), List.of(io.nodes(), io.replication(), io.staging(),
        io.rounds()));
    assertEquals(List.of(100, 60), io.powers());
    DemoOptions rabbit = parse("rabbit-datasets");
    assertEquals(List.of(14, 0, 6), List.of(rabbit.nodes(), rabbit.staging(), rabbit.rounds()));
  }

  @Test
  void signalsAndMapReduce() {
    assertEquals(720_000, parse("kv-signal").cellTimeMs());
    assertEquals(4, parse("search").clients());
    DemoOptions osc = parse("oscillation");
    assertEquals(List.of(0, 1), List.of(osc.staging(), osc.rounds()));
    assertEquals(180_000, osc.cellTimeMs());
    DemoOptions dfsio = parse("dfsio");
    assertEquals(List.of(9, 16), List.of(dfsio.nodes(), dfsio.ioFileMiB()));
    assertEquals(3_600_000, parse("terasort").cellTimeMs());
    DemoOptions wc = parse("wordcount");
    assertEquals(List.of(4, 1, 8, 3), List.of(wc.nodes(), wc.staging(), wc.ioFileMiB(),
        wc.rounds()));
    assertEquals(List.of(100, 80, 50, 20), wc.powers());
    DemoOptions grep = parse("grep");
    assertEquals(List.of(4, 0), List.of(grep.nodes(), grep.staging()));
    assertEquals(List.of(48, 66, 83, 100), grep.powers());
  }

  @Test
  void aFlagStillWinsOverEveryDefault() {
    assertEquals(5, parse("relay", "--nodes", "5").nodes());
    assertEquals(List.of(2), parse("relay", "--latency-replication", "2")
        .latencyReplications());
  }
}
