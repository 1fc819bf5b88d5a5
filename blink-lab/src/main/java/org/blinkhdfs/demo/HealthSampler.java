package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.blinkhdfs.cluster.NameNodeView;

/**
 * Samples the NameNode once a second while a layout runs: DataNodes declared dead and missing
 * blocks. Blinking must never make the NameNode declare a node dead (sleeps are far below the
 * dead interval) nor lose a block; the maxima become correctness checks in the report.
 *
 * <p>Thread-safe: one sampling thread writes atomics, the caller reads them.
 */
final class HealthSampler implements AutoCloseable {
  private final NameNodeView nameNode;
  private final Thread thread;
  private final AtomicLong samples = new AtomicLong();
  private final AtomicLong failedSamples = new AtomicLong();
  private final AtomicLong maxDead = new AtomicLong();
  private final AtomicLong maxMissing = new AtomicLong();
  private volatile boolean running = true;

  private HealthSampler(NameNodeView nameNode) {
    this.nameNode = nameNode;
    this.thread = new Thread(this::loop, "blink-health-sampler");
    thread.setDaemon(true);
  }

  static HealthSampler start(NameNodeView nameNode) {
    HealthSampler s = new HealthSampler(nameNode);
    s.thread.start();
    return s;
  }

  private void loop() {
    while (running) {
      try {
        maxDead.accumulateAndGet(nameNode.dead().length, Math::max);
        maxMissing.accumulateAndGet(nameNode.metric("FSNamesystem", "MissingBlocks"), Math::max);
        samples.incrementAndGet();
      } catch (IOException e) {
        failedSamples.incrementAndGet();
      }
      try {
        Thread.sleep(1_000);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  long samples() {
    return samples.get();
  }

  long failedSamples() {
    return failedSamples.get();
  }

  long maxDead() {
    return maxDead.get();
  }

  long maxMissing() {
    return maxMissing.get();
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    thread.interrupt();
    thread.join(5_000);
  }
}
