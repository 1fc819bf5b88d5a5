package org.blinkhdfs.proxy.drain;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.Interns;
import org.apache.hadoop.metrics2.lib.MetricsRegistry;
import org.apache.hadoop.metrics2.lib.MutableQuantiles;
import org.apache.hadoop.metrics2.lib.MutableRate;

/**
 * metrics2 source {@code BlinkProxyDrain} ({@code /jmx}, {@code /prom}): the backlog (moves
 * waiting, their bytes, and per stand-in DataNode as records tagged {@code Node}), copies
 * started, finished, failed, found already in place (the NameNode's correction got there first),
 * trimmed after a move (a copy-and-trim loop, which should stay 0), deferred because the window
 * was too short, extra windows asked for; and the time from a block's write to its layout
 * ({@code WriteToLayoutMs}: mean and 50/75/90/95/99th percentiles over 60 s; and, for means over
 * any span a reader chooses, the running count {@code WriteToLayoutNumOps} and sum {@code
 * WriteToLayoutTotalMs}: the mean between two reads is the difference of the sums over the
 * difference of the counts).
 *
 * <p>Thread-safe: counters are atomic, the backlog snapshot is replaced whole.
 */
public final class DrainMetrics implements MetricsSource {
  final AtomicLong started = new AtomicLong();
  final AtomicLong finished = new AtomicLong();
  final AtomicLong failed = new AtomicLong();
  final AtomicLong alreadyThere = new AtomicLong();
  final AtomicLong targetBusy = new AtomicLong();
  final AtomicLong trimmed = new AtomicLong();
  final AtomicLong tooShort = new AtomicLong();
  final AtomicLong wakeRequests = new AtomicLong();
  final AtomicLong scans = new AtomicLong();
  final AtomicLong writeToLayoutTotalMs = new AtomicLong();
  private final MetricsRegistry registry = new MetricsRegistry("BlinkProxyDrain");
  private final MutableQuantiles writeToLayout = registry.newQuantiles("WriteToLayoutMs",
      "Time from a block's write to its layout", "blocks", "ms", 60);
  private final MutableRate writeToLayoutRate = registry.newRate("WriteToLayout",
      "Time from a block's write to its layout, ms", false);
  private volatile Map<String, long[]> backlogByNode = Map.of();
  private volatile long backlogBlocks;
  private volatile long backlogBytes;
  private volatile long inFlight;
  private volatile String lastFailure = "";
  private volatile long scannedBlocks;
  private volatile long scanMs;
  private final String name;

  private DrainMetrics(String name) {
    this.name = name;
  }

  /** Registers under {@code BlinkProxyDrain} (with a suffix if one is already registered). */
  public static DrainMetrics register() {
    MetricsSystem ms = DefaultMetricsSystem.instance();
    String name = "BlinkProxyDrain";
    for (int i = 2; ms.getSource(name) != null; i++) {
      name = "BlinkProxyDrain" + i;
    }
    DrainMetrics m = new DrainMetrics(name);
    ms.register(name, "BlinkHDFS proxy: windowed drain of staged replicas", m);
    return m;
  }

  public void unregister() {
    DefaultMetricsSystem.instance().unregisterSource(name);
  }

  void backlog(Map<String, long[]> byNode, long blocks, long bytes) {
    this.backlogByNode = Map.copyOf(byNode);
    this.backlogBlocks = blocks;
    this.backlogBytes = bytes;
  }

  void scanned(long blocks, long ms) {
    this.scannedBlocks = blocks;
    this.scanMs = ms;
  }

  /** How long the last namespace scan took, ms. */
  public long lastScanMs() {
    return scanMs;
  }

  /** Namespace scans so far. */
  public long scans() {
    return scans.get();
  }

  void inFlight(long n) {
    this.inFlight = n;
  }

  void writeToLayout(long ms) {
    writeToLayout.add(ms);
    writeToLayoutRate.add(ms);
    writeToLayoutTotalMs.addAndGet(ms);
  }

  /** Moves finished (the replica is in its layout). */
  public long finished() {
    return finished.get();
  }

  /** Moves waiting at the last scan. */
  public long backlogBlocks() {
    return backlogBlocks;
  }

  /** Copy-and-trim loops seen: a moved replica deleted again (should stay 0). */
  public long trimmed() {
    return trimmed.get();
  }

  /** Moves the NameNode had already made. */
  public long alreadyThere() {
    return alreadyThere.get();
  }

  /** Moves whose target was receiving the block already (retried after the next scan). */
  public long targetBusy() {
    return targetBusy.get();
  }

  /** Extra windows asked of the scheduler ({@code strong}). */
  public long wakeRequests() {
    return wakeRequests.get();
  }

  /** Why the last failed move failed (empty if none has). */
  public String lastFailure() {
    return lastFailure;
  }

  void failed(String why) {
    failed.incrementAndGet();
    lastFailure = why;
  }

  /** Moves that failed (retried after the next scan). */
  public long failed() {
    return failed.get();
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    MetricsRecordBuilder rb = collector.addRecord(name).setContext("blink")
        .tag(Interns.info("LastFailure", "Why the last failed move failed"), lastFailure)
        .addGauge(Interns.info("BacklogBlocks", "Replicas waiting to move into the layout"),
            backlogBlocks)
        .addGauge(Interns.info("BacklogBytes", "Bytes waiting to move into the layout"),
            backlogBytes)
        .addGauge(Interns.info("MovesInFlight", "Copies running now"), inFlight)
        .addCounter(Interns.info("MovesStarted", "Copies started"), started.get())
        .addCounter(Interns.info("MovesFinished", "Copies into the layout"), finished.get())
        .addCounter(Interns.info("MovesFailed", "Copies that failed (retried)"), failed.get())
        .addCounter(Interns.info("MovesAlreadyInPlace",
            "Copies the NameNode's own correction had made"), alreadyThere.get())
        .addCounter(Interns.info("MovesTargetBusy",
            "Copies refused because the target was receiving the block already (retried)"),
            targetBusy.get())
        .addCounter(Interns.info("TrimmedAfterMove",
            "Moved replicas deleted again (copy-and-trim loops)"), trimmed.get())
        .addCounter(Interns.info("DeferredWindowTooShort",
            "Plans that left a copy for a later window"), tooShort.get())
        .addCounter(Interns.info("WakeRequests", "Extra windows asked for (strong)"),
            wakeRequests.get())
        .addCounter(Interns.info("Scans", "Namespace scans"), scans.get())
        .addCounter(Interns.info("WriteToLayoutTotalMs",
            "Sum of the times from a block's write to its layout (with WriteToLayoutNumOps)"),
            writeToLayoutTotalMs.get());
    registry.snapshot(rb, all);
    rb.endRecord();
    for (Map.Entry<String, long[]> e : backlogByNode.entrySet()) {
      collector.addRecord(name + "Node").setContext("blink")
          .tag(Interns.info("Node", "Stand-in DataNode (host:port)"), e.getKey())
          .addGauge(Interns.info("BacklogBlocks", "Replicas on this node waiting to move"),
              e.getValue()[0])
          .addGauge(Interns.info("BacklogBytes", "Bytes on this node waiting to move"),
              e.getValue()[1])
          .endRecord();
    }
  }
}
