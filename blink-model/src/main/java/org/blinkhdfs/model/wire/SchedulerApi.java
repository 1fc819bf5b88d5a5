package org.blinkhdfs.model.wire;

/**
 * Every HTTP path of BlinkHDFS's control plane, in one place: the scheduler's API (served by
 * {@code bin/blink scheduler}, docs/scheduler-api.md) and the Blink API the write proxy serves
 * (docs/proxy.md). Servers register these paths and clients call them, so a path is spelled once.
 *
 * <p>Why constants and not a client class: the scheduler's servlets, the admin tool, the agents,
 * the NameNode plugin, the proxy and the lab all speak this protocol with their own HTTP stacks;
 * what they must agree on is the path (and the JSON of {@link WireCodec}, {@link StatusJson},
 * {@link WakeJson}, {@link PopularityJson}, {@link HeldReadsJson}, {@link BatteryTargetJson}).
 */
public final class SchedulerApi {
  /** {@code GET}: the schedule in force (JSON, or protobuf by {@code Accept}). */
  public static final String SCHEDULE = "/v1/schedule";
  /** {@code GET}/{@code PUT}: the power source and the available power. */
  public static final String POWER = "/v1/power";
  /** {@code GET}/{@code PUT}: the blink policy. */
  public static final String POLICY = "/v1/policy";
  /** {@code GET}/{@code PUT}: the ACTIVE node count override ({@code auto} clears it). */
  public static final String ACTIVE = "/v1/active";
  /** {@code POST}: an agent's status heartbeat. */
  public static final String STATUS = "/v1/status";
  /** {@code GET}: every node's last report. */
  public static final String NODES = "/v1/nodes";
  /** {@code POST}: a wake request (a node held awake for a span). */
  public static final String WAKE = "/v1/wake";
  /** GET: the energy books, cumulative since the scheduler started (issue 38). */
  public static final String ENERGY = "/v1/energy";
  /** {@code PUT}: per-node read loads for load-proportional blinking. */
  public static final String POPULARITY = "/v1/popularity";
  /** {@code GET}/{@code PUT}: a read relay's held reads, the {@code auto} policy's load. */
  public static final String HELD = "/v1/held";
  /** {@code GET}/{@code PUT}: the application groups document. */
  public static final String GROUPS = "/v1/groups";
  /** {@code PUT}: which groups are live (from the NameNode). */
  public static final String GROUPS_LIVE = "/v1/groups/live";
  /** {@code GET}/{@code PUT}: the UPS ride-through: the last decision, the target (issue 44). */
  public static final String BATTERY = "/v1/battery";

  /** The write proxy's Blink API ({@code ?node=}): a node's window and state. */
  public static final String PROXY_STATE = "/v1/state";
  /** The write proxy's Blink API ({@code ?path=}): a file's blocks and their replicas' windows. */
  public static final String PROXY_BLOCKS = "/v1/blocks";
  /** The write proxy's Blink API ({@code ?path=}): a file's size, owner and availability. */
  public static final String PROXY_FILE = "/v1/file";
  /** The write proxy's Blink API ({@code ?node=}): a server's read load. */
  public static final String PROXY_LOAD = "/v1/load";

  private SchedulerApi() {}
}
