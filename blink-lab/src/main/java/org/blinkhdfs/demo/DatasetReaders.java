package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.stats.DataPattern;

/**
 * One application reading one dataset (Rabbit §4.3's app_A, app_B and jobs): {@code threads}
 * threads, each reading whole files of the dataset in a seeded random order through a stock
 * HDFS client, until stopped or until the application's byte budget is read.
 *
 * <p>Every read checks its length and its first {@value #CHECKED_BYTES} bytes against the
 * written pattern; a full check of every byte would cost the two cores more than the reads
 * (about 80 MB/s) and so measure the checker. Each completed read is recorded with its end time
 * and size ({@link #bytesBetween}), so a session can cut the run into windows.
 *
 * <p>Thread-safe; start once, stop once.
 */
final class DatasetReaders implements AutoCloseable {
  /** Bytes of each read compared with the pattern. */
  static final int CHECKED_BYTES = 64 * 1024;

  /** One completed read. */
  record Read(long endMs, long bytes) {}

  private final FileSystem fs;
  private final List<Path> files;
  private final long fileBytes;
  private final DataPattern pattern;
  private final AtomicLong readsLeft;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final ConcurrentLinkedQueue<Read> reads = new ConcurrentLinkedQueue<>();
  private final AtomicLong failures = new AtomicLong();
  private final AtomicLong mismatches = new AtomicLong();
  private final List<Thread> threads = new ArrayList<>();
  private volatile String lastFailure = "";
  private volatile long finishedMs = -1;

  /**
   * @param files the dataset's files, each {@code fileBytes} long, written with {@code pattern}
   *     under the stream id of its path
   * @param maxReads reads in all before the application ends; {@code Long.MAX_VALUE}: until
   *     stopped
   */
  DatasetReaders(FileSystem fs, List<Path> files, long fileBytes, DataPattern pattern,
      long maxReads) {
    this.fs = fs;
    this.files = List.copyOf(files);
    this.fileBytes = fileBytes;
    this.pattern = pattern;
    this.readsLeft = new AtomicLong(maxReads);
  }

  /** Starts {@code count} reader threads seeded from {@code seed}. */
  DatasetReaders start(int count, long seed, String name) {
    AtomicLong running = new AtomicLong(count);
    for (int i = 0; i < count; i++) {
      Random random = new Random(seed * 1_000 + i);
      Thread t = new Thread(() -> {
        try {
          loop(random);
        } finally {
          if (running.decrementAndGet() == 0) {
            finishedMs = System.currentTimeMillis();
          }
        }
      }, name + "-" + i);
      t.setDaemon(true);
      threads.add(t);
    }
    threads.forEach(Thread::start);
    return this;
  }

  private void loop(Random random) {
    byte[] buf = new byte[(int) fileBytes];
    while (!stop.get() && readsLeft.getAndDecrement() > 0) {
      Path p = files.get(random.nextInt(files.size()));
      try (FSDataInputStream in = fs.open(p)) {
        in.readFully(0, buf);
        int checked = (int) Math.min(CHECKED_BYTES, fileBytes);
        if (!pattern.matches(DataPattern.streamIdOf(p.toString()), 0, buf, 0, checked)) {
          mismatches.incrementAndGet();
        }
        reads.add(new Read(System.currentTimeMillis(), fileBytes));
      } catch (IOException | RuntimeException e) {
        failures.incrementAndGet();
        lastFailure = p + ": " + e;
      }
    }
  }

  /** True once every thread ended (budget read, or stopped). */
  boolean finished() {
    return finishedMs >= 0;
  }

  /** When the last thread ended, or -1. */
  long finishedMs() {
    return finishedMs;
  }

  /** Waits for the budget to be read, at most {@code timeoutMs}; true when it was. */
  boolean await(long timeoutMs) throws InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMs;
    for (Thread t : threads) {
      long left = deadline - System.currentTimeMillis();
      if (left <= 0) {
        return false;
      }
      t.join(left);
    }
    return finished();
  }

  /** Bytes of the reads that completed in [fromMs, toMs). */
  long bytesBetween(long fromMs, long toMs) {
    long sum = 0;
    for (Read r : reads) {
      if (r.endMs() >= fromMs && r.endMs() < toMs) {
        sum += r.bytes();
      }
    }
    return sum;
  }

  long completedReads() {
    return reads.size();
  }

  long failures() {
    return failures.get();
  }

  long mismatches() {
    return mismatches.get();
  }

  String lastFailure() {
    return lastFailure;
  }

  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    for (Thread t : threads) {
      t.join(60_000);
    }
  }
}
