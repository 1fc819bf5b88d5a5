package org.blinkhdfs.proxy.relay;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hdfs.server.datanode.DataNodeFaultInjector;

/**
 * Makes the in-process DataNodes of a MiniDFSCluster behave like frozen hosts for block reads
 * until a wake time: a read request is accepted (the TCP connection and the request go through)
 * but the DataNode answers nothing until {@link #asleepUntil} passes, as a SIGSTOPped DataNode
 * would. Heartbeats and block reports go on (a MiniDFSCluster runs in the test's JVM and cannot be
 * frozen), so the NameNode still lists the replicas, as it does for a real blinking node within
 * its heartbeat expiry.
 *
 * <p>How: HDFS's own test hook {@code DataNodeFaultInjector#throwTooManyOpenFiles}, which the
 * DataNode calls while setting up every block read ({@code BlockSender}'s constructor), blocks the
 * DataXceiver thread until the wake time and counts the reads that arrived while asleep. The hook
 * is JVM-wide, so every DataNode sleeps and wakes together (the schedule the tests write says the
 * same). Reads from other threads (the block scanner) are not held or counted.
 *
 * <p>Thread-safe. Install with {@link #install}, remove with {@link #close}.
 */
final class SleepingDataNodes extends DataNodeFaultInjector implements AutoCloseable {
  private final DataNodeFaultInjector previous;
  private final AtomicInteger readsWhileAsleep = new AtomicInteger();
  private volatile long asleepFromMs;
  private volatile long asleepUntilMs;

  private SleepingDataNodes(DataNodeFaultInjector previous) {
    this.previous = previous;
  }

  static SleepingDataNodes install() {
    SleepingDataNodes s = new SleepingDataNodes(DataNodeFaultInjector.get());
    DataNodeFaultInjector.set(s);
    return s;
  }

  /** Every DataNode holds block reads from now until {@code wakeMs} (epoch ms). */
  void asleepUntil(long wakeMs) {
    asleep(0, wakeMs);
  }

  /** Every DataNode holds block reads that start in {@code [fromMs, untilMs)} until untilMs. */
  void asleep(long fromMs, long untilMs) {
    asleepUntilMs = 0;
    asleepFromMs = fromMs;
    asleepUntilMs = untilMs;
  }

  /** Block reads that reached a DataNode while it slept. */
  int readsWhileAsleep() {
    return readsWhileAsleep.get();
  }

  @Override
  public void throwTooManyOpenFiles() {
    if (!Thread.currentThread().getName().startsWith("DataXceiver")) {
      return;
    }
    long now = System.currentTimeMillis();
    if (now < asleepFromMs || now >= asleepUntilMs) {
      return;
    }
    readsWhileAsleep.incrementAndGet();
    try {
      Thread.sleep(asleepUntilMs - now);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    DataNodeFaultInjector.set(previous);
  }
}
