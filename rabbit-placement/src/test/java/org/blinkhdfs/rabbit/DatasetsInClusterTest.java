package org.blinkhdfs.rabbit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.placement.BlinkNameNodePlugin;
import org.blinkhdfs.rabbit.dataset.DatasetCatalog;
import org.blinkhdfs.rabbit.dataset.DatasetConfig;
import org.blinkhdfs.rabbit.dataset.DatasetResolver;
import org.blinkhdfs.rabbit.dataset.DatasetRoot;
import org.blinkhdfs.rabbit.dataset.ExpansionChain;
import org.blinkhdfs.rabbit.layout.Chain;
import org.blinkhdfs.rabbit.layout.EqualWorkLayout;
import org.blinkhdfs.rabbit.layout.EqualWorkSpec;
import org.blinkhdfs.rabbit.layout.RabbitConfig;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rabbit's datasets (§3.4) in a real NameNode: 7 DataNodes, p = 2, r = 2. Dataset {@code logs}
 * is configured by its root /logs; dataset {@code web} (configured root /web, never written)
 * gets /import by the xattr {@code user.blink.dataset} on that directory; /plain is in no
 * dataset. Every block lands on its own chain's equal-work layout, the NameNode never queues one
 * for correction, and {@code /jmx} shows the datasets. Then blocks written at low power, with
 * the datasets' primaries asleep, settle on a layout once everything wakes and stay there.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DatasetsInClusterTest {
  static final int NODES = 7;
  static final int FILES = 30;

  @TempDir
  static Path dir;
  static MiniBlinkCluster c;

  @BeforeAll
  static void startCluster() throws IOException {
    c = RabbitNameNode.start(dir, NODES, EqualWorkBlockPlacementPolicy.class,
        RabbitConfig.PRIMARIES.name(), "2",
        DatasetConfig.DATASETS.name(), "logs=/logs,web=/web",
        DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY,
        BlinkNameNodePlugin.class.getName() + "," + DatasetNameNodePlugin.class.getName());
  }

  @AfterAll
  static void stopCluster() {
    if (c != null) {
      c.close();
    }
  }

  @Test
  @Order(1)
  void eachDatasetHasItsOwnChainAndNoBlockIsCorrected() throws Exception {
    DatasetCatalog catalog = DatasetCatalog.planAfter(List.of(new DatasetRoot("logs", "/logs"),
        new DatasetRoot("web", "/web")), new ExpansionChain(c.addresses, 2));
    List<String> logsChain = catalog.get("logs").orElseThrow().chain().nodes();
    List<String> webChain = catalog.get("web").orElseThrow().chain().nodes();
    // Worked by hand in DatasetCatalogTest#sevenNodes: logs runs the ring backwards.
    assertEquals(c.addresses(6, 5, 4, 3, 2, 0, 1), logsChain);

    c.fs.mkdirs(new org.apache.hadoop.fs.Path("/import"));
    c.fs.setXAttr(new org.apache.hadoop.fs.Path("/import"), DatasetResolver.OVERRIDE_XATTR,
        "web".getBytes(StandardCharsets.UTF_8));
    Map<String, List<String>> chainOf = Map.of("/logs", logsChain, "/import/2024", webChain,
        "/plain", c.addresses);
    List<String> paths = new ArrayList<>();
    for (String root : chainOf.keySet()) {
      for (int f = 0; f < FILES; f++) {
        paths.add(root + "/f" + f);
      }
    }
    BlinkRuntime runtime = BlinkRuntime.forConf(c.cluster.getConfiguration(0));
    long correctionsBefore = runtime.layoutCorrections().get();
    c.writeFiles(paths, 100, 2);

    BlockPlacementPolicy policy = c.blockManager().getBlockPlacementPolicy();
    for (Map.Entry<String, List<String>> e : chainOf.entrySet()) {
      EqualWorkLayout own = EqualWorkLayout.of(Chain.of(e.getValue()), EqualWorkSpec.of(2, 2));
      Set<String> primaries = Set.copyOf(e.getValue().subList(0, 2));
      for (int f = 0; f < FILES; f++) {
        String path = e.getKey() + "/f" + f;
        List<String> holders = c.replicas(path);
        assertTrue(own.check(holders).isPerfect(), path + " on " + holders + ", chain "
            + e.getValue());
        assertTrue(holders.stream().anyMatch(primaries::contains), path + " has a primary");
        DatanodeInfo[] locs = c.fs.getClient().getLocatedBlocks(path, 0).get(0).getLocations();
        assertTrue(policy.verifyBlockPlacement(locs, 2).isPlacementPolicySatisfied(),
            path + " on " + holders + " satisfies the policy");
      }
    }
    // Each dataset's primaries are the other chains' tail: few blocks of logs or web touch the
    // ring's primaries n1, n2 (each about (1/6 + 1/7)·c ≈ 0.28 of the blocks), all of /plain do.
    Set<String> ringPrimaries = Set.copyOf(c.addresses.subList(0, 2));
    assertTrue(touching("/logs", ringPrimaries) < FILES / 2, "logs blocks on n1/n2");
    assertEquals(FILES, touching("/plain", ringPrimaries));

    // Several redundancy-monitor passes (1 s each): nothing queued, nothing moved.
    Thread.sleep(3_000);
    assertTrue(c.settled(), "no block awaits layout correction or deletion");
    assertEquals(0, c.blockManager().getBadlyDistributedBlocks());
    assertEquals(correctionsBefore, runtime.layoutCorrections().get());

    JsonNode bean = datasetsBean(6 * FILES / 3);
    assertEquals(2, bean.get("Datasets").asInt());
    assertEquals(NODES, bean.get("AwakeRingNodes").asInt());
    assertEquals(String.join(",", logsChain), bean.get("tag.logs.Chain").asText());
    assertEquals(String.join(",", webChain), bean.get("tag.web.Chain").asText());
    assertEquals(String.join(",", c.addresses), bean.get("tag.DefaultChain").asText());
    assertEquals("logs,web", bean.get("tag.LiveDatasetNames").asText());
    assertEquals("FAIR_SHARE", bean.get("tag.SharePolicy").asText());
    // Fair share of 7 nodes between 2 live datasets: 4 and 3, disjoint, each on its own chain.
    assertEquals(4, bean.get("logs.ActiveNodes").asInt());
    assertEquals(3, bean.get("web.ActiveNodes").asInt());
    List<String> logsActive = List.of(bean.get("tag.logs.ActiveSet").asText().split(","));
    List<String> webActive = List.of(bean.get("tag.web.ActiveSet").asText().split(","));
    Set<String> union = new HashSet<>(logsActive);
    union.addAll(webActive);
    assertEquals(NODES, union.size());
    assertEquals(logsChain.subList(0, 2), logsActive.subList(0, 2), "logs keeps its primaries");
    assertEquals(webChain.subList(0, 2), webActive.subList(0, 2), "web keeps its primaries");
    assertEquals(FILES, bean.get("logs.NewBlocks").asLong());
    assertEquals(FILES, bean.get("web.NewBlocks").asLong());
    for (String d : List.of("logs", "web")) {
      double degree = bean.get(d + ".Proportionality").asDouble();
      assertTrue(degree > 0 && degree <= 1, d + " degree " + degree);
    }
    double mean = bean.get("ProportionalityMean").asDouble();
    assertTrue(mean > 0 && mean <= 1, "mean degree " + mean);
  }

  /**
   * Three nodes on (n1..n3): logs' primaries n7, n6 are asleep, so its blocks take stand-ins.
   * After waking everything the NameNode corrects each block to the layout that fits it best
   * among all datasets (DatasetLayoutModel), and then leaves it alone: no correction loop.
   */
  @Test
  @Order(2)
  void lowPowerWritesSettleOnADatasetLayoutAfterWaking() throws Exception {
    List<List<String>> chains = List.of(c.addresses, chainOf("logs"), chainOf("web"));
    c.writeSchedule(c.gear(3));
    List<String> paths = new ArrayList<>();
    for (int f = 0; f < 8; f++) {
      paths.add("/logs/low/f" + f);
    }
    BlinkRuntime runtime = BlinkRuntime.forConf(c.cluster.getConfiguration(0));
    long offloaded = runtime.offloadedReplicas().get();
    c.writeFiles(paths, 3000, 2);
    assertTrue(runtime.offloadedReplicas().get() - offloaded >= paths.size(),
        "each block's primary was asleep, so each took a stand-in");
    c.writeSchedule(c.gear(NODES));
    MiniBlinkCluster.waitFor("low-power blocks on a layout", () -> c.settled()
        && paths.stream().allMatch(p -> onSomeLayout(c.replicasNow(p), chains)));
    long corrections = runtime.layoutCorrections().get();
    Thread.sleep(3_000);
    assertTrue(c.settled(), "nothing queued after settling");
    assertEquals(corrections, runtime.layoutCorrections().get(), "no further corrections");
    for (String p : paths) {
      assertTrue(onSomeLayout(c.replicas(p), chains), p + " on " + c.replicas(p));
      assertArrayEquals(MiniBlinkCluster.contents(p, 3000), c.read(p));
    }
  }

  private static List<String> chainOf(String dataset) {
    return DatasetCatalog.planAfter(List.of(new DatasetRoot("logs", "/logs"),
        new DatasetRoot("web", "/web")), new ExpansionChain(c.addresses, 2)).get(dataset)
        .orElseThrow().chain().nodes();
  }

  private static boolean onSomeLayout(List<String> holders, List<List<String>> chains) {
    return holders.size() == 2 && chains.stream().anyMatch(chain -> EqualWorkLayout.of(
        Chain.of(chain), EqualWorkSpec.of(2, 2)).check(holders).isPerfect());
  }

  private static int touching(String root, Set<String> nodes) throws IOException {
    int n = 0;
    for (int f = 0; f < FILES; f++) {
      n += c.replicas(root + "/f" + f).stream().anyMatch(nodes::contains) ? 1 : 0;
    }
    return n;
  }

  /**
   * The BlinkDatasets bean from the NameNode's /jmx once it shows {@code blocks} new blocks in
   * all (JMX caches a source's values for up to the metrics period).
   */
  private static JsonNode datasetsBean(long blocks) throws IOException {
    URL url = new URL("http://" + c.cluster.getNameNode().getHttpAddress().getHostString() + ":"
        + c.cluster.getNameNode().getHttpAddress().getPort()
        + "/jmx?qry=Hadoop:service=NameNode,name=" + DatasetNameNodePlugin.SOURCE_NAME);
    JsonNode[] bean = new JsonNode[1];
    MiniBlinkCluster.waitFor("dataset metrics at " + url, () -> {
      try (InputStream in = url.openStream()) {
        JsonNode beans = new ObjectMapper().readTree(in).get("beans");
        bean[0] = beans.size() == 1 ? beans.get(0) : null;
      } catch (IOException e) {
        return false;
      }
      return bean[0] != null && bean[0].has("logs.NewBlocks") && bean[0].get("logs.NewBlocks")
          .asLong() + bean[0].get("web.NewBlocks").asLong() >= blocks;
    });
    return bean[0];
  }
}
