package org.blinkhdfs.client;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Options.ChecksumOpt;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathFilter;
import org.apache.hadoop.fs.PathHandle;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.util.Progressable;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * An HDFS client that waits for a sleeping block to wake instead of failing: operators set
 * {@code fs.hdfs.impl} to this class (optional; everything else works with the stock client).
 *
 * <p>Why: when every replica of a block is asleep, the stock client tries each one, sits on
 * connect timeouts and throws {@code BlockMissingException}. The schedule says when the first
 * replica wakes, at most one blink interval away, so waiting is both cheaper and successful.
 *
 * <p>Algorithm: both {@code open} methods (by path and by {@code PathHandle}; {@code openFile}
 * builders end up in them) open the file as {@code DistributedFileSystem} does, then wrap the
 * stream in a {@link BlinkInputStream} whose {@link BlockGate} checks, before each read, the
 * replicas of the block under the read position against the schedule ({@link
 * BlinkRuntime#forConf}: the scheduler at {@code blink.scheduler.address} or the file {@code
 * blink.schedule.file}; keys {@code blink.read.min.window.ms},
 * {@code blink.client.wait.margin.ms}) and sleeps until the first one is usable, never longer
 * than one interval plus the margin ({@link ReadWait}). The block list comes from the stream's
 * own cache ({@code HdfsDataInputStream.getAllBlocks()}), so no extra NameNode calls are made
 * beyond what the stream would fetch anyway.
 *
 * <p>Example: a MapReduce task opens a file at phase 10 s of a 60 s interval; the replicas of
 * its split's first block wake at phase 30 s. The task's first read logs one INFO line and
 * returns ~20 s later with the same bytes the stock client would return when the nodes are up.
 *
 * <p>Block locations for job planning: {@code getFileBlockLocations} and {@code
 * listLocatedStatus} (hence {@code listFiles}) return each replicated block's replicas in the
 * schedule's read order and, with {@code blink.client.block.locations = usable} (the default),
 * only the ones usable now when there is one ({@link BlockLocationOrder}). MapReduce's {@code
 * FileInputFormat} builds a split's hosts from these, so a job submitted with {@code -D
 * fs.hdfs.impl=}this class gets splits whose locations are the replicas awake longest, and YARN
 * is not asked for hosts whose data (and NodeManager) sleeps. Why here and not only on the
 * NameNode: {@code BlinkNetworkTopology} orders {@code getBlockLocations} answers, but the
 * NameNode's listing with locations ({@code getListing}, which {@code FileInputFormat} uses for
 * an input directory) is not sorted at all, and neither answer is trimmed. Erasure-coded files
 * are left as they are (their locations are the holders of different internal blocks).
 *
 * <p>With neither schedule key the streams are returned unwrapped, exactly as by {@code
 * DistributedFileSystem}; with one, streams are wrapped even while no schedule is in force (the
 * file may appear, the scheduler may answer later), and then never wait. Erasure-coded files are
 * not gated (a read needs several internal blocks, not one replica). Wrapped streams are plain
 * {@code FSDataInputStream}s: code that casts to {@code HdfsDataInputStream} should use
 * {@link BlinkInputStream#wrapped()} of {@code getWrappedStream()}.
 *
 * <p>Thread-safe as {@code DistributedFileSystem}.
 */
public class BlinkDistributedFileSystem extends DistributedFileSystem {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(BlinkDistributedFileSystem.class);
  private volatile ClientConfig config;
  private volatile BlinkRuntime runtime;
  private volatile WaitClock clock = WaitClock.SYSTEM;
  private volatile PipelineWatch pipelines;

  @Override
  public void initialize(URI uri, Configuration conf) throws IOException {
    ClientConfig pc = ClientConfig.from(conf); // a bad blink.* value fails here
    super.initialize(uri, conf);
    this.config = pc;
    boolean configured = !pc.scheduleFile().isEmpty() || !pc.schedulerAddress().isEmpty();
    this.runtime = configured ? BlinkRuntime.forConf(conf) : null;
    if (configured && pc.clientLocalNode() != null) {
      LOG.info("Blink client on the host of DataNode {}: a read waits until this host and a"
          + " replica are awake together", pc.clientLocalNode());
    }
    if (configured && pc.clientPipelineMarginMs() > 0) {
      BlinkRuntime rt = runtime;
      this.pipelines = new PipelineWatch(() -> rt.state().usable(), pc.clientPipelineMarginMs(),
          () -> clock.nowMs());
    }
  }

  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, EnumSet<CreateFlag> cflags,
      int bufferSize, short replication, long blockSize, Progressable progress,
      ChecksumOpt checksumOpt) throws IOException {
    return watched(super.create(f, permission, cflags, bufferSize, replication, blockSize,
        progress, checksumOpt));
  }

  @Override
  public FSDataOutputStream createNonRecursive(Path f, FsPermission permission,
      EnumSet<CreateFlag> flag, int bufferSize, short replication, long blockSize,
      Progressable progress) throws IOException {
    return watched(super.createNonRecursive(f, permission, flag, bufferSize, replication,
        blockSize, progress));
  }

  @Override
  public FSDataOutputStream append(Path f, EnumSet<CreateFlag> flag, int bufferSize,
      Progressable progress) throws IOException {
    return watched(super.append(f, flag, bufferSize, progress));
  }

  @Override
  public void close() throws IOException {
    PipelineWatch w = pipelines;
    if (w != null) {
      w.close();
    }
    super.close();
  }

  /** {@code out}, watched by {@link PipelineWatch} when the watch is on. */
  private FSDataOutputStream watched(FSDataOutputStream out) throws IOException {
    PipelineWatch w = pipelines;
    return w == null ? out : w.watch(out, statistics);
  }

  /** Blocks this client ended early because a pipeline node was about to sleep. */
  public long blocksEndedForSleep() {
    PipelineWatch w = pipelines;
    return w == null ? 0 : w.endedBlocks();
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    return gated(super.open(f, bufferSize), f.toString());
  }

  @Override
  public FSDataInputStream open(PathHandle fd, int bufferSize) throws IOException {
    return gated(super.open(fd, bufferSize), fd.toString());
  }

  @Override
  public BlockLocation[] getFileBlockLocations(Path p, long start, long len) throws IOException {
    BlockLocation[] locs = super.getFileBlockLocations(p, start, len);
    orderForPlanning(locs);
    return locs;
  }

  @Override
  protected RemoteIterator<LocatedFileStatus> listLocatedStatus(Path p, PathFilter filter)
      throws IOException {
    RemoteIterator<LocatedFileStatus> it = super.listLocatedStatus(p, filter);
    if (runtime == null) {
      return it;
    }
    return new RemoteIterator<>() {
      @Override
      public boolean hasNext() throws IOException {
        return it.hasNext();
      }

      @Override
      public LocatedFileStatus next() throws IOException {
        LocatedFileStatus status = it.next();
        if (!status.isErasureCoded()) { // a listing's locations do not say isStriped()
          orderForPlanning(status.getBlockLocations());
        }
        return status;
      }
    };
  }

  /** Puts each replicated block's replicas in schedule order, trimmed per the config. */
  private void orderForPlanning(BlockLocation[] locs) throws IOException {
    Schedule s = scheduleNow();
    if (s == null || locs == null) {
      return;
    }
    long now = clock.nowMs();
    for (BlockLocation loc : locs) {
      if (!loc.isStriped()) {
        BlockLocationOrder.apply(loc, s, now, config.readMinWindowMs(),
            config.clientBlockLocations());
      }
    }
  }

  /** The schedule in force, or null when none is (or no schedule key is set). */
  private Schedule scheduleNow() {
    BlinkRuntime rt = runtime;
    return rt == null ? null : rt.state().usable().orElse(null);
  }

  /** Replaces the time source of streams opened from now on and of block locations (tests). */
  void setWaitClock(WaitClock clock) {
    this.clock = clock;
  }

  private FSDataInputStream gated(FSDataInputStream stream, String file) {
    BlinkRuntime rt = runtime;
    if (rt == null || !(stream instanceof HdfsDataInputStream)) {
      return stream; // not configured, or already wrapped by another instance through a link
    }
    HdfsDataInputStream hdfs = (HdfsDataInputStream) stream;
    BlockGate gate = new BlockGate(file, () -> spans(hdfs), () -> rt.state().usable(),
        config.readMinWindowMs(), config.clientWaitMarginMs(), clock, config.clientLocalNode())
        .readOrder(config.readOrder());
    gate.onWait(rt::readWaited);
    return new FSDataInputStream(new BlinkInputStream(stream, gate));
  }

  /**
   * Reorders {@code locations} in place to follow {@code preferred} (transfer addresses, best
   * first). The array is the stream's own cached location list ({@code LocatedBlock
   * #getLocations()} returns it, and {@code DFSInputStream} picks the first usable entry when it
   * moves to the block), so the next connection goes to the preferred replica. The permutation
   * is written under the array's lock in one pass; a concurrent positional read that iterates
   * meanwhile may see one replica twice and skip another, which HDFS tolerates (it tries the
   * rest, then re-fetches locations).
   */
  static void reorder(DatanodeInfo[] locations, List<String> preferred) {
    synchronized (locations) {
      DatanodeInfo[] sorted = locations.clone();
      java.util.Arrays.sort(sorted, java.util.Comparator.comparingInt(d -> {
        int i = preferred.indexOf(d.getXferAddr());
        return i < 0 ? Integer.MAX_VALUE : i;
      }));
      System.arraycopy(sorted, 0, locations, 0, sorted.length);
    }
  }

  /** The stream's blocks as spans; striped blocks get no replicas (not gated). */
  static List<BlockGate.Span> spans(HdfsDataInputStream in) throws IOException {
    if (in.getVisibleLength() <= 0) {
      return List.of(); // getAllBlocks() rejects an empty file
    }
    List<LocatedBlock> blocks = in.getAllBlocks();
    List<BlockGate.Span> out = new ArrayList<>(blocks.size());
    for (LocatedBlock b : blocks) {
      List<String> nodes = new ArrayList<>();
      if (!b.isStriped()) {
        for (DatanodeInfo d : b.getLocations()) {
          nodes.add(d.getXferAddr());
        }
      }
      out.add(new BlockGate.Span(b.getBlock().getBlockName(), b.getStartOffset(),
          b.getBlockSize(), nodes, preferred -> reorder(b.getLocations(), preferred)));
    }
    return out;
  }
}
