package org.blinkhdfs.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.placement.BlinkNetworkTopology;
import org.blinkhdfs.placement.PlacementConfig;
import org.blinkhdfs.rabbit.EqualWorkNetworkTopology;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * JMH: the NameNode's read sort of one 3-replica block ({@code sortByDistance}, as {@code
 * DatanodeManager#sortLocatedBlock} calls it for a reader on a DataNode, all three replicas live)
 * with the stock {@link DFSNetworkTopology} and with the two blink read sorters, on the same
 * topology as {@link ChooseTargetBench}.
 *
 * <ul>
 *   <li>{@code SORT_STOCK}: {@link DFSNetworkTopology}, no schedule.
 *   <li>{@code SORT_BLINK}: {@link BlinkNetworkTopology} under the staggered schedule of
 *       {@link PlacementSetup#PB_STAGGERED} (replicas on ring positions 0, N/3 and 2N/3: some
 *       awake, some asleep).
 *   <li>{@code SORT_EQUAL_WORK}: {@link EqualWorkNetworkTopology} under the half-chain gear of
 *       {@link PlacementSetup#EW_GEARS} (positions 0 and N/3 ACTIVE, 2N/3 OFF), so the hit-ratio
 *       balancer picks between two usable replicas on every sort.
 * </ul>
 *
 * <p>The reader is DataNode 1 (a DataNode-local client on a rack of its own among the replicas'
 * racks). Each operation sorts a fresh copy of the block's locations (an array copy of 3).
 *
 * <p>Run through {@link ChooseTargetJmh}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ReadSortBench {
  /** The sorters compared, with the schedule each runs under. */
  public enum Sorter {
    SORT_STOCK("Read sort, stock DFSNetworkTopology", DFSNetworkTopology.class, null),
    SORT_BLINK("Read sort, BlinkNetworkTopology, staggered", BlinkNetworkTopology.class,
        PlacementSetup.PB_STAGGERED),
    SORT_EQUAL_WORK("Read sort, EqualWorkNetworkTopology, gear",
        EqualWorkNetworkTopology.class, PlacementSetup.EW_GEARS);

    private final String label;
    private final Class<? extends DFSNetworkTopology> topology;
    private final PlacementSetup schedule;

    Sorter(String label, Class<? extends DFSNetworkTopology> topology, PlacementSetup schedule) {
      this.label = label;
      this.topology = topology;
      this.schedule = schedule;
    }

    public String label() {
      return label;
    }
  }

  @Param({"100"})
  public int nodes;

  @Param({"SORT_STOCK", "SORT_BLINK", "SORT_EQUAL_WORK"})
  public Sorter config;

  /** Racks; 0 means {@code nodes / 3} for up to 9 nodes, else {@code nodes / 10}. */
  @Param({"0"})
  public int racks;

  private Path dir;
  private DFSNetworkTopology topology;
  private DatanodeDescriptor reader;
  private DatanodeInfo[] block;
  private DatanodeInfo[] work;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    Bench.quietLogs();
    dir = Files.createTempDirectory("blink-read-sort");
    Path scheduleFile = dir.resolve("schedule.json");
    Configuration conf = new HdfsConfiguration();
    conf.setClass(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, config.topology,
        DFSNetworkTopology.class);
    if (config.schedule != null) {
      // Before the topology reads its configuration; the schedule is installed below.
      conf.set(PlacementConfig.SCHEDULE_FILE.name(), scheduleFile.toAbsolutePath().toString());
    }
    topology = DFSNetworkTopology.getInstance(conf);
    List<DatanodeDescriptor> dns = ChooseTargetBench.addDataNodes(topology, nodes,
        ChooseTargetBench.rackCount(nodes, racks));
    if (config.schedule != null) {
      List<String> ring = new ArrayList<>();
      for (DatanodeDescriptor dn : dns) {
        ring.add(dn.getXferAddr());
      }
      Optional<Schedule> s = config.schedule.schedule(ring, System.currentTimeMillis());
      PlacementSetup.install(conf, scheduleFile, s.orElseThrow());
    }
    if (topology.getClass() != config.topology) {
      throw new IllegalStateException("topology " + topology.getClass() + " is not "
          + config.topology);
    }
    reader = dns.get(1);
    block = new DatanodeInfo[] {dns.get(0), dns.get(nodes / 3), dns.get(2 * nodes / 3)};
    work = new DatanodeInfo[block.length];
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    NameNodeOverheadBench.deleteTree(dir);
  }

  @Benchmark
  public DatanodeInfo[] sort() {
    System.arraycopy(block, 0, work, 0, block.length);
    topology.sortByDistance(reader, work, work.length, null);
    return work;
  }
}
