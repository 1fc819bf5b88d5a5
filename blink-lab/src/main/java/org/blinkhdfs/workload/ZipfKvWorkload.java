package org.blinkhdfs.workload;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.stats.Crc32c;
import org.blinkhdfs.bench.stats.DataPattern;
import org.blinkhdfs.bench.stats.SplitMix64;
import org.blinkhdfs.bench.stats.ZipfSampler;

/**
 * A MemcacheDB-like key-value read workload (BlinkFS §6.2, Figure 12): many small objects, keys
 * requested with Zipf popularity, each get timed and verified.
 *
 * <p>Storage choice: objects are <em>packed</em> into a few large pack files with an index, not
 * stored one file per object. BlinkFS ran MemcacheDB over BerkeleyDB, whose data lives in a few
 * large database files read with positioned I/O, and that is also how HDFS wants small objects:
 * one file per 4–64 KiB object costs a NameNode inode and block (~300 bytes of heap) each, a
 * block per object in every block report, and a NameNode round trip plus a new DataNode
 * connection per get, so the benchmark would measure NameNode metadata load rather than the
 * blinking DataNodes. Packed, many objects share an HDFS block, so popularity concentrates at
 * block granularity, where BlinkFS's placement and popularity replication act.
 *
 * <p>Algorithm:
 *
 * <ol>
 *   <li>{@link #prepare}: for each pack {@code p}, append the objects of keys {@code k ≡ p (mod
 *       packCount)} in key order to {@code dir/packs/pack-0000p}; object {@code k} is bytes
 *       {@code [0, size(k))} of {@code DataPattern(dataSeed)} stream {@code k} ({@link KvLayout}).
 *       Then write {@code dir/index} ({@link KvIndex}: pack, offset, length, CRC32C per key).
 *   <li>{@link #getPhase}: load and check the index (untimed), then on {@code threads} threads
 *       ({@code getOps} split evenly; thread {@code t} draws from {@code Random(mix(seed + t))}):
 *       draw a rank from {@link ZipfSampler} {@code (keyCount, zipfExponent)}, map it to a key
 *       ({@link KvLayout#keyOfRank}), and time {@code open} of its pack, a positioned {@code
 *       readFully(offset, length)} and {@code close}; then verify the bytes against the pattern
 *       and the index CRC. A pack is opened per get for the same reason as in {@link
 *       LatencyWorkload}: the NameNode orders replicas by the current schedule at open.
 * </ol>
 *
 * <p>Errors, limits: an {@link IOException} of a get is recorded and the loop goes on; setup
 * and index failures are thrown. The phase stops after {@code getOps}, its time limit, or an
 * interrupt; threads blocked inside HDFS get one extra minute before being interrupted.
 *
 * <p>Example: 2 000 keys, s = 1.2: the hottest key draws {@code P(1) = 1/H(2000, 1.2) ≈ 0.23} of
 * all gets and the top 10 keys about half, so a few blocks dominate; with one replica those
 * blocks' DataNodes set the latency at low power.
 *
 * <p>Not thread-safe: one phase at a time.
 */
public final class ZipfKvWorkload {
  public static final String NAME = "zipf-kv";

  private final ZipfKvConfig config;
  private final FileSystem fs;
  private final WorkloadClock clock;
  private final long seed;
  private final DataPattern pattern;
  private final KvLayout layout;
  private final ZipfSampler zipf;
  private volatile ServiceGate gate = new ServiceGate();

  /**
   * @param config what to run
   * @param fs the file system under test
   * @param clock wall clock and monotonic nanoseconds
   * @param seed seed of the key sequence
   */
  public ZipfKvWorkload(ZipfKvConfig config, FileSystem fs, WorkloadClock clock, long seed) {
    if (config == null || fs == null || clock == null) {
      throw new IllegalArgumentException("config, fs and clock must not be null");
    }
    this.config = config;
    this.fs = fs;
    this.clock = clock;
    this.seed = seed;
    this.pattern = new DataPattern(config.dataSeed());
    this.layout = new KvLayout(config);
    this.zipf = ZipfSampler.of(config.keyCount(), config.zipfExponent());
  }

  public ZipfKvConfig config() {
    return config;
  }

  /**
   * Makes every get wait at {@code g} while it is closed, the wait timed as part of the get, as
   * {@link LatencyWorkload#gate} does for reads: the migration-based baseline of bench kv-signal
   * serves nothing while it moves the packs. A get waits past the phase's time limit until the
   * gate opens (at most {@link ServiceGate#MAX_WAIT_MS}); the limit only stops new gets.
   * Default: a gate that stays open.
   */
  public ZipfKvWorkload gate(ServiceGate g) {
    if (g == null) {
      throw new IllegalArgumentException("gate must not be null; leave it unset for none");
    }
    this.gate = g;
    return this;
  }

  /** Every pack file, the data the gets read (with the index, which is read once before them). */
  public List<Path> packFiles() {
    List<Path> packs = new ArrayList<>(config.packCount());
    for (int i = 0; i < config.packCount(); i++) {
      packs.add(packFile(i));
    }
    return packs;
  }

  public Path packFile(int pack) {
    return new Path(new Path(config.dir(), "packs"), String.format(Locale.ROOT, "pack-%05d", pack));
  }

  public Path indexFile() {
    return new Path(config.dir(), "index");
  }

  /**
   * The share of gets each pack file receives in expectation: the Zipf probabilities of the keys
   * it holds. With a few packs every pack holds hot keys; with many, a few packs carry most gets,
   * which is what lets popularity replication choose among files.
   */
  public double[] packShares() {
    double[] share = new double[config.packCount()];
    for (int rank = 1; rank <= config.keyCount(); rank++) {
      share[layout.packOf(layout.keyOfRank(rank))] += zipf.probability(rank);
    }
    return share;
  }

  /** The key with popularity rank {@code rank} (1 = hottest). */
  public int keyOfRank(int rank) {
    if (rank < 1 || rank > config.keyCount()) {
      throw new IllegalArgumentException("rank must be in [1, " + config.keyCount() + "], got "
          + rank + ": ranks start at 1 (hottest)");
    }
    return layout.keyOfRank(rank);
  }

  /** Writes the packs and the index; returns the index. Throws on the first failure. */
  public KvIndex prepare(WorkloadProgress progress) throws IOException {
    int keys = config.keyCount();
    int[] pack = new int[keys];
    long[] offset = new long[keys];
    int[] length = new int[keys];
    int[] crc = new int[keys];
    byte[] buf = new byte[config.maxObjectBytes()];
    long start = clock.nanos();
    progress.onProgress(new ProgressEvent(NAME, "prepare", 0, config.packCount(), 0, 0, 0));
    for (int p = 0; p < config.packCount(); p++) {
      try (FSDataOutputStream out =
          HdfsIo.create(fs, packFile(p), config.replication(), config.blockBytes())) {
        long at = 0;
        for (int k = p; k < keys; k += config.packCount()) {
          int n = layout.objectBytes(k);
          pattern.fill(k, 0, buf, 0, n);
          out.write(buf, 0, n);
          pack[k] = p;
          offset[k] = at;
          length[k] = n;
          crc[k] = Crc32c.of(buf, 0, n);
          at += n;
        }
      }
      progress.onProgress(new ProgressEvent(NAME, "prepare", p + 1, config.packCount(), 0, 0,
          (clock.nanos() - start) / 1e6));
    }
    KvIndex index = new KvIndex(config.packCount(), config.dataSeed(), pack, offset, length, crc);
    try (FSDataOutputStream out = HdfsIo.create(fs, indexFile(), config.replication(), 0)) {
      out.write(index.encode());
    }
    return index;
  }

  /** Reads and checks the index; it must have been written for this configuration. */
  public KvIndex loadIndex() throws IOException {
    Path path = indexFile();
    FileStatus st = fs.getFileStatus(path);
    long expected = KvIndex.encodedBytes(config.keyCount());
    if (st.getLen() != expected) {
      throw new IOException("key-value index " + path + " has " + st.getLen() + " bytes, but "
          + "keyCount=" + config.keyCount() + " needs " + expected + ": run prepare with this "
          + "configuration");
    }
    byte[] data = new byte[(int) expected];
    try (FSDataInputStream in = fs.open(path)) {
      in.readFully(0, data, 0, data.length);
    }
    KvIndex index = KvIndex.decode(data, path.toString());
    if (index.packCount() != config.packCount() || index.dataSeed() != config.dataSeed()) {
      throw new IOException("key-value index " + path + " was written for packCount="
          + index.packCount() + ", dataSeed=" + index.dataSeed() + " but the configuration has "
          + "packCount=" + config.packCount() + ", dataSeed=" + config.dataSeed()
          + ": run prepare with this configuration");
    }
    return index;
  }

  /** Loads the index, then runs the timed, verified gets. */
  public ZipfKvResult getPhase(WorkloadProgress progress) throws IOException {
    KvIndex index = loadIndex();
    AtomicIntegerArray hits = new AtomicIntegerArray(config.keyCount());
    PhaseRecorder rec = new PhaseRecorder(NAME, "get", config.getOps(), clock, progress);
    Deadline deadline = new Deadline(clock, rec.startNanos(), config.timeLimit());
    List<Supplier<StopReason>> threads = new ArrayList<>();
    for (int t = 0; t < config.threads(); t++) {
      int ops = config.getOps() / config.threads()
          + (t < config.getOps() % config.threads() ? 1 : 0);
      Random random = new Random(SplitMix64.mix(seed + t));
      threads.add(() -> getLoop(ops, random, index, rec, deadline, hits));
    }
    StopReason reason = threads.size() == 1 ? threads.get(0).get() : runThreads(threads);
    PhaseResult gets = rec.finish(reason);
    return summarise(index, gets, hits);
  }

  /** {@link #prepare}, then {@link #getPhase}. */
  public ZipfKvResult run(WorkloadProgress progress) throws IOException {
    prepare(progress);
    return getPhase(progress);
  }

  /** Deletes {@code config.dir()} and everything under it. */
  public void cleanup() throws IOException {
    fs.delete(config.dir(), true);
  }

  private StopReason runThreads(List<Supplier<StopReason>> threads) {
    List<Optional<StopReason>> got = Parallel.runAll("blink-" + NAME, threads, () -> { },
        config.timeLimit().plus(ThroughputWorkload.BLOCKED_IO_GRACE));
    if (Thread.currentThread().isInterrupted()
        || got.stream().anyMatch(o -> o.orElse(null) == StopReason.INTERRUPTED)) {
      return StopReason.INTERRUPTED;
    }
    if (got.stream().anyMatch(o -> o.orElse(StopReason.TIME_LIMIT) == StopReason.TIME_LIMIT)) {
      return StopReason.TIME_LIMIT;
    }
    return StopReason.COMPLETED;
  }

  private StopReason getLoop(int ops, Random random, KvIndex index, PhaseRecorder rec,
      Deadline deadline, AtomicIntegerArray hits) {
    byte[] buf = new byte[config.maxObjectBytes()];
    for (int op = 0; op < ops; op++) {
      Optional<StopReason> stop = deadline.stopNow();
      if (stop.isPresent()) {
        return stop.get();
      }
      int key = layout.keyOfRank(zipf.sample(random));
      if (!ThinkTime.pause(config.thinkTime(), deadline, random)) {
        return deadline.stopNow().orElse(StopReason.INTERRUPTED);
      }
      hits.incrementAndGet(key);
      getOnce(rec, index.entry(key), buf);
    }
    return StopReason.COMPLETED;
  }

  private void getOnce(PhaseRecorder rec, KvEntry e, byte[] buf) {
    String target = "key-" + e.key();
    long t0 = clock.nanos();
    if (!gate.pass()) {
      return;
    }
    try (FSDataInputStream in = fs.open(packFile(e.pack()))) {
      in.readFully(e.offset(), buf, 0, e.length());
    } catch (IOException ex) {
      rec.failed(target, t0, clock.nanos(), ex);
      return;
    }
    long t1 = clock.nanos();
    int mismatch = pattern.firstMismatch(e.key(), 0, buf, 0, e.length());
    if (mismatch < 0 && Crc32c.of(buf, 0, e.length()) != e.crc32c()) {
      mismatch = 0; // bytes match the pattern but not the index: the index entry is wrong
    }
    rec.completed(target, t0, t1, e.length(), mismatch);
  }

  private ZipfKvResult summarise(KvIndex index, PhaseResult gets, AtomicIntegerArray hits) {
    int distinct = 0;
    for (int k = 0; k < hits.length(); k++) {
      distinct += hits.get(k) > 0 ? 1 : 0;
    }
    int top = hits.get(layout.keyOfRank(1));
    double topShare = gets.attemptedOps() > 0 ? top / (double) gets.attemptedOps() : 0;
    return new ZipfKvResult(config, seed, gets, index.totalBytes(), distinct, topShare,
        zipf.probability(1));
  }
}
