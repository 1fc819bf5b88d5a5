package org.blinkhdfs.rabbit;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.Interns;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.util.ServicePlugin;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.rabbit.dataset.Allocation;
import org.blinkhdfs.rabbit.dataset.DatasetConfig;
import org.blinkhdfs.rabbit.dataset.DatasetDirectory;
import org.blinkhdfs.rabbit.dataset.DatasetShares;
import org.blinkhdfs.rabbit.dataset.ExpansionChain;
import org.blinkhdfs.rabbit.dataset.LiveDatasets;
import org.blinkhdfs.rabbit.dataset.NodeAllocator;
import org.blinkhdfs.rabbit.dataset.PowerProportionality;
import org.blinkhdfs.rabbit.dataset.ProportionalityReport;
import org.blinkhdfs.rabbit.layout.RabbitConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * NameNode plugin ({@code dfs.namenode.plugins}, beside {@code BlinkNameNodePlugin}) for Rabbit's
 * datasets (§3.4). It does two things:
 *
 * <ol>
 *   <li>gives {@link EqualWorkBlockPlacementPolicy} the namespace, so a file can join a dataset by
 *       the xattr {@code user.blink.dataset} on itself or an ancestor ({@link NamespaceDatasets},
 *       handed over through {@link DatasetRuntime}); without the plugin only configured roots
 *       count;
 *   <li>publishes the datasets as metrics2 record {@value #SOURCE_NAME} (context {@code blink};
 *       so {@code /jmx} shows them as {@code Hadoop:service=NameNode,name=BlinkDatasets}).
 * </ol>
 *
 * <p>What is published, computed on demand from the schedule in force: the number of datasets,
 * the share policy, the ring nodes awake now (n), the live datasets (written to within {@code
 * blink.rabbit.datasets.live.ms}), the mean and worst degree of power-proportionality over them,
 * the default chain (files in no dataset) and per dataset {@code <name>.Chain} (its expansion
 * chain, chosen by the node score), {@code <name>.Live}, {@code <name>.Weight}, {@code
 * <name>.NewBlocks}, {@code <name>.ActiveNodes} and {@code <name>.ActiveSet} (A(d): the nodes
 * of its chain {@link NodeAllocator} gives it when the n awake nodes are shared among the live
 * datasets, fair or by priority) and {@code <name>.Proportionality} (the degree of A(d), §3.4;
 * 0 when not live). A(d) is what should be on; acting on it is the power scheduler's business.
 * Chains are listed up to {@link #MAX_LISTED_NODES} nodes.
 *
 * <p>Thread-safe: metrics are computed on demand from immutable inputs; start and stop are
 * synchronized.
 */
public class DatasetNameNodePlugin implements ServicePlugin, Configurable, MetricsSource {
  private static final Logger LOG = LoggerFactory.getLogger(DatasetNameNodePlugin.class);
  static final String SOURCE_NAME = "BlinkDatasets";
  /** A limit on the nodes listed in one chain or active-set tag. */
  static final int MAX_LISTED_NODES = 64;

  private Configuration conf;
  private DatasetConfig config;
  private int primaries;
  private BlinkRuntime schedules;
  private final Clock clock = Clock.systemUTC();
  private volatile DatasetRuntime runtime;
  private NetworkTopology topology; // guarded by this
  private boolean registered; // guarded by this
  /** The chains of the last ring seen (recomputed when the ring changes). */
  private volatile RingChains chains;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    this.config = DatasetConfig.from(conf::get);
    this.primaries = RabbitConfig.from(conf::get).primaries();
    this.schedules = BlinkRuntime.forConf(conf);
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public synchronized void start(Object service) {
    if (!(service instanceof NameNode)) {
      throw new IllegalArgumentException(getClass().getName() + " runs in a NameNode"
          + " (dfs.namenode.plugins), not in " + service);
    }
    NameNode nn = (NameNode) service;
    topology = nn.getNamesystem().getBlockManager().getDatanodeManager().getNetworkTopology();
    DatasetRuntime r = DatasetRuntime.forTopology(topology, conf);
    r.attach(new NamespaceDatasets(nn.getNamesystem()));
    runtime = r;
    MetricsSystem ms = DefaultMetricsSystem.instance();
    if (ms.getSource(SOURCE_NAME) == null) {
      ms.register(SOURCE_NAME, "BlinkHDFS Rabbit datasets", this);
      registered = true;
    }
    String loggers = conf.get(DFSConfigKeys.DFS_NAMENODE_AUDIT_LOGGERS_KEY, "");
    if (!loggers.contains(DatasetAuditLogger.class.getName())) {
      LOG.warn("{} = '{}' lacks {}: reads neither make a dataset live nor are served from its"
          + " own nodes A(d); add it beside 'default'",
          DFSConfigKeys.DFS_NAMENODE_AUDIT_LOGGERS_KEY,
          loggers, DatasetAuditLogger.class.getName());
    }
    LOG.info("BlinkHDFS dataset plugin started: {}, share {}", config.fromGroups()
        ? "the application groups are the datasets" : config.roots().size() + " datasets "
        + config.roots(), config.share());
  }

  @Override
  public synchronized void stop() {
    if (registered) {
      DefaultMetricsSystem.instance().unregisterSource(SOURCE_NAME);
      registered = false;
    }
    if (topology != null) {
      runtime.attach(null);
      DatasetRuntime.remove(topology);
      topology = null;
    }
  }

  @Override
  public void close() {
    stop();
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    DatasetRuntime r = runtime;
    if (r == null) {
      return;
    }
    DatasetDirectory directory = r.directory();
    Optional<Schedule> schedule = schedules.state().usable();
    List<String> ring = schedule.map(Schedule::ring).orElse(List.of());
    int awake = schedule.map(s -> (int) ring.stream()
        .filter(n -> s.isAwake(n, clock.millis())).count()).orElse(0);
    Map<String, ExpansionChain> byName = chainsOf(ring, directory);
    Map<String, Integer> weights = DatasetShares.liveWeights(r.activity().live(), directory,
        byName);
    Allocation allocation = NodeAllocator.allocate(byName, LiveDatasets.withWeights(weights),
        awake, config.share(), primaries);
    ProportionalityReport degrees = PowerProportionality.of(allocation, byName);

    MetricsRecordBuilder rb = collector.addRecord(SOURCE_NAME).setContext("blink")
        .tag(Interns.info("SharePolicy", "FAIR_SHARE or PRIORITY"), config.share().name())
        .tag(Interns.info("DatasetSource", "Where the datasets come from"),
            directory.describe())
        .tag(Interns.info("LiveDatasetNames", "Datasets written to or read recently"),
            String.join(",", weights.keySet()))
        .tag(Interns.info("DefaultChain", "Chain of files in no dataset (the ring)"),
            listed(ring))
        .addGauge(Interns.info("Datasets", "Datasets holding files"), directory.holding().size())
        .addGauge(Interns.info("LiveDatasets", "Live datasets"), weights.size())
        .addGauge(Interns.info("AwakeRingNodes", "Ring nodes awake now (n)"), awake)
        .addGauge(Interns.info("ProportionalityMean",
            "Mean degree of power-proportionality over live datasets"), degrees.mean())
        .addGauge(Interns.info("ProportionalityWorst",
            "Lowest degree of power-proportionality of a live dataset"), degrees.worst());
    byName.forEach((n, chain) -> {
      List<String> active = allocation.nodesOf(n);
      rb.tag(Interns.info(n + ".Chain", "Expansion chain of " + n), listed(chain.nodes()))
          .tag(Interns.info(n + ".ActiveSet", "A(" + n + "): nodes allocated to it"),
              listed(active))
          .addGauge(Interns.info(n + ".Live", "1 when " + n + " is live"),
              weights.containsKey(n) ? 1 : 0)
          .addGauge(Interns.info(n + ".Weight", "Priority weight of " + n),
              directory.weight(n))
          .addGauge(Interns.info(n + ".ActiveNodes", "|A(" + n + ")|"), active.size())
          .addGauge(Interns.info(n + ".Proportionality", "Degree of power-proportionality of "
              + n), degrees.byDataset().getOrDefault(n, 0.0))
          .addCounter(Interns.info(n + ".NewBlocks", "New blocks placed for " + n),
              r.activity().newBlocks(n))
          .addCounter(Interns.info(n + ".Reads", "Block reads of " + n + " sorted"),
              r.activity().reads(n));
    });
    rb.endRecord();
  }

  /** The datasets' chains on {@code ring}, cached while the ring and the datasets stay. */
  private Map<String, ExpansionChain> chainsOf(List<String> ring, DatasetDirectory directory) {
    RingChains c = chains;
    if (c == null || !c.ring.equals(ring) || c.version != directory.version()) {
      c = new RingChains(ring, directory.version(), directory.chains(ring, primaries));
      chains = c;
    }
    return c.chains;
  }

  private static String listed(List<String> nodes) {
    if (nodes.size() <= MAX_LISTED_NODES) {
      return String.join(",", nodes);
    }
    return String.join(",", nodes.subList(0, MAX_LISTED_NODES)) + ",...(+"
        + (nodes.size() - MAX_LISTED_NODES) + ")";
  }

  private record RingChains(List<String> ring, long version, Map<String, ExpansionChain> chains) {}
}
