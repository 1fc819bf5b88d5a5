package org.blinkhdfs.model.api;

import java.util.List;
import java.util.Objects;

/**
 * The answer to {@code getBlockInfo(path)}: every block of one file, in file order, computed
 * against one schedule at one instant ({@link BlockInfo}).
 *
 * @param path the absolute HDFS path asked about
 * @param nowMs the instant of the answer (the proxy's clock)
 * @param schedule the schedule the windows and layouts follow
 * @param blocks the file's blocks in file order
 */
public record FileBlocks(String path, long nowMs, ScheduleRef schedule, List<BlockInfo> blocks) {
  public FileBlocks {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(schedule, "schedule");
    blocks = List.copyOf(blocks);
  }
}
