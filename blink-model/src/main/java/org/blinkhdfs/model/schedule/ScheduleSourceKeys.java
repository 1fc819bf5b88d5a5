package org.blinkhdfs.model.schedule;

import java.util.List;
import org.blinkhdfs.common.config.ConfigKey;

/**
 * The one definition of the keys that say where a process reads its schedule from, shared by
 * every module that reads or writes them: the NameNode side and the client ({@code
 * PlacementConfig} in blink-hdfs-placement), the scheduler daemon that writes the file ({@code
 * SchedulerConfig} in blink-scheduler) and the test fixtures that configure a NameNode.
 * Reading and validating them stays with each module's config class; only the names, defaults
 * and units live here, so a key cannot be spelt two ways.
 *
 * <p>Sources: {@code blink.schedule.file} ({@link ScheduleFileSource}, re-checked at most every
 * {@code blink.schedule.poll.ms}) and the scheduler daemon at {@code blink.scheduler.address}
 * (defined in {@code org.blinkhdfs.model.wire.SchedulerHttp}), polled every {@code
 * blink.schedule.http.poll.ms} with a timeout of {@code blink.schedule.http.timeout.ms}.
 *
 * <p>Example: {@code blink.schedule.file=/etc/hadoop/blink-schedule.json} and {@code
 * blink.schedule.poll.ms=0} make every {@code state()} call look at the file (tests do this).
 *
 * <p>Constants only; immutable.
 */
public final class ScheduleSourceKeys {
  public static final ConfigKey SCHEDULE_FILE = new ConfigKey("blink.schedule.file", "", "path");
  public static final ConfigKey SCHEDULE_POLL_MS =
      new ConfigKey("blink.schedule.poll.ms", "1000", "ms");
  public static final ConfigKey SCHEDULER_POLL_MS =
      new ConfigKey("blink.schedule.http.poll.ms", "1000", "ms");
  public static final ConfigKey SCHEDULER_TIMEOUT_MS =
      new ConfigKey("blink.schedule.http.timeout.ms", "5000", "ms");

  /** Every key defined here. */
  public static final List<ConfigKey> KEYS =
      List.of(SCHEDULE_FILE, SCHEDULE_POLL_MS, SCHEDULER_POLL_MS, SCHEDULER_TIMEOUT_MS);

  private ScheduleSourceKeys() {}
}
