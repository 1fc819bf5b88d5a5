package org.blinkhdfs.layout.migrate;

import java.util.List;
import java.util.Objects;

/**
 * One block as the NameNode reports it now: the planner's input. Holders are node names as the
 * ring names them (a DataNode's transfer address {@code host:port}); a holder off the ring
 * (a staging node, a DataNode the schedule does not name) is a stand-in the relayout replaces.
 *
 * <p>Example: {@code new BlockReplicas(7, 134217728, 3, List.of("10.0.0.11:9866",
 * "10.0.0.15:9866", "10.0.0.17:9866"))}, a full 128 MiB block of a file with replication 3.
 *
 * @param blockId the block's ID (or any key unique within one plan)
 * @param bytes the block's length in bytes (every replica has it)
 * @param replication the file's replication factor, what the layout must hold
 * @param holders the nodes that hold a replica now, each once
 */
public record BlockReplicas(long blockId, long bytes, int replication, List<String> holders) {
  /**
   * Copies the holders.
   *
   * @throws IllegalArgumentException naming the block when bytes &lt; 0, replication &lt; 1, or a
   *     holder is blank or listed twice
   */
  public BlockReplicas {
    holders = List.copyOf(Objects.requireNonNull(holders, "holders must not be null"));
    if (bytes < 0) {
      throw new IllegalArgumentException("block " + blockId + ": bytes = " + bytes
          + " must be >= 0 (the block's length)");
    }
    if (replication < 1) {
      throw new IllegalArgumentException("block " + blockId + ": replication = " + replication
          + " must be >= 1 (the file's replication factor)");
    }
    if (holders.stream().anyMatch(String::isBlank) || holders.stream().distinct().count()
        != holders.size()) {
      throw new IllegalArgumentException("block " + blockId + ": holders " + holders
          + " must be distinct node names (one replica per DataNode)");
    }
  }
}
