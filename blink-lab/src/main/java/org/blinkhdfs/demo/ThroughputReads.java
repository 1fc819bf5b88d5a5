package org.blinkhdfs.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.blinkhdfs.bench.report.ReadTrace;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.workload.ThroughputPhase;
import org.blinkhdfs.workload.ThroughputWorkload;

/**
 * Every read call of one layout's throughput rounds, written as {@code
 * throughput-reads-<layout>.csv} beside the report: which round, which reader, when in the blink
 * interval, how long, and which DataNode served it.
 *
 * <p>Why: a round's MiB/s is one number per round, and under blinking the rounds are bimodal (a
 * round is one sleep longer when some reader's DataNode falls asleep in the middle of a block,
 * because a frozen DataNode's connection just waits for the thaw). Which reads were slow, on
 * which node and at what phase, is what tells that apart from a slow machine, and it is what
 * {@code sim --validate}'s model ({@code FileReadSim}) can be checked against read by read.
 *
 * <p>The format is {@link ReadTrace}'s (times from the bench's clock, phases from the schedule
 * in force). With the bench's 1 MiB chunks and blocks a call is one block.
 *
 * <p>Listener calls come from the readers' threads: {@link #listener} is synchronised. Not for
 * concurrent rounds.
 */
final class ThroughputReads {
  private record Read(int thread, long offset, int bytes, long startMs, long endMs,
      String dataNode) {}

  private final String layout;
  private final StringBuilder csv = new StringBuilder(ReadTrace.header());
  private final List<Read> round = new ArrayList<>();

  ThroughputReads(String layout) {
    this.layout = layout;
  }

  /** Records the reads of the next round until {@link #endRound}. */
  ThroughputWorkload.ChunkListener listener() {
    return (file, offset, bytes, startMs, endMs, dataNode) -> {
      synchronized (round) {
        round.add(new Read(file, offset, bytes, startMs, endMs, dataNode));
      }
    };
  }

  /** Files the recorded reads under {@code power} and round {@code index} of {@code phase}. */
  void endRound(int power, int index, ThroughputPhase phase, Schedule s) {
    synchronized (round) {
      for (Read r : round) {
        csv.append(ReadTrace.record(new ReadTrace.Row(power, index, phase.startEpochMs(),
            phase.wallMs(), r.thread(), r.offset(), r.bytes(), r.startMs(),
            s.phaseMs(r.startMs()), r.endMs() - r.startMs(), r.dataNode())));
      }
      round.clear();
    }
  }

  /** Writes the file into {@code dir}; returns its path. */
  Path write(Path dir) throws IOException {
    Files.createDirectories(dir);
    return Files.writeString(dir.resolve(ReadTrace.fileName(layout)), csv,
        StandardCharsets.UTF_8);
  }
}
