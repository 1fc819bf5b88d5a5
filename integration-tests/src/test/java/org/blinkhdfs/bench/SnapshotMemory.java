package org.blinkhdfs.bench;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.blinkhdfs.placement.LayoutBlockPlacementPolicy;
import org.openjdk.jol.info.GraphLayout;

/**
 * The heap the placement snapshots take, measured with JOL ({@link GraphLayout}: the retained
 * object graph, object headers and alignment included, as laid out by this JVM) on the policy of
 * a {@link ChooseTargetBench} trial after its first decisions.
 *
 * <p>What is counted: the objects reachable from the snapshot that nothing else holds. The
 * DataNode descriptors, the network topology and the schedule are the NameNode's anyway and are
 * subtracted (the snapshot only points at them), and so is the layout model, reported on its
 * own because it lives per ring, not per schedule.
 *
 * <ul>
 *   <li>{@code indexBytes}: {@code RingMembers.Index}, one per schedule and DataNode membership
 *       (rebuilt at least every second), without its time slices;
 *   <li>{@code sliceBytes}: the time slices present (one per write guard in use; for 128 MB
 *       blocks, one), with their cached best first positions;
 *   <li>{@code layoutBytes}: the layout model.
 * </ul>
 *
 * <p>Reads two private fields of the placement classes by reflection (the snapshot is not API).
 */
final class SnapshotMemory {
  private SnapshotMemory() {
  }

  record Result(int nodes, int racks, String config, long indexBytes, long sliceBytes,
      long layoutBytes, double indexBytesPerDataNode, double sliceBytesPerDataNode) {
  }

  static Result measure(PlacementSetup config, int nodes, int racks) throws Exception {
    // JOL reads field offsets of records (ActiveWindow, the slice keys) only this way.
    System.setProperty("jol.magicFieldOffset", "true");
    ChooseTargetBench bench = new ChooseTargetBench();
    bench.nodes = nodes;
    bench.racks = racks;
    bench.config = config;
    bench.setUp(); // places 200 blocks to check the configuration: the snapshots exist
    try {
      Object policy = bench.policy();
      Object index = field(LayoutBlockPlacementPolicy.class, "cachedIndex").get(policy);
      if (index == null) {
        throw new IllegalStateException(config + ": no snapshot after placing blocks");
      }
      Object slices = field(index.getClass(), "slices").get(index);
      Object layout = field(index.getClass(), "layout").get(index);
      Object schedule = field(index.getClass(), "schedule").get(index);
      NetworkTopology topology = (NetworkTopology) field(
          org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault.class,
          "clusterMap").get(policy);
      List<Object> shared = new ArrayList<>();
      shared.add(topology);
      shared.add(schedule);
      for (Node n : topology.getLeaves(NodeBase.ROOT)) {
        if (n instanceof DatanodeDescriptor) {
          shared.add(n);
        }
      }
      GraphLayout nameNode = GraphLayout.parseInstance(shared.toArray());
      GraphLayout layoutOwn = GraphLayout.parseInstance(layout).subtract(nameNode);
      GraphLayout both = nameNode.add(layoutOwn);
      GraphLayout sliceOwn = GraphLayout.parseInstance(
          ((Map<?, ?>) slices).values().toArray()).subtract(both);
      long indexBytes = GraphLayout.parseInstance(index).subtract(both).subtract(sliceOwn)
          .totalSize();
      return new Result(nodes, racks, config.name(), indexBytes, sliceOwn.totalSize(),
          layoutOwn.totalSize(), (double) indexBytes / nodes,
          (double) sliceOwn.totalSize() / nodes);
    } finally {
      bench.tearDown();
    }
  }

  private static Field field(Class<?> owner, String name) throws NoSuchFieldException {
    Field f = owner.getDeclaredField(name);
    f.setAccessible(true);
    return f;
  }
}
