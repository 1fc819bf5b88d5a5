package org.blinkhdfs.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.time.Clock;
import java.util.function.DoubleSupplier;
import org.blinkhdfs.control.agent.TransferBusy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The utilization probe of {@code blink.agent.utilization.source = datanode}: reads the
 * DataNode's cumulative {@code BytesRead} and {@code BytesWritten} from its {@code /jmx} ({@code
 * Hadoop:service=DataNode,name=DataNodeActivity-*}) and turns them into a busy fraction against
 * the node's transfer caps ({@link TransferBusy}). For hosts whose DataNode's real bound is a
 * bandwidth cap rather than a disk of its own (several DataNodes on one machine, as in the local
 * test cluster); a real host uses {@code proc}.
 *
 * <p>The agent asks only while the node is awake (it reports no utilization with ASLEEP), but a
 * DataNode may still be frozen a moment longer or slow: each read is bounded by {@code
 * timeoutMs}, and any failure (refused, timed out, no such bean, a value that is not a number)
 * reports unknown (-1) and is logged once at WARN, then at DEBUG. Note that the DataNode's JMX
 * values are cached for its metrics period ({@code *.period} in its {@code
 * hadoop-metrics2.properties}, 10 s by default): keep it at or below the agent's heartbeat, or
 * samples alternate between nothing and a burst.
 *
 * <p>Thread-safe: {@link #getAsDouble} is synchronized.
 */
final class DataNodeTransferProbe implements DoubleSupplier {
  private static final Logger LOG = LoggerFactory.getLogger(DataNodeTransferProbe.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  static final String QUERY = "/jmx?qry=Hadoop:service=DataNode,name=DataNodeActivity-*";

  private final URI uri;
  private final int timeoutMs;
  private final TransferBusy busy;
  private final Clock clock;
  private boolean warned;

  DataNodeTransferProbe(String httpAddress, long readCapBytesPerSec, long writeCapBytesPerSec,
      int timeoutMs, Clock clock) {
    this.uri = URI.create("http://" + httpAddress + QUERY);
    this.timeoutMs = timeoutMs;
    this.busy = new TransferBusy(readCapBytesPerSec, writeCapBytesPerSec);
    this.clock = clock;
  }

  @Override
  public synchronized double getAsDouble() {
    long[] counters;
    try {
      counters = read();
    } catch (IOException | RuntimeException e) {
      if (!warned) {
        warned = true;
        LOG.warn("utilization unknown (reported as -1): cannot read {}: {}; further problems are"
            + " logged at DEBUG", uri, e.toString());
      } else {
        LOG.debug("utilization unknown: {}", e.toString());
      }
      return -1;
    }
    return busy.sample(counters[0], counters[1], clock.millis());
  }

  private long[] read() throws IOException {
    HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
    c.setConnectTimeout(timeoutMs);
    c.setReadTimeout(timeoutMs);
    try (InputStream in = c.getInputStream()) {
      return counters(JSON.readTree(in));
    } finally {
      c.disconnect();
    }
  }

  /** {BytesRead, BytesWritten} from a {@code /jmx} answer; throws when either is missing. */
  static long[] counters(JsonNode root) throws IOException {
    JsonNode beans = root.path("beans");
    if (beans.size() != 1) {
      throw new IOException("expected one DataNodeActivity bean, found " + beans.size());
    }
    JsonNode bean = beans.get(0);
    return new long[] {number(bean, "BytesRead"), number(bean, "BytesWritten")};
  }

  private static long number(JsonNode bean, String name) throws IOException {
    JsonNode v = bean.get(name);
    if (v == null || !v.canConvertToLong()) {
      throw new IOException("bean " + bean.path("name").asText() + " has no number " + name
          + " (" + v + ")");
    }
    return v.asLong();
  }
}
