package org.blinkhdfs.yarn;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.Closeable;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the containers YARN has pending from the ResourceManager's REST API ({@code GET
 * /ws/v1/cluster/metrics}, {@code clusterMetrics.containersPending}: the root queue's pending
 * containers, the same for every YARN scheduler) every {@code blink.yarn.pending.period.ms}, and
 * hands each count or failure to the scheduler's load book ({@link PendingContainersConfig}).
 *
 * <p>Why REST and not the client RPC: the cluster metrics are one small JSON document for every
 * YARN scheduler, while the RPC's queue statistics are filled in by some schedulers only. The
 * identity is the scheduler's ({@link HadoopHttpAuthenticator}: {@code user.name} under simple
 * authentication, mutual SPNEGO under Kerberos). Every read is bounded (timeout = min(period,
 * 10 s), body at most {@link SchedulerHttp#MAX_BODY_BYTES}); a failure is logged once until the
 * next success, and the last count ages out of the book.
 *
 * <p>Thread-safety: polls run on one daemon thread; {@link #close()} from any thread.
 */
public final class PendingContainersPoller implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(PendingContainersPoller.class);
  /** The ResourceManager's cluster metrics. */
  static final String PATH = "/ws/v1/cluster/metrics";

  private final SchedulerHttp rm;
  private final LongConsumer onCount;
  private final Consumer<String> onFailure;
  private final ScheduledExecutorService thread;
  private boolean failing;

  private PendingContainersPoller(SchedulerHttp rm, long periodMs, LongConsumer onCount,
      Consumer<String> onFailure) {
    this.rm = rm;
    this.onCount = onCount;
    this.onFailure = onFailure;
    this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "blink-yarn-pending");
      t.setDaemon(true);
      return t;
    });
    thread.scheduleWithFixedDelay(this::pollOnce, 0, periodMs, TimeUnit.MILLISECONDS);
  }

  /**
   * Starts polling when {@code blink.yarn.pending.address} is set; empty otherwise.
   *
   * @throws IllegalArgumentException a bad key, named with its fix
   */
  public static Optional<PendingContainersPoller> startIfConfigured(Configuration conf,
      LongConsumer onCount, Consumer<String> onFailure) {
    PendingContainersConfig c = new PendingContainersConfig(conf::get);
    if (c.address().isEmpty()) {
      return Optional.empty();
    }
    LOG.info("Reading YARN's pending containers from http://{}{} every {} ms", c.address().get(),
        PATH, c.periodMs());
    return Optional.of(new PendingContainersPoller(client(c), c.periodMs(), onCount,
        onFailure));
  }

  /** The bounded client of the ResourceManager's web address, with the scheduler's identity. */
  static SchedulerHttp client(PendingContainersConfig c) {
    return SchedulerHttp.toServer(c.address().orElseThrow(),
        (int) Math.min(c.periodMs(), 10_000), "is the ResourceManager's web server running at "
        + c.address().get() + "? check " + PendingContainersConfig.ADDRESS.name()
        + " against its yarn.resourcemanager.webapp.address")
        .withAuthenticator(HadoopHttpAuthenticator.INSTANCE);
  }

  /** One read: the ResourceManager's pending containers now. */
  static long read(SchedulerHttp rm) throws IOException {
    SchedulerHttp.Response r = rm.get(PATH, "application/json").requireSuccess();
    return parse(r.json(), r.url());
  }

  /**
   * {@code clusterMetrics.containersPending} of a cluster metrics document.
   *
   * @throws IOException naming {@code from} when the field is missing or not a whole number
   *     {@code >= 0} (not a ResourceManager, or an unknown version)
   */
  static long parse(JsonNode root, String from) throws IOException {
    JsonNode m = root == null ? null : root.get("clusterMetrics");
    JsonNode v = m == null ? null : m.get("containersPending");
    if (v == null || !v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) {
      throw new IOException(from + " has no clusterMetrics.containersPending >= 0 (got "
          + (v == null ? "none" : v.toString()) + "): is "
          + PendingContainersConfig.ADDRESS.name() + " a ResourceManager's web address?");
    }
    return v.asLong();
  }

  private void pollOnce() {
    try {
      long n = read(rm);
      onCount.accept(n);
      if (failing) {
        LOG.info("YARN's pending containers read again: {}", n);
      }
      failing = false;
    } catch (IOException | RuntimeException e) {
      onFailure.accept(e.getMessage());
      if (!failing) {
        LOG.warn("Reading YARN's pending containers failed (the auto policy treats them as not"
            + " measured once the last count is older than blink.scheduler.load.max.age.ms);"
            + " retrying every period: {}", e.getMessage());
      }
      failing = true;
    }
  }

  @Override
  public void close() {
    thread.shutdownNow();
  }
}
