package org.blinkhdfs.workload;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.stats.DataPattern;

/**
 * TestDFSIO-style sequential throughput (BlinkFS §6.1, Figures 7 and 9; Le et al.'s PARAID-in-HDFS
 * comparison): T threads each write one file of S bytes, then, in a separate phase, each reads its
 * file back sequentially and verifies every byte.
 *
 * <p>Why: the number that should track power is the cluster's aggregate bandwidth. With
 * per-DataNode bandwidth limits (see ARCHITECTURE.md, "How blinking is emulated"), aggregate
 * MiB/s scales with the number of awake nodes; per-file rates show stragglers (a file whose
 * pipeline waited for a sleeping node).
 *
 * <p>Algorithm, per phase: start T threads, release them together ({@link Parallel}), take the
 * start time; thread {@code i} handles {@code dir/io_data/file-0000i}:
 *
 * <ul>
 *   <li>write: {@code create} (replication r, block size), write {@code bufferBytes} chunks of
 *       {@code DataPattern(dataSeed)} stream {@code i}, {@code close};
 *   <li>read: {@code open}, read {@code bufferBytes} chunks sequentially, compare each with the
 *       pattern, then check that the file ends at S; {@code close}.
 * </ul>
 *
 * The phase ends when all threads are done; {@code wallMs} runs from the release to then, and the
 * aggregate rate is {@code total bytes / wallMs} ({@link ThroughputPhase}). Each file's duration
 * runs from create/open to close. Pattern generation and verification (several GB/s per core)
 * are inside the timed loop, as the buffer fill is in TestDFSIO; they are negligible against HDFS
 * rates.
 *
 * <p>Errors and limits: an {@link IOException} ends that file with {@code ERROR} (recorded with
 * its message, never swallowed); other files go on. Every loop is bounded by S; before each chunk
 * the thread checks the phase's time limit and its interrupt flag, ending the file {@code
 * INCOMPLETE}. The coordinator waits at most the time limit plus one minute for threads blocked
 * inside HDFS, then interrupts them; files that never return are reported as {@code ERROR}.
 *
 * <p>Example: 4 threads × 64 MiB, r = 3, on 4 DataNodes each limited to 10 MiB/s of writes: the
 * write phase moves 256 MiB of client data (768 MiB of replica writes) at about 40/3 ≈ 13 MiB/s
 * aggregate.
 *
 * <p>Deterministic (no randomness: file contents come from {@code config.dataSeed()}). One phase
 * at a time; not thread-safe.
 */
public final class ThroughputWorkload {
  public static final String NAME = "dfsio";
  /** Extra wait for threads blocked inside HDFS once the time limit has passed. */
  static final Duration BLOCKED_IO_GRACE = Duration.ofMinutes(1);

  private final ThroughputConfig config;
  private final FileSystem fs;
  private final WorkloadClock clock;
  private final DataPattern pattern;
  private volatile ChunkListener chunks = ChunkListener.NONE;

  /**
   * Told about every read call of the read phase, from the reading thread: which file, which
   * bytes, when (epoch ms of the workload clock) and from which DataNode ({@code host:port}, empty
   * when unknown). With chunks of one block (the bench's 1 MiB both) a call is one block read,
   * gate wait included, which is what shows a reader stuck on a node that fell asleep.
   */
  @FunctionalInterface
  public interface ChunkListener {
    ChunkListener NONE = (file, offset, bytes, startMs, endMs, dataNode) -> { };

    void read(int file, long offset, int bytes, long startMs, long endMs, String dataNode);
  }

  public ThroughputWorkload(ThroughputConfig config, FileSystem fs, WorkloadClock clock) {
    if (config == null || fs == null || clock == null) {
      throw new IllegalArgumentException("config, fs and clock must not be null");
    }
    this.config = config;
    this.fs = fs;
    this.clock = clock;
    this.pattern = new DataPattern(config.dataSeed());
  }

  public ThroughputConfig config() {
    return config;
  }

  /** The file thread {@code i} writes and reads. */
  public Path file(int i) {
    return new Path(new Path(config.dir(), "io_data"), String.format(Locale.ROOT, "file-%05d", i));
  }

  /** Sets the listener of the read phases from now on ({@link ChunkListener#NONE}: none). */
  public void onChunkRead(ChunkListener listener) {
    this.chunks = Objects.requireNonNull(listener, "listener");
  }

  /** Each thread writes its file. */
  public ThroughputPhase writePhase(WorkloadProgress progress) {
    return phase("write", progress, this::writeFile);
  }

  /** Each thread reads its file (written by {@link #writePhase}) and verifies it. */
  public ThroughputPhase readPhase(WorkloadProgress progress) {
    return phase("read", progress, this::readFile);
  }

  /** {@link #writePhase}, then {@link #readPhase}. */
  public ThroughputResult run(WorkloadProgress progress) {
    ThroughputPhase write = writePhase(progress);
    ThroughputPhase read = readPhase(progress);
    return new ThroughputResult(config, write, read);
  }

  /** Deletes {@code config.dir()} and everything under it. */
  public void cleanup() throws IOException {
    fs.delete(config.dir(), true);
  }

  @FunctionalInterface
  private interface FileTask {
    FileRate run(int index, Deadline deadline);
  }

  private ThroughputPhase phase(String name, WorkloadProgress progress, FileTask task) {
    int t = config.threads();
    long[] start = new long[2]; // nanos, epoch ms: set on release
    FileProgress files = new FileProgress(name, t, progress);
    List<Supplier<FileRate>> tasks = new ArrayList<>();
    for (int i = 0; i < t; i++) {
      int index = i;
      tasks.add(() -> files.done(task.run(index,
          new Deadline(clock, start[0], config.timeLimit())), clock.nanos() - start[0]));
    }
    List<Optional<FileRate>> got = Parallel.runAll("blink-" + NAME + "-" + name, tasks, () -> {
      start[1] = clock.wall().millis();
      start[0] = clock.nanos();
      progress.onProgress(new ProgressEvent(NAME, name, 0, t, 0, 0, 0));
    }, config.timeLimit().plus(BLOCKED_IO_GRACE));
    double wallMs = (clock.nanos() - start[0]) / 1e6;
    List<FileRate> rates = new ArrayList<>();
    for (int i = 0; i < t; i++) {
      rates.add(got.get(i).orElse(neverFinished(i, wallMs)));
    }
    boolean cut = got.stream().anyMatch(Optional::isEmpty)
        || rates.stream().anyMatch(r -> r.outcome() == OpOutcome.INCOMPLETE);
    StopReason reason = Thread.currentThread().isInterrupted() ? StopReason.INTERRUPTED
        : cut ? StopReason.TIME_LIMIT : StopReason.COMPLETED;
    return ThroughputPhase.of(name, t, start[1], wallMs, reason, rates);
  }

  private FileRate neverFinished(int i, double wallMs) {
    return new FileRate(i, file(i).toString(), 0, wallMs, OpOutcome.ERROR, -1,
        "did not finish within timeLimit + " + BLOCKED_IO_GRACE + " (blocked in HDFS?)");
  }

  private FileRate writeFile(int i, Deadline deadline) {
    Path path = file(i);
    byte[] chunk = new byte[(int) Math.min(config.bufferBytes(), config.fileBytes())];
    long done = 0;
    long t0 = clock.nanos();
    try (FSDataOutputStream out =
        HdfsIo.create(fs, path, config.replication(), config.blockBytes())) {
      while (done < config.fileBytes() && deadline.stopNow().isEmpty()) {
        int n = (int) Math.min(chunk.length, config.fileBytes() - done);
        pattern.fill(i, done, chunk, 0, n);
        out.write(chunk, 0, n);
        done += n;
      }
    } catch (IOException e) {
      return new FileRate(i, path.toString(), done, ms(t0), OpOutcome.ERROR, -1,
          HdfsIo.describe(e));
    }
    OpOutcome outcome = done == config.fileBytes() ? OpOutcome.OK : OpOutcome.INCOMPLETE;
    return new FileRate(i, path.toString(), done, ms(t0), outcome, -1,
        outcome == OpOutcome.OK ? "" : "stopped after " + done + " bytes");
  }

  private FileRate readFile(int i, Deadline deadline) {
    Path path = file(i);
    byte[] chunk = new byte[(int) Math.min(config.bufferBytes(), config.fileBytes()) + 1];
    long done = 0;
    long mismatchAt = -1;
    long t0 = clock.nanos();
    try (FSDataInputStream in = fs.open(path)) {
      while (done < config.fileBytes() && deadline.stopNow().isEmpty()) {
        int want = (int) Math.min(chunk.length - 1, config.fileBytes() - done);
        long startMs = clock.wall().millis();
        int n = HdfsIo.readUpTo(in, chunk, want);
        chunks.read(i, done, n, startMs, clock.wall().millis(), HdfsIo.currentDataNode(in));
        int bad = pattern.firstMismatch(i, done, chunk, 0, n);
        if (mismatchAt < 0 && bad >= 0) {
          mismatchAt = done + bad;
        }
        done += n;
        if (n < want) {
          mismatchAt = mismatchAt < 0 ? done : mismatchAt; // file shorter than written
          break;
        }
      }
      if (done == config.fileBytes() && mismatchAt < 0 && in.read() >= 0) {
        mismatchAt = done; // file longer than written
      }
    } catch (IOException e) {
      return new FileRate(i, path.toString(), done, ms(t0), OpOutcome.ERROR, mismatchAt,
          HdfsIo.describe(e));
    }
    return readOutcome(i, path, done, ms(t0), mismatchAt);
  }

  private FileRate readOutcome(int i, Path path, long done, double ms, long mismatchAt) {
    if (mismatchAt >= 0) {
      return new FileRate(i, path.toString(), done, ms, OpOutcome.VERIFY_FAILED, mismatchAt,
          "first wrong byte (or length) at offset " + mismatchAt + " of " + config.fileBytes());
    }
    if (done < config.fileBytes()) {
      return new FileRate(i, path.toString(), done, ms, OpOutcome.INCOMPLETE, -1,
          "stopped after " + done + " bytes");
    }
    return new FileRate(i, path.toString(), done, ms, OpOutcome.OK, -1, "");
  }

  private double ms(long t0) {
    return (clock.nanos() - t0) / 1e6;
  }

  /** Counts finished files and reports them; serialises progress calls across threads. */
  private static final class FileProgress {
    private final String phase;
    private final int total;
    private final WorkloadProgress progress;
    private int done;
    private int verifyFailures;
    private int errors;

    FileProgress(String phase, int total, WorkloadProgress progress) {
      this.phase = phase;
      this.total = total;
      this.progress = progress;
    }

    synchronized FileRate done(FileRate r, long elapsedNanos) {
      done++;
      verifyFailures += r.outcome() == OpOutcome.VERIFY_FAILED ? 1 : 0;
      errors += r.outcome() == OpOutcome.ERROR ? 1 : 0;
      progress.onProgress(new ProgressEvent(NAME, phase, done, total, verifyFailures, errors,
          elapsedNanos / 1e6));
      return r;
    }
  }
}
