package org.blinkhdfs.workload;

import static org.blinkhdfs.testsupport.MiniBlinkCluster.SMALL_BLOCK_BYTES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.client.BlinkDistributedFileSystem;
import org.blinkhdfs.client.BlinkInputStream;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThroughputWorkloadTest {
  @TempDir static java.nio.file.Path dir;
  static MiniBlinkCluster hdfs;

  @BeforeAll
  static void start() throws IOException {
    hdfs = MiniBlinkCluster.builder(dir).dataNodes(4)
        .blockBytes(SMALL_BLOCK_BYTES).scheduleFile().start(); // no file: nothing gates
  }

  @AfterAll
  static void stop() {
    hdfs.close();
  }

  static ThroughputConfig.Builder small(String name) {
    return ThroughputConfig.builder().dir(new Path("/t/" + name)).threads(3)
        .fileBytes(5 * SMALL_BLOCK_BYTES + 1000).bufferBytes(48 * 1024).replication(3)
        .blockBytes(SMALL_BLOCK_BYTES);
  }

  @Test
  void threadsWriteThenReadEveryByteVerified() throws IOException {
    ThroughputConfig config = small("ok").build();
    List<ProgressEvent> events = new ArrayList<>();
    ThroughputResult r = new ThroughputWorkload(config, hdfs.fs, WorkloadClock.system())
        .run(events::add);

    for (ThroughputPhase p : List.of(r.write(), r.read())) {
      assertEquals(StopReason.COMPLETED, p.stopReason(), p.toString());
      assertEquals(3, p.threads());
      assertEquals(3, p.files().size());
      assertEquals(3, p.okFiles(), () -> p.files().toString());
      assertEquals(0, p.verifyFailures() + p.errors() + p.incomplete());
      assertEquals(3 * config.fileBytes(), p.totalBytes());
      assertTrue(p.aggregateMiBps() > 0 && p.meanFileMiBps() > 0 && p.stdFileMiBps() >= 0);
      double expected = p.totalBytes() / 1048576.0 / (p.wallMs() / 1000);
      assertEquals(expected, p.aggregateMiBps(), 1e-9);
      for (int i = 0; i < 3; i++) {
        FileRate f = p.files().get(i);
        assertEquals(i, f.index());
        assertEquals(config.fileBytes(), f.bytes());
        assertTrue(f.mibPerSec() > 0 && f.durationMs() <= p.wallMs() + 1, f.toString());
        assertEquals(-1, f.firstMismatchOffset());
      }
    }
    for (int i = 0; i < 3; i++) {
      hdfs.waitReplicas(new Path("/t/ok/io_data/file-0000" + i).toString(), 3);
    }
    assertEquals(List.of(0L, 1L, 2L, 3L), events.stream().filter(e -> e.phase().equals("read"))
        .map(ProgressEvent::done).sorted().toList());
  }

  @Test
  void aCorruptedByteOrAShortFileFailsOnlyThatFile() throws IOException {
    ThroughputConfig config = small("corrupt").build();
    ThroughputWorkload w = new ThroughputWorkload(config, hdfs.fs, WorkloadClock.system());
    ThroughputPhase write = w.writePhase(WorkloadProgress.none());
    assertEquals(3, write.okFiles());
    long flipAt = 3 * SMALL_BLOCK_BYTES + 17; // inside the fourth block
    hdfs.flipByte(w.file(1), flipAt);
    hdfs.truncateTo(w.file(2), 1000);

    ThroughputPhase read = w.readPhase(WorkloadProgress.none());
    assertEquals(OpOutcome.OK, read.files().get(0).outcome());
    FileRate flipped = read.files().get(1);
    assertEquals(OpOutcome.VERIFY_FAILED, flipped.outcome());
    assertEquals(flipAt, flipped.firstMismatchOffset());
    assertEquals(config.fileBytes(), flipped.bytes(), "the whole file is still read and timed");
    FileRate shortFile = read.files().get(2);
    assertEquals(OpOutcome.VERIFY_FAILED, shortFile.outcome());
    assertEquals(1000, shortFile.firstMismatchOffset());
    assertEquals(2, read.verifyFailures());
    assertEquals(1, read.okFiles());
    assertEquals(0, read.errors());
    assertEquals(StopReason.COMPLETED, read.stopReason());
  }

  @Test
  void aMissingFileIsAnErrorAndTheTimeLimitCutsFilesShort() throws IOException {
    ThroughputConfig config = small("limit").threads(2).timeLimit(Duration.ofSeconds(20)).build();
    ThroughputWorkload w = new ThroughputWorkload(config, hdfs.fs, WorkloadClock.system());
    w.writePhase(WorkloadProgress.none());
    hdfs.fs.delete(w.file(1), false);
    ThroughputPhase read = w.readPhase(WorkloadProgress.none());
    assertEquals(OpOutcome.ERROR, read.files().get(1).outcome());
    assertTrue(read.files().get(1).problem().contains("FileNotFoundException"),
        read.files().get(1).problem());
    assertEquals(1, read.errors());
    assertEquals(1, read.okFiles());

    AtomicLong nanos = new AtomicLong();
    WorkloadClock fake = new WorkloadClock(Clock.systemUTC(),
        () -> nanos.addAndGet(1_000_000_000L)); // each reading +1 s: the 20 s limit hits early
    ThroughputPhase cut = new ThroughputWorkload(config, hdfs.fs, fake)
        .writePhase(WorkloadProgress.none());
    assertEquals(StopReason.TIME_LIMIT, cut.stopReason());
    assertTrue(cut.incomplete() > 0, cut.toString());
    assertTrue(cut.totalBytes() < 2 * config.fileBytes());
  }

  /**
   * The chunk listener hears every read call of the read phase, in order per file, with the
   * DataNode that served it: through the stock client and through the blink client, whose
   * stream wraps HDFS's.
   */
  @Test
  void everyReadCallIsReportedWithItsDataNode() throws IOException {
    ThroughputConfig config = small("chunks").bufferBytes((int) SMALL_BLOCK_BYTES).build();
    Configuration blink = new Configuration(hdfs.conf);
    blink.set("fs.hdfs.impl", BlinkDistributedFileSystem.class.getName());
    blink.setBoolean("fs.hdfs.impl.disable.cache", true);
    new ThroughputWorkload(config, hdfs.fs, WorkloadClock.system())
        .writePhase(WorkloadProgress.none());
    try (FileSystem blinkFs = FileSystem.newInstance(hdfs.fs.getUri(), blink)) {
      assertInstanceOf(BlinkDistributedFileSystem.class, blinkFs);
      try (FSDataInputStream in = blinkFs.open(new Path("/t/chunks/io_data/file-00000"))) {
        assertInstanceOf(BlinkInputStream.class, in.getWrappedStream()); // the unwrapped branch
      }
      for (FileSystem fs : List.of(hdfs.fs, blinkFs)) {
        List<String> calls = Collections.synchronizedList(new ArrayList<>());
        List<String> nodes = Collections.synchronizedList(new ArrayList<>());
        List<Long> lengths = Collections.synchronizedList(new ArrayList<>());
        ThroughputWorkload w = new ThroughputWorkload(config, fs, WorkloadClock.system());
        w.onChunkRead((file, offset, bytes, startMs, endMs, dataNode) -> {
          calls.add(file + ":" + offset + "+" + bytes);
          nodes.add(dataNode);
          lengths.add(startMs > 0 ? endMs - startMs : -1);
        });
        assertEquals(3, w.readPhase(WorkloadProgress.none()).okFiles());
        assertTrue(hdfs.addresses.containsAll(nodes), nodes + " " + hdfs.addresses);
        assertTrue(lengths.stream().allMatch(ms -> ms >= 0), lengths.toString());
        for (int f = 0; f < 3; f++) {
          List<String> expected = new ArrayList<>();
          for (long off = 0; off < config.fileBytes(); off += SMALL_BLOCK_BYTES) {
            expected.add(f + ":" + off + "+" + Math.min(SMALL_BLOCK_BYTES,
                config.fileBytes() - off));
          }
          String prefix = f + ":";
          assertEquals(expected, calls.stream().filter(c -> c.startsWith(prefix)).toList(),
              fs.getClass().getSimpleName());
        }
      }
    }
  }
}
