package org.blinkhdfs.placement;

import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.client.ClientConfig;
import org.blinkhdfs.client.GroupsFeed;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.model.schedule.LocationOrder;

/**
 * The {@code blink.*} keys of the NameNode side (placement policy, read selection, NameNode
 * plugin) and of the blink-aware client, typed and validated in one place. A bad value fails
 * when the component is configured, naming the key, the value and the fix.
 *
 * <p>Schedule source: {@code blink.scheduler.address} (the scheduler daemon, polled every
 * {@code blink.schedule.http.poll.ms}) or {@code blink.schedule.file}. When both are set the
 * scheduler wins and the file is not read by {@link BlinkRuntime} (the scheduler writes that file
 * for readers that cannot reach it; see docs/placement.md). An address that is not {@code
 * host:port} with a port in 1..65535 fails here.
 *
 * <p>Example: a 128 MB block, a write rate of 10 MB/s and a 1 s margin give a write guard of
 * {@code 128/10 s + 1 s = 13 800 ms}: a node whose window closes sooner is not picked.
 *
 * <p>Immutable and thread-safe.
 */
public final class PlacementConfig {
  /** The schedule-source and client keys: parsed by {@link ClientConfig}, named here too. */
  public static final ConfigKey SCHEDULE_FILE = ClientConfig.SCHEDULE_FILE;
  public static final ConfigKey SCHEDULE_POLL_MS = ClientConfig.SCHEDULE_POLL_MS;
  public static final ConfigKey SCHEDULER_ADDRESS = ClientConfig.SCHEDULER_ADDRESS;
  public static final ConfigKey SCHEDULER_POLL_MS = ClientConfig.SCHEDULER_POLL_MS;
  public static final ConfigKey SCHEDULER_TIMEOUT_MS = ClientConfig.SCHEDULER_TIMEOUT_MS;
  public static final ConfigKey WRITE_BYTES_PER_SEC =
      new ConfigKey("blink.placement.write.bytes.per.sec", "10485760", "bytes/s");
  public static final ConfigKey WRITE_MARGIN_MS =
      new ConfigKey("blink.placement.write.margin.ms", "1000", "ms");
  public static final ConfigKey SEED = new ConfigKey("blink.placement.seed", "0", "");
  /**
   * A new block written with one replica on a blinking node: the NameNode asks the scheduler to
   * hold that node awake this many blink intervals ({@link ShortWriteHolds}); 0 turns it off.
   */
  public static final ConfigKey SHORT_WRITE_HOLD_INTERVALS =
      new ConfigKey("blink.placement.short.write.hold.intervals", "1", "blink intervals");
  public static final ConfigKey STAGING_CAPACITY_BYTES =
      new ConfigKey("blink.placement.staging.capacity.bytes", "0", "bytes");
  public static final ConfigKey READ_MIN_WINDOW_MS = ClientConfig.READ_MIN_WINDOW_MS;
  /**
   * How old a time the NameNode's read sort may judge the schedule at: its clock is refreshed by
   * a daemon thread this often while reads come in ({@code CoarseClock}); 0 reads the system
   * clock on every sort.
   */
  public static final ConfigKey READ_CLOCK_RESOLUTION_MS =
      new ConfigKey("blink.read.clock.resolution.ms", "10", "ms");
  public static final ConfigKey CLIENT_WAIT_MARGIN_MS = ClientConfig.CLIENT_WAIT_MARGIN_MS;
  public static final ConfigKey CLIENT_PIPELINE_MARGIN_MS = ClientConfig.CLIENT_PIPELINE_MARGIN_MS;
  public static final ConfigKey CLIENT_BLOCK_LOCATIONS = ClientConfig.CLIENT_BLOCK_LOCATIONS;
  public static final ConfigKey CLIENT_LOCAL_NODE = ClientConfig.CLIENT_LOCAL_NODE;
  public static final String LOCAL_NODE_ENV = ClientConfig.LOCAL_NODE_ENV;
  /** Maintenance for OFF nodes: read and checked by {@link MaintenanceConfig}. */
  public static final ConfigKey MAINTENANCE_ENABLED =
      new ConfigKey("blink.maintenance.enabled", "false", "true or false");
  public static final ConfigKey MAINTENANCE_CHECK_MS =
      new ConfigKey("blink.maintenance.check.ms", "1000", "ms");
  public static final ConfigKey MAINTENANCE_SLEEP_THRESHOLD_MS =
      new ConfigKey("blink.maintenance.sleep.threshold.ms", "300000", "ms");
  public static final ConfigKey MAINTENANCE_EXPIRY_MARGIN_MS =
      new ConfigKey("blink.maintenance.expiry.margin.ms", "60000", "ms");
  public static final ConfigKey MAINTENANCE_MAX_MS =
      new ConfigKey("blink.maintenance.max.ms", "3600000", "ms");
  public static final ConfigKey MAINTENANCE_SILENCE_MAX_MS =
      new ConfigKey("blink.maintenance.silence.max.ms", "1800000", "ms");

  /** Every key this module reads. */
  public static final List<ConfigKey> KEYS = List.of(SCHEDULE_FILE, SCHEDULE_POLL_MS,
      SCHEDULER_ADDRESS, SCHEDULER_POLL_MS, SCHEDULER_TIMEOUT_MS, WRITE_BYTES_PER_SEC,
      WRITE_MARGIN_MS, SEED, SHORT_WRITE_HOLD_INTERVALS, STAGING_CAPACITY_BYTES, READ_MIN_WINDOW_MS,
      READ_CLOCK_RESOLUTION_MS, CLIENT_WAIT_MARGIN_MS,
      CLIENT_PIPELINE_MARGIN_MS, CLIENT_BLOCK_LOCATIONS, CLIENT_LOCAL_NODE, MAINTENANCE_ENABLED,
      MAINTENANCE_CHECK_MS, MAINTENANCE_SLEEP_THRESHOLD_MS, MAINTENANCE_EXPIRY_MARGIN_MS,
      MAINTENANCE_MAX_MS, MAINTENANCE_SILENCE_MAX_MS, PopularityConfig.ENABLED,
      PopularityConfig.PERIOD_MS, PopularityConfig.ALPHA, PopularityConfig.MAX_REPLICAS,
      PopularityConfig.WRITE_MAX_REPLICAS, PopularityConfig.WRITE_HOT, PopularityConfig.MIN_READS,
      PopularityConfig.CAPACITY_FRACTION, PopularityConfig.MAX_FILES,
      PopularityConfig.NODES_PUBLISH, PopularityConfig.NODES_FILES, GroupConfig.ENABLED,
      GroupConfig.FILE, GroupConfig.SERVICE_MS, GroupConfig.FILES_MAX, GroupConfig.BLOCKS_SAMPLE,
      GroupConfig.MAX_REPLICAS, GroupConfig.BUDGET_BYTES, GroupsFeed.REFRESH_MS,
      GroupsFeed.REPORT_ADDRESS);

  private final ClientConfig client;
  private final long writeBytesPerSec;
  private final long writeMarginMs;
  private final long seed;
  private final int shortWriteHoldIntervals;
  private final long stagingCapacityBytes;
  private final long readClockResolutionMs;

  private PlacementConfig(Configuration conf, UnaryOperator<String> env) {
    this.client = ClientConfig.from(conf, env);
    this.writeBytesPerSec = longIn(conf, WRITE_BYTES_PER_SEC, 1, Long.MAX_VALUE);
    this.writeMarginMs = longIn(conf, WRITE_MARGIN_MS, 0, 3_600_000L);
    this.seed = longIn(conf, SEED, Long.MIN_VALUE, Long.MAX_VALUE);
    this.shortWriteHoldIntervals = (int) longIn(conf, SHORT_WRITE_HOLD_INTERVALS, 0, 100);
    this.stagingCapacityBytes = longIn(conf, STAGING_CAPACITY_BYTES, 0, Long.MAX_VALUE);
    this.readClockResolutionMs = longIn(conf, READ_CLOCK_RESOLUTION_MS, 0, 1000);
  }

  /** Reads and validates the keys from {@code conf} (and {@link #LOCAL_NODE_ENV}). */
  public static PlacementConfig from(Configuration conf) {
    return new PlacementConfig(conf, System::getenv);
  }

  /** As {@link #from(Configuration)} with {@code env} in place of the process environment. */
  static PlacementConfig from(Configuration conf, UnaryOperator<String> env) {
    return new PlacementConfig(conf, env);
  }

  /** The schedule file, or empty when none is configured. */
  public String scheduleFile() {
    return client.scheduleFile();
  }

  public long schedulePollMs() {
    return client.schedulePollMs();
  }

  /** The scheduler's {@code host:port}, or empty when none is configured. */
  public String schedulerAddress() {
    return client.schedulerAddress();
  }

  /** Milliseconds from the end of one {@code GET /v1/schedule} to the start of the next. */
  public long schedulerPollMs() {
    return client.schedulerPollMs();
  }

  /** Connect and read timeout of each {@code GET /v1/schedule}. */
  public int schedulerTimeoutMs() {
    return client.schedulerTimeoutMs();
  }

  public long seed() {
    return seed;
  }

  /**
   * Blink intervals the NameNode asks the scheduler to hold awake the only holder of a new
   * block (a short write on a blinking node); 0 when off.
   */
  public int shortWriteHoldIntervals() {
    return shortWriteHoldIntervals;
  }

  /**
   * Bytes of stand-ins one staging DataNode may hold (its blocks and those scheduled to it, each
   * at full block size); 0 for no limit but its disk. A full staging node is skipped and the
   * stand-in goes to an awake ring node instead (Rabbit's write offloading), so writes never fail
   * for it.
   */
  public long stagingCapacityBytes() {
    return stagingCapacityBytes;
  }

  public long readMinWindowMs() {
    return client.readMinWindowMs();
  }

  public long readClockResolutionMs() {
    return readClockResolutionMs;
  }

  public long clientWaitMarginMs() {
    return client.clientWaitMarginMs();
  }

  /**
   * The blink client ends an open block when a node of its pipeline has less window left than
   * this many ms ({@code org.blinkhdfs.client.PipelineWatch}); 0 when the watch is off.
   */
  public long clientPipelineMarginMs() {
    return client.clientPipelineMarginMs();
  }

  /**
   * Which replicas the blink client's {@code getFileBlockLocations} and {@code
   * listLocatedStatus} list: {@code USABLE} only those usable now when one is, {@code ALL}
   * every replica, best first ({@link LocationOrder}).
   */
  public LocationOrder.Keep clientBlockLocations() {
    return client.clientBlockLocations();
  }

  /**
   * The schedule's node the client runs on ({@link #CLIENT_LOCAL_NODE}, else {@link
   * #LOCAL_NODE_ENV}), or null for a client that does not sleep with a DataNode.
   */
  public String clientLocalNode() {
    return client.clientLocalNode();
  }

  /** How long a node must stay awake to take a block of {@code blockBytes}. */
  public long writeGuardMs(long blockBytes) {
    long transferMs = (long) Math.ceil(Math.max(0, blockBytes) * 1000.0 / writeBytesPerSec);
    return transferMs + writeMarginMs;
  }

  private static long longIn(Configuration conf, ConfigKey key, long min, long max) {
    return ConfigValues.longIn(conf::get, key, min, max);
  }
}
