package org.blinkhdfs.placement;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.net.Node;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.common.time.CoarseClock;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.schedule.BalancedReadOrder;
import org.blinkhdfs.model.schedule.ReadOrder;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Read selection for blinking DataNodes ({@code dfs.net.topology.impl}).
 *
 * <p>The NameNode sorts each block's locations before returning them to a reader: first it puts
 * stale, entering-maintenance, decommissioning and decommissioned replicas at the end, then it
 * asks the topology to sort the {@code activeLen} replicas in front by network distance. This
 * class lets HDFS do both as usual and then reorders only those front replicas, stably, by
 * {@link ReadOrder}: awake with at least {@code blink.read.min.window.ms} left, longest
 * remaining window first; then the others by time until they wake. Because the reorder is
 * stable, network distance (with HDFS's random shuffle among equals and its secondary sort)
 * still breaks ties, and HDFS's stale/decommission ordering behind {@code activeLen} is
 * untouched.
 *
 * <p>A stale node (one that stopped heartbeating while asleep) already sits behind
 * {@code activeLen}; this class never moves it forward.
 *
 * <p>With no schedule in force the order is exactly DFSNetworkTopology's.
 *
 * <p>Subclasses may break the remaining ties their own way ({@link #orderTies}): among the front
 * replicas that are usable now with equal schedule keys (for a gear schedule, all ACTIVE holders)
 * the order is otherwise HDFS's, which a layout whose nodes store unequal amounts may want to
 * replace (Rabbit's hit-ratio balancer, {@code org.blinkhdfs.rabbit.EqualWorkNetworkTopology}).
 * The blink-aware client re-sorts each block's replicas by the same keys, stably, so such a
 * choice survives to the read.
 *
 * <p>Cost (issue 19: at most 1.25x HDFS's own sort at 5,000 DataNodes): a few schedule look-ups
 * per front replica (one hash look-up of its window, then arithmetic), each key computed once.
 * With a schedule in force and no secondary sort (HDFS's default: {@code
 * dfs.namenode.read.considerLoad} and {@code considerStorageType} off), the distance order and the
 * schedule order are one insertion sort of the front replicas by (schedule key, network weight,
 * random draw), which is the order the two sorts above give, instead of HDFS's sort (a {@code
 * TreeMap} of lists per call) and then a second; {@code BlinkNetworkTopologyTest} checks it
 * against HDFS's. The time comes from a {@link CoarseClock} ({@code
 * blink.read.clock.resolution.ms}), not from the system clock per call. Nothing depends on the
 * number of DataNodes.
 *
 * <p>Thread-safe: the schedule view is thread-safe and each call sorts its own array.
 */
public class BlinkNetworkTopology extends DFSNetworkTopology implements Configurable {
  /** The sort's clock thread ends after this long without a sort under a schedule. */
  private static final long CLOCK_IDLE_MS = 10_000;

  private Configuration conf;
  private BlinkRuntime runtime;
  private long minWindowMs;
  private ReadOrderMode readOrder = ReadOrderMode.LONGEST_WINDOW;
  /**
   * Stands in for the block ID of {@link BalancedReadOrder}: HDFS's sort gives the topology the
   * replicas, not the block, so each sort under {@code balanced} takes the next number, and
   * consecutive sorts (a file's blocks, concurrent readers) spread over the usable replicas.
   */
  private final AtomicLong rotation = new AtomicLong();
  private LongSupplier clock = Clock.systemUTC()::millis;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    PlacementConfig pc = PlacementConfig.from(conf);
    this.runtime = BlinkRuntime.forConf(conf);
    this.minWindowMs = pc.readMinWindowMs();
    this.readOrder = new CoreConfig(conf::get).readOrder();
    if (pc.readClockResolutionMs() > 0) {
      CoarseClock coarse = new CoarseClock(Clock.systemUTC(), pc.readClockResolutionMs(),
          Math.max(CLOCK_IDLE_MS, pc.readClockResolutionMs()), "blink-read-clock");
      this.clock = coarse::millis;
    }
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public <T extends Node> void sortByDistance(Node reader, T[] nodes, int activeLen,
      Consumer<List<T>> secondarySort) {
    sort(reader, nodes, activeLen, secondarySort, false);
  }

  @Override
  public <T extends Node> void sortByDistanceUsingNetworkLocation(Node reader, T[] nodes,
      int activeLen, Consumer<List<T>> secondarySort) {
    sort(reader, nodes, activeLen, secondarySort, true);
  }

  /**
   * HDFS's distance order, then the blink reorder. Without a schedule in force, or with a
   * secondary sort configured, HDFS sorts by distance and the schedule reorders its result
   * stably; otherwise one sort by (schedule key, network weight, random draw) gives the same
   * order without HDFS's per-call maps ({@link ReadOrder}).
   */
  private <T extends Node> void sort(Node reader, T[] nodes, int activeLen,
      Consumer<List<T>> secondarySort, boolean nonDataNodeReader) {
    Schedule schedule = null;
    long nowMs = 0;
    if (runtime != null && activeLen > 0) {
      nowMs = clock.getAsLong();
      schedule = runtime.state(nowMs).usable().orElse(null);
    }
    if (schedule == null || secondarySort != null) {
      if (nonDataNodeReader) {
        super.sortByDistanceUsingNetworkLocation(reader, nodes, activeLen, secondarySort);
      } else {
        super.sortByDistance(reader, nodes, activeLen, secondarySort);
      }
      if (schedule == null) {
        return;
      }
    }
    int tied;
    if (secondarySort != null) {
      tied = ReadOrder.sortInPlace(nodes, activeLen, BlinkNetworkTopology::addressOf, schedule,
          nowMs, minWindowMs);
    } else {
      int[] weights = new int[activeLen];
      for (int i = 0; i < activeLen; i++) {
        weights[i] = nonDataNodeReader ? getWeightUsingNetworkLocation(reader, nodes[i])
            : getWeight(reader, nodes[i]);
      }
      tied = ReadOrder.sortInPlace(nodes, activeLen, BlinkNetworkTopology::addressOf, schedule,
          nowMs, minWindowMs, weights, ThreadLocalRandom.current());
    }
    if (readOrder == ReadOrderMode.BALANCED && !ordersTiesItself()) {
      BalancedReadOrder.sortInPlace(nodes, activeLen, BlinkNetworkTopology::addressOf, schedule,
          nowMs, minWindowMs, rotation.getAndIncrement());
    } else if (tied > 0) {
      orderTies(nodes, tied, schedule, nowMs);
    }
  }

  /**
   * True for a subclass whose {@link #orderTies} is a read selection of its own (Rabbit's
   * hit-ratio balancer), which {@code blink.read.order = balanced} then leaves in charge.
   */
  protected boolean ordersTiesItself() {
    return false;
  }

  /**
   * A hook for a layout's own read selection: reorders {@code nodes[0 .. tiedLen)}, the front
   * replicas that are usable now and equally good by the schedule, after HDFS's distance sort
   * and the blink reorder. Called once per sorted block while a schedule is in force, also when
   * only one replica qualifies (a selection that counts reads needs every read). The default
   * keeps HDFS's order among them (network distance, then its random shuffle). Overrides must
   * only permute that prefix.
   *
   * @param tiedLen at least 1
   */
  protected <T extends Node> void orderTies(T[] nodes, int tiedLen, Schedule schedule,
      long nowMs) {
    // HDFS's order is kept.
  }

  /** {@code blink.read.min.window.ms}: a replica with less awake time left is not usable now. */
  protected long readMinWindowMs() {
    return minWindowMs;
  }

  /** The transfer address the schedule names nodes by; other nodes are not in any schedule. */
  protected static String addressOf(Node node) {
    return node instanceof DatanodeInfo ? ((DatanodeInfo) node).getXferAddr() : node.getName();
  }
}
