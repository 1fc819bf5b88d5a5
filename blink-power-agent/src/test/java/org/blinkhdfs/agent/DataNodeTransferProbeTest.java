package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@code datanode} utilization probe over HTTP, against a server answering like a DataNode's
 * {@code /jmx} (the bean layout of Hadoop 3.5.0's {@code DataNodeActivity}); a real DataNode is
 * read by the local cluster's agents (blink-lab), which this module may not depend on.
 */
class DataNodeTransferProbeTest {
  private final AtomicReference<String> body = new AtomicReference<>();
  private final AtomicReference<String> query = new AtomicReference<>();
  private HttpServer server;

  @BeforeEach
  void serve() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/jmx", ex -> {
      query.set(ex.getRequestURI().getQuery());
      byte[] b = body.get().getBytes(StandardCharsets.UTF_8);
      ex.sendResponseHeaders(200, b.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(b);
      }
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private static String bean(long read, long written) {
    return "{\"beans\":[{\"name\":\"Hadoop:service=DataNode,name=DataNodeActivity-127.0.0.1-9866\","
        + "\"modelerType\":\"DataNodeActivity-127.0.0.1-9866\",\"BytesWritten\":" + written
        + ",\"TotalWriteTime\":0,\"BytesRead\":" + read + ",\"BlocksWritten\":3}]}";
  }

  private static final class StepClock extends Clock {
    long ms;

    @Override
    public Instant instant() {
      return Instant.ofEpochMilli(ms);
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }

  @Test
  void readsTheCountersAndRatesThemAgainstTheCaps() {
    StepClock clock = new StepClock();
    DataNodeTransferProbe probe = new DataNodeTransferProbe("127.0.0.1:"
        + server.getAddress().getPort(), 10_000_000, 10_000_000, 1_000, clock);
    body.set(bean(1_000, 2_000));
    assertEquals(-1, probe.getAsDouble(), "first sample: nothing to compare with");
    assertEquals("qry=Hadoop:service=DataNode,name=DataNodeActivity-*", query.get());
    clock.ms = 2_000;
    // 2 s: read 4 MB (2 MB/s = 0.2), written 14 MB (7 MB/s = 0.7)
    body.set(bean(4_001_000, 14_002_000));
    assertEquals(0.7, probe.getAsDouble(), 1e-12);
  }

  @Test
  void anAnswerWithoutTheCountersIsUnknown() {
    StepClock clock = new StepClock();
    DataNodeTransferProbe probe = new DataNodeTransferProbe("127.0.0.1:"
        + server.getAddress().getPort(), 1, 1, 1_000, clock);
    body.set("{\"beans\":[]}");
    assertEquals(-1, probe.getAsDouble());
    body.set("{\"beans\":[{\"name\":\"x\",\"BytesRead\":\"many\",\"BytesWritten\":1}]}");
    clock.ms = 1_000;
    assertEquals(-1, probe.getAsDouble());
  }

  @Test
  void anUnreachableDataNodeIsUnknown() {
    int port = server.getAddress().getPort();
    server.stop(0);
    DataNodeTransferProbe probe = new DataNodeTransferProbe("127.0.0.1:" + port, 1, 1, 500,
        Clock.systemUTC());
    assertEquals(-1, probe.getAsDouble());
  }
}
