package org.blinkhdfs.placement;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementStatus;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.net.Node;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.placement.layout.LayoutCheck;
import org.blinkhdfs.placement.layout.RingLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * BlinkFS's power-balanced layout as an HDFS block placement policy
 * ({@code dfs.block.replicator.classname}).
 *
 * <p>Goal: a block's replicas sit on ring nodes whose awake windows overlap least, so under
 * staggered blinking some replica is awake as much of each interval as possible. The ring is the
 * schedule's order of non-staging nodes; the positions come from {@link RingLayout}: the first
 * replica, the node opposite, then the midpoints of the largest gaps.
 *
 * <p>Hard constraints, in this order:
 *
 * <ol>
 *   <li>Never a sleeping target: a node asleep now, or whose window closes before the block can
 *       be written ({@link PlacementConfig#writeGuardMs}), is added to the excluded nodes before
 *       HDFS's own target choice runs, so no code path (favored nodes, fallbacks) can pick it.
 *   <li>HDFS's rules for each target: excluded nodes, space, storage types and policies, stale
 *       and decommissioning nodes, considerLoad and the per-rack maximum, all applied by
 *       {@code chooseLocalOrFavoredStorage} on the exact node the layout wants.
 *   <li>As many targets as HDFS asked for whenever enough awake nodes exist: a layout position
 *       that cannot take the block is filled by a stand-in (an awake staging node, else the
 *       nearest awake ring node outside the layout; Rabbit's write offloading), and if that is
 *       not enough, by HDFS's default rules among awake nodes.
 * </ol>
 *
 * <p>Soft goal: the first replica is the writer when it is a writable ring node (locality);
 * otherwise the ring position whose layout has the most writable nodes, ties broken by a seeded
 * random choice. HDFS allocates the block ID only after targets are chosen, so it cannot seed the
 * choice; instead the layout is recognised from replica positions ({@link RingLayout#bestFirst})
 * by every later step, which keeps the policy stateless.
 *
 * <p>Layout correction uses the NameNode's own reconstruction: {@link #verifyBlockPlacement}
 * reports the uncovered layout positions as {@code getAdditionalReplicasRequired()}; the
 * NameNode calls {@code chooseTarget} with the live replicas as already chosen, and this policy
 * answers with the awake missing layout nodes only (never another stand-in, which would not lower
 * the count and would be rejected); the excess replica is then removed by
 * {@link #chooseReplicasToDelete}, stand-ins first. Until the layout node wakes, the block waits
 * in the NameNode's low-redundancy queue (as "badly distributed") and is retried every
 * redundancy-monitor pass.
 *
 * <p>With no usable schedule (none configured, missing, corrupt, expired) every method behaves
 * exactly like {@link BlockPlacementPolicyDefault}; the schedule reader logs why, once.
 *
 * <p>Worked example (ring of 9, r = 3, writer not on the ring, nodes 0–4 awake): layout(0) is
 * {0, 4, 6}: two writable; layout(2) is {2, 6, 8}: one; layout(1) is {1, 5, 7}: one; ... The
 * best, layout(0) or an equally good one, is written as 0, 4 and a stand-in for 6. Later, while 6
 * is awake, reconstruction copies the block to 6 and the stand-in copy is deleted.
 *
 * <p>Thread-safety: the NameNode calls this concurrently; all per-call state is local, the
 * seeded random is synchronized, and the schedule view is thread-safe.
 */
public class PowerBalancedBlockPlacementPolicy extends BlockPlacementPolicyDefault
    implements Configurable {
  private static final Logger LOG =
      LoggerFactory.getLogger(PowerBalancedBlockPlacementPolicy.class);

  private final Clock clock = Clock.systemUTC();
  private Configuration conf;
  private PlacementConfig settings;
  private BlinkRuntime runtime;
  private Random random;
  /** The last ring index; reused while the schedule and the registered nodes are unchanged. */
  private volatile RingMembers.Index cachedIndex;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    this.settings = PlacementConfig.from(conf);
    this.runtime = BlinkRuntime.forConf(conf);
    this.random = new Random(settings.seed());
    LOG.info("Power-balanced placement: schedule {} ({}), write guard for 128 MB {} ms",
        settings.scheduleFile().isEmpty() ? "not configured" : settings.scheduleFile(),
        runtime.state().detail(), settings.writeGuardMs(128L << 20));
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /** The ring at this instant, or empty when no schedule is in force (default behaviour). */
  private Optional<RingMembers> ring() {
    if (runtime == null) {
      return Optional.empty();
    }
    Optional<Schedule> s = runtime.state().usable();
    if (s.isEmpty() || s.get().ring().isEmpty()) {
      return Optional.empty();
    }
    RingMembers ring = RingMembers.of(s.get(), clusterMap, clock.millis(), cachedIndex);
    cachedIndex = ring.index();
    return Optional.of(ring);
  }

  // ---------------------------------------------------------------- write targets

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosenNodes, boolean returnChosenNodes, Set<Node> excludedNodes,
      long blocksize, BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags) {
    return super.chooseTarget(srcPath, numOfReplicas, writer, chosenNodes, returnChosenNodes,
        withSleepersExcluded(excludedNodes, blocksize), blocksize, storagePolicy, flags);
  }

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes,
      long blocksize, BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags,
      EnumMap<StorageType, Integer> storageTypes) {
    return super.chooseTarget(srcPath, numOfReplicas, writer, chosen, returnChosenNodes,
        withSleepersExcluded(excludedNodes, blocksize), blocksize, storagePolicy, flags,
        storageTypes);
  }

  /** The caller's excluded nodes plus every node that cannot take a block now. */
  private Set<Node> withSleepersExcluded(Set<Node> excludedNodes, long blocksize) {
    Optional<RingMembers> ring = ring();
    if (ring.isEmpty()) {
      return excludedNodes;
    }
    Set<Node> sleepers = ring.get().unwritable(settings.writeGuardMs(blocksize));
    Set<Node> out = excludedNodes == null ? new HashSet<>() : new HashSet<>(excludedNodes);
    out.addAll(sleepers);
    runtime.sleepingTargetsAvoided().addAndGet(sleepers.size());
    return out;
  }

  /** Favored nodes that are asleep are dropped; the layout chooses the rest. */
  @Override
  protected void chooseFavouredNodes(String src, int numOfReplicas,
      List<DatanodeDescriptor> favoredNodes, Set<Node> favoriteAndExcludedNodes, long blocksize,
      int maxNodesPerRack, List<DatanodeStorageInfo> results, boolean avoidStaleNodes,
      EnumMap<StorageType, Integer> storageTypes) throws NotEnoughReplicasException {
    List<DatanodeDescriptor> usable = favoredNodes;
    Optional<RingMembers> ring = ring();
    if (ring.isPresent()) {
      long guardMs = settings.writeGuardMs(blocksize);
      usable = new ArrayList<>();
      for (DatanodeDescriptor d : favoredNodes) {
        if (ring.get().writable(d, guardMs)) {
          usable.add(d);
        }
      }
    }
    super.chooseFavouredNodes(src, numOfReplicas, usable, favoriteAndExcludedNodes, blocksize,
        maxNodesPerRack, results, avoidStaleNodes, storageTypes);
  }

  @Override
  protected Node chooseTargetInOrder(int numOfReplicas, Node writer, Set<Node> excludedNodes,
      long blocksize, int maxNodesPerRack, List<DatanodeStorageInfo> results,
      boolean avoidStaleNodes, boolean newBlock, EnumMap<StorageType, Integer> storageTypes)
      throws NotEnoughReplicasException {
    Optional<RingMembers> maybeRing = ring();
    if (maybeRing.isEmpty()) {
      return super.chooseTargetInOrder(numOfReplicas, writer, excludedNodes, blocksize,
          maxNodesPerRack, results, avoidStaleNodes, newBlock, storageTypes);
    }
    RingMembers ring = maybeRing.get();
    TargetRequest req = new TargetRequest(excludedNodes, blocksize, maxNodesPerRack, results,
        avoidStaleNodes, storageTypes, settings.writeGuardMs(blocksize));
    TargetPlan plan = plan(ring, numOfReplicas, writer, results, req.guardMs);
    int before = results.size();
    for (int position : plan.positions) {
      if (results.size() - before >= numOfReplicas) {
        break;
      }
      DatanodeDescriptor node = ring.node(position);
      if (node != null && ring.writable(node, req.guardMs) && take(node, req)) {
        continue;
      }
      if (plan.correction) {
        continue; // a stand-in would not improve the layout; wait for the node to wake
      }
      if (takeStandIn(ring, position, plan, req)) {
        runtime.offloadedReplicas().incrementAndGet();
      }
    }
    int chosen = results.size() - before;
    if (plan.correction) {
      runtime.layoutCorrections().addAndGet(chosen);
    } else if (chosen < numOfReplicas) {
      // Not enough layout nodes or stand-ins: HDFS's rules among the nodes left (all awake).
      return super.chooseTargetInOrder(numOfReplicas - chosen, writer, excludedNodes, blocksize,
          maxNodesPerRack, results, avoidStaleNodes, newBlock, storageTypes);
    }
    if (writer instanceof DatanodeDescriptor || results.isEmpty()) {
      return writer;
    }
    return results.get(0).getDatanodeDescriptor();
  }

  /** Which ring positions to fill, in order, and whether stand-ins may replace them. */
  private TargetPlan plan(RingMembers ring, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> results, long guardMs) {
    RingLayout layout = ring.layout();
    int n = ring.size();
    if (results.isEmpty()) {
      int r = Math.min(numOfReplicas, n);
      int first = chooseFirst(ring, writer, r, guardMs);
      List<Integer> positions = layout.positions(first, r);
      return new TargetPlan(positions, new HashSet<>(positions), false);
    }
    List<DatanodeDescriptor> resultNodes = new ArrayList<>();
    for (DatanodeStorageInfo s : results) {
      resultNodes.add(s.getDatanodeDescriptor());
    }
    List<Integer> held = ring.positionsOf(resultNodes);
    // Layout correction: the NameNode asks for exactly the fillable missing positions of the
    // layout its live replicas form (see verifyBlockPlacement). Otherwise a replica was lost.
    for (int r = Math.min(results.size(), n); r >= 1; r--) {
      LayoutCheck c = layout.check(held, r);
      List<Integer> fillable = fillable(ring, c.missing());
      if (!fillable.isEmpty() && fillable.size() == numOfReplicas) {
        return new TargetPlan(fillable, new HashSet<>(c.layout()), true);
      }
    }
    LayoutCheck c = layout.check(held, Math.min(results.size() + numOfReplicas, n));
    return new TargetPlan(c.missing(), new HashSet<>(c.layout()), false);
  }

  /** The writer if it is a writable ring node, else the position with most writable nodes. */
  private int chooseFirst(RingMembers ring, Node writer, int replicas, long guardMs) {
    if (writer instanceof DatanodeDescriptor) {
      DatanodeDescriptor w = (DatanodeDescriptor) writer;
      int i = ring.indexOf(w);
      if (i >= 0 && w.isInService() && ring.writable(w, guardMs)) {
        return i;
      }
    }
    int n = ring.size();
    boolean[] writable = new boolean[n];
    for (int p = 0; p < n; p++) {
      DatanodeDescriptor d = ring.node(p);
      writable[p] = d != null && d.isInService() && ring.writable(d, guardMs);
    }
    int[] offsets = ring.index().offsets(replicas);
    int bestScore = -1;
    List<Integer> best = new ArrayList<>();
    for (int f = 0; f < n; f++) {
      int score = 0;
      for (int j = 0; j < offsets.length; j++) {
        if (writable[ring.position(f, offsets, j)]) {
          score++;
        }
      }
      if (score > bestScore) {
        bestScore = score;
        best.clear();
      }
      if (score == bestScore) {
        best.add(f);
      }
    }
    synchronized (random) {
      return best.get(random.nextInt(best.size()));
    }
  }

  /** A stand-in for {@code position}: an awake staging node, else the nearest awake ring node. */
  private boolean takeStandIn(RingMembers ring, int position, TargetPlan plan, TargetRequest req)
      throws NotEnoughReplicasException {
    List<DatanodeDescriptor> staging = ring.staging();
    for (int i = 0; i < staging.size(); i++) {
      DatanodeDescriptor s = staging.get((position + i) % staging.size());
      if (ring.writable(s, req.guardMs) && take(s, req)) {
        return true;
      }
    }
    int n = ring.size();
    for (int d = 1; d <= n / 2; d++) {
      for (int candidate : new int[] {Math.floorMod(position + d, n),
          Math.floorMod(position - d, n)}) {
        DatanodeDescriptor node = ring.node(candidate);
        if (!plan.layoutPositions.contains(candidate) && node != null
            && ring.writable(node, req.guardMs) && take(node, req)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Asks HDFS to put a replica on exactly {@code node}, with all its checks. */
  private boolean take(DatanodeDescriptor node, TargetRequest req)
      throws NotEnoughReplicasException {
    return chooseLocalOrFavoredStorage(node, true, req.excludedNodes, req.blocksize,
        req.maxNodesPerRack, req.results, req.avoidStaleNodes, req.storageTypes) != null;
  }

  private static List<Integer> fillable(RingMembers ring, List<Integer> positions) {
    List<Integer> out = new ArrayList<>();
    for (int p : positions) {
      if (ring.fillable(p)) {
        out.add(p);
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- verification and deletion

  @Override
  public BlockPlacementStatus verifyBlockPlacement(DatanodeInfo[] locs, int numberOfReplicas) {
    Optional<RingMembers> maybeRing = ring();
    if (maybeRing.isEmpty() || locs == null || numberOfReplicas <= 0) {
      return super.verifyBlockPlacement(locs, numberOfReplicas);
    }
    RingMembers ring = maybeRing.get();
    int r = Math.min(numberOfReplicas, ring.size());
    LayoutCheck c = ring.layout().check(ring.positionsOf(List.of(locs)), r);
    return new LayoutPlacementStatus(fillable(ring, c.missing()), c.layout());
  }

  @Override
  public List<DatanodeStorageInfo> chooseReplicasToDelete(
      Collection<DatanodeStorageInfo> availableReplicas,
      Collection<DatanodeStorageInfo> delCandidates, int expectedNumOfReplicas,
      List<StorageType> excessTypes, DatanodeDescriptor addedNode,
      DatanodeDescriptor delNodeHint) {
    Optional<RingMembers> maybeRing = ring();
    if (maybeRing.isEmpty()) {
      return super.chooseReplicasToDelete(availableReplicas, delCandidates,
          expectedNumOfReplicas, excessTypes, addedNode, delNodeHint);
    }
    List<DatanodeStorageInfo> priority = deletionPriority(maybeRing.get(), delCandidates);
    List<DatanodeStorageInfo> excess = new ArrayList<>();
    while (delCandidates.size() - expectedNumOfReplicas > excess.size()) {
      DatanodeStorageInfo pick = pickDeletion(priority, excess, excessTypes);
      if (pick == null) {
        break;
      }
      excessTypes.remove(pick.getStorageType());
      excess.add(pick);
    }
    return excess;
  }

  /**
   * Candidates in the order they should go: replicas off the ring (staging, unnamed nodes),
   * then ring replicas outside the layout, then layout replicas in reverse placement order.
   */
  private static List<DatanodeStorageInfo> deletionPriority(RingMembers ring,
      Collection<DatanodeStorageInfo> candidates) {
    Map<Integer, DatanodeStorageInfo> byPosition = new LinkedHashMap<>();
    List<DatanodeStorageInfo> out = new ArrayList<>();
    for (DatanodeStorageInfo s : candidates) {
      int i = ring.indexOf(s.getDatanodeDescriptor());
      if (i < 0 || byPosition.containsKey(i)) {
        out.add(s);
      } else {
        byPosition.put(i, s);
      }
    }
    if (!byPosition.isEmpty()) {
      List<Integer> held = new ArrayList<>(byPosition.keySet());
      List<Integer> order = new ArrayList<>(ring.layout().deletionOrder(held, 1));
      for (int p : held) {
        if (!order.contains(p)) {
          order.add(p); // the one replica deletionOrder keeps goes last
        }
      }
      for (int p : order) {
        out.add(byPosition.get(p));
      }
    }
    return out;
  }

  /** The first candidate of an excess storage type whose removal keeps the rack count. */
  private DatanodeStorageInfo pickDeletion(List<DatanodeStorageInfo> priority,
      List<DatanodeStorageInfo> excess, List<StorageType> excessTypes) {
    List<DatanodeStorageInfo> remaining = new ArrayList<>(priority);
    remaining.removeAll(excess);
    DatanodeStorageInfo firstOfType = null;
    for (DatanodeStorageInfo s : remaining) {
      if (!excessTypes.contains(s.getStorageType())) {
        continue;
      }
      if (firstOfType == null) {
        firstOfType = s;
      }
      if (racks(remaining) == racksWithout(remaining, s)) {
        return s;
      }
    }
    return firstOfType;
  }

  private static long racks(List<DatanodeStorageInfo> storages) {
    return storages.stream().map(s -> s.getDatanodeDescriptor().getNetworkLocation()).distinct()
        .count();
  }

  private static long racksWithout(List<DatanodeStorageInfo> storages, DatanodeStorageInfo gone) {
    List<DatanodeStorageInfo> rest = new ArrayList<>(storages);
    rest.remove(gone);
    return racks(rest);
  }

  /**
   * The Balancer and Mover may only move a replica from a stand-in to a missing layout position;
   * any other move would break the layout.
   */
  @Override
  public boolean isMovable(Collection<DatanodeInfo> locs, DatanodeInfo source,
      DatanodeInfo target) {
    Optional<RingMembers> maybeRing = ring();
    if (maybeRing.isEmpty()) {
      return super.isMovable(locs, source, target);
    }
    RingMembers ring = maybeRing.get();
    int r = Math.min(locs.size(), ring.size());
    if (r == 0) {
      return false;
    }
    LayoutCheck c = ring.layout().check(ring.positionsOf(locs), r);
    int from = ring.indexOf(source);
    int to = ring.indexOf(target);
    boolean sourceIsStandIn = from < 0 || c.extra().contains(from);
    boolean targetCompletesLayout = to >= 0 && c.missing().contains(to);
    return sourceIsStandIn && targetCompletesLayout && super.isMovable(locs, source, target);
  }

  /** The fixed arguments of one chooseTargetInOrder call. */
  private static final class TargetRequest {
    final Set<Node> excludedNodes;
    final long blocksize;
    final int maxNodesPerRack;
    final List<DatanodeStorageInfo> results;
    final boolean avoidStaleNodes;
    final EnumMap<StorageType, Integer> storageTypes;
    final long guardMs;

    TargetRequest(Set<Node> excludedNodes, long blocksize, int maxNodesPerRack,
        List<DatanodeStorageInfo> results, boolean avoidStaleNodes,
        EnumMap<StorageType, Integer> storageTypes, long guardMs) {
      this.excludedNodes = excludedNodes;
      this.blocksize = blocksize;
      this.maxNodesPerRack = maxNodesPerRack;
      this.results = results;
      this.avoidStaleNodes = avoidStaleNodes;
      this.storageTypes = storageTypes;
      this.guardMs = guardMs;
    }
  }

  /** Positions to fill in order; correction plans never use stand-ins. */
  private static final class TargetPlan {
    final List<Integer> positions;
    final Set<Integer> layoutPositions;
    final boolean correction;

    TargetPlan(List<Integer> positions, Set<Integer> layoutPositions, boolean correction) {
      this.positions = positions;
      this.layoutPositions = layoutPositions;
      this.correction = correction;
    }
  }
}
