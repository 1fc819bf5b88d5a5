package org.blinkhdfs.yarn;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.blinkhdfs.control.yarn.ComputePlan;
import org.blinkhdfs.control.yarn.ComputePlanner;
import org.blinkhdfs.control.yarn.ComputeResource;
import org.blinkhdfs.control.yarn.HostAttributes;
import org.blinkhdfs.control.yarn.NodeMatcher;
import org.blinkhdfs.control.yarn.YarnLiveness;
import org.blinkhdfs.control.yarn.YarnNodeState;
import org.blinkhdfs.daemon.http.KeytabLogin;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.yarn.ResourceManagerClient.NodeManagerInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells a YARN ResourceManager the blink schedule (ARCHITECTURE.md, "YARN publisher"): node
 * attributes {@code rm.yarn.io/blink-hdfs-*} describing each host's mode, window and state, and
 * node resources that drop to what is in use ({@link #inUse}: zero without containers) on OFF,
 * io-server and sleeping nodes and on nodes whose window closes within {@code
 * blink.yarn.close.lead.ms}, so YARN starts containers only where they can run. The decision is
 * {@link ComputePlanner}'s; this class only follows it in time.
 *
 * <p>One round: read the ResourceManager's active nodes (and remember each one's full total
 * whenever it reports a non-zero one this publisher did not set), map the scheduled DataNodes to
 * NodeManagers ({@link NodeMatcher}), plan, then send only the differences: resources that differ
 * from what the ResourceManager reports (so a NodeManager that re-registered with its own total is
 * corrected on the next round) and host attributes that differ from what was last sent. Rounds run
 * at the plan's next change time (a window edge), every {@code blink.yarn.publisher.period.ms} at
 * most apart, and at once when {@link #kick()} reports a new epoch. A failed round (the
 * ResourceManager down) is logged and retried after at most 2 s.
 *
 * <p>Nodes: a DataNode without a NodeManager is skipped with one log line per reason; a
 * NodeManager no scheduled DataNode maps to is left alone; a node that leaves the schedule is
 * treated as ACTIVE (the schedule's rule) until its full total is back, then left alone. On
 * {@link #close()} every managed node gets its full total back and ACTIVE attributes: without a
 * publisher, YARN should not keep nodes idle.
 *
 * <p>Liveness: at start (with the whole interval as the longest sleep) and for each new epoch
 * (with its exact longest sleep) the YARN and MapReduce timeouts of this process's configuration
 * are judged by {@link YarnLiveness} and logged by {@link LivenessLog}.
 *
 * <p>Thread-safety: rounds run on one thread; {@link #kick()} and {@link #close()} may be called
 * from any thread.
 */
public final class YarnPublisher implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(YarnPublisher.class);
  private static final long RETRY_MS = 2_000;

  private final YarnPublisherConfig config;
  private final Supplier<Optional<Schedule>> schedule;
  private final Clock clock;
  private final ResourceManagerClient rm;
  private final Configuration yarnConf;
  private final ScheduledExecutorService thread;
  private final Map<String, Resource> fullTotals = new HashMap<>();
  /** What this publisher last set on each NodeManager it closed (never a full total). */
  private final Map<String, Resource> held = new HashMap<>();
  private final Map<String, String> managed = new LinkedHashMap<>();
  private final Map<String, Map<String, String>> sentAttributes = new HashMap<>();
  private final Map<String, String> skipReasons = new HashMap<>();
  private final Map<String, String> resolved = new HashMap<>();
  private final LivenessLog liveness;
  private ScheduledFuture<?> next;
  private volatile ComputePlan lastPlan;
  private volatile long rounds;

  private YarnPublisher(YarnPublisherConfig config, Configuration conf,
      Supplier<Optional<Schedule>> schedule, Clock clock) throws IOException {
    this.config = config;
    this.schedule = schedule;
    this.clock = clock;
    this.yarnConf = new YarnConfiguration(conf);
    yarnConf.addResource("mapred-site.xml");
    this.rm = new ResourceManagerClient(conf, config.rpcMaxWaitMs);
    this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "blink-yarn-publisher");
      t.setDaemon(true);
      return t;
    });
    this.liveness = new LivenessLog(yarnConf::get, config.intervalMs);
    LOG.info("YARN publisher started: ResourceManager admin {}, close lead {} ms, period {} ms,"
        + " {} explicit node mappings", yarnConf.get(YarnConfiguration.RM_ADMIN_ADDRESS),
        config.closeLeadMs, config.periodMs, config.nodes.size());
    kick();
  }

  /**
   * With {@code blink.yarn.publisher.enabled} (or {@code blink.yarn.pending.address}: the
   * scheduler's reads of pending containers, {@link PendingContainersPoller}) under Kerberos and
   * {@link YarnPublisherConfig#KERBEROS} set, logs the process in from that keytab ({@link
   * KeytabLogin}; {@code _HOST} is this host), so its ResourceManager calls (and the standalone
   * daemon's schedule polls) outlive a ticket cache; call it before any client is built.
   *
   * @throws IllegalArgumentException one key without the other or an unreadable keytab
   * @throws IOException the login failed
   */
  public static void loginIfEnabled(Configuration conf) throws IOException {
    if (new YarnPublisherConfig(conf::get).enabled()
        || new PendingContainersConfig(conf::get).address().isPresent()) {
      KeytabLogin.loginIfConfigured(conf, YarnPublisherConfig.KERBEROS, null);
    }
  }

  /**
   * Starts a publisher that follows {@code schedule} (read at every round), or returns empty when
   * {@code blink.yarn.publisher.enabled} is false. Bad settings throw
   * {@link IllegalArgumentException} naming the key.
   */
  public static Optional<YarnPublisher> startIfEnabled(Configuration conf,
      Supplier<Optional<Schedule>> schedule, Clock clock) throws IOException {
    YarnPublisherConfig c = new YarnPublisherConfig(conf::get);
    return c.enabled() ? Optional.of(new YarnPublisher(c, conf, schedule, clock))
        : Optional.empty();
  }

  /** Runs a round now (a new epoch was published). */
  public synchronized void kick() {
    reschedule(0);
  }

  /** The plan of the last successful round, if any (for status pages and tests). */
  public Optional<ComputePlan> lastPlan() {
    return Optional.ofNullable(lastPlan);
  }

  /** How many rounds completed without an error. */
  public long rounds() {
    return rounds;
  }

  private synchronized void reschedule(long delayMs) {
    if (thread.isShutdown()) {
      return;
    }
    if (next != null) {
      next.cancel(false);
    }
    next = thread.schedule(this::runRound, delayMs, TimeUnit.MILLISECONDS);
  }

  private void runRound() {
    long delay;
    try {
      long now = clock.millis();
      long change = round(schedule.get(), now);
      delay = Math.max(0, Math.min(config.periodMs, change - now));
      rounds++;
    } catch (IOException | YarnException | RuntimeException e) {
      LOG.warn("YARN publisher round failed ({}); retrying in {} ms", e.toString(),
          Math.min(RETRY_MS, config.periodMs));
      delay = Math.min(RETRY_MS, config.periodMs);
    }
    reschedule(delay);
  }

  /** One round against {@code s} at {@code nowMs}; returns the plan's next change time. */
  private long round(Optional<Schedule> s, long nowMs) throws IOException, YarnException {
    s.ifPresent(liveness::epoch);
    Map<String, NodeManagerInfo> nms = new LinkedHashMap<>();
    for (NodeManagerInfo nm : rm.activeNodes()) {
      nms.put(nm.id(), nm);
      if (!nm.compute().isZero() && !nm.total().equals(held.get(nm.id()))) {
        fullTotals.put(nm.id(), nm.total()); // not a value this publisher set to close it
      }
    }
    Set<String> dataNodes = new LinkedHashSet<>(managed.keySet());
    s.ifPresent(x -> x.nodes().forEach(n -> dataNodes.add(n.node())));
    NodeMatcher.Result match =
        NodeMatcher.match(dataNodes, config.nodes, nms.keySet(), this::resolve);
    Map<String, ComputeResource> totals = new LinkedHashMap<>();
    Map<String, String> skipped = new LinkedHashMap<>(match.skipped());
    match.matched().forEach((dn, nm) -> {
      Resource full = fullTotals.get(nm);
      if (full == null) {
        skipped.put(dn, "its NodeManager " + nm + " reports a total of zero and this publisher"
            + " never saw its full total: restart the NodeManager or run yarn rmadmin"
            + " -updateNodeResource " + nm + " MEMORY VCORES");
      } else {
        totals.put(dn, ResourceManagerClient.of(full));
      }
    });
    logSkipped(skipped);
    ComputePlan plan = ComputePlanner.plan(s, totals, nowMs, config.closeLeadMs);
    // managed before the calls, so a round that fails half-way is still undone by close()
    plan.nodes().keySet().forEach(dn -> managed.put(dn, match.matched().get(dn)));
    publishResources(plan, match.matched(), nms);
    publishAttributes(plan, match.matched(), nms);
    // a node that left the schedule has its full total now: from here on it is left alone
    managed.keySet().removeIf(dn -> s.isEmpty() || s.get().entry(dn) == null);
    lastPlan = plan;
    return plan.nextChangeMs();
  }

  private void publishResources(ComputePlan plan, Map<String, String> match,
      Map<String, NodeManagerInfo> nms) throws IOException, YarnException {
    Map<NodeManagerInfo, Resource> updates = new LinkedHashMap<>();
    for (YarnNodeState st : plan.nodes().values()) {
      NodeManagerInfo nm = nms.get(match.get(st.node()));
      Resource full = fullTotals.get(nm.id());
      Resource want = st.offersCompute() ? full : inUse(nm, full);
      if (st.offersCompute()) {
        held.remove(nm.id());
      } else {
        held.put(nm.id(), want);
      }
      if (!nm.total().equals(want)) {
        updates.put(nm, want);
      }
    }
    if (!updates.isEmpty()) {
      rm.updateResources(updates);
      updates.forEach((nm, r) -> LOG.info("YARN node {} now offers {}", nm.id(), r));
    }
  }

  /**
   * What a closed NodeManager is set to: what its running containers use, at most its full
   * total. No new container fits, while the cluster's total keeps counting the running ones:
   * set to zero instead, a node whose containers still run shrinks the cluster below what is in
   * use, the CapacityScheduler's queue (a share of that total) is over its limit, and nothing is
   * allocated anywhere. Measured (bench dfsio, 9 hosts of one vcore, 20% power): the cluster
   * counted 2 vcores with 2 allocated, 6 containers pending, one map started every few minutes.
   */
  static Resource inUse(NodeManagerInfo nm, Resource full) {
    return Resource.newInstance(Math.min(nm.used().getMemorySize(), full.getMemorySize()),
        Math.min(nm.used().getVirtualCores(), full.getVirtualCores()));
  }

  private void publishAttributes(ComputePlan plan, Map<String, String> match,
      Map<String, NodeManagerInfo> nms) throws IOException, YarnException {
    Map<String, List<YarnNodeState>> byHost = new LinkedHashMap<>();
    for (YarnNodeState st : plan.nodes().values()) {
      byHost.computeIfAbsent(nms.get(match.get(st.node())).host(), h -> new ArrayList<>())
          .add(st);
    }
    Map<String, Map<String, String>> changed = new LinkedHashMap<>();
    byHost.forEach((host, states) -> {
      Map<String, String> attrs = HostAttributes.merge(states);
      if (!attrs.equals(sentAttributes.get(host))) {
        changed.put(host, attrs);
      }
    });
    if (!changed.isEmpty()) {
      rm.replaceBlinkAttributes(changed);
      sentAttributes.putAll(changed);
      LOG.debug("YARN node attributes published: {}", changed);
    }
  }

  private void logSkipped(Map<String, String> skipped) {
    skipped.forEach((dn, why) -> {
      if (!why.equals(skipReasons.get(dn))) {
        LOG.info("YARN publisher skips DataNode {}: {}", dn, why);
      }
    });
    skipReasons.clear();
    skipReasons.putAll(skipped);
  }

  private String resolve(String host) {
    return resolved.computeIfAbsent(host, h -> {
      try {
        return InetAddress.getByName(h).getHostAddress();
      } catch (UnknownHostException e) {
        return h;
      }
    });
  }

  /**
   * Stops the rounds (a round in flight finishes, within {@code blink.yarn.rpc.max.wait.ms} per
   * call) and gives every managed node its full compute back.
   */
  @Override
  public void close() {
    synchronized (this) {
      if (next != null) {
        next.cancel(false);
      }
      thread.shutdown();
    }
    try {
      if (!thread.awaitTermination(4 * config.rpcMaxWaitMs, TimeUnit.MILLISECONDS)) {
        thread.shutdownNow();
        thread.awaitTermination(config.rpcMaxWaitMs, TimeUnit.MILLISECONDS);
      }
      int nodes = managed.size();
      if (nodes > 0) {
        round(Optional.empty(), clock.millis());
        LOG.info("YARN publisher stopped; {} nodes have their full compute back", nodes);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException | YarnException | RuntimeException e) {
      LOG.warn("YARN publisher could not restore full compute on close: {}", e.toString());
    } finally {
      rm.close();
    }
  }
}
