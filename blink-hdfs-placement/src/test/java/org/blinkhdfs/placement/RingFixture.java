package org.blinkhdfs.placement;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManagerTestUtil;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.apache.hadoop.net.NetworkTopology;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.BeforeEach;

/**
 * The registered DataNodes the ring helpers' tests share, as plain HDFS objects in a {@link
 * NetworkTopology} (no NameNode): A (10.0.0.1, /r1), B (.2, /r2), C (.3, /r1), D (.4, /r2),
 * E (.5, /r1, decommissioned), S (.9, /r3) and U (.7, /r3), each with one DISK storage. Each
 * test names them in its own schedule (F = .6 and T = .10 stay unregistered).
 */
abstract class RingFixture {
  static final long INTERVAL = 60_000;
  static final int PORT = 9866;

  DatanodeDescriptor a;
  DatanodeDescriptor b;
  DatanodeDescriptor c;
  DatanodeDescriptor d;
  DatanodeDescriptor e;
  DatanodeDescriptor s;
  DatanodeDescriptor u;
  NetworkTopology topology;

  /** A DataNode at 10.0.0.{@code host}:9866 on {@code rack} with one DISK storage. */
  static DatanodeDescriptor dn(int host, String rack) {
    DatanodeDescriptor n = DFSTestUtil.getDatanodeDescriptor("10.0.0." + host, PORT, rack);
    BlockManagerTestUtil.updateStorage(n, new DatanodeStorage("s-" + host,
        DatanodeStorage.State.NORMAL, StorageType.DISK));
    return n;
  }

  /** The schedule's name of 10.0.0.{@code host}: its transfer address. */
  static String addr(int host) {
    return "10.0.0." + host + ":" + PORT;
  }

  /**
   * The ring helpers' schedule: interval 60 s from 0, A BLINK [0, 20), B [20, 40), C [40, 60) and
   * [0, 10) (wrapping), D OFF, E and F ACTIVE, staging S and T.
   */
  static Schedule.Builder ringSchedule() {
    return Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(INTERVAL)
        .add(NodeSchedule.blink(addr(1), 0, 20_000))
        .add(NodeSchedule.blink(addr(2), 20_000, 20_000))
        .add(NodeSchedule.blink(addr(3), 40_000, 30_000))
        .add(NodeSchedule.of(addr(4), NodeMode.OFF))
        .add(NodeSchedule.of(addr(5), NodeMode.ACTIVE))
        .add(NodeSchedule.of(addr(6), NodeMode.ACTIVE))
        .add(NodeSchedule.staging(addr(9)))
        .add(NodeSchedule.staging(addr(10)));
  }

  /** A ring of {@code n} ACTIVE nodes 10.0.0.1 .. 10.0.0.n, staging nodes to add. */
  static Schedule.Builder activeRing(int n) {
    Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(INTERVAL);
    for (int i = 0; i < n; i++) {
      b.add(NodeSchedule.of(addr(i + 1), NodeMode.ACTIVE));
    }
    return b;
  }

  @BeforeEach
  void registerNodes() {
    a = dn(1, "/r1");
    b = dn(2, "/r2");
    c = dn(3, "/r1");
    d = dn(4, "/r2");
    e = dn(5, "/r1");
    e.setDecommissioned();
    s = dn(9, "/r3");
    u = dn(7, "/r3");
    topology = NetworkTopology.getInstance(new Configuration(false));
    for (DatanodeDescriptor n : List.of(a, b, c, d, e, s, u)) {
      topology.add(n);
    }
  }
}
