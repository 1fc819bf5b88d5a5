package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.blinkhdfs.bench.report.ReadTrace;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.workload.StopReason;
import org.blinkhdfs.workload.ThroughputPhase;
import org.blinkhdfs.workload.ThroughputWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThroughputReadsTest {
  @TempDir Path dir;

  /** Interval 6 s from 60 000: a read starting at 68 500 is at phase 2 500. */
  @Test
  void readsAreFiledUnderTheirRoundWithPhaseAndLength() throws Exception {
    Schedule s = Schedule.builder().intervalStartMs(60_000).intervalMs(6_000)
        .add(NodeSchedule.of("dn1:9866", NodeMode.ACTIVE)).build();
    ThroughputReads reads = new ThroughputReads("aligned+aligned");
    ThroughputWorkload.ChunkListener l = reads.listener();
    l.read(1, 0, 1_048_576, 68_500, 68_750, "127.0.0.1:9866");
    l.read(0, 1_048_576, 1_048_576, 71_999, 76_100, "");
    reads.endRound(40, 0, phase(68_400, 7_700.25), s);
    reads.endRound(40, 1, phase(80_000, 10), s); // no reads: no rows
    l.read(2, 0, 5, 90_000, 90_001, "127.0.0.1:9867");
    reads.endRound(20, 2, phase(89_990, 11.5), s);

    Path file = reads.write(dir);

    assertEquals("throughput-reads-aligned+aligned.csv", file.getFileName().toString());
    assertEquals(3, ReadTrace.read(file.toString(), Files.readString(file)).size());
    assertEquals(List.of(
        "power,round,roundStartMs,roundMs,thread,offset,bytes,startMs,phaseMs,ms,dataNode",
        "40,0,68400,7700.3,1,0,1048576,68500,2500,250,127.0.0.1:9866",
        "40,0,68400,7700.3,0,1048576,1048576,71999,5999,4101,",
        "20,2,89990,11.5,2,0,5,90000,0,1,127.0.0.1:9867"), Files.readAllLines(file));
  }

  private static ThroughputPhase phase(long startMs, double wallMs) {
    return new ThroughputPhase("read", 3, startMs, wallMs, 0, 0, 0, 0, 0, 0, 0, 0,
        StopReason.COMPLETED, List.of());
  }
}
