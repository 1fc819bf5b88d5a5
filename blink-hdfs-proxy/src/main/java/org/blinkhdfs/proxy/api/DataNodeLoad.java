package org.blinkhdfs.proxy.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.blinkhdfs.daemon.http.JsonServlet;
import org.blinkhdfs.model.api.ServerLoad;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * {@code getServerLoadStats}: a DataNode's I/O counters from its own metrics over its HTTP
 * {@code /jmx} (the bean {@code Hadoop:service=DataNode,name=DataNodeActivity-<host>-<xferPort>}:
 * {@code BytesRead}, {@code BytesWritten}, {@code ReadBlockOpNumOps}, {@code WriteBlockOpNumOps}).
 *
 * <p>Why remember the last answer: a blinking DataNode spends most of each interval suspended
 * (or frozen by the emulating agent) and then does not answer HTTP at all; a frozen JVM even
 * accepts the connection and never replies. Each call is therefore bounded by {@code
 * blink.proxy.api.datanode.timeout.ms}, and when it fails the last values read are answered,
 * marked stale with their time and the failure; with none known the answer is a 503 naming the
 * node, the failure and when to try again. Hadoop's JMX servlet serves metrics cached for up to
 * the metrics period (10 s by default), so a fresh answer may trail the DataNode by that much.
 *
 * <p>Several DataNodes in one JVM (a MiniDFSCluster) share one MBean server, so the bean is
 * chosen by its name, which carries the node's transfer port. The cache holds one entry per
 * DataNode the NameNode has reported (bounded by {@link #MAX_NODES}).
 *
 * <p>Thread-safe.
 */
final class DataNodeLoad {
  static final String QUERY = "/jmx?qry=Hadoop:service=DataNode,name=DataNodeActivity-*";
  /** Most DataNodes remembered; beyond it the memory starts over (a bound, never reached). */
  static final int MAX_NODES = 100_000;

  private final int timeoutMs;
  private final Clock clock;
  private final Map<String, ServerLoad> last = new ConcurrentHashMap<>();

  DataNodeLoad(int timeoutMs, Clock clock) {
    this.timeoutMs = timeoutMs;
    this.clock = clock;
  }

  /**
   * The counters of {@code dn}: read now, or the last known ones marked stale.
   *
   * @throws JsonServlet.BadRequest 503 when they cannot be read and none are known
   */
  ServerLoad of(String node, DatanodeInfo dn, String whenAwake) {
    try {
      ServerLoad now = ServerLoad.fresh(node, read(dn), clock.millis());
      if (last.size() >= MAX_NODES) {
        last.clear();
      }
      last.put(node, now);
      return now;
    } catch (IOException e) {
      ServerLoad known = last.get(node);
      if (known == null) {
        throw new JsonServlet.BadRequest(503, "node " + node + ": its DataNode metrics cannot be"
            + " read (" + e.getMessage() + ") and none were read before; " + whenAwake
            + ": ask again then");
      }
      return known.asStale(e.getMessage());
    }
  }

  private ServerLoad.Counters read(DatanodeInfo dn) throws IOException {
    SchedulerHttp http = SchedulerHttp.toServer(dn.getInfoAddr(), timeoutMs, "a sleeping"
        + " (suspended or frozen) DataNode does not answer; is " + dn.getXferAddr()
        + " awake, and its HTTP server at " + dn.getInfoAddr() + "?");
    JsonNode beans = http.get(QUERY, "application/json").requireSuccess().json().path("beans");
    String exact = "Hadoop:service=DataNode,name=DataNodeActivity-" + dn.getHostName() + "-"
        + dn.getXferPort();
    JsonNode bean = null;
    List<JsonNode> samePort = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (JsonNode b : beans) {
      String name = b.path("name").asText();
      names.add(name);
      if (name.equals(exact)) {
        bean = b;
      } else if (name.endsWith("-" + dn.getXferPort())) {
        samePort.add(b);
      }
    }
    if (bean == null && samePort.size() == 1) {
      bean = samePort.get(0);
    }
    if (bean == null) {
      throw new IOException("GET " + http.url(QUERY) + " has no bean " + exact + " (found "
          + names + ")");
    }
    return new ServerLoad.Counters(counter(bean, "BytesRead"), counter(bean, "BytesWritten"),
        counter(bean, "ReadBlockOpNumOps"), counter(bean, "WriteBlockOpNumOps"));
  }

  private static long counter(JsonNode bean, String name) throws IOException {
    JsonNode v = bean.get(name);
    if (v == null || !v.canConvertToLong()) {
      throw new IOException("metric " + name + " of " + bean.path("name").asText() + " is "
          + v + ", not a counter (a Hadoop DataNode of another version?)");
    }
    return v.asLong();
  }
}
