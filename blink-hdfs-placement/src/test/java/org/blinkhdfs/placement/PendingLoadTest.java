package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManagerTestUtil;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.junit.jupiter.api.Test;

/**
 * {@link PendingLoad}: the copies and deletions chosen since a node's last report count until
 * its next one, so that a redundancy pass's corrections spread over a phase group instead of all
 * going to the member least loaded when the pass began. Numbers worked by hand.
 */
class PendingLoadTest {
  @Test
  void choicesCountUntilTheNextReport() {
    PendingLoad<String> load = new PendingLoad<>();
    assertEquals(18, load.of("a", 7, 18), "nothing chosen: the report");
    load.add("a", 7, 1);
    load.add("a", 7, 1);
    load.add("a", 7, -1);
    assertEquals(19, load.of("a", 7, 18), "18 + 2 copies - 1 deletion");
    assertEquals(18, load.of("b", 7, 18), "another node is untouched");
    assertEquals(20, load.of("a", 8, 20), "report 8 already counts them: forgotten");
    load.add("a", 8, 1);
    assertEquals(21, load.of("a", 8, 20), "a choice after report 8 starts afresh");
  }

  /**
   * One pass of 6 corrections to a group of three members reported at 18, 16 and 17 replicas,
   * each to the least loaded then: on the report alone all six go to the member at 16; with the
   * pass's own choices counted they go 16 → 17, then the two at 17 in turn (ties: the first),
   * and all end at 19 (18 + 1, 16 + 3, 17 + 2).
   */
  @Test
  void aPassSpreadsItsCopiesOverTheGroup() {
    PendingLoad<String> load = new PendingLoad<>();
    String[] member = {"x", "y", "z"};
    long[] reported = {18, 16, 17};
    int[] copies = new int[3];
    for (int k = 0; k < 6; k++) {
      int best = 0;
      for (int m = 1; m < 3; m++) {
        if (load.of(member[m], 1, reported[m]) < load.of(member[best], 1, reported[best])) {
          best = m;
        }
      }
      load.add(member[best], 1, 1);
      copies[best]++;
    }
    assertEquals(List.of(1, 3, 2), List.of(copies[0], copies[1], copies[2]));
  }

  @Test
  void concurrentChoicesAreAllCounted() throws Exception {
    PendingLoad<String> load = new PendingLoad<>();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        done.add(pool.submit(() -> {
          for (int i = 0; i < 1000; i++) {
            load.add("a", 3, 1);
          }
        }));
      }
      for (Future<?> f : done) {
        f.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(4000, load.of("a", 3, 0));
  }

  /** The NameNode's descriptor as key, stamped with its heartbeat as the policy does. */
  @Test
  void keyedByDatanodeDescriptorAndItsHeartbeat() {
    DatanodeDescriptor d = DFSTestUtil.getDatanodeDescriptor("10.0.0.1", 9866, "/a");
    BlockManagerTestUtil.updateStorage(d, new DatanodeStorage("s1",
        DatanodeStorage.State.NORMAL, StorageType.DISK));
    d.setLastUpdateMonotonic(1000);
    PendingLoad<DatanodeDescriptor> load = new PendingLoad<>();
    load.add(d, d.getLastUpdateMonotonic(), 1);
    assertEquals(1, load.of(d, d.getLastUpdateMonotonic(), d.numBlocks()), "0 blocks + 1");
    d.setLastUpdateMonotonic(4000);
    assertEquals(0, load.of(d, d.getLastUpdateMonotonic(), d.numBlocks()), "next heartbeat");
  }
}
