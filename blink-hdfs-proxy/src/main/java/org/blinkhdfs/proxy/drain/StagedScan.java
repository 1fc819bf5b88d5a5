package org.blinkhdfs.proxy.drain;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.protocol.DirectoryListing;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.hdfs.protocol.HdfsLocatedFileStatus;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.StandInDemand;
import org.blinkhdfs.layout.drain.DrainMove;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Finds the replicas that sit on stand-ins and where each belongs, by listing the watched trees
 * with block locations (the NameNode's {@code getListing} with locations, 1000 entries per call,
 * like {@code hdfs fsck -files -blocks -locations} but without the NameNode doing the checking)
 * and asking the same pure rule as the NameNode ({@link StandInDemand}) about every complete
 * block.
 *
 * <p>Why the proxy lists instead of asking the NameNode for its queue: the NameNode's
 * low-redundancy queue is not exposed over RPC, holds only blocks the redundancy monitor has
 * looked at (22 per pass at the measured defaults), and mixes layout corrections with real
 * re-replication. Listing costs one RPC per 1000 files and, since layouts are deterministic
 * functions of the ring and the held positions, finds exactly the moves the NameNode would make.
 * The cost grows with the files watched ({@code blink.proxy.paths}); scans run every
 * {@code blink.proxy.scan.interval.ms}.
 *
 * <p>Skipped: files under construction (their last block is still being written), corrupt
 * blocks, blocks with more replicas than their replication (the NameNode is deleting the excess,
 * which it keeps listing until the DataNode confirms), blocks with no stand-in (a lost replica is
 * the NameNode's re-replication) and replications the layout refuses (HDFS places those by its
 * default rules).
 */
final class StagedScan {
  /** What one scan found. */
  record Result(List<StagedMove> moves, Map<String, long[]> backlogByStandIn, long files,
      long blocks, long durationMs) {}

  private StagedScan() {}

  static Result run(DFSClient client, List<String> paths, Schedule schedule, LayoutModel layout,
      LiveNodes live, Clock clock) throws IOException {
    long startMs = clock.millis();
    LayoutContext context = new LayoutContext(schedule, layout, live);
    List<StagedMove> moves = new ArrayList<>();
    Map<String, long[]> backlog = new HashMap<>();
    long files = 0;
    long blocks = 0;
    Deque<String> dirs = new ArrayDeque<>(paths);
    while (!dirs.isEmpty()) {
      String dir = dirs.pop();
      byte[] after = HdfsFileStatus.EMPTY_NAME;
      DirectoryListing page;
      do {
        page = client.listPaths(dir, after, true);
        if (page == null) {
          break; // vanished since it was listed
        }
        for (HdfsFileStatus st : page.getPartialListing()) {
          String path = st.getFullName(dir);
          if (st.isDirectory()) {
            dirs.push(path);
          } else if (st instanceof HdfsLocatedFileStatus) {
            LocatedBlocks lbs = ((HdfsLocatedFileStatus) st).getLocatedBlocks();
            if (lbs == null || lbs.isUnderConstruction()) {
              continue;
            }
            files++;
            for (LocatedBlock lb : lbs.getLocatedBlocks()) {
              blocks++;
              demand(lb, st, context, moves, backlog);
            }
          }
        }
        after = page.getLastName();
      } while (page.hasMore());
    }
    return new Result(moves, backlog, files, blocks, clock.millis() - startMs);
  }

  private static void demand(LocatedBlock lb, HdfsFileStatus st, LayoutContext context,
      List<StagedMove> moves, Map<String, long[]> backlog) {
    // More replicas than the replication: a copy landed and the NameNode is deleting the
    // excess, which it still lists until the DataNode confirms. Matching now could pair a
    // missing position with that doomed replica; the next scan sees the block settled.
    boolean trimming = lb.getLocations().length > st.getReplication();
    Optional<LayoutContext.BlockDemand> found = lb.isCorrupt() || trimming ? Optional.empty()
        : context.demand(lb, st.getReplication());
    if (found.isEmpty()) {
      return;
    }
    StandInDemand d = found.get().demand();
    List<String> names = found.get().holders();
    for (int p : d.positions()) {
      StandInDemand.Holder standIn = d.replaces(p);
      if (standIn == null) {
        continue; // a lost replica: the NameNode's re-replication, not a move
      }
      String type = lb.getStorageTypes()[names.indexOf(standIn.node())].name();
      DrainMove m = new DrainMove(lb.getBlock().getBlockId(), lb.getBlockSize(),
          context.ring().get(p), standIn.node(), names, type, st.getModificationTime());
      moves.add(new StagedMove(m, lb.getBlock().getGenerationStamp()));
      long[] b = backlog.computeIfAbsent(standIn.node(), k -> new long[2]);
      b[0]++;
      b[1] += lb.getBlockSize();
    }
  }

  /** The layout of {@code schedule}'s ring, or empty when the ring is empty. */
  static Optional<LayoutModel> layoutOf(Schedule schedule,
      Function<Schedule, LayoutModel> layouts) {
    return schedule.ring().isEmpty() ? Optional.empty() : Optional.of(layouts.apply(schedule));
  }
}
