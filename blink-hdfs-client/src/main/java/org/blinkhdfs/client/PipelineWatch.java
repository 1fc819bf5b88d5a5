package org.blinkhdfs.client;

import java.io.IOException;
import java.io.OutputStream;
import java.util.EnumSet;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.hadoop.crypto.CryptoOutputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSOutputStream;
import org.apache.hadoop.hdfs.client.HdfsDataOutputStream;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.WriteSlice;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends a writer's block before a node of its write pipeline goes to sleep, so that a file kept
 * open across blink windows never has a sleeping node in its live pipeline.
 *
 * <p><b>Why.</b> The NameNode checks the write guard when it allocates a block: every target has
 * enough window left to write a whole block at the configured rate. A writer that keeps the block
 * open longer (a log that {@code hflush}es every second, a slow producer), or a replan that
 * shortens a window after allocation, leaves the pipeline on nodes whose windows then close: the
 * frozen DataNode stops acknowledging, the client stalls for its socket timeout and then recovers
 * the pipeline without it, or fails when it was the only node. Only the writer can end its block
 * early; HDFS lets it do so with {@code hsync(END_BLOCK)}, after which the next write asks the
 * NameNode for a new block, placed by the guard on nodes awake now.
 *
 * <p><b>Algorithm.</b> Every watched stream is checked every {@code checkMs} (a quarter of the
 * margin, between 20 ms and 1 s) on one timer thread per file system: when the stream has a live
 * pipeline and any of its nodes has less than {@code marginMs} left in its window by the current
 * schedule ({@link WriteSlice#writableAt} with the margin as the guard: asleep, or closing soon;
 * a node the schedule does not name, or always on, never triggers it), the stream is synced with
 * {@code END_BLOCK}. HDFS serialises that with the writer's own writes and flushes (the stream's
 * lock); nothing is lost or reordered, the file just gets a shorter block. An idle writer is
 * covered too: its block is ended while the nodes are still awake, and no pipeline is open while
 * it waits. The margin must exceed the check period plus the time to drain the packets in
 * flight, and should not exceed the NameNode's write margin, or a fresh block could be ended at
 * once.
 *
 * <p>Example: margin 1 s, check every 250 ms; a pipeline node's window closes at 12:00:10.000. A
 * check between 12:00:09.000 and 12:00:09.250 ends the block; the writer's next {@code write}
 * gets a new block on nodes that stay awake at least the NameNode's guard.
 *
 * <p>Not covered: streams made by the {@code createFile}/{@code appendFile} builders and by
 * stock clients (the NameNode cannot end a client's block), and the time between a window's end
 * and the next check when the schedule changes faster than {@code checkMs}.
 *
 * <p>Thread-safe. Closing the watch stops the timer; streams opened later are not watched.
 */
final class PipelineWatch implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PipelineWatch.class);
  private static final EnumSet<HdfsDataOutputStream.SyncFlag> END_BLOCK =
      EnumSet.of(HdfsDataOutputStream.SyncFlag.END_BLOCK);

  private final Supplier<Optional<Schedule>> schedule;
  private final long marginMs;
  private final long checkMs;
  private final LongSupplier nowMs;
  private final AtomicLong endedBlocks = new AtomicLong();
  private ScheduledExecutorService timer;
  private boolean closed;

  /**
   * @param schedule the schedule in force, if any
   * @param marginMs end a block when a pipeline node has less window left than this (> 0)
   * @param nowMs the wall clock, ms since the epoch (the schedule's unit)
   */
  PipelineWatch(Supplier<Optional<Schedule>> schedule, long marginMs, LongSupplier nowMs) {
    if (marginMs <= 0) {
      throw new IllegalArgumentException("marginMs must be > 0, got " + marginMs);
    }
    this.schedule = schedule;
    this.marginMs = marginMs;
    this.checkMs = Math.max(20, Math.min(1_000, marginMs / 4));
    this.nowMs = nowMs;
  }

  /** How often each stream is checked, ms. */
  long checkMs() {
    return checkMs;
  }

  /** Blocks ended early because a pipeline node was about to sleep. */
  long endedBlocks() {
    return endedBlocks.get();
  }

  /**
   * The same output stream, watched until it is closed; {@code out} itself when it is not an
   * HDFS replicated-file stream (erasure-coded streams write to many nodes at once and are left
   * alone).
   */
  FSDataOutputStream watch(FSDataOutputStream out, FileSystem.Statistics stats)
      throws IOException {
    OutputStream inner = out.getWrappedStream();
    OutputStream dfs = inner instanceof CryptoOutputStream
        ? ((CryptoOutputStream) inner).getWrappedStream() : inner;
    if (!(dfs instanceof DFSOutputStream) || !dfs.getClass().equals(DFSOutputStream.class)) {
      return out; // striped (DFSStripedOutputStream) or not HDFS
    }
    Watched watched = inner instanceof CryptoOutputStream
        ? new Watched((CryptoOutputStream) inner, stats, out.getPos())
        : new Watched((DFSOutputStream) inner, stats, out.getPos());
    synchronized (this) {
      if (closed) {
        return out;
      }
      if (timer == null) {
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
          Thread t = new Thread(r, "blink-pipeline-watch");
          t.setDaemon(true);
          return t;
        });
      }
      watched.task = timer.scheduleWithFixedDelay(() -> check(watched, (DFSOutputStream) dfs),
          checkMs, checkMs, TimeUnit.MILLISECONDS);
    }
    return watched;
  }

  private void check(Watched out, DFSOutputStream dfs) {
    // Under the stream's close lock: a check racing the writer's close() would hsync a file the
    // NameNode has just completed ("Unable to persist blocks in hflush ... LeaseExpiredException",
    // seen on every file written while blinking in bin/blink bench real-sleep).
    synchronized (out.closeLock) {
      if (out.closing) {
        return;
      }
      checkOpen(out, dfs);
    }
  }

  private void checkOpen(Watched out, DFSOutputStream dfs) {
    try {
      DatanodeInfo[] pipeline = dfs.getPipeline();
      Optional<Schedule> s = schedule.get();
      if (pipeline == null || s.isEmpty()) {
        return;
      }
      long now = nowMs.getAsLong();
      for (DatanodeInfo d : pipeline) {
        if (!WriteSlice.writableAt(s.get(), d.getXferAddr(), marginMs, now)) {
          out.hsync(END_BLOCK);
          endedBlocks.incrementAndGet();
          LOG.debug("Ended the open block early: pipeline node {} sleeps in less than {} ms",
              d.getXferAddr(), marginMs);
          return;
        }
      }
    } catch (IOException | RuntimeException e) {
      // The writer sees the same failure on its next call; the watch only stops.
      LOG.debug("Pipeline watch stopped: {}", e.toString());
      out.stopWatching();
    }
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (timer != null) {
      timer.shutdownNow();
    }
  }

  /** An HDFS output stream whose close also stops its watch. */
  private static final class Watched extends HdfsDataOutputStream {
    volatile ScheduledFuture<?> task;

    Watched(DFSOutputStream out, FileSystem.Statistics stats, long pos) throws IOException {
      super(out, stats, pos);
    }

    Watched(CryptoOutputStream out, FileSystem.Statistics stats, long pos) throws IOException {
      super(out, stats, pos);
    }

    /** Held by a check and by {@link #close} while it marks the stream closing. */
    final Object closeLock = new Object();
    boolean closing;

    void stopWatching() {
      ScheduledFuture<?> t = task;
      if (t != null) {
        t.cancel(false);
      }
    }

    @Override
    public void close() throws IOException {
      synchronized (closeLock) { // waits for a check in progress; none starts after
        closing = true;
        stopWatching();
      }
      super.close();
    }
  }
}
