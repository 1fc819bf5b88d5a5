package org.blinkhdfs.layout.drain;

import java.util.List;
import java.util.Objects;

/**
 * One replica to put into its layout: copy block {@code blockId} ({@code bytes} long) to the
 * layout node {@code target} from one of {@code sources} (the DataNodes holding it), after which
 * HDFS deletes the stand-in {@code standIn} (the delete hint) as excess. Nodes are the schedule's
 * names ({@code host:port}); {@code storageType} is carried through unchanged (the stand-in's,
 * so the stand-in is the replica HDFS finds in excess). {@code writtenAtMs} is when the block's
 * file was last written, the start of its time from write to layout.
 */
public record DrainMove(long blockId, long bytes, String target, String standIn,
    List<String> sources, String storageType, long writtenAtMs) {
  public DrainMove {
    Objects.requireNonNull(target, "target must not be null");
    Objects.requireNonNull(standIn, "standIn must not be null");
    sources = List.copyOf(sources);
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes must be >= 0, was " + bytes);
    }
    if (sources.isEmpty()) {
      throw new IllegalArgumentException("block " + blockId + " has no source");
    }
  }

  /** Identifies the move: one block to one target. */
  public String key() {
    return blockId + ">" + target;
  }
}
