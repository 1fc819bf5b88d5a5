package org.blinkhdfs.layout.popularity;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The popularity of the blocks each ring node stores, from per-file read averages: what
 * load-proportional blinking (Sharma et al., BlinkFS §5: nodes blink "in proportion to the
 * popularity of blocks they store") needs from the NameNode.
 *
 * <p><b>Rule.</b> A file read {@code h} times per period ({@link AccessAverages}) gives each of
 * its blocks popularity {@code h}: the NameNode sees an {@code open}, not the bytes read, and a
 * scan (MapReduce, TestDFSIO, a copy) reads every block once per open. A block's popularity is
 * shared equally among the nodes holding a replica, since any of them can serve the read: node
 * n's load is {@code Σ_files h_f · Σ_{blocks b of f held by n} 1/|holders(b)|}. A holder that is
 * not a ring node (a staging node) takes its share and is left out of the result, so a replica
 * staged there does not inflate the ring nodes'. Every ring node is in the result, 0 when it holds
 * nothing read.
 *
 * <p>Why equal shares and not the read order's first replica: the read order prefers awake
 * nodes, so counting who served would feed the schedule back into itself (the node awake longest
 * would look most popular and be kept awake longer). The stored blocks' popularity does not depend
 * on the schedule.
 *
 * <p>Worked example: ring n1..n3; file a read 6 times per period, one block on {n1, n2, n3};
 * file b read 4 times, blocks {n1, n2} and {n1, staging}. n1 = 6/3 + 4/2 + 4/2 = 6, n2 = 6/3 +
 * 4/2 = 4, n3 = 6/3 = 2 (the staging node's 2 are left out).
 *
 * <p>Pure and stateless.
 */
public final class NodeReadLoad {
  private NodeReadLoad() {}

  /**
   * One file: its reads per period and, per block, the nodes holding a replica.
   *
   * @param reads moving average of opens per period, {@code >= 0}
   * @param blockHolders per block, the transfer addresses of its replicas' nodes
   */
  public record FileBlocks(double reads, List<List<String>> blockHolders) {
    public FileBlocks {
      if (!(reads >= 0) || Double.isInfinite(reads)) {
        throw new IllegalArgumentException("reads must be finite and >= 0, got " + reads);
      }
      blockHolders = List.copyOf(blockHolders);
    }
  }

  /**
   * Each ring node's load, in ring order.
   *
   * @param files the files read in the period (any order)
   * @param ring the ring nodes; other holders take their share but are not reported
   */
  public static Map<String, Double> of(Collection<FileBlocks> files, List<String> ring) {
    Map<String, Double> load = new LinkedHashMap<>();
    for (String n : ring) {
      load.put(n, 0.0);
    }
    for (FileBlocks f : files) {
      if (f.reads() == 0) {
        continue;
      }
      for (List<String> holders : f.blockHolders()) {
        if (holders.isEmpty()) {
          continue; // a block with no live replica: nobody serves it
        }
        double share = f.reads() / holders.size();
        for (String h : holders) {
          load.computeIfPresent(h, (k, v) -> v + share);
        }
      }
    }
    return load;
  }
}
