package org.blinkhdfs.proxy.relay;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.Interns;
import org.apache.hadoop.metrics2.lib.MetricsRegistry;
import org.apache.hadoop.metrics2.lib.MutableQuantiles;
import org.blinkhdfs.client.BlinkRuntime;

/**
 * metrics2 source {@code BlinkProxyRelay} ({@code /jmx}, {@code /prom}): the relay's reads that
 * were held until a replica's window ({@code ReadsHeld}), how long in all ({@code ReadHeldMs}),
 * and the hold's 50/75/90/95/99th percentiles over 60 s ({@code ReadHeldMs60s…}).
 *
 * <p>Why from the schedule runtime: the relay's reads go through {@code
 * BlinkDistributedFileSystem}, whose gate reports every wait to the process's {@link
 * BlinkRuntime}; this source listens there, so it counts exactly the holds readers felt.
 * Thread-safe.
 */
public final class RelayMetrics implements MetricsSource, AutoCloseable {
  static final String NAME = "BlinkProxyRelay";
  private final AtomicLong held = new AtomicLong();
  private final AtomicLong heldMs = new AtomicLong();
  private final MetricsRegistry registry = new MetricsRegistry(NAME);
  private final MutableQuantiles holds = registry.newQuantiles("ReadHeldMs",
      "How long a relayed read waited for a replica's window", "reads", "ms", 60);
  private final Runnable unlisten;

  private RelayMetrics(BlinkRuntime runtime) {
    this.unlisten = runtime.onReadWait(ms -> {
      held.incrementAndGet();
      heldMs.addAndGet(ms);
      holds.add(ms);
    });
  }

  /** Registers the source, listening to {@code runtime}'s read waits. */
  public static RelayMetrics register(BlinkRuntime runtime) {
    RelayMetrics m = new RelayMetrics(runtime);
    DefaultMetricsSystem.instance().register(NAME, "BlinkHDFS proxy: WebHDFS read relay", m);
    return m;
  }

  /** Reads held for a window so far. */
  public long readsHeld() {
    return held.get();
  }

  /** Milliseconds relayed reads were held so far. */
  public long heldMs() {
    return heldMs.get();
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    MetricsRecordBuilder rb = collector.addRecord(NAME).setContext("blink")
        .addCounter(Interns.info("ReadsHeld", "Relayed reads held until a replica's window"),
            held.get())
        .addCounter(Interns.info("ReadHeldMsTotal", "Milliseconds relayed reads were held"),
            heldMs.get());
    registry.snapshot(rb, all);
    rb.endRecord();
  }

  @Override
  public void close() {
    unlisten.run();
    DefaultMetricsSystem.instance().unregisterSource(NAME);
  }
}
