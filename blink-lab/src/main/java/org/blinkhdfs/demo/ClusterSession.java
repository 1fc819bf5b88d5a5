package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.ReportCell;

/**
 * What {@link DemoRunner} runs on one layout's fresh cluster: the demo's power sweep ({@link
 * LayoutSession}) or the gears comparison ({@link GearsSession}). The runner owns the cluster,
 * the health sampler and the common correctness checks ({@link LayoutChecks}); a session adds its
 * cells, its own checks and notes for the report.
 */
interface ClusterSession {
  /** Writes the data, then measures; the power is back at 100% when the runner checks. */
  void run(FileSystem fs) throws IOException, InterruptedException;

  List<ReportCell> cells();

  /** Totals for the common checks (bytes verified, failed reads and writes). */
  Tally tally();

  /** Checks only this session can make. */
  List<Check> checks();

  /** Lines the report must carry (e.g. a minimum gear kept on above the budget). */
  List<String> notes();

  /**
   * Files of this session's own beside the standard report (e.g. {@code bench relay}'s {@code
   * relay.md}), written into the report directory after the run; returns their paths.
   */
  default List<java.nio.file.Path> writeFiles(java.nio.file.Path outDir) throws IOException {
    return List.of();
  }
}
