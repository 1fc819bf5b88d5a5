package org.blinkhdfs.scheduler;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.model.wire.WireCodec;

/**
 * What an attacker answering at the scheduler's address serves (issue 45): a plain JDK HTTP
 * (or HTTPS, with a certificate of its own) server on loopback that answers every request 200,
 * with a well-formed schedule turning every given node OFF, valid for an hour. No SPNEGO, no
 * ACL; it counts requests so a test can tell "refused" from "never reached".
 */
public final class ImpostorScheduler implements AutoCloseable {
  private final HttpServer server;
  private final AtomicInteger requests = new AtomicInteger();
  private final byte[] json;
  private final byte[] protobuf;

  private ImpostorScheduler(HttpServer server, List<String> nodes) {
    this.server = server;
    long now = System.currentTimeMillis();
    Schedule.Builder b = Schedule.builder().epoch(1_000_000).intervalStartMs(now - 1_000)
        .intervalMs(60_000).validUntilMs(now + 3_600_000);
    nodes.forEach(n -> b.add(NodeSchedule.of(n, NodeMode.OFF)));
    Schedule s = b.build();
    this.json = ScheduleJson.write(s).getBytes(StandardCharsets.UTF_8);
    this.protobuf = WireCodec.encodeSchedule(s);
    server.createContext("/", this::answer);
    server.start();
  }

  /** A plain HTTP impostor on a free loopback port, turning {@code nodes} off. */
  public static ImpostorScheduler plain(List<String> nodes) throws IOException {
    return new ImpostorScheduler(HttpServer.create(
        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0), nodes);
  }

  /** An HTTPS impostor presenting the certificate of {@code tls} (not the scheduler's). */
  public static ImpostorScheduler https(SSLContext tls, List<String> nodes) throws IOException {
    HttpsServer s = HttpsServer.create(
        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    s.setHttpsConfigurator(new HttpsConfigurator(tls));
    return new ImpostorScheduler(s, nodes);
  }

  public int port() {
    return server.getAddress().getPort();
  }

  /** Requests answered so far. */
  public int requests() {
    return requests.get();
  }

  private void answer(HttpExchange ex) throws IOException {
    requests.incrementAndGet();
    try (ex; InputStream in = ex.getRequestBody()) {
      in.transferTo(OutputStream.nullOutputStream());
      String accept = String.valueOf(ex.getRequestHeaders().getFirst("Accept"));
      boolean proto = accept.contains(SchedulerHttp.PROTOBUF);
      byte[] body = ex.getRequestURI().getPath().equals("/v1/schedule")
          ? (proto ? protobuf : json) : "{}".getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().set("Content-Type", proto ? SchedulerHttp.PROTOBUF
          : "application/json");
      ex.sendResponseHeaders(200, body.length);
      ex.getResponseBody().write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
