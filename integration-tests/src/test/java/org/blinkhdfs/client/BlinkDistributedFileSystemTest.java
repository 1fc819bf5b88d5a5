package org.blinkhdfs.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.io.IOUtils;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.placement.BlinkNetworkTopology;
import org.blinkhdfs.placement.PlacementConfig;
import org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real NameNode and three DataNodes: a 3-block file (r = 2) written while everyone is ACTIVE,
 * then read through {@link BlinkDistributedFileSystem} while the schedule says every replica
 * sleeps for ~3 s more. MiniDFSCluster DataNodes do not really freeze, so the test checks that
 * the client waited until the wake time and then returned the written bytes.
 */
class BlinkDistributedFileSystemTest {
  static final int MB = MiniBlinkCluster.BLOCK_BYTES;
  static final String FILE = "/blink/three-blocks";
  static final int LENGTH = 3 * MB - 12_345;
  static final long SLEEP_MS = 3_000;
  static final long TOLERANCE_MS = 50;

  @TempDir
  static Path dir;

  static MiniBlinkCluster c;
  static byte[] data;
  static long epoch = 1;

  @BeforeAll
  static void start() throws Exception {
    c = MiniBlinkCluster.builder(dir).dataNodes(3)
        .placementPolicy(PowerBalancedBlockPlacementPolicy.class.getName())
        .topology(BlinkNetworkTopology.class.getName()).scheduleFile().start();
    c.writeSchedule(allActive());
    data = c.writeFile(FILE, LENGTH, 2);
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  /** A new (uncached) client of class {@link BlinkDistributedFileSystem}. */
  static BlinkDistributedFileSystem blinkClient() throws IOException {
    Configuration conf = new Configuration(c.conf);
    conf.set("fs.hdfs.impl", BlinkDistributedFileSystem.class.getName());
    return (BlinkDistributedFileSystem) FileSystem.newInstance(c.fs.getUri(), conf);
  }

  static Schedule allActive() {
    Schedule.Builder b = Schedule.builder().epoch(epoch++)
        .intervalStartMs(System.currentTimeMillis()).intervalMs(60_000);
    for (String a : c.addresses) {
      b.add(NodeSchedule.of(a, NodeMode.ACTIVE));
    }
    return b.build();
  }

  /** Every DataNode asleep now, awake from {@code start + SLEEP_MS} for 15 s of each 20 s. */
  static Schedule asleepUntil(long start) {
    Schedule.Builder b = Schedule.builder().epoch(epoch++).intervalStartMs(start)
        .intervalMs(20_000);
    for (String a : c.addresses) {
      b.add(NodeSchedule.blink(a, SLEEP_MS, 15_000));
    }
    return b.build();
  }

  static BlockGate gateOf(FSDataInputStream in) {
    return assertInstanceOf(BlinkInputStream.class, in.getWrappedStream()).gate();
  }

  @Test
  void aSequentialReadWaitsForTheWakeAndReturnsTheWrittenBytes() throws Exception {
    long start = System.currentTimeMillis();
    long wake = start + SLEEP_MS;
    c.writeSchedule(asleepUntil(start));
    assertTrue(c.addresses.containsAll(c.replicaNodes(FILE)));
    byte[] got = new byte[LENGTH];
    try (FileSystem blink = blinkClient();
        FSDataInputStream in = blink.open(new org.apache.hadoop.fs.Path(FILE))) {
      long before = System.currentTimeMillis();
      IOUtils.readFully(in, got, 0, LENGTH);
      long after = System.currentTimeMillis();
      System.out.printf("sequential read waited %d ms (wake - open = %d ms)%n", after - before,
          wake - before);
      assertTrue(after >= wake - TOLERANCE_MS, "returned " + (wake - after) + " ms before wake");
      assertTrue(after - before < wake - before + 5_000, "waited once, took " + (after - before));
      assertEquals(1, gateOf(in).waits());
      assertEquals(-1, in.read(), "EOF");
    }
    assertArrayEquals(data, got);
  }

  @Test
  void aPositionalReadWaitsForTheWakeOfItsBlock() throws Exception {
    long start = System.currentTimeMillis();
    long wake = start + SLEEP_MS;
    c.writeSchedule(asleepUntil(start));
    try (FileSystem blink = blinkClient();
        FSDataInputStream in = blink.open(new org.apache.hadoop.fs.Path(FILE))) {
      long before = System.currentTimeMillis();
      byte[] got = new byte[MB + 4_096]; // spans blocks 2 and 3
      int n = in.read(MB + 100, got, 0, got.length);
      long after = System.currentTimeMillis();
      System.out.printf("pread waited %d ms (wake - open = %d ms)%n", after - before,
          wake - before);
      assertEquals(got.length, n);
      assertArrayEquals(Arrays.copyOfRange(data, MB + 100, MB + 100 + got.length), got);
      assertTrue(after >= wake - TOLERANCE_MS, "returned " + (wake - after) + " ms before wake");
      assertEquals(0, in.getPos(), "a pread does not move the stream");
      byte[] tail = new byte[10_000];
      in.readFully(LENGTH - tail.length, tail);
      assertArrayEquals(Arrays.copyOfRange(data, LENGTH - tail.length, LENGTH), tail);
      assertEquals(1, gateOf(in).waits(), "the other blocks were awake by then");
      assertEquals(-1, in.read(LENGTH, new byte[1], 0, 1), "pread at EOF");
    }
  }

  @Test
  void withoutAScheduleReadsDoNotWait() throws Exception {
    c.deleteSchedule();
    try (FileSystem blink = blinkClient();
        FSDataInputStream in = blink.open(new org.apache.hadoop.fs.Path(FILE))) {
      long before = System.currentTimeMillis();
      byte[] got = new byte[LENGTH];
      in.readFully(0, got);
      long took = System.currentTimeMillis() - before;
      assertArrayEquals(data, got);
      assertEquals(0, gateOf(in).waits());
      assertTrue(took < 2_000, "took " + took + " ms");
    } finally {
      c.writeSchedule(allActive());
    }
  }

  @Test
  void everyReadApiReturnsTheWrittenBytes() throws Exception {
    c.writeSchedule(allActive());
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(FILE);
    try (FileSystem blink = blinkClient(); FSDataInputStream in = blink.open(p)) {
      assertEquals(LENGTH, in.available());
      assertEquals(data[0] & 0xff, in.read());
      assertEquals(1, in.getPos());
      in.seek(MB - 10);
      byte[] b = new byte[20];
      int n = in.read(b, 0, b.length);
      assertTrue(n > 0 && n <= 10, "a read stops at the block end: " + n);
      assertArrayEquals(Arrays.copyOfRange(data, MB - 10, MB - 10 + n), Arrays.copyOf(b, n));
      assertEquals(1_000, in.skip(1_000));
      assertEquals(MB - 10 + n + 1_000, in.getPos());
      ByteBuffer buf = ByteBuffer.allocate(5_000);
      int m = in.read(buf);
      long at = MB - 10 + n + 1_000;
      assertArrayEquals(Arrays.copyOfRange(data, (int) at, (int) at + m),
          Arrays.copyOf(buf.array(), m));
      ByteBuffer pbuf = ByteBuffer.allocate(2 * MB);
      in.readFully(200, pbuf);
      assertArrayEquals(Arrays.copyOfRange(data, 200, 200 + 2 * MB), pbuf.array());
      assertTrue(in.hasCapability(StreamCapabilities.PREADBYTEBUFFER));
      assertTrue(in.hasCapability(StreamCapabilities.UNBUFFER));
      in.unbuffer();
      in.seek(0);
      byte[] all = new byte[LENGTH];
      in.readFully(all);
      assertArrayEquals(data, all);
      assertEquals(0, gateOf(in).waits());
    }
    try (FileSystem blink = blinkClient();
        FSDataInputStream in = blink.openFile(p).build().get()) {
      byte[] all = new byte[LENGTH];
      in.readFully(0, all);
      assertArrayEquals(data, all);
      assertInstanceOf(BlinkInputStream.class, in.getWrappedStream());
    }
  }

  @Test
  void withoutTheScheduleKeyStreamsAreStockHdfs() throws Exception {
    Configuration conf = new Configuration(c.conf);
    conf.unset(PlacementConfig.SCHEDULE_FILE.name());
    conf.set("fs.hdfs.impl", BlinkDistributedFileSystem.class.getName());
    try (FileSystem blink = FileSystem.newInstance(c.fs.getUri(), conf);
        FSDataInputStream in = blink.open(new org.apache.hadoop.fs.Path(FILE))) {
      assertInstanceOf(BlinkDistributedFileSystem.class, blink);
      assertInstanceOf(HdfsDataInputStream.class, in);
    }
  }
}
