package org.blinkhdfs.model.wire;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;

/**
 * A stand-in for the scheduler's {@code GET /v1/schedule} on a JDK {@link HttpServer} bound to
 * loopback: it answers whatever the test set last (a protobuf or JSON schedule, an error status,
 * garbage), counts requests and remembers the {@code Accept} header. {@link #close()} takes it
 * down (connection refused); {@link #restart()} brings it back on the same port.
 */
final class LoopbackScheduler implements AutoCloseable {
  private record Reply(int status, String contentType, byte[] body) {}

  private final int port;
  private final AtomicInteger requests = new AtomicInteger();
  private volatile Reply reply = new Reply(404, "application/json",
      "{\"error\": \"no schedule published\"}".getBytes(StandardCharsets.UTF_8));
  private volatile String lastAccept = "";
  private HttpServer server;

  private LoopbackScheduler(int port) throws IOException {
    this.server = bind(port);
    this.port = server.getAddress().getPort();
  }

  /** Starts on a free loopback port. */
  static LoopbackScheduler start() throws IOException {
    return new LoopbackScheduler(0);
  }

  String address() {
    return "127.0.0.1:" + port;
  }

  int requests() {
    return requests.get();
  }

  String lastAccept() {
    return lastAccept;
  }

  void serveProtobuf(Schedule s) {
    reply = new Reply(200, SchedulerHttp.PROTOBUF, WireCodec.encodeSchedule(s));
  }

  void serveJson(Schedule s) {
    reply = new Reply(200, "application/json; charset=utf-8",
        ScheduleJson.write(s).getBytes(StandardCharsets.UTF_8));
  }

  void serve(int status, String contentType, String body) {
    reply = new Reply(status, contentType, body.getBytes(StandardCharsets.UTF_8));
  }

  /** Binds the same port again after {@link #close()}. */
  void restart() throws IOException {
    server = bind(port);
  }

  @Override
  public void close() {
    server.stop(0);
  }

  private HttpServer bind(int p) throws IOException {
    HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), p), 0);
    s.createContext(HttpScheduleClient.PATH, this::answer);
    s.start();
    return s;
  }

  private void answer(HttpExchange ex) throws IOException {
    requests.incrementAndGet();
    String accept = ex.getRequestHeaders().getFirst("Accept");
    lastAccept = accept == null ? "" : accept;
    Reply r = reply;
    ex.getResponseHeaders().set("Content-Type", r.contentType());
    ex.sendResponseHeaders(r.status(), r.body().length == 0 ? -1 : r.body().length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(r.body());
    }
  }
}
