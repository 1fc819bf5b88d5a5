package org.blinkhdfs.workload;

import static org.blinkhdfs.testsupport.MiniBlinkCluster.SMALL_BLOCK_BYTES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.stats.LatencySummary;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencyWorkloadTest {
  @TempDir static java.nio.file.Path dir;
  static MiniBlinkCluster hdfs;

  @BeforeAll
  static void start() throws IOException {
    hdfs = MiniBlinkCluster.builder(dir).dataNodes(3)
        .blockBytes(SMALL_BLOCK_BYTES).start();
  }

  @AfterAll
  static void stop() {
    hdfs.close();
  }

  static LatencyConfig.Builder small(String name) {
    return LatencyConfig.builder().dir(new Path("/t/" + name)).fileCount(3)
        .fileBytes(4 * SMALL_BLOCK_BYTES).requestBytes(64 * 1024).replication(3)
        .readOps(40).writeOps(8).blockBytes(SMALL_BLOCK_BYTES);
  }

  @Test
  void readsAndWritesCompleteVerifiedWithProgress() throws IOException {
    LatencyConfig config = small("ok").build();
    List<ProgressEvent> events = new ArrayList<>();
    LatencyWorkload w = new LatencyWorkload(config, hdfs.fs, WorkloadClock.system(), 7);
    w.prepare(events::add);
    for (int i = 0; i < config.fileCount(); i++) {
      hdfs.waitReplicas(w.dataFile(i).toString(), 3);
      FileStatus st = hdfs.fs.getFileStatus(w.dataFile(i));
      assertEquals(config.fileBytes(), st.getLen());
      assertEquals(3, st.getReplication());
    }
    PhaseResult read = w.readPhase(events::add);
    PhaseResult write = w.writePhase(events::add);

    assertPhase(read, "read", 40, 40L * 64 * 1024);
    assertPhase(write, "write", 8, 8L * 64 * 1024);
    assertEquals(8, hdfs.fs.listStatus(w.writeDir()).length);
    for (OpSample s : read.samples()) {
      long offset = Long.parseLong(s.target().substring(s.target().indexOf('@') + 1));
      assertEquals(0, offset % config.requestBytes(), "aligned: " + s.target());
      assertTrue(offset + config.requestBytes() <= config.fileBytes(), s.target());
    }
    assertTrue(read.samples().stream().map(OpSample::target).distinct().count() > 5,
        "reads spread over files and offsets");

    ProgressEvent first = events.get(0);
    assertEquals("prepare", first.phase());
    assertTrue(events.contains(new ProgressEvent("latency", "prepare", 3, 3, 0, 0,
        events.stream().filter(e -> e.phase().equals("prepare") && e.done() == 3)
            .findFirst().orElseThrow().elapsedMs())));
    ProgressEvent lastRead = events.stream().filter(e -> e.phase().equals("read"))
        .reduce((a, b) -> b).orElseThrow();
    assertEquals(40, lastRead.done());
    assertTrue(lastRead.toLine().startsWith("latency/read 40/40 ops, 0 verify failures, 0 errors"),
        lastRead.toLine());
  }

  /** 41 reads shared by 4 independent readers (11, 10, 10, 10): all issued, all verified. */
  @Test
  void severalClientsShareTheReads() throws IOException {
    LatencyConfig config = small("clients").readOps(41).writeOps(0).clients(4)
        .thinkTime(java.time.Duration.ofMillis(5)).build();
    LatencyWorkload w = new LatencyWorkload(config, hdfs.fs, WorkloadClock.system(), 3);
    w.prepare(e -> { });
    for (int i = 0; i < config.fileCount(); i++) {
      hdfs.waitReplicas(w.dataFile(i).toString(), 3);
    }
    PhaseResult read = w.readPhase(e -> { });
    assertPhase(read, "read", 41, 41L * 64 * 1024);
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> small("x").clients(0).build());
    assertTrue(e.getMessage().contains("LatencyConfig.clients"), e.getMessage());
  }

  static void assertPhase(PhaseResult p, String phase, int ops, long bytes) {
    assertEquals(phase, p.phase());
    assertEquals(StopReason.COMPLETED, p.stopReason());
    assertEquals(ops, p.requestedOps());
    assertEquals(ops, p.attemptedOps());
    assertEquals(ops, p.okOps(), () -> "problems: " + p.problems());
    assertEquals(0, p.verifyFailures());
    assertEquals(0, p.errors());
    assertEquals(bytes, p.bytes());
    assertEquals(ops, p.samples().size());
    LatencySummary l = p.latency();
    assertEquals(ops, l.count());
    assertTrue(l.minMs() > 0 && l.minMs() <= l.p50Ms() && l.p50Ms() <= l.p90Ms()
        && l.p90Ms() <= l.p99Ms() && l.p99Ms() <= l.maxMs(), l.format());
    assertTrue(p.wallMs() > 0 && p.mibPerSec() > 0 && p.opsPerSec() > 0);
    assertTrue(p.samples().stream().allMatch(s -> s.outcome() == OpOutcome.OK));
  }

  @Test
  void aCorruptedByteIsCountedAsAVerifyFailure() throws IOException {
    LatencyConfig config = small("corrupt").fileCount(1).fileBytes(2 * 64 * 1024).readOps(30)
        .writeOps(0).build();
    LatencyWorkload w = new LatencyWorkload(config, hdfs.fs, WorkloadClock.system(), 3);
    w.prepare(WorkloadProgress.none());
    hdfs.flipByte(w.dataFile(0), 64 * 1024 + 5); // inside slot 1 only

    PhaseResult read = w.readPhase(WorkloadProgress.none());
    assertEquals(30, read.attemptedOps());
    assertEquals(0, read.errors());
    assertTrue(read.verifyFailures() > 0 && read.okOps() > 0, read.toString());
    assertEquals(30, read.okOps() + read.verifyFailures());
    for (OpSample s : read.samples()) {
      OpOutcome expected = s.target().endsWith("@65536") ? OpOutcome.VERIFY_FAILED : OpOutcome.OK;
      assertEquals(expected, s.outcome(), s.target());
    }
    assertEquals(30, read.latency().count(), "completed reads are timed even when wrong");
    assertTrue(read.problems().get(0).contains("f-00000@65536: verify failed, first wrong byte "
        + "at +5"), read.problems().toString());
  }

  @Test
  void aMissingFileIsRecordedAsErrorsAndTheRunContinues() throws IOException {
    LatencyConfig config = small("missing").fileCount(2).readOps(30).writeOps(0).build();
    LatencyWorkload w = new LatencyWorkload(config, hdfs.fs, WorkloadClock.system(), 11);
    w.prepare(WorkloadProgress.none());
    assertTrue(hdfs.fs.delete(w.dataFile(1), false));

    PhaseResult read = w.readPhase(WorkloadProgress.none());
    assertEquals(30, read.attemptedOps());
    assertEquals(StopReason.COMPLETED, read.stopReason());
    assertTrue(read.errors() > 0 && read.okOps() > 0, read.toString());
    assertEquals(30, read.okOps() + read.errors());
    assertEquals(read.okOps(), read.latency().count(), "errors stay out of the summary");
    assertTrue(read.problems().get(0).contains("FileNotFoundException"), read.problems().get(0));
    assertTrue(read.samples().stream().filter(s -> s.outcome() == OpOutcome.ERROR)
        .allMatch(s -> s.target().startsWith("f-00001@") && s.bytes() == 0));
  }

  @Test
  void theTimeLimitStopsAPhase() throws IOException {
    LatencyConfig config = small("limit").fileCount(1).readOps(1000).writeOps(1000)
        .timeLimit(Duration.ofSeconds(10)).build();
    AtomicLong nanos = new AtomicLong();
    // every clock reading advances 1 s: the phase sees its 10 s limit after a handful of ops
    WorkloadClock fake = new WorkloadClock(Clock.systemUTC(),
        () -> nanos.addAndGet(1_000_000_000L));
    LatencyWorkload w = new LatencyWorkload(config, hdfs.fs, fake, 1);
    w.prepare(WorkloadProgress.none());
    PhaseResult read = w.readPhase(WorkloadProgress.none());
    assertEquals(StopReason.TIME_LIMIT, read.stopReason());
    assertTrue(read.attemptedOps() > 0 && read.attemptedOps() < 10, read.toString());
    assertEquals(read.attemptedOps(), read.okOps());
    assertEquals(1000.0, read.latency().meanMs(), 1e-9, "durations come from the injected clock");
    PhaseResult write = w.writePhase(WorkloadProgress.none());
    assertEquals(StopReason.TIME_LIMIT, write.stopReason());
    assertTrue(write.attemptedOps() < 10);
  }

  @Test
  void theSameSeedIssuesTheSameRequests() throws IOException {
    LatencyConfig config = small("seed").readOps(25).writeOps(0).build();
    LatencyWorkload a = new LatencyWorkload(config, hdfs.fs, WorkloadClock.system(), 42);
    a.prepare(WorkloadProgress.none());
    List<String> first = targets(a.readPhase(WorkloadProgress.none()));
    List<String> again = targets(new LatencyWorkload(config, hdfs.fs, WorkloadClock.system(), 42)
        .readPhase(WorkloadProgress.none()));
    List<String> other = targets(new LatencyWorkload(config, hdfs.fs, WorkloadClock.system(), 43)
        .readPhase(WorkloadProgress.none()));
    assertEquals(first, again);
    assertNotEquals(first, other);
    a.cleanup();
    assertFalse(hdfs.fs.exists(config.dir()));
  }

  static List<String> targets(PhaseResult p) {
    return p.samples().stream().map(OpSample::target).toList();
  }
}
