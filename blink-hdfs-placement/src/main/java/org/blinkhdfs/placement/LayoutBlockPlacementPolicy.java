package org.blinkhdfs.placement;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.PrimitiveIterator;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementStatus;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.net.Node;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.Substitutes;
import org.blinkhdfs.model.schedule.Schedule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An HDFS block placement policy ({@code dfs.block.replicator.classname}) that keeps each block
 * on the positions of a power-aware layout over the schedule's ring of blinking DataNodes. The
 * layout itself is a {@link LayoutModel} (BlinkFS's ring, Rabbit's equal work, PARAID); this
 * class is everything else, shared by all of them.
 *
 * <p>Hard constraints, in this order:
 *
 * <ol>
 *   <li>Never a sleeping target: a node asleep now, or whose window closes before the block can
 *       be written ({@link PlacementConfig#writeGuardMs}), is never taken by the layout path (it
 *       checks each node it takes), favored sleepers are dropped, and the sleepers are added to
 *       the excluded nodes before HDFS's own rules choose among all nodes (the fallbacks of
 *       {@code chooseTargetInOrder}, through which every other HDFS choice goes), so no code path
 *       can pick one.
 *   <li>HDFS's rules for each target: excluded nodes, space, storage types and policies, stale
 *       and decommissioning nodes and the per-rack maximum, applied by
 *       {@code chooseLocalOrFavoredStorage} on the exact node the layout wants; considerLoad,
 *       which HDFS skips for that call, is applied here ({@link RingMembers#overloaded}).
 *   <li>HDFS's rack rule ({@link RackRule}): with racks, a block spans at least
 *       {@code min(2, r)} racks. Where a layout lies on one rack, one replica stays off it.
 *   <li>As many targets as HDFS asked for whenever enough awake nodes exist: a layout position
 *       that cannot take the block is filled by a stand-in (an awake staging node, else the
 *       nearest awake ring node outside the layout; Rabbit's write offloading), and if that is
 *       not enough, by HDFS's default rules among awake nodes.
 * </ol>
 *
 * <p>Soft goal: a new block's layout is one whose positions can take the most replicas now
 * ({@link NewBlockView}), chosen by the model. HDFS allocates the block ID only after targets
 * are chosen, so it cannot seed the choice; instead the layout is recognised from replica
 * positions ({@link LayoutModel#check}) by every later step, which keeps the policy stateless.
 *
 * <p>Layout correction uses the NameNode's own reconstruction: {@link #verifyBlockPlacement}
 * reports the layout positions {@link LayoutDemand} demands (a stand-in can give way to each
 * without breaking the rack rule or the storage types) as {@code getAdditionalReplicasRequired()};
 * the NameNode calls {@code chooseTarget} with the live replicas as already chosen, and this
 * policy answers with the awake demanded layout nodes only, each with its stand-in's storage type
 * (never another stand-in, which would not lower the count and would be rejected); the excess
 * replica is then removed by {@link #chooseReplicasToDelete}, stand-ins first ({@link
 * ReplicaDeletion}). Until the layout node wakes, the block waits in the NameNode's
 * low-redundancy queue (as "badly distributed") and is retried every redundancy-monitor pass.
 * Where the layout names substitutes for a position ({@link LayoutModel#substitutes}: the other
 * members of a phase group), a replica the position cannot take goes to a usable substitute
 * before any stand-in, in corrections and re-replication alike.
 *
 * <p>Falls back to exactly {@link BlockPlacementPolicyDefault}: with no usable schedule (none
 * configured, missing, corrupt, expired; the schedule reader logs why, once), and for blocks
 * whose replication the layout refuses on the current ring ({@link LayoutModel#refusal}, logged
 * once per ring and replication as an ERROR, first for {@code dfs.replication} as soon as the
 * schedule arrives). A layout that does not fit never stops the NameNode, and neither does a bug:
 * every public entry point runs under a {@link PolicyGuard}, which answers an unexpected
 * exception (logged, counted) with this same default placement for that call.
 *
 * <p>Per-file layouts: a model may give a file's new blocks their own layout ({@link
 * LayoutModel#forFile}, Rabbit's datasets). HDFS passes the file's path only to the public
 * {@code chooseTarget} methods, not to {@code chooseTargetInOrder} where the layout is chosen, so
 * the path is carried on the calling thread; every later step (verification, correction,
 * deletion, the Balancer) sees no path and relies on the model's {@link LayoutModel#check}.
 *
 * <p>Subclasses supply the layout ({@link #layouts}) and nothing else. The model is built once
 * per distinct ring and shared by all calls until the ring changes.
 *
 * <p>Cost per decision: lookups, independent of the number of DataNodes. What depends only on
 * the schedule, the ring and the registered DataNodes is kept in snapshots ({@link
 * RingMembers.Index}, rebuilt when those change and at least every second; {@link RingSlice}, one
 * per time slice of the interval in which no node's writability changes: the usable mask, the
 * sleepers, the best first positions of the ring layout), built in O(N) by the first decision
 * that needs them and shared by the following ones. The sleepers enter HDFS's excluded set only
 * on the fallback paths (above), because HDFS copies that set on every call.
 *
 * <p>Thread-safety: the NameNode calls this concurrently; all per-call state is local, the
 * seeded random is synchronized, the schedule view is thread-safe, and the cached model, ring
 * index and slices are immutable values behind volatile fields or concurrent maps (two threads
 * may build the same snapshot at once; either is right).
 */
public abstract class LayoutBlockPlacementPolicy extends BlockPlacementPolicyDefault
    implements Configurable {
  private static final Logger LOG = LoggerFactory.getLogger(LayoutBlockPlacementPolicy.class);

  private final Clock clock = Clock.systemUTC();
  private Configuration conf;
  private PlacementConfig settings;
  private BlinkRuntime runtime;
  private PolicyGuard guard;
  private Random random;
  private Function<Schedule, LayoutModel> layouts;
  private int defaultReplication;
  /** The layout of the last ring seen; rebuilt only when the ring changes. */
  private volatile RingModel cachedModel;
  /** The last ring index; reused while the schedule and the registered nodes are unchanged. */
  private volatile RingMembers.Index cachedIndex;
  /** The last {@link LayoutModel#scheduleMismatch} logged; empty while the schedule fits. */
  private volatile String reportedMismatch = "";
  /** The file of the current thread's public chooseTarget call, if any ({@link #forFile}). */
  private final ThreadLocal<String> placingFile = new ThreadLocal<>();
  /** Copies and deletions chosen since each node's last heartbeat ({@link #load}). */
  private final PendingLoad<DatanodeDescriptor> pending = new PendingLoad<>();

  /**
   * Reads and validates this layout's keys from {@code conf} (a bad value fails here, at
   * NameNode start, naming the key) and returns how to build the layout on a schedule's ring
   * ({@link Schedule#ring()}: its non-staging nodes in order). Called once per distinct ring.
   */
  protected abstract Function<Schedule, LayoutModel> layouts(Configuration conf);

  /**
   * The version of whatever else {@link #layouts} reads when it builds a layout (say, the
   * application groups document): when it changes, the layout of the current ring is built
   * again. Layouts that depend on the ring alone keep the default, 0.
   */
  protected long layoutVersion() {
    return 0;
  }

  /**
   * The layout the NameNode configured in {@code conf} ({@code dfs.block.replicator.classname})
   * builds on a schedule's ring, for processes outside the NameNode that must compute the same
   * layouts (the proxy's drain): the same class reads the same keys, so both agree on every
   * block. Empty when the configured policy is not a layout policy (stock HDFS placement).
   * Nothing is started: no schedule source, no runtime.
   */
  public static Optional<Function<Schedule, LayoutModel>> configuredLayouts(Configuration conf) {
    Class<?> policy = conf.getClass(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY,
        BlockPlacementPolicyDefault.class);
    if (!LayoutBlockPlacementPolicy.class.isAssignableFrom(policy)) {
      return Optional.empty();
    }
    try {
      LayoutBlockPlacementPolicy p = (LayoutBlockPlacementPolicy) policy
          .getDeclaredConstructor().newInstance();
      return Optional.of(p.layouts(conf));
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY + " = "
          + policy.getName() + " cannot be instantiated (" + e + "); it needs a public no-argument"
          + " constructor, as HDFS itself requires", e);
    }
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    this.settings = PlacementConfig.from(conf);
    this.runtime = BlinkRuntime.forConf(conf);
    this.guard = new PolicyGuard(runtime.policyFailures(), clock::millis);
    this.random = new Random(settings.seed());
    this.layouts = layouts(conf);
    this.defaultReplication = conf.getInt(DFSConfigKeys.DFS_REPLICATION_KEY,
        DFSConfigKeys.DFS_REPLICATION_DEFAULT);
    LOG.info("{}: schedule {} ({}), write guard for 128 MB {} ms", getClass().getSimpleName(),
        settings.scheduleFile().isEmpty() ? "not configured" : settings.scheduleFile(),
        runtime.state().detail(), settings.writeGuardMs(128L << 20));
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /** The ring at this instant, or empty when no schedule is in force (default behaviour). */
  private Optional<RingMembers> ring() {
    if (runtime == null || guard.defaultsOnly()) {
      return Optional.empty();
    }
    Optional<Schedule> s = runtime.state().usable();
    if (s.isEmpty()) {
      return Optional.empty();
    }
    RingModel m = model(s.get());
    if (m == null) {
      return Optional.empty();
    }
    RingMembers ring = RingMembers.of(s.get(), m.model, clusterMap, clock.millis(),
        cachedIndex);
    cachedIndex = ring.index();
    return Optional.of(ring);
  }

  /**
   * The layout for {@code schedule}'s ring, built when the ring first appears; null when the
   * schedule has no ring. O(1) while the schedule is the same object.
   */
  private RingModel model(Schedule schedule) {
    RingModel m = cachedModel;
    long version = layoutVersion();
    if (m != null && m.schedule == schedule && m.version == version) {
      return m;
    }
    List<String> ring = schedule.ring();
    if (ring.isEmpty()) {
      return null;
    }
    if (m != null && m.ring.equals(ring) && m.version == version) {
      m = m.withSchedule(schedule);
      cachedModel = m;
      reportMismatch(m.model, schedule);
      return m;
    }
    m = new RingModel(schedule, version, layouts.apply(schedule),
        ConcurrentHashMap.newKeySet());
    cachedModel = m;
    m.accepts(Math.min(defaultReplication, m.ring.size())); // an unfit layout is reported now
    reportMismatch(m.model, schedule);
    return m;
  }

  /**
   * Logs, once per new verdict, a schedule that does not fit the layout's co-designed schedule
   * ({@link LayoutModel#scheduleMismatch}: say, {@code blink.ring.spacing = groups} fed a
   * schedule of another policy or G), and when it fits again. Placement goes on either way:
   * the blocks stay on their layout, only their availability is not what the pair promises.
   */
  private void reportMismatch(LayoutModel model, Schedule schedule) {
    String why = model.scheduleMismatch(schedule).orElse("");
    if (why.equals(reportedMismatch)) {
      return;
    }
    reportedMismatch = why;
    if (why.isEmpty()) {
      LOG.info("The schedule of epoch {} fits the {} layout again.", schedule.epoch(),
          model.name());
    } else {
      LOG.warn("The schedule of epoch {} does not fit the {} layout: {}", schedule.epoch(),
          model.name(), why);
    }
  }

  /** The current time slice of {@code ring} for a block of {@code blocksize} bytes. */
  private RingSlice slice(RingMembers ring, long blocksize) {
    return ring.slice(settings.writeGuardMs(blocksize), considerLoad ? considerLoadFactor : 0);
  }

  /** True when the ring's layout places {@code replicas} replicas; else logs why, once. */
  private boolean accepts(RingMembers ring, int replicas) {
    RingModel m = cachedModel;
    return m != null && m.model == ring.layout() ? m.accepts(replicas)
        : ring.layout().refusal(replicas).isEmpty();
  }

  // ---------------------------------------------------------------- write targets

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosenNodes, boolean returnChosenNodes, Set<Node> excludedNodes,
      long blocksize, BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags) {
    return guarded("chooseTarget", () -> forFile(srcPath, () -> {
      boolean sleepers = countSleepers(blocksize);
      return countShortWrite(numOfReplicas, chosenNodes, returnChosenNodes, sleepers,
          super.chooseTarget(srcPath, numOfReplicas, writer, chosenNodes, returnChosenNodes,
              copy(excludedNodes), blocksize, storagePolicy, flags));
    }));
  }

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes,
      long blocksize, BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags,
      EnumMap<StorageType, Integer> storageTypes) {
    return guarded("chooseTarget", () -> forFile(srcPath, () -> {
      boolean sleepers = countSleepers(blocksize);
      return countShortWrite(numOfReplicas, chosen, returnChosenNodes, sleepers,
          super.chooseTarget(srcPath, numOfReplicas, writer, chosen, returnChosenNodes,
              copy(excludedNodes), blocksize, storagePolicy, flags,
              storageTypes == null ? null : new EnumMap<>(storageTypes)));
    }));
  }

  /**
   * Runs one public {@code chooseTarget} with {@code srcPath} as the file being placed, so that
   * {@code chooseTargetInOrder}, which HDFS calls without the path, can lay out a new block with
   * the file's layout ({@link LayoutModel#forFile}). The path lives in a thread-local of this
   * policy for the duration of the call (the NameNode places blocks on many handler threads at
   * once, each call entirely on its own thread); a nested call restores the outer path.
   */
  private DatanodeStorageInfo[] forFile(String srcPath, Supplier<DatanodeStorageInfo[]> call) {
    String outer = placingFile.get();
    placingFile.set(srcPath);
    try {
      return call.get();
    } finally {
      if (outer == null) {
        placingFile.remove();
      } else {
        placingFile.set(outer);
      }
    }
  }

  /**
   * Runs one public entry point under the {@link PolicyGuard}: an unexpected exception is logged,
   * counted and answered by running {@code call} again as HDFS's default policy.
   */
  private <T> T guarded(String operation, Supplier<T> call) {
    return guard.call(operation, call);
  }

  /** A private copy of HDFS's excluded set, so that a failed attempt leaves it untouched. */
  private static Set<Node> copy(Set<Node> excludedNodes) {
    return excludedNodes == null ? null : new HashSet<>(excludedNodes);
  }

  /**
   * Counts the replicas a new block did not get because sleeping nodes were excluded: HDFS
   * writes it with fewer replicas (at least one) and completes it when nodes wake, so that later
   * copy is the write's, not a re-replication of existing data ({@link
   * BlinkRuntime#shortWriteReplicas}). Only new blocks count (nothing chosen yet: {@code
   * addBlock}); pipeline recovery and reconstruction pass the live replicas as chosen. A block
   * left with a single replica names its holder to the runtime, which may have it held awake
   * ({@link ShortWriteHolds}).
   */
  private DatanodeStorageInfo[] countShortWrite(int numOfReplicas,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, boolean sleepersExcluded,
      DatanodeStorageInfo[] targets) {
    boolean newBlock = !returnChosenNodes && (chosen == null || chosen.isEmpty());
    if (newBlock && sleepersExcluded) {
      int possible = Math.min(numOfReplicas, clusterMap.getNumOfLeaves());
      if (targets.length < possible) {
        runtime.shortWriteReplicas().addAndGet(possible - targets.length);
      }
      if (targets.length == 1 && possible >= 2) {
        runtime.shortWriteHolder(targets[0].getDatanodeDescriptor().getXferAddr());
      }
    }
    return targets;
  }

  /**
   * Counts the nodes that cannot take a block now as sleeping targets avoided (once per call,
   * as many as there are) and says whether there are any. O(1): the slice knows them.
   */
  private boolean countSleepers(long blocksize) {
    Optional<RingMembers> ring = ring();
    if (ring.isEmpty()) {
      return false;
    }
    int sleepers = slice(ring.get(), blocksize).sleepers().size();
    runtime.sleepingTargetsAvoided().addAndGet(sleepers);
    return sleepers > 0;
  }

  /**
   * Adds every node that cannot take a block now to {@code excludedNodes} before HDFS's own
   * rules choose among all DataNodes (the fallbacks of {@link #chooseTargetInOrder}), so they
   * never pick a sleeper. Only then: the layout path checks each node it takes itself, so a
   * decision that the layout fills never pays for the O(sleepers) set copies HDFS makes of the
   * excluded nodes.
   */
  private void excludeSleepers(Optional<RingMembers> ring, Set<Node> excludedNodes,
      long blocksize) {
    if (ring.isPresent()) {
      excludedNodes.addAll(slice(ring.get(), blocksize).sleepers());
    }
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
    TargetRequest req = new TargetRequest(excludedNodes, blocksize, maxNodesPerRack, results,
        avoidStaleNodes, storageTypes, settings.writeGuardMs(blocksize));
    Optional<TargetPlan> maybePlan = maybeRing.flatMap(
        ring -> plan(ring, numOfReplicas, writer, newBlock, req));
    if (maybePlan.isEmpty()) {
      excludeSleepers(maybeRing, excludedNodes, blocksize);
      return super.chooseTargetInOrder(numOfReplicas, writer, excludedNodes, blocksize,
          maxNodesPerRack, results, avoidStaleNodes, newBlock, storageTypes);
    }
    RingMembers ring = maybeRing.get();
    TargetPlan plan = maybePlan.get();
    int before = results.size();
    for (int position : plan.positions) {
      if (results.size() - before >= numOfReplicas) {
        break;
      }
      if (plan.correction != null) {
        correct(ring, position, plan, req);
        continue; // a stand-in would not improve the layout; wait for the node to wake
      }
      DatanodeDescriptor node = ring.node(position);
      if (node != null && ring.writable(node, req.guardMs) && take(ring, node, req)) {
        continue;
      }
      if (takeSubstitute(ring, position, plan, req)) {
        continue;
      }
      if (takeStandIn(ring, position, plan, req)) {
        runtime.offloadedReplicas().incrementAndGet();
      }
    }
    int chosen = results.size() - before;
    if (plan.correction != null) {
      runtime.layoutCorrections().addAndGet(chosen);
    } else if (chosen < numOfReplicas) {
      // Not enough layout nodes or stand-ins: HDFS's rules among the nodes left (all awake).
      excludeSleepers(maybeRing, excludedNodes, blocksize);
      return super.chooseTargetInOrder(numOfReplicas - chosen, writer, excludedNodes, blocksize,
          maxNodesPerRack, results, avoidStaleNodes, newBlock, storageTypes);
    }
    if (writer instanceof DatanodeDescriptor || results.isEmpty()) {
      return writer;
    }
    return results.get(0).getDatanodeDescriptor();
  }

  /**
   * Which ring positions to fill, in order, and whether stand-ins may replace them; empty when
   * the layout refuses the block's replication (HDFS's default rules place it).
   */
  private Optional<TargetPlan> plan(RingMembers ring, int numOfReplicas, Node writer,
      boolean newBlock, TargetRequest req) {
    List<DatanodeStorageInfo> results = req.results;
    if (results.isEmpty()) {
      int r = ring.replicasOn(numOfReplicas);
      if (!accepts(ring, r)) {
        return Optional.empty();
      }
      int writerPosition = writer instanceof DatanodeDescriptor
          ? ring.indexOf((DatanodeDescriptor) writer) : -1;
      RingNewBlockView view = new RingNewBlockView(ring, slice(ring, req.blocksize),
          req.storageTypes, req.maxNodesPerRack, writerPosition, random);
      String srcPath = placingFile.get();
      LayoutModel layout = srcPath == null ? ring.layout() : ring.layout().forFile(srcPath);
      List<Integer> positions = layout.newBlock(r, view);
      return Optional.of(new TargetPlan(positions, new HashSet<>(positions), null));
    }
    List<DatanodeDescriptor> holders = new ArrayList<>();
    for (DatanodeStorageInfo s : results) {
      holders.add(s.getDatanodeDescriptor());
    }
    Optional<LayoutDemand> correction = newBlock ? Optional.empty()
        : correctionRequest(ring, holders, numOfReplicas);
    if (correction.isPresent()) {
      LayoutDemand d = correction.get();
      return Optional.of(new TargetPlan(d.positions(), new HashSet<>(d.check().layout()), d));
    }
    int r = ring.replicasOn(results.size() + numOfReplicas);
    if (!accepts(ring, r)) {
      return Optional.empty();
    }
    LayoutCheck c = ring.layout().check(ring.positionsOf(holders), r);
    return Optional.of(new TargetPlan(c.missing(), new HashSet<>(c.layout()), null));
  }

  /**
   * The demand this request answers, when it is a layout correction: the NameNode asks for
   * exactly the positions {@link #verifyBlockPlacement} demands of the layout its live replicas
   * form. A rack-violating block, a lost replica or a raised replication factor is
   * re-replication instead, where stand-ins are allowed because durability comes first.
   */
  private Optional<LayoutDemand> correctionRequest(RingMembers ring,
      List<DatanodeDescriptor> holders, int numOfReplicas) {
    int live = holders.size();
    if (RackRule.count(holders) < RackRule.required(clusterMap, live)) {
      return Optional.empty();
    }
    for (int r = Math.min(live, ring.size()); r >= 1; r--) {
      if (!accepts(ring, r)) {
        continue;
      }
      LayoutDemand d = LayoutDemand.of(ring, holders, r, RackRule.required(clusterMap, r));
      if (!d.positions().isEmpty() && d.positions().size() == numOfReplicas) {
        return Optional.of(d);
      }
    }
    return Optional.empty();
  }

  /**
   * Copies the block to the demanded {@code position} if its node can take it now, with the
   * storage type of the stand-in it replaces: the copy then leaves exactly that type in excess,
   * so the stand-in, not the new layout replica, is deleted afterwards.
   */
  private void correct(RingMembers ring, int position, TargetPlan plan, TargetRequest req)
      throws NotEnoughReplicasException {
    DatanodeDescriptor node = correctionTarget(ring, position, plan, req);
    if (node == null) {
      return;
    }
    LayoutDemand demand = plan.correction;
    EnumMap<StorageType, Integer> types = req.storageTypes;
    DatanodeInfo standIn = demand.replaces(position);
    for (DatanodeStorageInfo s : req.results) {
      if (standIn != null && s.getDatanodeDescriptor().equals(standIn)) {
        types = new EnumMap<>(StorageType.class);
        types.put(s.getStorageType(), 1);
      }
    }
    if (take(ring, node, req.withStorageTypes(types))) {
      pending.add(node, node.getLastUpdateMonotonic(), 1);
    }
  }

  /**
   * The node a correction copies to: among the demanded position and the layout's substitutes
   * for it ({@link LayoutModel#substitutes}: the other members of a phase group, which serve the
   * block alike) that can take a write now and are neither held nor planned, the one with the
   * least {@link #load} (ties: the demanded position, then the substitutes' order); null to wait
   * for a later pass. Least loaded, not the check's suggestion: after a layout change the
   * suggestion is a function of the held positions, and a whole class of blocks (the N = 9
   * bisection ring's, say) would pile its copies onto one member of each group, which the
   * Balancer never evens out (it leaves ring replicas alone). The load counts this pass's
   * earlier picks, or every copy of the pass would go to one member. Without substitutes (the
   * ring) it is the demanded position or nothing, as before.
   */
  private DatanodeDescriptor correctionTarget(RingMembers ring, int position, TargetPlan plan,
      TargetRequest req) {
    DatanodeDescriptor best = null;
    DatanodeDescriptor node = ring.node(position);
    if (node != null && ring.writable(node, req.guardMs)) {
      best = node;
    }
    List<Integer> substitutes = ring.layout().substitutes(position);
    if (substitutes.isEmpty()) {
      return best;
    }
    Set<Integer> taken = taken(ring, plan, req);
    long least = best == null ? Long.MAX_VALUE : load(best);
    for (int q : substitutes) {
      DatanodeDescriptor s = ring.node(q);
      if (!taken.contains(q) && s != null && ring.fillable(q) && ring.writable(s, req.guardMs)) {
        long l = load(s);
        if (l < least) {
          best = s;
          least = l;
        }
      }
    }
    return best;
  }

  /**
   * Puts the replica of a layout {@code position} that could not take it on one of the layout's
   * substitutes ({@link Substitutes}: for phase groups any usable member of the same group, drawn
   * with the seeded random so a dead node's blocks spread over its group), before any stand-in.
   * False at once for layouts without substitutes (the ring).
   */
  private boolean takeSubstitute(RingMembers ring, int position, TargetPlan plan,
      TargetRequest req) throws NotEnoughReplicasException {
    if (ring.layout().substitutes(position).isEmpty()) {
      return false;
    }
    boolean[] usable = slice(ring, req.blocksize).usable();
    for (int q : Substitutes.usable(ring.layout(), position, p -> usable[p],
        taken(ring, plan, req), random)) {
      if (take(ring, ring.node(q), req)) {
        return true;
      }
    }
    return false;
  }

  /** Ring positions a substitute must not be: the plan's, the layout's and the chosen ones. */
  private static Set<Integer> taken(RingMembers ring, TargetPlan plan, TargetRequest req) {
    Set<Integer> taken = new HashSet<>(plan.layoutPositions);
    taken.addAll(plan.positions);
    for (DatanodeStorageInfo s : req.results) {
      taken.add(ring.indexOf(s.getDatanodeDescriptor()));
    }
    return taken;
  }

  /**
   * A stand-in for {@code position}: an awake staging node with room, else the nearest awake ring
   * node (counted when staging nodes were full), clockwise first at equal distance, found by
   * jumping between the slice's writable nodes ({@link RingSlice#writableNear}).
   */
  private boolean takeStandIn(RingMembers ring, int position, TargetPlan plan, TargetRequest req)
      throws NotEnoughReplicasException {
    List<DatanodeDescriptor> staging = ring.staging();
    boolean full = false;
    for (int i = 0; i < staging.size(); i++) {
      DatanodeDescriptor s = staging.get((position + i) % staging.size());
      if (!hasRoom(s, req.blocksize)) {
        full = true;
      } else if (ring.writable(s, req.guardMs) && take(ring, s, req)) {
        return true;
      }
    }
    if (full) {
      runtime.stagingFullFallbacks().incrementAndGet();
    }
    PrimitiveIterator.OfInt near = slice(ring, req.blocksize).writableNear(position);
    while (near.hasNext()) {
      int candidate = near.nextInt();
      if (!plan.layoutPositions.contains(candidate) && take(ring, ring.node(candidate), req)) {
        return true;
      }
    }
    return false;
  }

  /**
   * True when staging node {@code s} may take another stand-in of {@code blocksize} bytes under
   * {@link PlacementConfig#stagingCapacityBytes}: the blocks it stores plus those on their way to
   * it, each counted at full block size as HDFS's own space check counts scheduled blocks. Block
   * counts are what the NameNode knows at once (incremental block reports); the DataNode's bytes
   * used arrive only with its next heartbeat and include its directories.
   */
  private boolean hasRoom(DatanodeDescriptor s, long blocksize) {
    long capacity = settings.stagingCapacityBytes();
    return capacity <= 0
        || (s.numBlocks() + s.getBlocksScheduled() + 1L) * blocksize <= capacity;
  }

  /**
   * Asks HDFS to put a replica on exactly {@code node}, with all its checks (excluded nodes,
   * space, storage types, stale and decommissioning nodes, the per-rack maximum). HDFS skips
   * considerLoad for a local or favored node, so the layout applies it here.
   */
  private boolean take(RingMembers ring, DatanodeDescriptor node, TargetRequest req)
      throws NotEnoughReplicasException {
    if (considerLoad && ring.overloaded(node, considerLoadFactor)) {
      return false;
    }
    return chooseLocalOrFavoredStorage(node, true, req.excludedNodes, req.blocksize,
        req.maxNodesPerRack, req.results, req.avoidStaleNodes, req.storageTypes) != null;
  }

  // ---------------------------------------------------------------- verification and deletion

  @Override
  public BlockPlacementStatus verifyBlockPlacement(DatanodeInfo[] locs, int numberOfReplicas) {
    return guarded("verifyBlockPlacement", () -> verifyLayout(locs, numberOfReplicas));
  }

  private BlockPlacementStatus verifyLayout(DatanodeInfo[] locs, int numberOfReplicas) {
    Optional<RingMembers> maybeRing = ring();
    BlockPlacementStatus racks = super.verifyBlockPlacement(locs, numberOfReplicas);
    if (maybeRing.isEmpty() || locs == null || numberOfReplicas <= 0
        || !accepts(maybeRing.get(), maybeRing.get().replicasOn(numberOfReplicas))) {
      return racks;
    }
    RingMembers ring = maybeRing.get();
    LayoutDemand d = LayoutDemand.of(ring, List.of(locs), numberOfReplicas,
        RackRule.required(clusterMap, numberOfReplicas));
    return new LayoutPlacementStatus(racks, ring.layout().name(), d.positions(),
        d.check().layout());
  }

  @Override
  public List<DatanodeStorageInfo> chooseReplicasToDelete(
      Collection<DatanodeStorageInfo> availableReplicas,
      Collection<DatanodeStorageInfo> delCandidates, int expectedNumOfReplicas,
      List<StorageType> excessTypes, DatanodeDescriptor addedNode,
      DatanodeDescriptor delNodeHint) {
    return guarded("chooseReplicasToDelete", () -> {
      // Each attempt works on its own copies (HDFS's default removes the chosen types from
      // excessTypes), so a retry starts from the caller's; BlockManager reads neither after.
      Collection<DatanodeStorageInfo> candidates = new ArrayList<>(delCandidates);
      List<StorageType> excess = new ArrayList<>(excessTypes);
      Optional<RingMembers> maybeRing = ring();
      if (maybeRing.isEmpty()
          || !accepts(maybeRing.get(), maybeRing.get().replicasOn(expectedNumOfReplicas))) {
        return super.chooseReplicasToDelete(availableReplicas, candidates,
            expectedNumOfReplicas, excess, addedNode, delNodeHint);
      }
      List<DatanodeStorageInfo> chosen = ReplicaDeletion.choose(maybeRing.get(), candidates,
          expectedNumOfReplicas, excess, RackRule.required(clusterMap, expectedNumOfReplicas),
          delNodeHint, this::load);
      for (DatanodeStorageInfo s : chosen) {
        DatanodeDescriptor d = s.getDatanodeDescriptor();
        pending.add(d, d.getLastUpdateMonotonic(), -1);
      }
      return chosen;
    });
  }

  /**
   * A node's load in replicas, for choosing among members of a phase group that serve a block
   * alike (correction targets, deletions): the replicas it reported, plus the blocks HDFS has
   * scheduled to it, plus the copies and deletions this policy chose since its last heartbeat
   * ({@link PendingLoad}). Replicas, not DFS used: the NameNode counts a replica at the block
   * report that brings it, while DFS used changes only with the next heartbeat, and HDFS names
   * no block (so no size) when it asks which replica to delete.
   */
  private long load(DatanodeDescriptor d) {
    return pending.of(d, d.getLastUpdateMonotonic(), (long) d.numBlocks()
        + d.getBlocksScheduled());
  }

  /**
   * The Balancer and Mover may move a replica only between nodes off the ring (staging and
   * unnamed DataNodes), to a node awake now, keeping the {@link RackRule}; ring nodes are the
   * NameNode's business. Why so strict: {@code locs} holds the block's replicas plus the target,
   * as the Balancer's dispatcher passes them, but only those on nodes the Balancer works with
   * (with {@code -source}, only the sources and targets). From part of a block a layout replica
   * cannot be told from a stand-in, nor a missing layout position from any other ring node, and
   * a copy put on the wrong ring node can make the layout be recognised differently, so that the
   * NameNode then moves a replica that was in place. Stand-ins still reach their layout nodes:
   * the NameNode's layout correction copies them there, seeing every replica.
   */
  @Override
  public boolean isMovable(Collection<DatanodeInfo> locs, DatanodeInfo source,
      DatanodeInfo target) {
    return guarded("isMovable", () -> movable(locs, source, target));
  }

  private boolean movable(Collection<DatanodeInfo> locs, DatanodeInfo source,
      DatanodeInfo target) {
    Optional<RingMembers> maybeRing = ring();
    List<DatanodeInfo> holders = new ArrayList<>(locs);
    holders.remove(target);
    int replicas = Math.max(holders.size(), defaultReplication);
    if (maybeRing.isEmpty() || !accepts(maybeRing.get(), maybeRing.get().replicasOn(replicas))) {
      return super.isMovable(locs, source, target);
    }
    RingMembers ring = maybeRing.get();
    List<DatanodeInfo> after = new ArrayList<>(holders);
    after.remove(source);
    after.add(target);
    return holders.contains(source) && ring.indexOf(source) < 0 && ring.indexOf(target) < 0
        && ring.awake(target) && RackRule.keeps(RackRule.count(holders), RackRule.count(after),
            RackRule.required(clusterMap, holders.size()));
  }

  /**
   * A schedule's ring and its layout, with the replications already refused (each logged once).
   * Immutable apart from the concurrent refused set, which newer schedules of the same ring share.
   */
  private static final class RingModel {
    final Schedule schedule;
    final long version;
    final List<String> ring;
    final LayoutModel model;
    final Set<Integer> refused;

    RingModel(Schedule schedule, long version, LayoutModel model, Set<Integer> refused) {
      this.schedule = schedule;
      this.version = version;
      this.ring = schedule.ring();
      this.model = model;
      this.refused = refused;
    }

    /** The same ring and layout under a newer schedule (say, other modes or windows). */
    RingModel withSchedule(Schedule newer) {
      return new RingModel(newer, version, model, refused);
    }

    boolean accepts(int replicas) {
      Optional<String> why = model.refusal(replicas);
      if (why.isPresent() && refused.add(replicas)) {
        LOG.error("The {} layout cannot place blocks of replication {} on the schedule's ring"
            + " of {} nodes: {} Until the schedule or the configuration changes, such blocks get"
            + " HDFS's default placement.", model.name(), replicas, ring.size(), why.get());
      }
      return why.isEmpty();
    }
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

    /** The same request for other storage types (one correction's type-for-type copy). */
    TargetRequest withStorageTypes(EnumMap<StorageType, Integer> types) {
      return types == storageTypes ? this : new TargetRequest(excludedNodes, blocksize,
          maxNodesPerRack, results, avoidStaleNodes, types, guardMs);
    }
  }

  /** Positions to fill in order; correction plans (with their demand) never use stand-ins. */
  private static final class TargetPlan {
    final List<Integer> positions;
    final Set<Integer> layoutPositions;
    final LayoutDemand correction;

    TargetPlan(List<Integer> positions, Set<Integer> layoutPositions, LayoutDemand correction) {
      this.positions = positions;
      this.layoutPositions = layoutPositions;
      this.correction = correction;
    }
  }
}
