package org.blinkhdfs.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.blinkhdfs.model.schedule.ScheduleSourceKeys;
import org.blinkhdfs.model.schedule.ScheduleState;

/**
 * The one MiniDFSCluster fixture of BlinkHDFS's tests: a real NameNode and DataNodes in-process,
 * configured by the test with a placement policy, read topology, NameNode plugins and a schedule
 * file, plus the helpers every in-cluster test needs (schedules over the DataNodes' real transfer
 * addresses, deterministic one-file writes, replica locations, waits, stopping and restarting
 * DataNodes, corrupting a file the way a stale replica would look).
 *
 * <p>Why it exists and why it knows no placement class: the placement, Rabbit, client and
 * integration tests each had a copy of this. Maven forbids dependency cycles even across test
 * scope, and those modules' tests use this one, so it cannot import their classes: the caller
 * names the policy, topology and plugins ({@link Builder#placementPolicy}, {@link
 * Builder#topology}, {@link Builder#nameNodePlugins}), and tells the fixture how to read the
 * schedule the NameNode follows ({@link Builder#scheduleInForce}, e.g. {@code conf ->
 * BlinkRuntime.forConf(conf).state()}) so that {@link #writeSchedule} can wait for it.
 *
 * <p>Defaults (each overridable with {@link Builder#conf}): 1 MiB blocks ({@link #BLOCK_BYTES};
 * minimum block size 4 KiB so tests may pick smaller ones), 1 s heartbeats, a 1 s redundancy
 * monitor, no load-based exclusion of busy DataNodes, and a 20 ms first retry of the client's
 * {@code close()} (400 ms would dominate writing hundreds of small files). Without a placement
 * policy or schedule the NameNode is stock HDFS.
 *
 * <p>Example: {@code MiniBlinkCluster.builder(dir).dataNodes(4).placementPolicy(name)
 * .scheduleFile().start()}, then {@code writeSchedule(allActive(4))} and {@code
 * writeFile("/f", 3000, 3)}.
 *
 * <p>Not thread-safe: one test thread drives it (the cluster itself is, as HDFS is).
 */
public final class MiniBlinkCluster implements AutoCloseable {
  /** The default block size: 1 MiB. */
  public static final int BLOCK_BYTES = 1 << 20;
  /** Small blocks ({@link Builder#blockBytes}): files of a few hundred KB span several. */
  public static final int SMALL_BLOCK_BYTES = 128 * 1024;
  /** How long {@link #waitFor} waits. */
  public static final int WAIT_MS = 60_000;

  public final MiniDFSCluster cluster;
  public final DistributedFileSystem fs;
  /** The configuration the cluster was built with (the fixture's defaults plus the test's). */
  public final Configuration conf;
  /** DataNode transfer addresses in start order (the ring, or Rabbit's expansion chain). */
  public final List<String> addresses = new ArrayList<>();

  private final Path scheduleFile;
  private final Function<Configuration, ScheduleState> scheduleInForce;
  private final Map<String, MiniDFSCluster.DataNodeProperties> stopped = new HashMap<>();
  private long lastModifiedMs;
  private long epoch;

  private MiniBlinkCluster(MiniDFSCluster cluster, Builder b) throws IOException {
    this.cluster = cluster;
    this.fs = cluster.getFileSystem();
    this.conf = b.conf;
    this.scheduleFile = b.scheduleFile;
    this.scheduleInForce = b.scheduleInForce;
    for (DataNode dn : cluster.getDataNodes()) {
      addresses.add(dn.getDatanodeId().getXferAddr());
    }
  }

  /** A builder for a cluster whose files live under {@code dir}. */
  public static Builder builder(Path dir) {
    return new Builder(dir);
  }

  /** What the cluster runs; {@link #start} builds it. Single use. */
  public static final class Builder {
    private final Path dir;
    private final Configuration conf = new Configuration();
    private final List<Consumer<Configuration>> tunes = new ArrayList<>();
    private final List<Consumer<MiniDFSCluster.Builder>> shapes = new ArrayList<>();
    private int dataNodes = 3;
    private Path scheduleFile;
    private Function<Configuration, ScheduleState> scheduleInForce;
    private Function<MiniBlinkCluster, Schedule> initialSchedule;

    private Builder(Path dir) {
      this.dir = Objects.requireNonNull(dir, "dir");
      conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK_BYTES);
      conf.setLong(DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_KEY, 4096);
      conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
      conf.setInt(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, 1);
      conf.setBoolean(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_CONSIDERLOAD_KEY, false);
      conf.setInt(HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_INITIAL_DELAY_MS_KEY, 20);
    }

    /** The number of DataNodes (default 3). */
    public Builder dataNodes(int count) {
      if (count < 1) {
        throw new IllegalArgumentException("dataNodes must be >= 1, got " + count);
      }
      this.dataNodes = count;
      return this;
    }

    /** One rack name per DataNode, in start order. */
    public Builder racks(String... racks) {
      return shape(b -> b.racks(racks));
    }

    /** Storage types per DataNode (one array of volumes each), in start order. */
    public Builder storageTypes(StorageType[][] types) {
      return shape(b -> b.storageTypes(types));
    }

    /** Anything else on the MiniDFSCluster builder, e.g. {@code storageCapacities}. */
    public Builder shape(Consumer<MiniDFSCluster.Builder> shape) {
      shapes.add(Objects.requireNonNull(shape, "shape"));
      return this;
    }

    /** The block size of new files. */
    public Builder blockBytes(long bytes) {
      conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, bytes);
      return this;
    }

    /** The NameNode's placement policy, by class name. */
    public Builder placementPolicy(String className) {
      conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, className);
      return this;
    }

    /** The network topology (read ordering), by class name. */
    public Builder topology(String className) {
      conf.set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, className);
      return this;
    }

    /** The NameNode plugins, by class name. */
    public Builder nameNodePlugins(String... classNames) {
      conf.setStrings(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, classNames);
      return this;
    }

    /**
     * Points {@code blink.schedule.file} at {@code schedule.json} under the cluster's directory,
     * re-checked on every look ({@code blink.schedule.poll.ms = 0}); the file is absent (MISSING)
     * until {@link MiniBlinkCluster#writeSchedule} writes it.
     */
    public Builder scheduleFile() {
      this.scheduleFile = dir.resolve("schedule.json");
      conf.set(ScheduleSourceKeys.SCHEDULE_FILE.name(), scheduleFile.toString());
      conf.setLong(ScheduleSourceKeys.SCHEDULE_POLL_MS.name(), 0);
      return this;
    }

    /**
     * How to read the schedule state the NameNode acts on, given the NameNode's configuration;
     * {@link MiniBlinkCluster#writeSchedule} then waits until the written schedule is in force.
     */
    public Builder scheduleInForce(Function<Configuration, ScheduleState> view) {
      this.scheduleInForce = Objects.requireNonNull(view, "view");
      return this;
    }

    /** A schedule file written (and waited for) once the DataNodes run; implies a file. */
    public Builder initialSchedule(Function<MiniBlinkCluster, Schedule> schedule) {
      this.initialSchedule = Objects.requireNonNull(schedule, "schedule");
      return scheduleFile();
    }

    /** Sets one configuration key. */
    public Builder set(String key, String value) {
      conf.set(key, value);
      return this;
    }

    /** Adjusts the configuration after every other setting (applied in call order). */
    public Builder conf(Consumer<Configuration> tune) {
      tunes.add(Objects.requireNonNull(tune, "tune"));
      return this;
    }

    /** Starts the cluster and waits until every DataNode is registered. */
    public MiniBlinkCluster start() throws IOException {
      tunes.forEach(t -> t.accept(conf));
      MiniDFSCluster.Builder builder =
          new MiniDFSCluster.Builder(conf, dir.resolve("dfs").toFile()).numDataNodes(dataNodes);
      shapes.forEach(s -> s.accept(builder));
      MiniDFSCluster cluster = builder.build();
      MiniBlinkCluster c;
      try {
        cluster.waitActive();
        c = new MiniBlinkCluster(cluster, this);
        if (initialSchedule != null) {
          c.writeSchedule(initialSchedule.apply(c));
        }
      } catch (IOException | RuntimeException e) {
        cluster.shutdown();
        throw e;
      }
      return c;
    }
  }

  // ---------------------------------------------------------------- schedules

  /** A schedule epoch 1 starting now with the given interval. */
  public static Schedule.Builder schedule(long intervalMs) {
    return Schedule.builder().epoch(1).intervalStartMs(System.currentTimeMillis())
        .intervalMs(intervalMs);
  }

  /** Every one of the first {@code ringSize} DataNodes ACTIVE, in start order (epoch 1). */
  public Schedule allActive(int ringSize) {
    Schedule.Builder b = schedule(60_000);
    for (int i = 0; i < ringSize; i++) {
      b.add(NodeSchedule.of(addresses.get(i), NodeMode.ACTIVE));
    }
    return b.build();
  }

  /** Every node of {@code ring} ACTIVE in that ring order, plus {@code staging} nodes. */
  public static Schedule activeRing(List<String> ring, List<String> staging) {
    Schedule.Builder b = schedule(60_000);
    for (String node : ring) {
      b.add(NodeSchedule.of(node, NodeMode.ACTIVE));
    }
    for (String node : staging) {
      b.add(NodeSchedule.staging(node));
    }
    return b.build();
  }

  /**
   * Rabbit's gear: the first {@code active} DataNodes ACTIVE, the rest OFF, each call a new
   * epoch (1, 2, ...).
   */
  public Schedule gear(int active) {
    Schedule.Builder b = Schedule.builder().epoch(++epoch)
        .intervalStartMs(System.currentTimeMillis()).intervalMs(60_000);
    for (int i = 0; i < addresses.size(); i++) {
      b.add(NodeSchedule.of(addresses.get(i), i < active ? NodeMode.ACTIVE : NodeMode.OFF));
    }
    return b.build();
  }

  /** The schedule file; fails when the builder configured none. */
  public Path scheduleFile() {
    if (scheduleFile == null) {
      throw new IllegalStateException("no schedule file: call Builder.scheduleFile()");
    }
    return scheduleFile;
  }

  /**
   * Replaces the schedule file atomically, as a scheduler would, and, if the builder was told
   * how ({@link Builder#scheduleInForce}), waits until the NameNode follows it. The reader
   * notices a change by modification time and size, and two schedules of the same size can be
   * written within one timestamp tick, so each write gets a modification time later than the
   * previous one.
   */
  public void writeSchedule(Schedule s) throws IOException {
    Path file = scheduleFile();
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, ScheduleJson.write(s), StandardCharsets.UTF_8);
    lastModifiedMs = Math.max(System.currentTimeMillis(), lastModifiedMs + 1000);
    Files.setLastModifiedTime(tmp, FileTime.fromMillis(lastModifiedMs));
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    if (scheduleInForce != null) {
      Configuration nameNodeConf = cluster.getConfiguration(0);
      try {
        GenericTestUtils.waitFor(() -> scheduleInForce.apply(nameNodeConf).schedule()
            .map(s::equals).orElse(false), 10, WAIT_MS);
      } catch (TimeoutException | InterruptedException e) {
        throw new IOException("schedule epoch " + s.epoch() + " not in force: "
            + scheduleInForce.apply(nameNodeConf).detail(), e);
      }
    }
  }

  /** Removes the schedule file (readers then see MISSING: everyone awake). */
  public void deleteSchedule() throws IOException {
    Files.deleteIfExists(scheduleFile());
  }

  // ---------------------------------------------------------------- files

  /**
   * The deterministic bytes {@link #writeFile} writes to {@code path}: they depend on the path
   * and are not periodic within a block, so a read from a wrong offset or file shows.
   */
  public static byte[] contents(String path, int bytes) {
    byte[] data = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      data[i] = (byte) (path.hashCode() * 31 + i * 7 + (i >> 11));
    }
    return data;
  }

  /**
   * Writes {@link #contents} to {@code path} with replication {@code r} and waits until every
   * block has all {@code r} replicas reported (close() returns once the minimum is reported; the
   * others arrive in incremental block reports).
   */
  public byte[] writeFile(String path, int bytes, int r) throws IOException {
    return writeFile(path, bytes, r, r);
  }

  /**
   * As {@link #writeFile(String, int, int)}, but waits for {@code reported} replicas only: a
   * write with too few nodes awake is short of {@code r}.
   */
  public byte[] writeFile(String path, int bytes, int r, int reported) throws IOException {
    byte[] data = create(path, bytes, r);
    waitReplicas(path, reported);
    return data;
  }

  /** Writes {@code paths} as {@link #writeFile} does, then waits for all their replicas. */
  public void writeFiles(List<String> paths, int bytes, int r) throws IOException {
    for (String path : paths) {
      create(path, bytes, r);
    }
    for (String path : paths) {
      waitReplicas(path, r);
    }
  }

  private byte[] create(String path, int bytes, int r) throws IOException {
    byte[] data = contents(path, bytes);
    try (FSDataOutputStream out = fs.create(hadoopPath(path), (short) r)) {
      out.write(data);
    }
    return data;
  }

  /** Waits until every block of {@code path} has exactly {@code r} reported replicas. */
  public void waitReplicas(String path, int r) throws IOException {
    try {
      DFSTestUtil.waitReplication(fs, hadoopPath(path), (short) r);
    } catch (TimeoutException | InterruptedException e) {
      throw new IOException(path + " did not reach " + r + " replicas: " + replicas(path), e);
    }
  }

  /** Reads the whole of {@code path}. */
  public byte[] read(String path) throws IOException {
    org.apache.hadoop.fs.Path p = hadoopPath(path);
    byte[] buf = new byte[(int) fs.getFileStatus(p).getLen()];
    try (FSDataInputStream in = fs.open(p)) {
      IOUtils.readFully(in, buf, 0, buf.length);
    }
    return buf;
  }

  /** Rewrites {@code path} with the byte at {@code offset} inverted (valid checksums). */
  public void flipByte(org.apache.hadoop.fs.Path path, long offset) throws IOException {
    byte[] data = read(path.toString());
    data[(int) offset] ^= (byte) 0xFF;
    rewrite(path, data);
  }

  /** Rewrites {@code path} keeping only its first {@code length} bytes. */
  public void truncateTo(org.apache.hadoop.fs.Path path, int length) throws IOException {
    rewrite(path, Arrays.copyOf(read(path.toString()), length));
  }

  private void rewrite(org.apache.hadoop.fs.Path path, byte[] data) throws IOException {
    short r = fs.getFileStatus(path).getReplication();
    long blockBytes = fs.getFileStatus(path).getBlockSize();
    try (FSDataOutputStream out = fs.create(path, true, 4096, r, blockBytes)) {
      out.write(data);
    }
  }

  // ---------------------------------------------------------------- locations

  /** The transfer addresses holding the first block of {@code path}, in NameNode order. */
  public List<String> replicas(String path) throws IOException {
    BlockLocation[] locs = fs.getFileBlockLocations(hadoopPath(path), 0, 1);
    return Arrays.asList(locs[0].getNames());
  }

  /** {@link #replicas} for use inside wait conditions (lambdas cannot throw IOException). */
  public List<String> replicasNow(String path) {
    try {
      return replicas(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every DataNode holding some block of {@code path}. */
  public Set<String> replicaNodes(String path) throws IOException {
    Set<String> out = new LinkedHashSet<>();
    for (BlockLocation loc : fs.getFileBlockLocations(hadoopPath(path), 0, Long.MAX_VALUE)) {
      out.addAll(List.of(loc.getNames()));
    }
    return out;
  }

  /** The storage types of the first block's replicas, in the order of {@link #replicas}. */
  public List<StorageType> storageTypes(String path) throws IOException {
    BlockLocation[] locs = fs.getFileBlockLocations(hadoopPath(path), 0, 1);
    return Arrays.asList(locs[0].getStorageTypes());
  }

  /** Ring positions of {@code path}'s replicas, for a ring of the first {@code ringSize} nodes. */
  public List<Integer> ringPositions(String path, int ringSize) throws IOException {
    List<Integer> out = new ArrayList<>();
    for (String addr : replicas(path)) {
      int i = addresses.indexOf(addr);
      if (i >= 0 && i < ringSize) {
        out.add(i);
      }
    }
    return out;
  }

  /** {@link #ringPositions} for use inside wait conditions. */
  public List<Integer> ringPositionsNow(String path, int ringSize) {
    try {
      return ringPositions(path, ringSize);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Transfer addresses of the DataNodes with these start-order indices, in that order. */
  public List<String> addresses(int... indices) {
    List<String> out = new ArrayList<>();
    for (int i : indices) {
      out.add(addresses.get(i));
    }
    return out;
  }

  // ---------------------------------------------------------------- NameNode state

  public BlockManager blockManager() {
    return cluster.getNamesystem().getBlockManager();
  }

  /** The NameNode's descriptor of the DataNode with transfer address {@code xferAddr}. */
  public DatanodeDescriptor descriptor(String xferAddr) {
    int colon = xferAddr.lastIndexOf(':');
    return blockManager().getDatanodeManager().getDatanodeByXferAddr(
        xferAddr.substring(0, colon), Integer.parseInt(xferAddr.substring(colon + 1)));
  }

  /** The NameNode's descriptors of the DataNodes at these transfer addresses. */
  public DatanodeDescriptor[] descriptors(List<String> xferAddrs) {
    return xferAddrs.stream().map(this::descriptor).toArray(DatanodeDescriptor[]::new);
  }

  /**
   * True when the NameNode has no block waiting for reconstruction, mis-placed (badly
   * distributed), pending a copy or awaiting the deletion of an excess replica.
   */
  public boolean settled() {
    BlockManager bm = blockManager();
    return bm.getLowRedundancyBlocks() == 0 && bm.getBadlyDistributedBlocks() == 0
        && bm.getPendingReconstructionBlocksCount() == 0 && bm.getExcessBlocksCount() == 0
        && bm.getPendingDeletionBlocksCount() == 0;
  }

  // ---------------------------------------------------------------- DataNodes

  /** Stops the DataNode at {@code xferAddr}, remembering it for {@link #restartAll}. */
  public void stop(String xferAddr) {
    MiniDFSCluster.DataNodeProperties p = cluster.stopDataNode(xferAddr);
    if (p == null) {
      throw new IllegalStateException("no running DataNode at " + xferAddr);
    }
    stopped.put(xferAddr, p);
  }

  /** Restarts every stopped DataNode on its old ports and waits until all are registered. */
  public void restartAll() throws IOException {
    for (MiniDFSCluster.DataNodeProperties p : stopped.values()) {
      cluster.restartDataNode(p, true);
    }
    stopped.clear();
    cluster.waitActive();
  }

  // ---------------------------------------------------------------- waiting

  /** Waits up to {@link #WAIT_MS} for {@code condition}, checking every 100 ms. */
  public static void waitFor(String what, Supplier<Boolean> condition) throws IOException {
    try {
      GenericTestUtils.waitFor(condition, 100, WAIT_MS);
    } catch (TimeoutException | InterruptedException e) {
      throw new IOException("timed out waiting for " + what, e);
    }
  }

  private static org.apache.hadoop.fs.Path hadoopPath(String path) {
    return new org.apache.hadoop.fs.Path(path);
  }

  @Override
  public void close() {
    cluster.shutdown();
  }
}
