package org.blinkhdfs.proxy.relay;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.client.ClientConfig;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.model.wire.HeldReadsReport;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the relay's held reads to the scheduler ({@code PUT /v1/held}) every {@code
 * blink.proxy.relay.held.report.ms}: the reads held for a window, and the milliseconds they
 * waited, since the last report the scheduler took ({@link RelayMetrics}' counters, as deltas).
 * The {@code auto} policy reads "readers are waiting" from it, a demand the ACTIVE nodes'
 * utilization cannot show (Amur &amp; Schwan's max-perf set sized by demand).
 *
 * <p>Nothing counted is lost: a failed send keeps the baseline, so the next report covers the
 * longer period (logged once until a send succeeds). The proxy is named by {@code
 * blink.proxy.relay.self} when set, else this host's name and the relay's port.
 *
 * <p>Worked example: counters at 10 held / 4000 ms when the reporter starts at t = 0; at 10 s
 * they read 14 / 6000: the report is 4 reads, 2000 ms over 10000 ms. A failed send at 20 s (16
 * / 7000) and a good one at 30 s (16 / 7000) send 2 reads, 1000 ms over 20000 ms.
 *
 * <p>Thread-safety: reports run on one daemon thread; {@link #reportOnce} is synchronized.
 */
public final class HeldReadsReporter implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(HeldReadsReporter.class);

  /** Where a report goes: the scheduler's {@code PUT /v1/held} in the daemon. */
  @FunctionalInterface
  public interface Sender {
    void send(HeldReadsReport report) throws IOException;
  }

  private final String proxy;
  private final LongSupplier held;
  private final LongSupplier heldMs;
  private final Clock clock;
  private final Sender sender;
  private long baseHeld;
  private long baseHeldMs;
  private long baseAtMs;
  private boolean failing;
  private ScheduledExecutorService thread;

  /**
   * @param proxy the relay's {@code host:port}, as the scheduler lists it
   * @param held cumulative reads held ({@link RelayMetrics#readsHeld})
   * @param heldMs cumulative milliseconds held ({@link RelayMetrics#heldMs})
   */
  public HeldReadsReporter(String proxy, LongSupplier held, LongSupplier heldMs, Clock clock,
      Sender sender) {
    this.proxy = proxy;
    this.held = held;
    this.heldMs = heldMs;
    this.clock = clock;
    this.sender = sender;
    this.baseHeld = held.getAsLong();
    this.baseHeldMs = heldMs.getAsLong();
    this.baseAtMs = clock.millis();
  }

  /**
   * Starts reporting when {@code blink.proxy.relay.held.report.ms} is above 0; empty otherwise
   * ({@link RelayConfig} refused reports without {@code blink.scheduler.address}).
   */
  public static Optional<HeldReadsReporter> startIfConfigured(Configuration conf,
      RelayConfig relay, InetSocketAddress relayAddress, RelayMetrics metrics) {
    long periodMs = relay.heldReportMs();
    if (periodMs == 0) {
      return Optional.empty();
    }
    ClientConfig pc = ClientConfig.from(conf); // RelayConfig checked the address is set
    SchedulerHttp scheduler = HadoopHttpAuthenticator.schedulerClient(conf,
        pc.schedulerAddress(), pc.schedulerTimeoutMs());
    String name = relay.self().isEmpty() ? hostName() + ":" + relayAddress.getPort()
        : relay.self();
    HeldReadsReporter r = new HeldReadsReporter(name, metrics::readsHeld, metrics::heldMs,
        Clock.systemUTC(), scheduler::reportHeldReads);
    r.start(periodMs);
    LOG.info("Reporting the relay's held reads as {} to {} every {} ms", name,
        scheduler.url("/v1/held"), periodMs);
    return Optional.of(r);
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getCanonicalHostName();
    } catch (IOException e) {
      return "localhost";
    }
  }

  private void start(long periodMs) {
    thread = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "blink-relay-held-report");
      t.setDaemon(true);
      return t;
    });
    thread.scheduleWithFixedDelay(this::reportQuietly, periodMs, periodMs,
        TimeUnit.MILLISECONDS);
  }

  private void reportQuietly() {
    try {
      reportOnce();
    } catch (RuntimeException e) {
      LOG.warn("Building the held-read report failed; retrying next period", e);
    }
  }

  /**
   * Sends the counts since the last report the scheduler took; on success they become the new
   * baseline. Returns the report sent, empty when it failed or no time passed.
   */
  public synchronized Optional<HeldReadsReport> reportOnce() {
    long now = clock.millis();
    long h = held.getAsLong();
    long ms = heldMs.getAsLong();
    if (now <= baseAtMs) {
      return Optional.empty();
    }
    HeldReadsReport r = new HeldReadsReport(proxy, Math.max(0, h - baseHeld),
        Math.max(0, ms - baseHeldMs), now - baseAtMs);
    try {
      sender.send(r);
    } catch (IOException e) {
      if (!failing) {
        LOG.warn("Reporting held reads to the scheduler failed; the next report covers this"
            + " period too: {}", e.getMessage());
      }
      failing = true;
      return Optional.empty();
    }
    if (failing) {
      LOG.info("Reporting held reads to the scheduler works again");
    }
    failing = false;
    baseHeld = h;
    baseHeldMs = ms;
    baseAtMs = now;
    return Optional.of(r);
  }

  @Override
  public void close() {
    if (thread != null) {
      thread.shutdownNow();
    }
  }
}
