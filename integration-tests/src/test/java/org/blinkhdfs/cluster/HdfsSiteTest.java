package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The client's packets in flight, worked by hand (see {@link HdfsSite#maxPacketsInFlight}). */
class HdfsSiteTest {
  @Test
  void atMostOneBlockOfPacketsInFlight() {
    assertEquals(16, HdfsSite.maxPacketsInFlight(1L << 20), "1 MiB block / 64 KiB packets");
    assertEquals(48, HdfsSite.maxPacketsInFlight(3L << 20), "3 MiB / 64 KiB");
    assertEquals(80, HdfsSite.maxPacketsInFlight(5L << 20), "5 MiB: HDFS's own 80 packets");
    assertEquals(80, HdfsSite.maxPacketsInFlight(128L << 20), "HDFS's default stands");
  }

  @Test
  void aFlushSpansAtMostTwoBlocksWithinTheAckDeadline() {
    // One block's packets queued at close straddle at most two blocks; at 20% a pipeline
    // completes about one block per 6 s interval, so the flush takes about 12 s, inside the
    // 20 s deadline of a two-node pipeline (10 s write timeout + 2 x 5 s). HDFS's 80 packets of
    // 1 MiB blocks queued five blocks: about 30 s.
    long block = 1L << 20;
    long queued = HdfsSite.maxPacketsInFlight(block) * HdfsSite.WRITE_PACKET_BYTES;
    long blocksSpanned = (queued + block - 1) / block + 1;
    long intervalMs = 6_000;
    long deadlineMs = ClusterTimings.forInterval(intervalMs).socketTimeoutMs() + 2 * 5_000;
    assertEquals(2, blocksSpanned);
    assertEquals(20_000, deadlineMs);
    assertEquals(12_000, blocksSpanned * intervalMs);
    long hdfsQueued = HdfsSite.HDFS_MAX_PACKETS_IN_FLIGHT * HdfsSite.WRITE_PACKET_BYTES;
    assertEquals(5, hdfsQueued / block);
  }
}
