package org.blinkhdfs.cluster;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.blinkhdfs.layout.LayoutModel;

/**
 * Where every block under a tree stands against its layout, as the NameNode reports the replicas
 * now: the independent check of a drain (the proxy's own metrics say what it did, this says what
 * HDFS holds). A block is <em>in layout</em> when it has exactly its file's replication, all on
 * ring nodes, at positions the layout calls perfect ({@link LayoutModel#check}); a replica on a
 * node outside the ring is a stand-in; a block with more replicas than its replication has an
 * extra one (a copy whose stand-in was not deleted).
 *
 * <p>Example: ring [a, b, c, d, e], r = 2, block on [a, s] with s the staging node → not in
 * layout, 1 stand-in; once moved, [a, b] → in layout; [a, b, s] → 1 extra, 1 stand-in.
 *
 * <p>Stateless.
 */
public final class LayoutAudit {
  /**
   * @param blocks blocks seen
   * @param inLayout blocks exactly in their layout
   * @param standIns replicas on nodes outside the ring
   * @param extra blocks holding more replicas than their file's replication
   * @param missing blocks holding fewer
   * @param notInLayout the first few blocks not in layout, for messages
   */
  public record Result(int blocks, int inLayout, int standIns, int extra, int missing,
      List<String> notInLayout) {
    /** Every block exactly in its layout: no stand-in, no extra and no missing replica. */
    public boolean settled() {
      return blocks == inLayout;
    }

    @Override
    public String toString() {
      return inLayout + " of " + blocks + " blocks in layout, " + standIns + " stand-in replicas, "
          + extra + " blocks with an extra replica, " + missing + " short"
          + (notInLayout.isEmpty() ? "" : "; e.g. " + notInLayout);
    }
  }

  private static final int EXAMPLES = 5;

  private LayoutAudit() {}

  /** Audits every file under {@code root} against {@code layout} on {@code ring}. */
  public static Result of(DistributedFileSystem dfs, Path root, List<String> ring,
      LayoutModel layout) throws IOException {
    int blocks = 0;
    int inLayout = 0;
    int standIns = 0;
    int extra = 0;
    int missing = 0;
    List<String> examples = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> it = dfs.listFiles(root, true);
    while (it.hasNext()) {
      LocatedFileStatus f = it.next();
      int r = f.getReplication();
      for (BlockLocation b : f.getBlockLocations()) {
        blocks++;
        List<Integer> held = new ArrayList<>();
        int outside = 0;
        for (String node : b.getNames()) {
          int p = ring.indexOf(node);
          if (p < 0) {
            outside++;
          } else {
            held.add(p);
          }
        }
        standIns += outside;
        int n = b.getNames().length;
        extra += n > r ? 1 : 0;
        missing += n < r ? 1 : 0;
        if (n == r && outside == 0 && layout.check(held, r).isPerfect()) {
          inLayout++;
        } else if (examples.size() < EXAMPLES) {
          examples.add(f.getPath().toUri().getPath() + "@" + b.getOffset() + " on "
              + List.of(b.getNames()));
        }
      }
    }
    return new Result(blocks, inLayout, standIns, extra, missing, List.copyOf(examples));
  }
}
