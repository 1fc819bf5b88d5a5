package org.blinkhdfs.rabbit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.ipc.Server;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.blinkhdfs.model.schedule.ReadOrder;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.placement.BlinkNetworkTopology;
import org.blinkhdfs.rabbit.balance.CallReadLog;
import org.blinkhdfs.rabbit.balance.EqualWorkTargets;
import org.blinkhdfs.rabbit.balance.HitRatioBalancer;
import org.blinkhdfs.rabbit.balance.HitRatioTargets;
import org.blinkhdfs.rabbit.dataset.Allocation;
import org.blinkhdfs.rabbit.dataset.DatasetDirectory;
import org.blinkhdfs.rabbit.dataset.DatasetShares;
import org.blinkhdfs.rabbit.dataset.LeastServed;
import org.blinkhdfs.rabbit.layout.Chain;
import org.blinkhdfs.rabbit.layout.RabbitConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Read selection for equal-work clusters ({@code dfs.net.topology.impl}, with {@link
 * EqualWorkBlockPlacementPolicy}): Rabbit's hit-ratio load balancer (§3.2) picks which replica
 * serves each block, so every active node serves about B/n blocks of a full read although node i
 * stores about B/i.
 *
 * <h2>Where it acts</h2>
 * On top of {@link BlinkNetworkTopology}: HDFS sorts a block's replicas (stale and decommissioning
 * ones last, then network distance), the blink order puts replicas awake now first; then, among
 * the front replicas that are usable now and equally good by the schedule (for a gear schedule:
 * every ACTIVE holder), the one whose node is farthest below its desired hit-ratio goes first
 * ({@link HitRatioBalancer}), the others keep their order. Network distance is deliberately
 * overridden among those ties: a reader near a primary (or, in a one-host test cluster, "local"
 * to whichever DataNode shares its address) would otherwise pull the reads to the nodes that
 * store the most, which is exactly what equal work exists to avoid. Sleeping or about-to-sleep
 * replicas, and non-usable ones, are never promoted. The blink-aware client re-sorts replicas
 * by the same schedule keys, stably, so the choice reaches the DataNode.
 *
 * <h2>Desired ratios</h2>
 * From the NameNode's own replica counts per DataNode ({@code DatanodeDescriptor#numBlocks},
 * found through this topology's leaves) and B = the primaries' counts ({@link EqualWorkTargets}
 * explains why not the layout table); active = chain nodes usable now by the schedule. They are
 * recomputed when the schedule changes and otherwise at most every {@code
 * blink.equalwork.read.refresh.ms} (default 1 s); a new active set restarts the hit counters.
 * Counts decay over {@code blink.equalwork.read.window} offers per node (default 1024).
 *
 * <h2>What counts as a read</h2>
 * A sort for a reader is taken as one read of the block by the first replica, as Rabbit counts
 * requests. HDFS 3.5 sorts the file's last block twice per {@code getBlockLocations}; {@link
 * CallReadLog} (one per handler thread, keyed by the RPC call) drops that repeat exactly. A
 * client that fetches locations without reading (e.g. {@code getFileBlockLocations}) is counted
 * as a reader; a client that falls back to another replica after a failure is not seen.
 *
 * <h2>Worked example</h2>
 * Le et al.'s chain (7 nodes, p = 2, r = 2), B = 350, gear of 4: desired n1 = n2 = 0.5, n3 ≈ 0.82,
 * n4 ≈ 1.09. A block on {n1, n4} goes to n4 whenever n4's actual ratio (served / offered) is
 * below 1.09, i.e. always; a block on {n2, n3} goes to n3 while n3 is behind 0.82 of its offers.
 * Measured on a MiniDFSCluster (EqualWorkReadBalanceTest, docs/equal-work.md), B = 350: CV of
 * blocks served per active node 0.050 with 7 on and 0.057 with 4 (the stored counts allow at best
 * 0.049 and 0.056), against 0.46–0.68 with HDFS's own order on the same blocks.
 *
 * <p>Without a schedule in force, with fewer chain nodes than {@code blink.equalwork.primaries},
 * or before any block is stored, the order is {@link BlinkNetworkTopology}'s; with {@code
 * dfs.namenode.random.node.order.enabled} HDFS shuffles instead of sorting and neither
 * topology orders.
 *
 * <p>Thread-safe: the balancer is lock-free, the targets snapshot is swapped atomically (two
 * handlers may compute it at once; either result is right), the call logs are per thread.
 */
public class EqualWorkNetworkTopology extends BlinkNetworkTopology {
  private static final Logger LOG = LoggerFactory.getLogger(EqualWorkNetworkTopology.class);

  private final AtomicReference<Snapshot> snapshot = new AtomicReference<>();
  private volatile Shares shares;
  private volatile DatasetRuntime datasetRuntime;
  private final ThreadLocal<CallReadLog> callLogs = ThreadLocal.withInitial(CallReadLog::new);
  private volatile Chain warnedChain;
  private int primaries;
  private long refreshMs;
  private volatile HitRatioBalancer balancer = new HitRatioBalancer();

  @Override
  public void setConf(Configuration conf) {
    super.setConf(conf);
    RabbitConfig rc = RabbitConfig.from(conf::get); // a bad blink.equalwork.* value fails here
    this.primaries = rc.primaries();
    this.refreshMs = rc.readRefreshMs();
    this.balancer = new HitRatioBalancer(rc.readWindow());
  }

  /** The balancer, for tests and metrics: actual hit ratios of the current epoch. */
  public HitRatioBalancer balancer() {
    return balancer;
  }

  /** The hit-ratio balancer is equal work's read selection, also under balanced read order. */
  @Override
  protected boolean ordersTiesItself() {
    return true;
  }

  @Override
  protected <T extends Node> void orderTies(T[] nodes, int tiedLen, Schedule schedule,
      long nowMs) {
    if (datasetFirst(nodes, tiedLen, schedule, nowMs)) {
      return;
    }
    Optional<HitRatioTargets> targets = targets(schedule, nowMs);
    if (targets.isEmpty()) {
      return;
    }
    List<String> candidates = addresses(nodes, tiedLen);
    Optional<String> chosen = balancer.pick(candidates, targets.get());
    if (chosen.isEmpty()) {
      return; // no candidate is a chain node on now (e.g. only a staging stand-in)
    }
    moveToFront(nodes, candidates.indexOf(chosen.get()));
    HitRatioBalancer b = balancer;
    HitRatioTargets t = targets.get();
    String node = chosen.get();
    count(new CallReadLog.Read(candidates, node, () -> b.record(candidates, node, t)));
  }

  private <T extends Node> List<String> addresses(T[] nodes, int count) {
    List<String> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(addressOf(nodes[i]));
    }
    return out;
  }

  /**
   * Counts {@code read} unless it is HDFS's repeated sort of the last block ({@link CallReadLog}).
   */
  private void count(CallReadLog.Read read) {
    for (CallReadLog.Read counted : callLogs.get().next(Server.getCurCall().get(), read)) {
      counted.count();
    }
  }

  /**
   * Rabbit §3.4's read side: a block of a live dataset d is read from A(d), the nodes allocated
   * to d, so one dataset's readers never load another's nodes (fair and priority isolation).
   * The file is the one the reader opened ({@link DatasetAuditLogger}); the read makes its
   * dataset live. Among the tied replicas in A(d), the node that has served the fewest reads
   * since A last changed goes first ({@link LeastServed}; HDFS's repeated sort of the last block
   * is not a read: {@link CallReadLog}). False (nothing reordered) without datasets, for a sort
   * that is not a client's open, a file in no dataset, or when none of the tied replicas is in
   * A(d).
   */
  private <T extends Node> boolean datasetFirst(T[] nodes, int tiedLen, Schedule schedule,
      long nowMs) {
    Optional<DatasetRuntime> runtime = runtime();
    if (runtime.isEmpty() || runtime.get().layoutFor(schedule.ring()).isEmpty()) {
      return false;
    }
    Optional<String> path = DatasetAuditLogger.openedByCurrentCall();
    if (path.isEmpty()) {
      return false;
    }
    Optional<String> dataset = runtime.get().readOf(path.get());
    if (dataset.isEmpty()) {
      return false;
    }
    Shares shares = shares(runtime.get(), schedule, nowMs);
    List<String> candidates = addresses(nodes, tiedLen);
    int best = shares.served().pick(candidates, shares.nodesOf(dataset.get()));
    if (best < 0) {
      return false;
    }
    String node = candidates.get(best);
    count(new CallReadLog.Read(candidates, node, () -> shares.served().serve(node)));
    moveToFront(nodes, best);
    return true;
  }

  /** This NameNode's dataset runtime, once the policy or plugin created it (then cached). */
  private Optional<DatasetRuntime> runtime() {
    DatasetRuntime r = datasetRuntime;
    if (r == null) {
      r = DatasetRuntime.existing(this).orElse(null);
      datasetRuntime = r;
    }
    return Optional.ofNullable(r);
  }

  /**
   * A(d) for the schedule now, recomputed when it, the datasets or the live set change, and
   * otherwise every {@code blink.equalwork.read.refresh.ms} (which nodes are usable now moves
   * with the windows).
   */
  private Shares shares(DatasetRuntime runtime, Schedule schedule, long nowMs) {
    Shares s = shares;
    DatasetDirectory directory = runtime.directory();
    Set<String> live = runtime.activity().live();
    if (s != null && s.schedule.equals(schedule) && s.version == directory.version()
        && s.live.equals(live) && nowMs >= s.takenMs && nowMs - s.takenMs < refreshMs) {
      return s;
    }
    List<String> on = new ArrayList<>();
    for (String node : schedule.ring()) {
      if (ReadOrder.key(schedule, node, nowMs, readMinWindowMs()).usableNow()) {
        on.add(node);
      }
    }
    Allocation a = DatasetShares.allocate(live, directory,
        directory.chains(schedule.ring(), primaries), on, runtime.config().share());
    Shares fresh = s != null && s.allocation.equals(a)
        ? s.renewed(schedule, directory.version(), live, nowMs)
        : new Shares(schedule, directory.version(), live, nowMs, a, new LeastServed());
    shares = fresh;
    return fresh;
  }

  private static <T> void moveToFront(T[] nodes, int index) {
    T chosen = nodes[index];
    System.arraycopy(nodes, 0, nodes, 1, index);
    nodes[0] = chosen;
  }

  /** The targets for {@code schedule} now, reusing the snapshot while it is fresh. */
  private Optional<HitRatioTargets> targets(Schedule schedule, long nowMs) {
    Snapshot s = snapshot.get();
    if (s != null && s.isFreshFor(schedule, nowMs, refreshMs)) {
      return s.targets();
    }
    Snapshot fresh = new Snapshot(schedule, nowMs, computeTargets(schedule, nowMs));
    snapshot.set(fresh);
    return fresh.targets();
  }

  private Optional<HitRatioTargets> computeTargets(Schedule schedule, long nowMs) {
    List<String> ring = schedule.ring();
    if (ring.size() < primaries) {
      warnOnce(ring);
      return Optional.empty();
    }
    Chain chain = Chain.fromSchedule(schedule);
    Set<String> active = new HashSet<>();
    for (String node : chain.nodes()) {
      if (ReadOrder.key(schedule, node, nowMs, readMinWindowMs()).usableNow()) {
        active.add(node);
      }
    }
    return EqualWorkTargets.of(storedBlocks(chain), chain.prefix(primaries), active);
  }

  /** Replicas the NameNode records on each chain node that is registered. */
  private Map<String, Long> storedBlocks(Chain chain) {
    Map<String, Long> stored = new HashMap<>();
    for (Node leaf : getLeaves(NodeBase.ROOT)) {
      if (leaf instanceof DatanodeDescriptor dn && chain.contains(dn.getXferAddr())) {
        stored.put(dn.getXferAddr(), (long) dn.numBlocks());
      }
    }
    return stored;
  }

  private void warnOnce(List<String> ring) {
    Chain chain = ring.isEmpty() ? null : Chain.of(ring);
    if (chain != null && !chain.equals(warnedChain)) {
      warnedChain = chain;
      LOG.warn("The schedule's ring has {} nodes, fewer than {} = {} primaries: reads are not"
          + " balanced (HDFS's order) until the ring or the key changes", ring.size(),
          RabbitConfig.PRIMARIES.name(), primaries);
    }
  }

  /** A(d) computed at {@code takenMs}, with the reads each node served since A last changed. */
  private record Shares(Schedule schedule, long version, Set<String> live, long takenMs,
      Allocation allocation, LeastServed served) {
    Set<String> nodesOf(String dataset) {
      return Set.copyOf(allocation.nodesOf(dataset));
    }

    Shares renewed(Schedule now, long newVersion, Set<String> newLive, long nowMs) {
      return new Shares(now, newVersion, newLive, nowMs, allocation, served);
    }
  }

  /** Targets computed at {@code takenMs} for {@code schedule}. */
  private record Snapshot(Schedule schedule, long takenMs, Optional<HitRatioTargets> targets) {
    boolean isFreshFor(Schedule now, long nowMs, long refreshMs) {
      return (schedule == now || schedule.equals(now)) && nowMs >= takenMs
          && nowMs - takenMs < refreshMs;
    }
  }
}
