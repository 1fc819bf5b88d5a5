package org.blinkhdfs.workload;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.stats.DataPattern;

/**
 * BlinkFS's latency benchmark (§6.1, Figure 8, Table 2) against a Hadoop {@link FileSystem}: one
 * thread issuing blocking requests of a fixed size, first random reads of a pre-written data set,
 * then writes of new files, each request timed and its bytes verified.
 *
 * <p>Why this shape: BlinkFS measured "a single-threaded application that issues blocking
 * read/write requests" at different power levels and replication factors; at low power and one
 * replica, reads wait for a sleeping node and the mean and 90th percentile jump from ~60 ms to
 * seconds. The same loop against a blinking HDFS (with {@code BlinkDistributedFileSystem}, which
 * waits for a replica's window) shows how replication and the power-balanced layout hide the
 * sleep.
 *
 * <p>Algorithm:
 *
 * <ol>
 *   <li>{@link #prepare}: write files {@code dir/data/f-00000 .. f-(F-1)} of {@code fileBytes}
 *       with replication r; file {@code i} holds {@code DataPattern(dataSeed)} stream {@code i}. A
 *       setup failure is thrown: there is nothing to measure without the data set.
 *   <li>{@link #readPhase}: {@code readOps} times, draw a file uniformly and an aligned slot
 *       {@code offset = k·requestBytes}, {@code k} uniform in {@code [0, fileBytes/requestBytes)},
 *       from the workload's {@code Random(seed)}; time {@code open}, a positioned {@code
 *       readFully(offset, ...)} and {@code close}; then (untimed) compare the bytes with the
 *       pattern. Opening per request is deliberate: {@code BlinkNetworkTopology} orders replicas
 *       by the schedule when the NameNode answers {@code getBlockLocations}, so a stream kept open
 *       across blink intervals would keep a stale order.
 *   <li>{@link #writePhase}: {@code writeOps} times, time {@code create} of a new file {@code
 *       dir/writes/w-<seed>-<n>}, one write of {@code requestBytes}, {@code hsync} and {@code
 *       close}; then (untimed) read it back and verify it.
 * </ol>
 *
 * <p>Errors: an {@link IOException} of a request is recorded in the {@link PhaseResult} (count,
 * sample, first descriptions) and the loop goes on; it is never swallowed. Each phase stops after
 * its op count, its time limit, or an interrupt, whichever comes first.
 *
 * <p>Example: 4 files of 8 MiB, r = 3, 300 reads of 128 KiB and 50 writes against an in-process
 * MiniDFSCluster of 3 DataNodes on a 2-core machine measured reads at p50 6 ms / p90 23 ms and
 * writes (create, hsync, close through a 3-node pipeline) at p50 49 ms / p90 180 ms, with {@code
 * verifyFailures = 0}; with every replica of a block asleep a read waits up to one blink
 * interval instead.
 *
 * <p>Not thread-safe: one thread runs the phases in turn (the request sequence is deterministic
 * for a seed only in that order); the read phase may itself start {@code clients} reader threads.
 */
public final class LatencyWorkload {
  public static final String NAME = "latency";
  static final int SETUP_CHUNK_BYTES = 1 << 20;

  private final LatencyConfig config;
  private final FileSystem fs;
  private final WorkloadClock clock;
  private final long seed;
  private final Random random;
  private final DataPattern pattern;

  private volatile ServiceGate gate = new ServiceGate();
  private int writesIssued;

  /**
   * @param config what to run
   * @param fs the file system under test (HDFS, possibly {@code BlinkDistributedFileSystem})
   * @param clock wall clock and monotonic nanoseconds
   * @param seed seed of the request sequence (which file and offset each read picks)
   */
  public LatencyWorkload(LatencyConfig config, FileSystem fs, WorkloadClock clock, long seed) {
    if (config == null || fs == null || clock == null) {
      throw new IllegalArgumentException("config, fs and clock must not be null");
    }
    this.config = config;
    this.fs = fs;
    this.clock = clock;
    this.seed = seed;
    this.random = new Random(seed);
    this.pattern = new DataPattern(config.dataSeed());
  }

  public LatencyConfig config() {
    return config;
  }

  /**
   * Makes every read wait at {@code g} while it is closed, the wait timed as part of the read
   * (a migration-based baseline serves nothing while it moves data). A read waits past the
   * phase's time limit until the gate opens (at most {@link ServiceGate#MAX_WAIT_MS}), then runs
   * and counts with its whole wait; the limit only stops new reads. Why: the first bench compare
   * run cut waiting reads at a 10 s limit while the baseline moved data for 20 s, and its
   * latency cell at 20% kept one read of 10.1 ms: the move's wait, the baseline's cost, vanished
   * from p90. Default: a gate that stays open.
   */
  public LatencyWorkload gate(ServiceGate g) {
    if (g == null) {
      throw new IllegalArgumentException("gate must not be null; leave it unset for none");
    }
    this.gate = g;
    return this;
  }

  /** File {@code i} of the read set. */
  public Path dataFile(int i) {
    return new Path(new Path(config.dir(), "data"), String.format(Locale.ROOT, "f-%05d", i));
  }

  public Path writeDir() {
    return new Path(config.dir(), "writes");
  }

  /** Writes the read set; progress is reported per file. Throws on the first failure. */
  public void prepare(WorkloadProgress progress) throws IOException {
    long start = clock.nanos();
    byte[] chunk = new byte[(int) Math.min(SETUP_CHUNK_BYTES, config.fileBytes())];
    progress.onProgress(new ProgressEvent(NAME, "prepare", 0, config.fileCount(), 0, 0, 0));
    for (int i = 0; i < config.fileCount(); i++) {
      HdfsIo.writePatternFile(fs, dataFile(i), config.replication(), config.blockBytes(), pattern,
          i, config.fileBytes(), chunk);
      progress.onProgress(new ProgressEvent(NAME, "prepare", i + 1, config.fileCount(), 0, 0,
          (clock.nanos() - start) / 1e6));
    }
  }

  /**
   * Random positioned reads of the read set (which {@link #prepare} must have written). With
   * {@code clients > 1}, that many independent blocking readers share the op count (client k
   * does {@code ⌊readOps/K⌋}, one more for the first {@code readOps mod K}), each with its own
   * request sequence and think time from {@code Random(seed + k·0x9E3779B97F4A7C15)}, all
   * stopped by one deadline.
   */
  public PhaseResult readPhase(WorkloadProgress progress) {
    PhaseRecorder rec = new PhaseRecorder(NAME, "read", config.readOps(), clock, progress);
    Deadline deadline = new Deadline(clock, rec.startNanos(), config.timeLimit());
    int clients = Math.min(config.clients(), Math.max(1, config.readOps()));
    if (clients == 1) {
      return rec.finish(readLoop(rec, deadline, config.readOps(), random));
    }
    List<Thread> threads = new ArrayList<>();
    StopReason[] stops = new StopReason[clients];
    for (int k = 0; k < clients; k++) {
      int ops = config.readOps() / clients + (k < config.readOps() % clients ? 1 : 0);
      Random own = new Random(seed + k * 0x9E3779B97F4A7C15L);
      int client = k;
      Thread t = new Thread(() -> stops[client] = readLoop(rec, deadline, ops, own),
          "latency-reader-" + k);
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
    try {
      for (Thread t : threads) {
        t.join();
      }
    } catch (InterruptedException e) {
      threads.forEach(Thread::interrupt);
      Thread.currentThread().interrupt();
      return rec.finish(StopReason.INTERRUPTED);
    }
    for (StopReason r : stops) {
      if (r != StopReason.COMPLETED) {
        return rec.finish(r);
      }
    }
    return rec.finish(StopReason.COMPLETED);
  }

  /** One blocking reader: {@code ops} reads drawn from {@code rnd}, each after a think time. */
  private StopReason readLoop(PhaseRecorder rec, Deadline deadline, int ops, Random rnd) {
    byte[] buf = new byte[config.requestBytes()];
    for (int op = 0; op < ops; op++) {
      Optional<StopReason> stop = deadline.stopNow();
      if (stop.isPresent()) {
        return stop.get();
      }
      int file = rnd.nextInt(config.fileCount());
      long offset = rnd.nextLong(config.slotsPerFile()) * config.requestBytes();
      if (!think(deadline, rnd)) {
        return deadline.stopNow().orElse(StopReason.INTERRUPTED);
      }
      if (!readOnce(rec, file, offset, buf)) {
        return deadline.stopNow().orElse(StopReason.INTERRUPTED);
      }
    }
    return StopReason.COMPLETED;
  }

  /** Timed creation of new files of one request each, verified by reading them back. */
  public PhaseResult writePhase(WorkloadProgress progress) {
    PhaseRecorder rec = new PhaseRecorder(NAME, "write", config.writeOps(), clock, progress);
    Deadline deadline = new Deadline(clock, rec.startNanos(), config.timeLimit());
    byte[] buf = new byte[config.requestBytes()];
    byte[] back = new byte[config.requestBytes() + 1];
    for (int op = 0; op < config.writeOps(); op++) {
      Optional<StopReason> stop = deadline.stopNow();
      if (stop.isPresent()) {
        return rec.finish(stop.get());
      }
      writeOnce(rec, buf, back);
    }
    return rec.finish(StopReason.COMPLETED);
  }

  /** {@link #prepare}, then {@link #readPhase}, then {@link #writePhase}. */
  public LatencyResult run(WorkloadProgress progress) throws IOException {
    prepare(progress);
    PhaseResult read = readPhase(progress);
    PhaseResult write = writePhase(progress);
    return new LatencyResult(config, seed, read, write);
  }

  /** Deletes {@code config.dir()} and everything under it. */
  public void cleanup() throws IOException {
    fs.delete(config.dir(), true);
  }

  /**
   * Pauses an exponentially distributed time of mean {@code thinkTime} (nothing when zero),
   * never past the deadline; false when interrupted or out of time.
   */
  private boolean think(Deadline deadline, Random rnd) {
    return ThinkTime.pause(config.thinkTime(), deadline, rnd);
  }

  /**
   * One timed read, after the gate (see {@link #gate}); false when the read was not issued
   * because the gate stayed closed for {@link ServiceGate#MAX_WAIT_MS} or the thread was
   * interrupted there.
   */
  private boolean readOnce(PhaseRecorder rec, int file, long offset, byte[] buf) {
    String target = String.format(Locale.ROOT, "f-%05d@%d", file, offset);
    long t0 = clock.nanos();
    if (!gate.pass()) {
      return false;
    }
    try (FSDataInputStream in = fs.open(dataFile(file))) {
      in.readFully(offset, buf, 0, buf.length);
    } catch (IOException e) {
      rec.failed(target, t0, clock.nanos(), e);
      return true;
    }
    long t1 = clock.nanos();
    rec.completed(target, t0, t1, buf.length,
        pattern.firstMismatch(file, offset, buf, 0, buf.length));
    return true;
  }

  private void writeOnce(PhaseRecorder rec, byte[] buf, byte[] back) {
    String name = String.format(Locale.ROOT, "w-%016x-%06d", seed, writesIssued++);
    Path path = new Path(writeDir(), name);
    long stream = DataPattern.streamIdOf(name);
    pattern.fill(stream, 0, buf, 0, buf.length);
    long t0 = clock.nanos();
    try (FSDataOutputStream out =
        HdfsIo.create(fs, path, config.replication(), config.blockBytes())) {
      out.write(buf);
      out.hsync();
    } catch (IOException e) {
      rec.failed(name, t0, clock.nanos(), e);
      return;
    }
    long t1 = clock.nanos();
    int n;
    try (FSDataInputStream in = fs.open(path)) {
      n = HdfsIo.readUpTo(in, back, back.length);
    } catch (IOException e) {
      rec.failed(name + " (read-back)", t0, t1, e);
      return;
    }
    int mismatch = n == buf.length ? pattern.firstMismatch(stream, 0, back, 0, n)
        : Math.min(n, buf.length);
    rec.completed(name, t0, t1, buf.length, mismatch);
  }
}
