package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.net.InetSocketAddress;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * A real {@link SchedulerDaemon} on {@code 127.0.0.1:0} for end-to-end tests of the agent and the
 * admin tool. Start it with key/value pairs over test defaults (two ring nodes, steady 50%,
 * staggered, 2 s interval, 100 ms ticks).
 */
public final class SchedulerFixture implements AutoCloseable {
  public static final String NODE1 = "127.0.0.1:50011";
  public static final String NODE2 = "127.0.0.1:50012";

  private final SchedulerDaemon daemon;

  private SchedulerFixture(SchedulerDaemon daemon) {
    this.daemon = daemon;
  }

  /** {@code keyValues}: key, value, key, value, ... overriding the test defaults. */
  public static SchedulerFixture start(String... keyValues) throws IOException {
    Configuration conf = new Configuration(false);
    conf.set("blink.scheduler.nodes", NODE1 + "," + NODE2);
    conf.set("blink.scheduler.http.address", "127.0.0.1:0");
    conf.set("blink.scheduler.signal", "steady:50%");
    conf.set("blink.scheduler.policy", "staggered");
    conf.set("blink.interval.ms", "2000");
    conf.set("blink.scheduler.tick.ms", "100");
    conf.set("hadoop.http.logs.enabled", "false");
    for (int i = 0; i + 1 < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    return new SchedulerFixture(SchedulerDaemon.start(conf));
  }

  public SchedulerDaemon daemon() {
    return daemon;
  }

  /** {@code 127.0.0.1:port}. */
  public String address() {
    InetSocketAddress a = daemon.httpAddress();
    return "127.0.0.1:" + a.getPort();
  }

  /**
   * {@code path} with the {@code user.name} of the user running the tests, who is the scheduler's
   * admin and agent by default (docs/security.md): for tests that call the API with a plain HTTP
   * client.
   */
  public static String asSchedulerUser(String path) throws IOException {
    return path + (path.contains("?") ? "&" : "?") + "user.name="
        + UserGroupInformation.getCurrentUser().getShortUserName();
  }

  public SchedulerHttp http() {
    return new SchedulerHttp(address(), 5000);
  }

  @Override
  public void close() throws IOException {
    daemon.close();
  }
}
