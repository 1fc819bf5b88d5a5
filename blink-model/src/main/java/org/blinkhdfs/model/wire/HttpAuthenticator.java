package org.blinkhdfs.model.wire;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Opens the connection of one {@link SchedulerHttp} call with the caller's identity, so the
 * scheduler can tell who asks (docs/security.md).
 *
 * <p>Why a seam: blink-model carries no Hadoop, but the identity is Hadoop's ({@code
 * UserGroupInformation}, SPNEGO through {@code AuthenticatedURL}). The Hadoop-side callers (agent,
 * admin tool, proxy) pass their implementation; blink-model's default, {@link #pseudo}, is what
 * Hadoop's {@code PseudoAuthenticator} does for simple authentication: the user name in the
 * {@code user.name} query parameter.
 *
 * <p>Worked example: {@code pseudo("hdfs")} opens {@code http://s:9877/v1/active} as {@code
 * http://s:9877/v1/active?user.name=hdfs}, and a URL that already has a query gets {@code
 * &user.name=hdfs}.
 */
@FunctionalInterface
public interface HttpAuthenticator {
  /** The query parameter of Hadoop's simple authentication ({@code PseudoAuthenticator}). */
  String USER_NAME_PARAM = "user.name";

  /**
   * The connection for {@code url}, not yet connected; any handshake it needs first (SPNEGO) is
   * bounded by {@code timeoutMs}.
   */
  HttpURLConnection open(URL url, int timeoutMs) throws IOException;

  /**
   * As {@link #open(URL, int)}, with {@code setup} applied to every connection this call opens
   * before it connects: the pinned TLS of an {@code https} scheduler ({@link PinnedTls}). The
   * default opens one connection and applies {@code setup} to it; an authenticator that
   * exchanges requests first (SPNEGO) overrides this so its handshake runs over the same TLS.
   */
  default HttpURLConnection open(URL url, int timeoutMs, ConnectionSetup setup)
      throws IOException {
    HttpURLConnection c = open(url, timeoutMs);
    setup.apply(c);
    return c;
  }

  /** What a client does to each connection before it connects (TLS settings). */
  @FunctionalInterface
  interface ConnectionSetup {
    /** Leaves the connection as the JDK made it. */
    ConnectionSetup NONE = c -> { };

    void apply(HttpURLConnection c) throws IOException;
  }

  /** Simple authentication as {@code user}: {@code user.name=user} on every request. */
  static HttpAuthenticator pseudo(String user) {
    Objects.requireNonNull(user, "user");
    return (url, timeoutMs) -> (HttpURLConnection) withUserName(url, user).openConnection();
  }

  /**
   * Simple authentication as the process's user the way Hadoop's simple login picks it: the
   * {@code HADOOP_USER_NAME} environment variable if set, else the JVM's {@code user.name}.
   */
  static HttpAuthenticator processUser() {
    String env = System.getenv("HADOOP_USER_NAME");
    return pseudo(env != null && !env.isBlank() ? env.trim() : System.getProperty("user.name"));
  }

  /** {@code url} with {@code user.name=user} appended to its query. */
  static URL withUserName(URL url, String user) throws IOException {
    String s = url.toString();
    int hash = s.indexOf('#');
    String fragment = hash < 0 ? "" : s.substring(hash);
    String base = hash < 0 ? s : s.substring(0, hash);
    String sep = url.getQuery() == null ? "?" : "&";
    return new URL(base + sep + USER_NAME_PARAM + "="
        + URLEncoder.encode(user, StandardCharsets.UTF_8) + fragment);
  }
}
