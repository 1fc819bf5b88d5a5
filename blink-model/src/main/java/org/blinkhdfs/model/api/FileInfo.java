package org.blinkhdfs.model.api;

import java.util.Objects;

/**
 * {@code getFileInfo(path)}: a file's HDFS attributes and how available its blocks are under the
 * schedule in force, so an application can decide whether to read now or later.
 *
 * <p>{@code allReadableByMs} is the instant by which every block has had an awake replica: the
 * latest of the blocks' {@link BlockInfo#readableAtMs()}. A reader that reads the blocks as they
 * become readable is done waiting by then; it is the answer's {@code nowMs} when every block is
 * readable now (and for an empty file), and null when some block never has an awake replica in
 * this epoch.
 *
 * <p>Example: 3 blocks, two on awake nodes and one whose replicas wake in 12 s:
 * {@code blocks.readableNow = 2}, {@code allReadableByMs = nowMs + 12000}.
 *
 * @param path the absolute HDFS path asked about
 * @param nowMs the instant of the answer (the proxy's clock)
 * @param schedule the schedule the counts follow
 * @param status the file's HDFS attributes
 * @param blocks how many blocks are in layout, staged and readable now ({@link BlockInfo})
 * @param allReadableByMs see above
 */
public record FileInfo(String path, long nowMs, ScheduleRef schedule, Status status,
    Counts blocks, Long allReadableByMs) {

  /**
   * The file's HDFS attributes, as {@code hdfs dfs -stat} shows them.
   *
   * @param length bytes
   * @param replication the file's replication factor
   * @param blockSize the file's block size, bytes
   * @param modificationTimeMs last modification, epoch ms
   * @param owner the owner
   * @param group the group
   * @param permission symbolic, e.g. {@code rw-r--r--}
   * @param underConstruction open for writing (its last block may still grow)
   */
  public record Status(long length, int replication, long blockSize, long modificationTimeMs,
      String owner, String group, String permission, boolean underConstruction) {}

  /**
   * Block counts ({@link BlockInfo.LayoutState}).
   *
   * @param total blocks of the file
   * @param inLayout blocks IN_LAYOUT
   * @param staged blocks STAGED
   * @param readableNow blocks with a replica awake now
   */
  public record Counts(int total, int inLayout, int staged, int readableNow) {}

  public FileInfo {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(schedule, "schedule");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(blocks, "blocks");
  }

  /** The file info of {@code blocks}, the {@link FileBlocks} answer for the same instant. */
  public static FileInfo of(FileBlocks blocks, Status status) {
    int inLayout = 0;
    int staged = 0;
    int readable = 0;
    Long allBy = blocks.nowMs();
    for (BlockInfo b : blocks.blocks()) {
      inLayout += b.state() == BlockInfo.LayoutState.IN_LAYOUT ? 1 : 0;
      staged += b.state() == BlockInfo.LayoutState.STAGED ? 1 : 0;
      readable += b.readableNow() ? 1 : 0;
      if (allBy != null) {
        allBy = b.readableAtMs() == null ? null : Math.max(allBy, b.readableAtMs());
      }
    }
    return new FileInfo(blocks.path(), blocks.nowMs(), blocks.schedule(), status,
        new Counts(blocks.blocks().size(), inLayout, staged, readable), allBy);
  }
}
