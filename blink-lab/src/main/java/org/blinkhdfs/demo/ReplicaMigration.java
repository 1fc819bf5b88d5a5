package org.blinkhdfs.demo;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.blinkhdfs.bench.math.MigrationPlanner;
import org.blinkhdfs.proxy.drain.BlockMover;
import org.blinkhdfs.proxy.drain.NameNodeLink;

/**
 * Performs the moves of {@link MigrationPlanner} on a real cluster with the write proxy's mover
 * ({@link BlockMover}: the data transfer protocol's {@code replaceBlock}, as HDFS's Mover and
 * Balancer do), the moved-from replica passed as the delete hint so the NameNode drops it and the
 * replication stays the same.
 *
 * <p>Only replicas on {@code awake} nodes and on the targets are seen and moved: a frozen node
 * neither serves a copy nor answers, and the baseline keeps what it holds where it is until it
 * comes back. Why the targets too: after a rise the data spreads from the nodes that were on
 * onto new ones; once the NameNode lists a moved replica on its new node, a view of the old
 * nodes alone would show the block short of replicas and plan the move again, round after round
 * (seen in CI: "3 replica moves still planned after 4 rounds"). After the
 * moves the NameNode's block map is read again, up to {@value #ROUNDS} rounds, and re-planned
 * while some block lacks its replicas on the targets ({@link #everyBlockOn}), so a move that
 * failed is made again; if blocks still lack them after that the migration fails with the first
 * errors (the bench then stops: a baseline that cannot migrate cannot be measured).
 *
 * <p>Thread-safe for one {@link #migrate} at a time; the moves of one round run in parallel.
 */
final class ReplicaMigration implements Closeable {
  static final int ROUNDS = 4;
  static final int MOVE_TIMEOUT_MS = 120_000;
  private static final long REPORT_WAIT_MS = 1_500;

  /** What one migration did: replicas and bytes copied, rounds and wall-clock time. */
  record Result(int moves, long bytes, int rounds, long millis) {}

  private final NameNodeLink link;
  private final BlockMover mover;
  private final int threads;

  private ReplicaMigration(NameNodeLink link, int threads) {
    this.link = link;
    this.mover = new BlockMover(link, MOVE_TIMEOUT_MS);
    this.threads = threads;
  }

  /** Connects to the NameNode of {@code conf}'s {@code fs.defaultFS}. */
  static ReplicaMigration open(Configuration conf, int threads) throws IOException {
    return new ReplicaMigration(NameNodeLink.open(conf), threads);
  }

  /**
   * Moves replicas of {@code files} (replication {@code r}) so that each block has {@code
   * min(r, |targets|)} of them on {@code targets}, evenly spread; only replicas on {@code awake}
   * nodes (transfer addresses) move.
   */
  Result migrate(List<Path> files, int r, Set<String> awake, List<String> targets)
      throws IOException, InterruptedException {
    long t0 = System.currentTimeMillis();
    int moves = 0;
    long bytes = 0;
    for (int round = 1; round <= ROUNDS; round++) {
      Map<String, DatanodeInfo> nodes = new HashMap<>();
      for (DatanodeInfo d : link.fs().getDataNodeStats(DatanodeReportType.LIVE)) {
        nodes.put(d.getXferAddr(), d);
      }
      Map<Long, List<String>> holders = new TreeMap<>();
      Map<Long, ExtendedBlock> blocks = new HashMap<>();
      for (Path f : files) {
        for (LocatedBlock lb : link.fs().getClient()
            .getLocatedBlocks(f.toUri().getPath(), 0, Long.MAX_VALUE).getLocatedBlocks()) {
          List<String> on = new ArrayList<>();
          for (DatanodeInfo d : lb.getLocations()) {
            // A target serves (the data is moved onto nodes kept or brought on): a replica
            // already there counts, or a rise would keep re-planning moves it has made.
            if (awake.contains(d.getXferAddr()) || targets.contains(d.getXferAddr())) {
              on.add(d.getXferAddr());
            }
          }
          holders.put(lb.getBlock().getBlockId(), on);
          blocks.put(lb.getBlock().getBlockId(), lb.getBlock());
        }
      }
      List<MigrationPlanner.Move> plan = MigrationPlanner.plan(holders, targets, r);
      if (plan.isEmpty() || (round > 1 && everyBlockOn(holders, targets, r))) {
        return new Result(moves, bytes, round, System.currentTimeMillis() - t0);
      }
      if (round == ROUNDS) {
        throw new IOException(plan.size() + " replica moves still planned after " + ROUNDS
            + " rounds onto " + targets + ", first " + plan.get(0) + "; see the DataNode logs");
      }
      AtomicLong moved = new AtomicLong();
      List<String> errors = java.util.Collections.synchronizedList(new ArrayList<>());
      ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, plan.size()));
      try {
        List<Future<?>> done = new ArrayList<>();
        for (MigrationPlanner.Move m : plan) {
          ExtendedBlock b = blocks.get(m.block());
          DatanodeInfo from = nodes.get(m.from());
          DatanodeInfo to = nodes.get(m.to());
          if (from == null || to == null) {
            errors.add(m + ": " + (from == null ? m.from() : m.to()) + " is not live");
            continue;
          }
          done.add(pool.submit(() -> {
            StringBuilder err = new StringBuilder();
            BlockMover.Outcome o = mover.move(b.getBlockId(), b.getNumBytes(),
                b.getGenerationStamp(), to, StorageType.DISK, from, from, err);
            if (o == BlockMover.Outcome.MOVED || o == BlockMover.Outcome.ALREADY_THERE) {
              moved.addAndGet(b.getNumBytes());
            } else {
              errors.add(m + ": " + o + " " + err);
            }
          }));
        }
        for (Future<?> f : done) {
          f.get();
        }
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IOException("a replica move threw: " + e.getCause(), e.getCause());
      } finally {
        pool.shutdownNow();
      }
      moves += plan.size() - errors.size();
      bytes += moved.get();
      // The target reports the new replica and the NameNode drops the hint's at the next
      // heartbeats; re-plan from the NameNode's map once they have arrived.
      Thread.sleep(REPORT_WAIT_MS);
    }
    throw new IllegalStateException("unreachable: the last round returns or throws");
  }

  /**
   * Whether every block has {@code min(r, |targets|)} replicas on the targets. After the first
   * round only this is re-planned for: until the NameNode drops a moved-from replica (the
   * delete hint, at the next heartbeats) it still lists it, and the balance pass would move
   * again for a load that is already gone.
   */
  static boolean everyBlockOn(Map<Long, List<String>> holders, List<String> targets, int r) {
    int need = Math.min(r, targets.size());
    return holders.values().stream()
        .allMatch(h -> h.stream().filter(targets::contains).count() >= need);
  }

  @Override
  public void close() throws IOException {
    link.close();
  }
}
