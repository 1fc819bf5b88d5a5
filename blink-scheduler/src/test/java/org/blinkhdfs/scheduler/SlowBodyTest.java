package org.blinkhdfs.scheduler;

import static org.blinkhdfs.model.wire.HttpAuthenticator.pseudo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.security.UserGroupInformation;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 45, finding 5: request bodies sent a byte at a time by one identity in the admin ACL
 * must not take the threads reads run on ({@code BodyLimits}).
 */
class SlowBodyTest {
  /** More than Jetty's 200 threads, HttpServer2's pool with hadoop.http.max.threads unset. */
  static final int SLOW_BODIES = 250;

  SchedulerFixture scheduler;
  final List<Socket> sockets = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    for (Socket s : sockets) {
      s.close();
    }
    if (scheduler != null) {
      scheduler.close();
    }
  }

  /** A PUT /v1/power from the scheduler's admin that promises 100 bytes and sends one. */
  Socket slowPut() throws IOException {
    return slowPut(UserGroupInformation.getCurrentUser().getShortUserName());
  }

  Socket slowPut(String user) throws IOException {
    Socket s = new Socket("127.0.0.1", scheduler.daemon().httpAddress().getPort());
    sockets.add(s);
    s.getOutputStream().write(("PUT /v1/power?user.name=" + user + " HTTP/1.1\r\n"
        + "Host: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n"
        + SchedulerHttp.CSRF_HEADER + ": x\r\n\r\n5").getBytes(StandardCharsets.US_ASCII));
    s.getOutputStream().flush();
    return s;
  }

  /** The status line's code, or -1 when nothing arrives within {@code ms} (the read hangs). */
  static int status(Socket s, int ms) throws IOException {
    s.setSoTimeout(ms);
    InputStream in = s.getInputStream();
    StringBuilder line = new StringBuilder();
    try {
      for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
        line.append((char) c);
      }
    } catch (SocketTimeoutException e) {
      return -1;
    } catch (IOException e) {
      return 0; // reset: the server closed the connection
    }
    String[] parts = line.toString().split(" ");
    return parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
  }

  @Test
  void readsAreServedWhileOneIdentityHoldsManySlowBodies() throws Exception {
    scheduler = SchedulerFixture.start("blink.scheduler.http.body.timeout", "60s");
    for (int i = 0; i < SLOW_BODIES; i++) {
      slowPut();
    }
    long start = System.nanoTime();
    SchedulerHttp.Response power = new SchedulerHttp(scheduler.address(), 10_000)
        .get("/v1/power", "application/json");
    assertEquals(200, power.status(), power.text());
    assertTrue(System.nanoTime() - start < 10_000_000_000L);
    // the identity's 17th body and beyond were refused before being read
    int refused = 0;
    for (Socket s : sockets.subList(sockets.size() - 50, sockets.size())) {
      refused += status(s, 5_000) == 429 ? 1 : 0;
    }
    assertEquals(50, refused);
  }

  @Test
  void aBodyThatMissesTheDeadlineIsCutAndItsPermitReturned() throws Exception {
    scheduler = SchedulerFixture.start("blink.scheduler.http.body.timeout", "1s",
        "blink.scheduler.http.body.readers.per.user", "1");
    Socket slow = slowPut();
    long start = System.nanoTime();
    int code = status(slow, 10_000);
    assertTrue(code == 408 || code == 0, "408 or closed, got " + code);
    assertTrue(System.nanoTime() - start < 8_000_000_000L);
    // the one permit is back: the same admin's next change is read and applied
    SchedulerHttp.Response ok = scheduler.http().putText("/v1/power", "40%");
    assertEquals(200, ok.status(), ok.text());
  }

  @Test
  void aSecondBodyFromTheSameIdentityBeyondItsLimitIs429() throws Exception {
    scheduler = SchedulerFixture.start("blink.scheduler.http.body.timeout", "30s",
        "blink.scheduler.http.body.readers.per.user", "1",
        "blink.scheduler.admin.acl", "alice,bob");
    slowPut("alice");
    Thread.sleep(300); // its body is being read
    SchedulerHttp.Response alice = scheduler.http().withAuthenticator(pseudo("alice"))
        .putText("/v1/power", "40%");
    assertEquals(429, alice.status(), alice.text());
    assertTrue(alice.errorMessage().startsWith("user alice has 1 request bodies in flight, the"
        + " most blink.scheduler.http.body.readers.per.user allows"), alice.errorMessage());
    // another identity is not held back by alice's
    SchedulerHttp.Response bob = scheduler.http().withAuthenticator(pseudo("bob"))
        .putText("/v1/power", "40%");
    assertEquals(200, bob.status(), bob.text());
  }
}
