package org.blinkhdfs.yarn;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.daemon.cli.SiteDaemon;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.model.schedule.ScheduleFileSource;
import org.blinkhdfs.model.schedule.ScheduleSource;
import org.blinkhdfs.model.schedule.ScheduleSourceKeys;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.model.wire.SchedulerSource;

/**
 * The YARN publisher as its own small daemon, for sites that run the scheduler daemon without
 * YARN access (another host, another user): it follows the scheduler at {@code
 * blink.scheduler.address} (polled every {@code blink.schedule.http.poll.ms}), or else the file
 * {@code blink.schedule.file}, and publishes like the scheduler daemon's built-in publisher. A new
 * epoch is seen at the publisher's next round (at most {@code blink.yarn.publisher.period.ms}
 * later, sooner at a window edge), not at once as inside the scheduler daemon.
 *
 * <p>Run: {@code bin/blink yarn-publisher -conf yarn-site.xml -D
 * blink.yarn.publisher.enabled=true -D blink.scheduler.address=sched:9877} (in the background:
 * {@code bin/blink --daemon start yarn-publisher ...}); it refuses to start
 * when the publisher is not enabled or no schedule source is set. Stops on SIGTERM, restoring
 * every node's compute.
 */
public final class YarnPublisherDaemon implements Closeable {
  private final ScheduleSource source;
  private final YarnPublisher publisher;

  private YarnPublisherDaemon(Configuration conf) throws IOException {
    YarnPublisher.loginIfEnabled(conf);
    this.source = source(conf);
    try {
      this.publisher = YarnPublisher.startIfEnabled(conf, () -> source.state().usable(),
          Clock.systemUTC()).orElseThrow(() -> new IllegalArgumentException(
              YarnPublisherConfig.ENABLED.name() + " is false: set it to true to run the YARN"
                  + " publisher"));
    } catch (IOException | RuntimeException e) {
      source.close();
      throw e;
    }
  }

  /** Starts the daemon (the {@link SiteDaemon} starter). */
  public static YarnPublisherDaemon start(Configuration conf) throws IOException {
    return new YarnPublisherDaemon(conf);
  }

  /** What the daemon follows, e.g. {@code scheduler 10.0.0.5:9877}. */
  public String describe() {
    return source.describe();
  }

  private static ScheduleSource source(Configuration conf) {
    String address = conf.getTrimmed(SchedulerHttp.ADDRESS_KEY, "");
    if (!address.isEmpty()) {
      SchedulerHttp.checkAddress(SchedulerHttp.ADDRESS_KEY, address);
      return SchedulerSource.polling(HadoopHttpAuthenticator.schedulerClient(conf, address,
          (int) ConfigValues.longIn(conf::get, ScheduleSourceKeys.SCHEDULER_TIMEOUT_MS, 10,
              600_000L)),
          ConfigValues.longIn(conf::get, ScheduleSourceKeys.SCHEDULER_POLL_MS, 100, 600_000L),
          Clock.systemUTC());
    }
    String file = ConfigValues.raw(conf::get, ScheduleSourceKeys.SCHEDULE_FILE);
    if (!file.isEmpty()) {
      return new ScheduleFileSource(Path.of(file),
          ConfigValues.longIn(conf::get, ScheduleSourceKeys.SCHEDULE_POLL_MS, 0, 3_600_000L),
          Clock.systemUTC());
    }
    throw new IllegalArgumentException("no schedule to follow: set " + SchedulerHttp.ADDRESS_KEY
        + " (host:port of the scheduler daemon) or " + ScheduleSourceKeys.SCHEDULE_FILE.name());
  }

  @Override
  public void close() {
    publisher.close();
    source.close();
  }

  static final String USAGE = String.join("\n",
      "usage: bin/blink yarn-publisher [-conf site.xml ...] [-D key=value ...]",
      "",
      "Tells a YARN ResourceManager the blink schedule (docs/yarn.md): node attributes",
      "rm.yarn.io/blink-hdfs-* and zero resources on OFF, io-server and sleeping nodes.",
      "",
      "  -conf FILE        a Hadoop site XML file (yarn-site.xml, blink keys; repeatable)",
      "  -D key=value      one setting; wins over -conf files (repeatable)",
      "  -help             this text",
      "",
      "Keys: " + YarnPublisherConfig.ENABLED.name() + "=true (required), "
          + SchedulerHttp.ADDRESS_KEY + " or " + ScheduleSourceKeys.SCHEDULE_FILE.name()
          + " (one required), " + YarnPublisherConfig.CLOSE_LEAD_MS.name() + ", "
          + YarnPublisherConfig.NODES.name() + ", yarn.resourcemanager.admin.address, ...",
      "Exit code 2 on a bad flag or setting (the message names the key, the value and the fix).");

  private static final SiteDaemon CLI =
      new SiteDaemon("blink yarn-publisher", USAGE, YarnPublisherDaemon::start);

  /** Runs until SIGTERM. */
  public static void main(String[] args) throws Exception {
    System.exit(CLI.run(args, System.out, System.err, new CountDownLatch(1)));
  }
}
