package org.blinkhdfs.demo;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.workload.ThroughputConfig;
import org.blinkhdfs.workload.ThroughputPhase;
import org.blinkhdfs.workload.ThroughputWorkload;
import org.blinkhdfs.workload.WorkloadClock;
import org.blinkhdfs.workload.WorkloadProgress;

/**
 * Data that no cell reads, stored so that the data set is as large as {@code --data-mib}. Every
 * layout stores it alike; only the migration baseline pays for it, by moving it at every change
 * of power, which is what makes its move take longer than a power step (rho &gt; 1, the regime
 * BlinkFS Figs 10, 12(b) and 13 argue about). bench compare and bench kv-signal write it.
 *
 * @param files the files written, to hand to the migration baseline with the data read
 * @param write the write phase, for the run's tally
 */
record ColdData(List<Path> files, ThroughputPhase write) {
  /**
   * Writes {@code mib} MiB in {@code fileCount} equal files under {@code dir} at replication
   * {@code r}, each file by one thread.
   */
  static ColdData write(FileSystem fs, WorkloadClock clock, Path dir, int fileCount, int mib,
      int r, WorkloadProgress progress) throws IOException {
    if (fileCount < 1 || mib < 1) {
      throw new IllegalArgumentException("cold data needs at least one file and one MiB, got "
          + fileCount + " files of " + mib + " MiB in all");
    }
    long fileBytes = ((long) mib << 20) / fileCount;
    ThroughputWorkload cold = new ThroughputWorkload(ThroughputConfig.builder()
        .dir(dir).threads(fileCount).fileBytes(fileBytes)
        .replication(r).timeLimit(Duration.ofMinutes(10)).build(), fs, clock);
    ThroughputPhase w = cold.writePhase(progress);
    List<Path> files = new ArrayList<>(fileCount);
    for (int i = 0; i < fileCount; i++) {
      files.add(cold.file(i));
    }
    return new ColdData(List.copyOf(files), w);
  }
}
