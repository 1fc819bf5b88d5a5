package org.blinkhdfs.testsupport;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleSourceKeys;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.scheduler.SchedulerConfig;
import org.blinkhdfs.scheduler.SchedulerDaemon;

/**
 * A real scheduler daemon started in-process and a NameNode pointed at it: the wiring the
 * scheduler-driven integration tests share.
 *
 * <p>Why the order is odd: the scheduler names the DataNodes by their transfer addresses, which
 * exist only once the cluster runs. So a port is reserved first ({@link #reserve}), the NameNode
 * is configured with it ({@link #configureNameNode}, e.g. as a {@link MiniBlinkCluster.Builder}
 * {@code conf} step) and started, and the scheduler is started on that port afterwards ({@link
 * #start}); until then the NameNode sees no schedule and places as stock HDFS does.
 *
 * <p>Example: {@code InProcessScheduler s = InProcessScheduler.reserve();} a cluster built with
 * {@code .conf(s::configureNameNode)}; then {@code s.start(nodes, "activation", "steady:60%")}
 * and {@code s.waitInSync(() -> runtime.state().usable(), daemon)}.
 *
 * <p>Immutable and thread-safe; the daemons it starts are closed by the caller.
 */
public final class InProcessScheduler {
  /** How often the NameNode polls the scheduler and the scheduler ticks. */
  public static final long POLL_MS = 100;
  /** How long {@link #waitInSync} waits. */
  public static final int SYNC_WAIT_MS = 30_000;

  private final String address;

  private InProcessScheduler(String address) {
    this.address = address;
  }

  /** Reserves a free local port for the scheduler's HTTP server. */
  public static InProcessScheduler reserve() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return new InProcessScheduler("127.0.0.1:" + s.getLocalPort());
    }
  }

  /** The scheduler's {@code host:port}. */
  public String address() {
    return address;
  }

  /** Makes the scheduler the NameNode's (or client's) schedule source, polled every 100 ms. */
  public void configureNameNode(Configuration conf) {
    conf.set(SchedulerHttp.ADDRESS_KEY, address);
    conf.setLong(ScheduleSourceKeys.SCHEDULER_POLL_MS.name(), POLL_MS);
  }

  /**
   * Starts a scheduler on the reserved address whose ring is {@code nodes}, with blink policy
   * {@code policy} (e.g. {@code activation}) under power signal {@code signal} (e.g. {@code
   * steady:60%}), ticking every 100 ms.
   */
  public SchedulerDaemon start(List<String> nodes, String policy, String signal)
      throws IOException {
    return start(nodes, policy, signal, conf -> { });
  }

  /**
   * As {@link #start(List, String, String)}; {@code tune} may set more scheduler keys (staging
   * nodes, interval, lease, wake limits) before the daemon starts.
   */
  public SchedulerDaemon start(List<String> nodes, String policy, String signal,
      Consumer<Configuration> tune) throws IOException {
    Configuration conf = new Configuration(false);
    conf.set(SchedulerConfig.NODES.name(), String.join(",", nodes));
    conf.set(SchedulerConfig.HTTP_ADDRESS.name(), address);
    conf.set(CoreConfig.POLICY.name(), policy);
    conf.set(SchedulerConfig.SIGNAL.name(), signal);
    conf.setLong(SchedulerConfig.TICK_MS.name(), POLL_MS);
    conf.setBoolean(CommonConfigurationKeysPublic.HADOOP_HTTP_LOGS_ENABLED, false);
    tune.accept(conf);
    return SchedulerDaemon.start(conf);
  }

  /**
   * Waits until the NameNode follows the schedule {@code scheduler} publishes now and returns
   * it. Compared afresh on each check: the scheduler starts a new epoch at every interval
   * boundary. {@code nameNodeView} is the schedule the NameNode uses, e.g. {@code () ->
   * BlinkRuntime.forConf(conf).state().usable()}.
   */
  public static Schedule waitInSync(Supplier<Optional<Schedule>> nameNodeView,
      SchedulerDaemon scheduler) throws IOException {
    try {
      GenericTestUtils.waitFor(() -> nameNodeView.get()
          .equals(scheduler.scheduler().published()), 50, SYNC_WAIT_MS);
    } catch (TimeoutException | InterruptedException e) {
      throw new IOException("the NameNode did not follow the scheduler: NameNode "
          + nameNodeView.get() + ", scheduler " + scheduler.scheduler().published(), e);
    }
    return nameNodeView.get().orElseThrow();
  }

  /** The modes {@code s} gives {@code nodes}, in that order. */
  public static List<NodeMode> modes(Schedule s, List<String> nodes) {
    return nodes.stream().map(n -> s.entry(n).mode()).toList();
  }
}
