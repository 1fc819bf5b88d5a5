package org.blinkhdfs.client;

import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.schedule.InvalidScheduleException;
import org.blinkhdfs.model.schedule.LocationOrder;
import org.blinkhdfs.model.schedule.NodeAddress;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.schedule.ScheduleSourceKeys;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * The keys every BlinkHDFS process that reads HDFS needs: where the schedule comes from (the
 * scheduler or a file) and how the blink client waits, orders and watches replicas.
 *
 * <p>Why its own class: a client, the proxy and the NameNode all follow the same schedule, but
 * only the NameNode has placement keys. Keeping these here lets the client jar load without any
 * NameNode class (as {@code hadoop-hdfs-client} does without {@code hadoop-hdfs}); the NameNode's
 * {@code PlacementConfig} reads these through this class, so each key is parsed in one place.
 *
 * <p>Every value is validated when read: a bad one fails with the key, the value and the fix.
 * Immutable.
 */
public final class ClientConfig {
  /** Schedule-source keys: defined once in {@link ScheduleSourceKeys}, read here. */
  public static final ConfigKey SCHEDULE_FILE = ScheduleSourceKeys.SCHEDULE_FILE;
  public static final ConfigKey SCHEDULE_POLL_MS = ScheduleSourceKeys.SCHEDULE_POLL_MS;
  public static final ConfigKey SCHEDULER_ADDRESS =
      new ConfigKey(SchedulerHttp.ADDRESS_KEY, "", "host:port");
  public static final ConfigKey SCHEDULER_POLL_MS = ScheduleSourceKeys.SCHEDULER_POLL_MS;
  public static final ConfigKey SCHEDULER_TIMEOUT_MS = ScheduleSourceKeys.SCHEDULER_TIMEOUT_MS;
  public static final ConfigKey READ_MIN_WINDOW_MS = CoreConfig.READ_MIN_WINDOW_MS;
  /** Which usable replica the gate puts first: the NameNode's key, read alike here. */
  public static final ConfigKey READ_ORDER = CoreConfig.READ_ORDER;
  public static final ConfigKey CLIENT_WAIT_MARGIN_MS =
      new ConfigKey("blink.client.wait.margin.ms", "2000", "ms");
  /**
   * The blink client ends an open block when a node of its pipeline has less window left than
   * this; 0 turns the watch off.
   */
  public static final ConfigKey CLIENT_PIPELINE_MARGIN_MS =
      new ConfigKey("blink.client.pipeline.margin.ms", "1000", "ms");
  /** Which replicas the blink client's block locations (and so input splits) list. */
  public static final ConfigKey CLIENT_BLOCK_LOCATIONS =
      new ConfigKey("blink.client.block.locations", "usable", "usable|all");
  /**
   * The schedule's name (DataNode transfer address) of the host the client runs on, for a client
   * that sleeps with a blinking host (a YARN container); empty: {@link #LOCAL_NODE_ENV}, else none.
   */
  public static final ConfigKey CLIENT_LOCAL_NODE =
      new ConfigKey("blink.client.local.node", "", "host:port");
  /**
   * The environment variable read when {@link #CLIENT_LOCAL_NODE} is empty: a NodeManager sets it
   * for its containers through {@code yarn.nodemanager.admin-env}, which a job cannot override.
   */
  public static final String LOCAL_NODE_ENV = "BLINK_LOCAL_NODE";

  /** Every key this class reads. */
  public static final List<ConfigKey> KEYS = List.of(SCHEDULE_FILE, SCHEDULE_POLL_MS,
      SCHEDULER_ADDRESS, SCHEDULER_POLL_MS, SCHEDULER_TIMEOUT_MS, READ_MIN_WINDOW_MS, READ_ORDER,
      CLIENT_WAIT_MARGIN_MS, CLIENT_PIPELINE_MARGIN_MS, CLIENT_BLOCK_LOCATIONS, CLIENT_LOCAL_NODE);

  private final String scheduleFile;
  private final long schedulePollMs;
  private final String schedulerAddress;
  private final long schedulerPollMs;
  private final int schedulerTimeoutMs;
  private final long readMinWindowMs;
  private final ReadOrderMode readOrder;
  private final long clientWaitMarginMs;
  private final long clientPipelineMarginMs;
  private final LocationOrder.Keep clientBlockLocations;
  private final String clientLocalNode;

  private ClientConfig(Configuration conf, UnaryOperator<String> env) {
    this.scheduleFile = ConfigValues.raw(conf::get, SCHEDULE_FILE);
    this.schedulePollMs = longIn(conf, SCHEDULE_POLL_MS, 0, 3_600_000L);
    this.schedulerAddress = ConfigValues.raw(conf::get, SCHEDULER_ADDRESS);
    if (!schedulerAddress.isEmpty()) {
      SchedulerHttp.checkAddress(SCHEDULER_ADDRESS.name(), schedulerAddress);
    }
    this.schedulerPollMs = longIn(conf, SCHEDULER_POLL_MS, 100, 600_000L);
    this.schedulerTimeoutMs = (int) longIn(conf, SCHEDULER_TIMEOUT_MS, 10, 600_000L);
    this.readMinWindowMs = longIn(conf, READ_MIN_WINDOW_MS, 0, 3_600_000L);
    this.readOrder = ReadOrderMode.parse(READ_ORDER.name(), ConfigValues.raw(conf::get,
        READ_ORDER));
    this.clientWaitMarginMs = longIn(conf, CLIENT_WAIT_MARGIN_MS, 0, 3_600_000L);
    this.clientPipelineMarginMs = longIn(conf, CLIENT_PIPELINE_MARGIN_MS, 0, 3_600_000L);
    this.clientBlockLocations = LocationOrder.Keep.parse(CLIENT_BLOCK_LOCATIONS.name(),
        ConfigValues.raw(conf::get, CLIENT_BLOCK_LOCATIONS));
    this.clientLocalNode = localNode(ConfigValues.raw(conf::get, CLIENT_LOCAL_NODE), env);
  }

  /** Reads and validates the keys from {@code conf} (and {@link #LOCAL_NODE_ENV}). */
  public static ClientConfig from(Configuration conf) {
    return new ClientConfig(conf, System::getenv);
  }

  /** As {@link #from(Configuration)} with {@code env} in place of the process environment. */
  public static ClientConfig from(Configuration conf, UnaryOperator<String> env) {
    return new ClientConfig(conf, env);
  }

  private static String localNode(String configured, UnaryOperator<String> env) {
    String what = CLIENT_LOCAL_NODE.name();
    String value = configured;
    if (value.isEmpty()) {
      String fromEnv = env.apply(LOCAL_NODE_ENV);
      value = fromEnv == null ? "" : fromEnv.trim();
      what = "environment variable " + LOCAL_NODE_ENV;
    }
    if (value.isEmpty()) {
      return "";
    }
    try {
      NodeAddress.validate(what, value);
    } catch (InvalidScheduleException e) {
      throw new IllegalArgumentException(what + " = '" + value + "' is not host:port with a port"
          + " in 1..65535: give the transfer address of the DataNode on this client's host as the"
          + " schedule names it (dfs.datanode.address, e.g. 10.0.0.11:9866), or leave it unset"
          + " for a client that does not sleep with a DataNode", e);
    }
    return value;
  }

  /** The schedule file, or empty when none is configured. */
  public String scheduleFile() {
    return scheduleFile;
  }

  public long schedulePollMs() {
    return schedulePollMs;
  }

  /** The scheduler's {@code host:port}, or empty when none is configured. */
  public String schedulerAddress() {
    return schedulerAddress;
  }

  /** Milliseconds from the end of one {@code GET /v1/schedule} to the start of the next. */
  public long schedulerPollMs() {
    return schedulerPollMs;
  }

  /** Connect and read timeout of each {@code GET /v1/schedule}. */
  public int schedulerTimeoutMs() {
    return schedulerTimeoutMs;
  }

  public long readMinWindowMs() {
    return readMinWindowMs;
  }

  /** {@code blink.read.order}: longest window first, or split by block ID (issue 46). */
  public ReadOrderMode readOrder() {
    return readOrder;
  }

  public long clientWaitMarginMs() {
    return clientWaitMarginMs;
  }

  /**
   * The blink client ends an open block when a node of its pipeline has less window left than
   * this many ms ({@link PipelineWatch}); 0 when the watch is off.
   */
  public long clientPipelineMarginMs() {
    return clientPipelineMarginMs;
  }

  /**
   * Which replicas the blink client's {@code getFileBlockLocations} and {@code
   * listLocatedStatus} list: {@code USABLE} only those usable now when one is, {@code ALL}
   * every replica, best first ({@link LocationOrder}).
   */
  public LocationOrder.Keep clientBlockLocations() {
    return clientBlockLocations;
  }

  /**
   * The schedule's node the client runs on ({@link #CLIENT_LOCAL_NODE}, else {@link
   * #LOCAL_NODE_ENV}), or null for a client that does not sleep with a DataNode.
   */
  public String clientLocalNode() {
    return clientLocalNode.isEmpty() ? null : clientLocalNode;
  }

  private static long longIn(Configuration conf, ConfigKey key, long min, long max) {
    return ConfigValues.longIn(conf::get, key, min, max);
  }
}
