package org.blinkhdfs.daemon.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.daemon.http.JsonServlet.BadRequest;
import org.eclipse.jetty.server.HttpChannel;
import org.eclipse.jetty.server.Request;

/**
 * Bounds on the request bodies a daemon reads at once (docs/security.md, "Slow request bodies").
 *
 * <p>Why: Jetty reads a body on the request's thread, and a client that sends its body a byte at
 * a time holds that thread until the connection's idle timeout (60 s by default), from any byte
 * it sends. 220 such bodies from one identity took every thread of the scheduler's pool and
 * {@code GET /v1/power} waited 40 s. So a body is read only with a permit: at most {@code
 * perUser} at once for one identity (the authenticated user; the remote address without one) and
 * {@code total} for everyone, both below the pool's size ({@code hadoop.http.max.threads},
 * Jetty's 200 by default), so reads keep threads to run on. A request beyond either gets 429
 * before its body is read. A body must arrive whole within {@code timeout}; a slower one gets
 * 408 (or its connection closed) and gives its thread back.
 *
 * <p>Thread-safe.
 */
public final class BodyLimits {
  /** A daemon's three keys: bodies in flight per identity and in all, and the read deadline. */
  public record Keys(ConfigKey perUser, ConfigKey total, ConfigKey timeout) {
    /** {@code <prefix>.body.readers.per.user}, {@code .readers.max}, {@code .timeout}. */
    public static Keys of(String prefix) {
      return new Keys(new ConfigKey(prefix + ".body.readers.per.user", "16", "requests"),
          new ConfigKey(prefix + ".body.readers.max", "64", "requests"),
          new ConfigKey(prefix + ".body.timeout", "10s", "time"));
    }

    public List<ConfigKey> list() {
      return List.of(perUser, total, timeout);
    }
  }

  private final Keys keys;
  private final int perUser;
  private final int total;
  private final long timeoutMs;
  private final AtomicInteger inFlight = new AtomicInteger();
  private final ConcurrentHashMap<String, Integer> byIdentity = new ConcurrentHashMap<>();

  /** Reads and checks {@code keys} in {@code conf}; a bad value names the key and the fix. */
  public BodyLimits(Configuration conf, Keys keys) {
    this.keys = keys;
    this.perUser = (int) ConfigValues.longIn(conf::get, keys.perUser(), 1, 10_000);
    this.total = (int) ConfigValues.longIn(conf::get, keys.total(), 1, 10_000);
    this.timeoutMs = timeoutMs(conf, keys.timeout());
  }

  private static long timeoutMs(Configuration conf, ConfigKey key) {
    long ms;
    try {
      ms = conf.getTimeDuration(key.name(), key.defaultValue(), TimeUnit.MILLISECONDS);
    } catch (NumberFormatException e) {
      ms = -1;
    }
    if (ms < 100 || ms > 600_000) {
      throw new IllegalArgumentException(key.name() + " = '" + conf.get(key.name())
          + "' is not a time in 100ms..10m: give e.g. 10s (a number is milliseconds)");
    }
    return ms;
  }

  /**
   * The body of {@code req}, at most {@code maxBytes}: 429 when the caller or everyone has too
   * many bodies in flight, 408 when it does not arrive within the timeout, 413 when larger.
   */
  public byte[] read(HttpServletRequest req, int maxBytes) throws IOException {
    String who = req.getRemoteUser() != null ? "user " + req.getRemoteUser()
        : "address " + req.getRemoteAddr();
    if (inFlight.incrementAndGet() > total) {
      inFlight.decrementAndGet();
      throw new BadRequest(429, "the daemon is reading " + total + " request bodies, the most "
          + keys.total().name() + " allows: retry in a moment");
    }
    if (!acquire(who)) {
      inFlight.decrementAndGet();
      throw new BadRequest(429, who + " has " + perUser + " request bodies in flight, the most"
          + " " + keys.perUser().name() + " allows: send each body whole and retry");
    }
    try {
      return readWithin(req, maxBytes);
    } finally {
      release(who);
    }
  }

  private boolean acquire(String who) {
    boolean[] ok = {false};
    byIdentity.compute(who, (k, n) -> {
      int now = n == null ? 0 : n;
      ok[0] = now < perUser;
      return ok[0] ? Integer.valueOf(now + 1) : n;
    });
    return ok[0];
  }

  private void release(String who) {
    byIdentity.computeIfPresent(who, (k, n) -> n <= 1 ? null : n - 1);
    inFlight.decrementAndGet();
  }

  /** Bodies in flight now (for tests and metrics). */
  int inFlight() {
    return inFlight.get();
  }

  private byte[] readWithin(HttpServletRequest req, int maxBytes) throws IOException {
    HttpChannel channel = Request.getBaseRequest(req) == null ? null
        : Request.getBaseRequest(req).getHttpChannel();
    long idle = channel == null ? 0 : channel.getIdleTimeout();
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    try (InputStream in = req.getInputStream()) {
      while (true) {
        long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (leftMs <= 0) {
          throw late();
        }
        if (channel != null) {
          // a blocking read waits at most the idle timeout: never past the deadline
          channel.setIdleTimeout(Math.min(leftMs, idle > 0 ? idle : leftMs));
        }
        int n;
        try {
          n = in.read(buf, 0, Math.min(buf.length, maxBytes + 1 - out.size()));
        } catch (IOException e) {
          // Jetty counts idle time from the last byte, so its timeout may fire a little
          // before our deadline: a timeout is the deadline's doing either way
          if (System.nanoTime() - deadline >= 0 || isTimeout(e)) {
            throw late();
          }
          throw e;
        }
        if (n < 0) {
          return out.toByteArray();
        }
        out.write(buf, 0, n);
        if (out.size() > maxBytes) {
          throw new BadRequest(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
              "request body larger than " + maxBytes + " bytes");
        }
      }
    } finally {
      if (channel != null && idle > 0) {
        channel.setIdleTimeout(idle);
      }
    }
  }

  /** Whether {@code e} is (or wraps) the idle timeout a blocking read ended on. */
  static boolean isTimeout(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof TimeoutException || t instanceof SocketTimeoutException) {
        return true;
      }
    }
    return false;
  }

  private BadRequest late() {
    return new BadRequest(HttpServletResponse.SC_REQUEST_TIMEOUT, "request body not received"
        + " within " + timeoutMs + " ms (" + keys.timeout().name() + "): send it whole");
  }
}
