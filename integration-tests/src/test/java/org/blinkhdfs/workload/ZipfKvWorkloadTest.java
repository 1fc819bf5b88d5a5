package org.blinkhdfs.workload;

import static org.blinkhdfs.testsupport.MiniBlinkCluster.SMALL_BLOCK_BYTES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZipfKvWorkloadTest {
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

  static ZipfKvConfig.Builder small(String name) {
    return ZipfKvConfig.builder().dir(new Path("/t/" + name)).keyCount(100)
        .minObjectBytes(1024).maxObjectBytes(8 * 1024).packCount(3).replication(3).getOps(300)
        .threads(2).blockBytes(SMALL_BLOCK_BYTES);
  }

  @Test
  void packSharesAreTheZipfMassOfEachPacksKeys() {
    // One key per pack: each pack's share is its key's Zipf probability, rank 1 = 1/H(100, 1.2).
    ZipfKvWorkload perKey = new ZipfKvWorkload(small("shares").packCount(100).build(), hdfs.fs,
        WorkloadClock.system(), 1);
    double[] shares = perKey.packShares();
    assertEquals(0.2775, shares[perKey.keyOfRank(1)], 1e-3);
    assertEquals(0.2775 * Math.pow(2, -1.2), shares[perKey.keyOfRank(2)], 1e-4);
    // Three packs: keys k ≡ p (mod 3); the shares add up to 1 and the hottest key's pack leads.
    ZipfKvWorkload three = new ZipfKvWorkload(small("shares").build(), hdfs.fs,
        WorkloadClock.system(), 1);
    double[] s3 = three.packShares();
    assertEquals(1.0, s3[0] + s3[1] + s3[2], 1e-9);
    int hot = three.keyOfRank(1) % 3;
    for (int p = 0; p < 3; p++) {
      assertTrue(s3[hot] >= s3[p],
          "pack " + hot + " holds rank 1: " + java.util.Arrays.toString(s3));
    }
  }

  @Test
  void aClosedGateHoldsEveryGetAndTheWaitCountsInItsLatency() throws Exception {
    // The migration baseline of bench kv-signal serves nothing while it moves: gets issued while
    // the gate is closed wait there, timed. Both threads wait, the gate stays closed 400 ms
    // more: the first get of each thread took at least that long, and none was lost.
    ZipfKvConfig config = small("gate").getOps(20).build();
    ServiceGate gate = new ServiceGate();
    ZipfKvWorkload w = new ZipfKvWorkload(config, hdfs.fs, WorkloadClock.system(), 7).gate(gate);
    w.prepare(WorkloadProgress.none());
    assertEquals(3, w.packFiles().size());
    assertEquals(w.packFile(2), w.packFiles().get(2));
    gate.close();
    java.util.concurrent.CompletableFuture<ZipfKvResult> run =
        java.util.concurrent.CompletableFuture.supplyAsync(() -> {
          try {
            return w.getPhase(WorkloadProgress.none());
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (gate.waiting() < config.threads() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertEquals(config.threads(), gate.waiting(), "both threads wait at the gate");
    Thread.sleep(400);
    assertTrue(!run.isDone(), "gets went on through a closed gate");
    gate.open();
    PhaseResult gets = run.get().gets();
    assertEquals(20, gets.okOps(), () -> gets.problems().toString());
    assertTrue(gets.latency().maxMs() >= 400, "longest get " + gets.latency().maxMs() + " ms");
    assertThrows(IllegalArgumentException.class, () -> w.gate(null));
  }

  @Test
  void getsAreVerifiedAndFollowZipf() throws IOException {
    ZipfKvConfig config = small("ok").build();
    ZipfKvWorkload w = new ZipfKvWorkload(config, hdfs.fs, WorkloadClock.system(), 5);
    KvIndex index = w.prepare(WorkloadProgress.none());
    for (int p = 0; p < 3; p++) {
      hdfs.waitReplicas(w.packFile(p).toString(), 3);
    }
    assertPacksAreContiguous(w, index, config);

    ZipfKvResult r = w.getPhase(WorkloadProgress.none());
    PhaseResult gets = r.gets();
    assertEquals(StopReason.COMPLETED, gets.stopReason());
    assertEquals(300, gets.attemptedOps());
    assertEquals(300, gets.okOps(), () -> gets.problems().toString());
    assertEquals(0, gets.verifyFailures() + gets.errors());
    assertEquals(300, gets.latency().count());
    assertEquals(index.totalBytes(), r.datasetBytes());
    // P(rank 1) = 1/H(100, 1.2) = 0.278: 300 gets hit it ~83 times, and miss many keys
    assertEquals(0.2775, r.expectedTopKeyShare(), 1e-3);
    assertEquals(r.expectedTopKeyShare(), r.topKeyShare(), 0.08);
    assertTrue(r.distinctKeys() > 10 && r.distinctKeys() < 100, "distinct " + r.distinctKeys());
    String hottest = "key-" + w.keyOfRank(1);
    assertTrue(gets.samples().stream().filter(s -> s.target().equals(hottest)).count() > 50);
  }

  static void assertPacksAreContiguous(ZipfKvWorkload w, KvIndex index, ZipfKvConfig config)
      throws IOException {
    long[] end = new long[config.packCount()];
    for (int k = 0; k < config.keyCount(); k++) {
      KvEntry e = index.entry(k);
      assertEquals(k % config.packCount(), e.pack());
      assertEquals(end[e.pack()], e.offset(), "objects are appended in key order");
      assertTrue(e.length() >= 1024 && e.length() <= 8 * 1024);
      end[e.pack()] += e.length();
    }
    for (int p = 0; p < config.packCount(); p++) {
      assertEquals(end[p], hdfs.fs.getFileStatus(w.packFile(p)).getLen());
    }
    assertEquals(KvIndex.encodedBytes(config.keyCount()),
        hdfs.fs.getFileStatus(w.indexFile()).getLen());
  }

  @Test
  void aCorruptedHotObjectIsCountedAsVerifyFailures() throws IOException {
    ZipfKvConfig config = small("corrupt").threads(1).build();
    ZipfKvWorkload w = new ZipfKvWorkload(config, hdfs.fs, WorkloadClock.system(), 9);
    KvIndex index = w.prepare(WorkloadProgress.none());
    KvEntry hot = index.entry(w.keyOfRank(1));
    hdfs.flipByte(w.packFile(hot.pack()), hot.offset() + hot.length() - 1); // its last byte

    PhaseResult gets = w.getPhase(WorkloadProgress.none()).gets();
    String target = "key-" + hot.key();
    long hotGets = gets.samples().stream().filter(s -> s.target().equals(target)).count();
    assertTrue(hotGets > 0);
    assertEquals(hotGets, gets.verifyFailures(), "exactly the gets of the corrupted object");
    assertEquals(300 - hotGets, gets.okOps());
    assertTrue(gets.samples().stream().allMatch(s -> s.target().equals(target)
        == (s.outcome() == OpOutcome.VERIFY_FAILED)));
    assertTrue(gets.problems().get(0).contains(target + ": verify failed, first wrong byte at +"
        + (hot.length() - 1)), gets.problems().get(0));
  }

  @Test
  void anIndexForAnotherConfigurationIsRefused() throws IOException {
    ZipfKvConfig config = small("mismatch").getOps(10).build();
    new ZipfKvWorkload(config, hdfs.fs, WorkloadClock.system(), 1).prepare(WorkloadProgress.none());
    ZipfKvWorkload moreKeys = new ZipfKvWorkload(config.toBuilder().keyCount(101).build(), hdfs.fs,
        WorkloadClock.system(), 1);
    IOException e = assertThrows(IOException.class,
        () -> moreKeys.getPhase(WorkloadProgress.none()));
    assertTrue(e.getMessage().contains("keyCount=101") && e.getMessage().contains("run prepare"),
        e.getMessage());
    ZipfKvWorkload otherSeed = new ZipfKvWorkload(config.toBuilder().dataSeed(1).build(), hdfs.fs,
        WorkloadClock.system(), 1);
    e = assertThrows(IOException.class, () -> otherSeed.getPhase(WorkloadProgress.none()));
    assertTrue(e.getMessage().contains("dataSeed=1"), e.getMessage());
  }

  @Test
  void popularityIsAPermutationOfTheKeys() {
    ZipfKvWorkload w = new ZipfKvWorkload(small("perm").build(), hdfs.fs,
        WorkloadClock.system(), 1);
    Set<Integer> keys = new HashSet<>();
    for (int rank = 1; rank <= 100; rank++) {
      keys.add(w.keyOfRank(rank));
    }
    assertEquals(100, keys.size());
    assertTrue(w.keyOfRank(1) != 0 || w.keyOfRank(2) != 1, "hot keys are scattered");
    assertThrows(IllegalArgumentException.class, () -> w.keyOfRank(0));
  }
}
