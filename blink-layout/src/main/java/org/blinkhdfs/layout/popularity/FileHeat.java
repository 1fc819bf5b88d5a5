package org.blinkhdfs.layout.popularity;

/**
 * One file as the replication planner sees it.
 *
 * @param path the file
 * @param reads moving average of reads (opens) per period
 * @param writes moving average of writes (creates, appends) per period
 * @param bytes bytes one replica of the file takes (its length)
 * @param baseReplication the replication the file had before any extra replica (its owner's),
 *     or the floor an application group needs when higher; the plan never goes below it
 * @param replication the replication now, below the base when a group's floor was just raised
 */
public record FileHeat(String path, double reads, double writes, long bytes,
    int baseReplication, int replication) {

  public FileHeat {
    if (path == null || path.isEmpty()) {
      throw new IllegalArgumentException("path must be a file path, got '" + path + "'");
    }
    if (reads < 0 || writes < 0 || bytes < 0 || baseReplication < 1 || replication < 1) {
      throw new IllegalArgumentException("file " + path + ": reads " + reads + ", writes "
          + writes + ", bytes " + bytes + ", base replication " + baseReplication
          + ", replication " + replication + ": counts and bytes must be >= 0 and"
          + " replications >= 1");
    }
  }

  /** Bytes the replicas above the base take now (none below it). */
  long extraBytes() {
    return Math.max(0, replication - baseReplication) * bytes;
  }
}
