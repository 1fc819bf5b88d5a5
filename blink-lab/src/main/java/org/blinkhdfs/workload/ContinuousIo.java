package org.blinkhdfs.workload;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.stats.DataPattern;

/**
 * A write and read workload that runs until it is closed: one writer creates files of a fixed
 * size one after the other, one reader reads a random file the writer has finished and checks
 * every byte. Built for the fault matrix and the soak (issue 14), where what matters is what
 * happens to acknowledged data while daemons die and nodes sleep, not a rate.
 *
 * <p>A file is <em>acknowledged</em> when its {@code close()} returned: HDFS then promises its
 * bytes. Only acknowledged files are read, and {@link #verifyAll} reads every one of them back. A
 * failed write is not acknowledged (its partial file is never read) and is counted, with its
 * time, so a caller can tell the writes refused while the NameNode was down from failures that
 * should not happen. Contents come from {@link DataPattern}: the bytes of file {@code n} are
 * stream {@code n} of the seed, so nothing is kept in memory but the file list.
 *
 * <p>Every operation is recorded ({@link Op}) with its start and end on {@code clock}; a caller
 * splits them by time into fault windows. Thread-safe: the lists are copy-on-write, {@link
 * #close} joins both threads.
 */
public final class ContinuousIo implements AutoCloseable {
  /** The benches' file size: small, so there are many acknowledged files, one block each. */
  public static final int FILE_BYTES = 256 << 10;
  /** The benches' pause between operations, bounding the volume on two cores. */
  public static final long PAUSE_MS = 100;
  /** Readers of {@link #verifyAll}. */
  public static final int VERIFY_THREADS = 8;
  /** One operation: a write of a new file or a read of an acknowledged one. */
  public record Op(boolean write, String path, long startMs, long endMs, boolean ok,
      String problem) {}

  /** A file whose {@code close()} returned: its path, pattern stream, length, when. */
  public record Acked(Path path, long streamId, long length, long ackMs) {}

  /** What one {@link #verifyAll} pass found; {@code maxReadMs} is its slowest file read. */
  public record Verified(int files, long bytes, List<String> problems, long startMs,
      long endMs, long maxReadMs) {
    public boolean ok() {
      return problems.isEmpty();
    }
  }

  private final FileSystem fs;
  private final Path root;
  private final int replication;
  private final int fileBytes;
  private final long pauseMs;
  private final DataPattern pattern;
  private final LongSupplier clock;
  private final Random random;
  private final List<Acked> acked = new CopyOnWriteArrayList<>();
  private final List<Op> ops = new CopyOnWriteArrayList<>();
  private final Thread writer;
  private final Thread reader;
  private volatile boolean running = true;

  private ContinuousIo(FileSystem fs, Path root, int replication, int fileBytes, long pauseMs,
      long seed, LongSupplier clock) {
    this.fs = fs;
    this.root = root;
    this.replication = replication;
    this.fileBytes = fileBytes;
    this.pauseMs = pauseMs;
    this.pattern = new DataPattern(seed);
    this.clock = clock;
    this.random = new Random(seed);
    this.writer = new Thread(this::writeLoop, "continuous-writer");
    this.reader = new Thread(this::readLoop, "continuous-reader");
  }

  /**
   * Starts both threads.
   *
   * @param pauseMs the pause after each operation (and after a failure), bounding the volume
   */
  public static ContinuousIo start(FileSystem fs, Path root, int replication, int fileBytes,
      long pauseMs, long seed, LongSupplier clock) {
    ContinuousIo io = new ContinuousIo(fs, root, replication, fileBytes, pauseMs, seed, clock);
    io.writer.start();
    io.reader.start();
    return io;
  }

  private void writeLoop() {
    byte[] chunk = new byte[HdfsIo.IO_BUFFER_BYTES];
    for (long n = 0; running; n++) {
      Path p = new Path(root, "f" + n);
      long t0 = clock.getAsLong();
      try {
        HdfsIo.writePatternFile(fs, p, replication, 0, pattern, n, fileBytes, chunk);
        long t1 = clock.getAsLong();
        acked.add(new Acked(p, n, fileBytes, t1));
        ops.add(new Op(true, p.toString(), t0, t1, true, ""));
      } catch (IOException | RuntimeException e) {
        ops.add(new Op(true, p.toString(), t0, clock.getAsLong(), false, HdfsIo.describe(e)));
      }
      pause();
    }
  }

  private void readLoop() {
    byte[] buf = new byte[fileBytes];
    while (running) {
      int n = acked.size();
      if (n > 0) {
        Acked a = acked.get(random.nextInt(n));
        long t0 = clock.getAsLong();
        String problem = read(fs, pattern, a, buf);
        ops.add(new Op(false, a.path().toString(), t0, clock.getAsLong(), problem.isEmpty(),
            problem));
      }
      pause();
    }
  }

  /** Reads {@code a} whole and compares every byte; returns "" or what went wrong. */
  private static String read(FileSystem fs, DataPattern pattern, Acked a, byte[] buf) {
    try (FSDataInputStream in = fs.open(a.path())) {
      int got = HdfsIo.readUpTo(in, buf, (int) a.length());
      if (got != a.length() || in.read() >= 0) {
        return a.path() + ": read " + got + " bytes, " + a.length() + " acknowledged";
      }
      int bad = pattern.firstMismatch(a.streamId(), 0, buf, 0, got);
      return bad < 0 ? "" : a.path() + ": wrong byte at offset " + bad;
    } catch (IOException | RuntimeException e) {
      return a.path() + ": " + HdfsIo.describe(e);
    }
  }

  private void pause() {
    try {
      Thread.sleep(pauseMs);
    } catch (InterruptedException e) {
      running = false;
    }
  }

  /** The files acknowledged so far, oldest first. */
  public List<Acked> acknowledged() {
    return List.copyOf(acked);
  }

  /** Every operation so far, in the order they ended per thread. */
  public List<Op> ops() {
    return List.copyOf(ops);
  }

  /** Operations that ended in {@code [fromMs, toMs)}. */
  public List<Op> ops(long fromMs, long toMs) {
    List<Op> out = new ArrayList<>();
    for (Op o : ops) {
      if (o.endMs() >= fromMs && o.endMs() < toMs) {
        out.add(o);
      }
    }
    return out;
  }

  /**
   * Reads every file in {@code files} back on {@code fs} with {@value #VERIFY_THREADS} readers
   * and checks every byte; problems name the file and what was wrong. In parallel because a
   * sequential pass over thousands of files at low power is a sum of waits for windows, not a
   * check.
   */
  public Verified verifyAll(FileSystem fs, List<Acked> files) throws InterruptedException {
    long t0 = clock.getAsLong();
    List<String> problems = new CopyOnWriteArrayList<>();
    AtomicLong bytes = new AtomicLong();
    AtomicLong maxReadMs = new AtomicLong();
    AtomicInteger next = new AtomicInteger();
    List<Thread> readers = new ArrayList<>();
    for (int t = 0; t < VERIFY_THREADS; t++) {
      Thread r = new Thread(() -> {
        byte[] buf = new byte[fileBytes];
        for (int i = next.getAndIncrement(); i < files.size(); i = next.getAndIncrement()) {
          Acked a = files.get(i);
          long r0 = clock.getAsLong();
          String p = read(fs, pattern, a, buf);
          maxReadMs.accumulateAndGet(clock.getAsLong() - r0, Math::max);
          if (p.isEmpty()) {
            bytes.addAndGet(a.length());
          } else {
            problems.add(p);
          }
        }
      }, "verify-" + t);
      r.start();
      readers.add(r);
    }
    for (Thread r : readers) {
      r.join();
    }
    return new Verified(files.size(), bytes.get(), List.copyOf(problems), t0, clock.getAsLong(),
        maxReadMs.get());
  }

  /** Stops both threads after their current operation. */
  @Override
  public void close() throws InterruptedException {
    running = false; // no interrupt: it would close the shared client's sockets mid-operation
    writer.join(120_000);
    reader.join(120_000);
  }
}
