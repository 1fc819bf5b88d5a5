package org.blinkhdfs.placement;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.net.Node;
import org.blinkhdfs.core.schedule.ReadOrder;
import org.blinkhdfs.core.schedule.Schedule;

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
 * <p>Cost: a few schedule look-ups per front replica (one hash look-up of its window, then
 * arithmetic), each key computed once, and an insertion sort of the front replicas in place;
 * nothing depends on the number of DataNodes.
 *
 * <p>Thread-safe: the schedule view is thread-safe and each call sorts its own array.
 */
public class BlinkNetworkTopology extends DFSNetworkTopology implements Configurable {
  private final Clock clock = Clock.systemUTC();
  private Configuration conf;
  private BlinkRuntime runtime;
  private long minWindowMs;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    PlacementConfig pc = PlacementConfig.from(conf);
    this.runtime = BlinkRuntime.forConf(conf);
    this.minWindowMs = pc.readMinWindowMs();
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public <T extends Node> void sortByDistance(Node reader, T[] nodes, int activeLen,
      Consumer<List<T>> secondarySort) {
    super.sortByDistance(reader, nodes, activeLen, secondarySort);
    reorderByBlink(nodes, activeLen);
  }

  @Override
  public <T extends Node> void sortByDistanceUsingNetworkLocation(Node reader, T[] nodes,
      int activeLen, Consumer<List<T>> secondarySort) {
    super.sortByDistanceUsingNetworkLocation(reader, nodes, activeLen, secondarySort);
    reorderByBlink(nodes, activeLen);
  }

  private <T extends Node> void reorderByBlink(T[] nodes, int activeLen) {
    if (runtime == null || activeLen < 1) {
      return;
    }
    Optional<Schedule> schedule = runtime.state().usable();
    if (schedule.isEmpty()) {
      return;
    }
    long nowMs = clock.millis();
    int tied = ReadOrder.sortInPlace(nodes, activeLen, BlinkNetworkTopology::addressOf,
        schedule.get(), nowMs, minWindowMs);
    if (tied > 0) {
      orderTies(nodes, tied, schedule.get(), nowMs);
    }
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
