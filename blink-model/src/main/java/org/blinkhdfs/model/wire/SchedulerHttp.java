package org.blinkhdfs.model.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import javax.net.ssl.SSLException;
import org.blinkhdfs.model.schedule.InvalidScheduleException;
import org.blinkhdfs.model.schedule.NodeAddress;

/**
 * A small blocking HTTP/1.1 client for the scheduler API ({@code docs/scheduler-api.md}), the one
 * every caller shares: the power agent ({@link HttpScheduleClient}, {@code HttpStatusSink}), the
 * admin tool {@code BlinkAdmin}, the NameNode ({@link SchedulerSource}) and the write proxy
 * ({@link #requestWake}).
 *
 * <p>Why here and JDK-only: the NameNode plugin must not depend on the agent module, and
 * blink-model carries no Hadoop, so the client uses the JDK's {@link HttpURLConnection}: it starts
 * no threads (a {@code java.net.http.HttpClient} keeps a selector thread per client) and reuses
 * keep-alive connections.
 *
 * <p>Hard constraints: every call is bounded (connect and read timeouts, {@link #MAX_BODY_BYTES}
 * per response) and never retried here: pollers call again anyway and an admin command should
 * fail fast. Every failure is an {@link IOException} whose message names the method, the URL, the
 * HTTP status and the scheduler's {@code {"error": ...}} text, e.g.
 * {@code PUT http://10.0.0.5:9877/v1/policy returned 400: policy 'x' is unknown ...}; an
 * unreachable scheduler reads {@code GET http://127.0.0.1:1/v1/schedule failed: Connection refused
 * (is the scheduler running at 127.0.0.1:1? check blink.scheduler.address ...)}.
 *
 * <p>Non-2xx answers are returned as {@link Response}s, not thrown, because some are expected
 * (404 from {@code GET /v1/schedule} means "no schedule"); {@link Response#requireSuccess()} turns
 * the rest into the exception above.
 *
 * <p>Immutable and thread-safe.
 */
public final class SchedulerHttp {
  /** The largest response body read; a schedule of thousands of nodes is well below it. */
  public static final int MAX_BODY_BYTES = 8 << 20;
  public static final String PROTOBUF = "application/x-protobuf";
  /** The key naming the scheduler's address for agents, the admin tool and the NameNode. */
  public static final String ADDRESS_KEY = "blink.scheduler.address";
  /**
   * The header every call carries so the scheduler's CSRF filter (Hadoop's {@code
   * RestCsrfPreventionFilter}, its default header name) tells this client from a browser form.
   */
  public static final String CSRF_HEADER = "X-XSRF-HEADER";
  private static final ObjectMapper MAPPER = new ObjectMapper();
  /**
   * The text of a 401 whose body the JDK dropped (it does for a request with a streamed body):
   * what the server wants and the fix.
   */
  private static final byte[] UNAUTHORIZED_HINT = ("authentication required: the caller sent no"
      + " identity the server accepts (user.name=<user> with Hadoop's simple authentication,"
      + " SPNEGO with Kerberos: kinit, or the daemon's keytab login; docs/security.md)")
      .getBytes(StandardCharsets.UTF_8);

  /** The scheme prefix of a scheduler address served over TLS ({@link PinnedTls}). */
  public static final String HTTPS = "https://";
  private static final String HTTP = "http://";

  private final String address;
  private final String baseUrl;
  private final int timeoutMs;
  private final String unreachableHint;
  private final HttpAuthenticator authenticator;
  private final Optional<PinnedTls> tls;

  /**
   * @param address the scheduler's address {@code host:port} (plain HTTP) or {@code
   *     https://host:port} (TLS: give the pinned certificate with {@link #withTls} or {@link
   *     #withTlsFrom}, else every call is refused)
   * @param timeoutMs connect timeout and read timeout of every call, {@code >= 1}
   */
  public SchedulerHttp(String address, int timeoutMs) {
    this(checked(address), timeoutMs, "is the scheduler running at " + address + "? check "
        + ADDRESS_KEY + ", or the admin tool's -scheduler / the agent's --scheduler flag",
        HttpAuthenticator.processUser(), Optional.empty());
  }

  private SchedulerHttp(String address, int timeoutMs, String unreachableHint,
      HttpAuthenticator authenticator, Optional<PinnedTls> tls) {
    if (timeoutMs < 1) {
      throw new IllegalArgumentException("timeoutMs must be >= 1, got " + timeoutMs);
    }
    this.address = hostPort(address);
    this.baseUrl = (isHttps(address) ? HTTPS : HTTP) + this.address;
    this.timeoutMs = timeoutMs;
    this.unreachableHint = unreachableHint;
    this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
    this.tls = Objects.requireNonNull(tls, "tls");
  }

  /**
   * This client sending each call through {@code authenticator} (the caller's identity: Hadoop's
   * current user, SPNEGO under Kerberos). Without it a client sends the process's user the way
   * Hadoop's simple authentication does ({@link HttpAuthenticator#processUser()}).
   */
  public SchedulerHttp withAuthenticator(HttpAuthenticator authenticator) {
    return new SchedulerHttp(baseUrl, timeoutMs, unreachableHint, authenticator, tls);
  }

  /** This client trusting only {@code tls} for an {@code https://} address. */
  public SchedulerHttp withTls(PinnedTls tls) {
    return new SchedulerHttp(baseUrl, timeoutMs, unreachableHint, authenticator,
        Optional.of(tls));
  }

  /**
   * This client with the TLS its configuration names ({@link PinnedTls#forScheduler}): the
   * pinned truststore for an {@code https://} address, none for a plain one.
   *
   * @param conf a key lookup, e.g. {@code conf::get} of a Hadoop {@code Configuration}
   * @throws IllegalArgumentException an https address without a truststore, or the reverse,
   *     named with the key, the value and the fix
   */
  public SchedulerHttp withTlsFrom(UnaryOperator<String> conf) {
    Optional<PinnedTls> t = PinnedTls.forScheduler(baseUrl, conf);
    return new SchedulerHttp(baseUrl, timeoutMs, unreachableHint, authenticator, t);
  }

  /** Whether {@code address} names a scheduler served over TLS ({@code https://host:port}). */
  public static boolean isHttps(String address) {
    return address.regionMatches(true, 0, HTTPS, 0, HTTPS.length());
  }

  /** {@code address} without its {@code http://} or {@code https://} prefix. */
  public static String hostPort(String address) {
    if (isHttps(address)) {
      return address.substring(HTTPS.length());
    }
    return address.regionMatches(true, 0, HTTP, 0, HTTP.length())
        ? address.substring(HTTP.length()) : address;
  }

  /**
   * A client of another server in the API's style (the proxy's Blink API, a DataNode's {@code
   * /jmx}): the same bounded calls and error texts, with {@code unreachableHint} (what to check)
   * in the message of a failed call instead of the scheduler's. The caller checks {@code
   * address} first and names its own key in that message.
   */
  public static SchedulerHttp toServer(String address, int timeoutMs, String unreachableHint) {
    try {
      NodeAddress.validate("address", address);
    } catch (InvalidScheduleException e) {
      throw new IllegalArgumentException("address '" + address + "' is not host:port with a port"
          + " in 1..65535", e);
    }
    return new SchedulerHttp(address, timeoutMs, unreachableHint,
        HttpAuthenticator.processUser(), Optional.empty());
  }

  private static String checked(String address) {
    checkAddress("scheduler address", address);
    return address;
  }

  /**
   * Throws an {@link IllegalArgumentException} naming {@code what} (a key or a flag), the value
   * and the fix unless {@code address} is {@code host:port} with a port in 1..65535, optionally
   * after {@code https://} (or {@code http://}).
   */
  public static void checkAddress(String what, String address) {
    try {
      NodeAddress.validate(what, hostPort(address));
    } catch (InvalidScheduleException e) {
      throw new IllegalArgumentException(what + " = '" + address + "' is not host:port with a"
          + " port in 1..65535: give the scheduler's HTTP address (its"
          + " blink.scheduler.http.address), e.g. 10.0.0.5:9877, or https://sched.example.com:9877"
          + " for a scheduler serving TLS", e);
    }
  }

  /** The scheduler's {@code host:port}, without the scheme. */
  public String address() {
    return address;
  }

  /** The absolute URL of {@code path} (which starts with {@code /}). */
  public String url(String path) {
    return baseUrl + path;
  }

  /** {@code GET path} with the given {@code Accept} header. */
  public Response get(String path, String accept) throws IOException {
    return call("GET", path, accept, null, null);
  }

  /** {@code PUT path} with a UTF-8 text body. */
  public Response putText(String path, String text) throws IOException {
    return call("PUT", path, "application/json", "text/plain; charset=utf-8",
        text.getBytes(StandardCharsets.UTF_8));
  }

  /** {@code POST path} with a body of the given content type. */
  public Response post(String path, String contentType, byte[] body) throws IOException {
    return call("POST", path, "application/json", contentType, body);
  }

  /** As {@link #post(String, String, byte[])} with extra request headers (a signature). */
  public Response post(String path, String contentType, byte[] body,
      Map<String, String> headers) throws IOException {
    return call("POST", path, "application/json", contentType, body, headers);
  }

  /**
   * {@code POST /v1/wake}: asks the scheduler to keep {@code node} awake from now for {@code ms}
   * (the write proxy's {@code strong} consistency). One bounded call, never retried here.
   *
   * @param node the DataNode transfer address {@code host:port}, as the schedule lists it
   * @param ms how long, {@code >= 1} and at most the scheduler's {@code
   *     blink.scheduler.wake.max.ms}
   * @param reason who asks and why, one line, e.g. {@code "proxy drain"}
   * @return the scheduler's answer: in force with its epoch (200), held but not yet published
   *     (202, e.g. below the minimum power), or refused by the setting it names (409)
   * @throws IllegalArgumentException for arguments no request may carry (checked before sending)
   * @throws IOException when the scheduler is unreachable or answers anything else (400 for a node
   *     it does not know, with its error text), or the answer is not a wake answer
   */
  public WakeAnswer requestWake(String node, long ms, String reason) throws IOException {
    WakeRequest request = new WakeRequest(node, ms, reason);
    Response r = post(SchedulerApi.WAKE, "application/json; charset=utf-8",
        WakeJson.writeRequest(request).getBytes(StandardCharsets.UTF_8));
    if (r.status() != 200 && r.status() != 202 && r.status() != 409) {
      throw new IOException(r.method() + " " + r.url() + " returned " + r.status() + ": "
          + r.errorMessage());
    }
    try {
      return WakeJson.readAnswer(r.text());
    } catch (IllegalArgumentException e) {
      throw new IOException(r.method() + " " + r.url() + " returned " + r.status()
          + " with a body that is not a wake answer (" + e.getMessage() + "): is "
          + address + " a BlinkHDFS scheduler of this version?", e);
    }
  }

  /**
   * {@code PUT /v1/popularity}: each ring node's read load for load-proportional blinking (the
   * NameNode's {@code blink.popularity.nodes.publish}). The scheduler's next plan uses it.
   *
   * @param weights ring node transfer address to a relative load, finite and {@code >= 0}
   * @throws IOException when the scheduler is unreachable or refuses (400 names the node it does
   *     not know or the bad weight)
   */
  public void setPopularity(Map<String, Double> weights) throws IOException {
    call("PUT", SchedulerApi.POPULARITY, "application/json", "application/json; charset=utf-8",
        PopularityJson.write(weights).getBytes(StandardCharsets.UTF_8)).requireSuccess();
  }

  /**
   * {@code PUT /v1/held}: a read relay's held reads over its last report period, which the
   * {@code auto} policy takes as demand it cannot measure on the ACTIVE nodes.
   *
   * @throws IOException when the scheduler is unreachable or refuses (401/403: the proxy's user
   *     is not in {@code blink.scheduler.admin.acl}; 400 names the bad field)
   */
  public void reportHeldReads(HeldReadsReport report) throws IOException {
    call("PUT", SchedulerApi.HELD, "application/json", "application/json; charset=utf-8",
        HeldReadsJson.write(report).getBytes(StandardCharsets.UTF_8)).requireSuccess();
  }

  private Response call(String method, String path, String accept, String contentType,
      byte[] body) throws IOException {
    return call(method, path, accept, contentType, body, Map.of());
  }

  private Response call(String method, String path, String accept, String contentType,
      byte[] body, Map<String, String> headers) throws IOException {
    String url = url(path);
    HttpAuthenticator.ConnectionSetup setup = HttpAuthenticator.ConnectionSetup.NONE;
    if (baseUrl.startsWith(HTTPS)) {
      if (tls.isEmpty()) {
        throw new IOException(method + " " + url + " refused: the address is https but this"
            + " client has no pinned certificate; set " + PinnedTls.TRUSTSTORE.name()
            + " to a truststore holding the scheduler's certificate");
      }
      setup = tls.get()::apply;
    }
    HttpURLConnection c;
    try {
      c = authenticator.open(new URL(url), timeoutMs, setup);
    } catch (IOException e) {
      throw new IOException(method + " " + url + " failed to authenticate: " + e.getMessage()
          + " (" + tlsHint(e).orElse("with Kerberos: is the caller logged in, kinit or its"
          + " keytab, and is the scheduler's blink.scheduler.http.kerberos.principal right?")
          + ")", e);
    }
    try {
      c.setConnectTimeout(timeoutMs);
      c.setReadTimeout(timeoutMs);
      c.setUseCaches(false);
      c.setInstanceFollowRedirects(false);
      c.setRequestMethod(method);
      c.setRequestProperty("Accept", accept);
      c.setRequestProperty(CSRF_HEADER, "blink");
      headers.forEach(c::setRequestProperty);
      if (body != null) {
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", contentType);
        // streaming: the JDK never resends the body (no silent retry of a POST)
        c.setFixedLengthStreamingMode(body.length);
        try (OutputStream out = c.getOutputStream()) {
          out.write(body);
        }
      }
      int status = c.getResponseCode();
      InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
      byte[] bytes = in != null ? readBounded(in, method + " " + url)
          : status == HttpURLConnection.HTTP_UNAUTHORIZED ? UNAUTHORIZED_HINT.clone()
          : new byte[0];
      return new Response(method, url, status, Optional.ofNullable(c.getContentType()).orElse(""),
          bytes);
    } catch (IOException e) {
      c.disconnect();
      throw new IOException(method + " " + url + " failed: " + e.getMessage() + " ("
          + tlsHint(e).orElse(unreachableHint) + ")", e);
    }
  }

  /** What to check when {@code e} is a failed TLS handshake with an https scheduler. */
  private Optional<String> tlsHint(IOException e) {
    for (Throwable t = e; t != null && tls.isPresent(); t = t.getCause()) {
      if (t instanceof SSLException) {
        return Optional.of("TLS: " + tls.get().hint());
      }
    }
    return Optional.empty();
  }

  private static byte[] readBounded(InputStream in, String what) throws IOException {
    try (in) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buf = new byte[16 << 10];
      int n;
      while ((n = in.read(buf)) > 0) {
        if (out.size() + n > MAX_BODY_BYTES) {
          throw new IOException(what + ": response larger than " + MAX_BODY_BYTES + " bytes");
        }
        out.write(buf, 0, n);
      }
      return out.toByteArray();
    }
  }

  /** One answer: the request, the status, the content type and the body. */
  public record Response(String method, String url, int status, String contentType, byte[] body) {
    public Response {
      Objects.requireNonNull(body, "body");
    }

    public boolean isSuccess() {
      return status >= 200 && status < 300;
    }

    public String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    /** This response if 2xx; else an {@link IOException} naming the URL, status and error. */
    public Response requireSuccess() throws IOException {
      if (!isSuccess()) {
        throw new IOException(method + " " + url + " returned " + status + ": " + errorMessage());
      }
      return this;
    }

    /** The body parsed as JSON; an {@link IOException} naming the URL if it is not JSON. */
    public JsonNode json() throws IOException {
      try {
        return MAPPER.readTree(body);
      } catch (IOException e) {
        throw new IOException(method + " " + url + " returned " + status
            + " with a body that is not JSON: " + abbreviate(text()), e);
      }
    }

    /** The scheduler's {@code {"error": ...}} text, or the raw body when it is not that. */
    public String errorMessage() {
      try {
        JsonNode n = MAPPER.readTree(body);
        if (n != null && n.hasNonNull("error")) {
          return n.get("error").asText();
        }
      } catch (IOException e) {
        // not JSON: fall back to the text below
      }
      String t = text().strip();
      return t.isEmpty() ? "(empty body)" : abbreviate(t);
    }

    private static String abbreviate(String s) {
      return s.length() <= 300 ? s : s.substring(0, 300) + "...";
    }
  }
}
