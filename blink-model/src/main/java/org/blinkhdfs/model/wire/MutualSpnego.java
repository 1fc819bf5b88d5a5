package org.blinkhdfs.model.wire;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpCookie;
import java.net.HttpURLConnection;
import java.net.URL;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.blinkhdfs.model.wire.HttpAuthenticator.ConnectionSetup;
import org.ietf.jgss.GSSContext;
import org.ietf.jgss.GSSException;
import org.ietf.jgss.GSSManager;
import org.ietf.jgss.Oid;

/**
 * SPNEGO (Kerberos over HTTP) in which the server must prove its identity too, for the clients
 * of the scheduler under Kerberos (docs/security.md "The schedule feed").
 *
 * <p>Why not Hadoop's {@code KerberosAuthenticator}: it asks for mutual authentication, but it
 * takes a first answer of 200 with a {@code hadoop.auth} cookie of type {@code kerberos} as
 * "the JDK authenticated for us" without checking anything, and it falls back to {@code
 * PseudoAuthenticator} when the first answer has no {@code WWW-Authenticate: Negotiate}. Either
 * way a plain HTTP server at the scheduler's address is believed, and it can put every node to
 * sleep. Here nothing is believed until the server's Kerberos reply (AP-REP) proves it holds the
 * key of the service principal: the first request already carries the client's token, a reply
 * without a token of the server's is refused, and the context must end established with
 * mutual authentication. No credentials are delegated to the server.
 *
 * <p>The exchange: {@code OPTIONS url} with {@code Authorization: Negotiate <client token>};
 * the server answers with {@code WWW-Authenticate: Negotiate <server token>} and its signed
 * {@code hadoop.auth} cookie (Hadoop's {@code AuthenticationFilter}); the returned connection
 * carries that cookie, as Hadoop's {@code AuthenticatedURL} sends it.
 *
 * <p>What it does not give: SPNEGO authenticates the exchange, not the bytes of later answers.
 * Someone who can rewrite traffic on the path (not merely answer at the address) can let the
 * handshake through and change the schedule; TLS with a pinned certificate ({@link PinnedTls})
 * covers that, and both can be used together.
 *
 * <p>Runs as the caller's Kerberos login: call it inside {@code Subject.doAs} (Hadoop's {@code
 * UserGroupInformation.doAs}). JDK classes only, so it sits beside {@link SchedulerHttp}.
 */
public final class MutualSpnego {
  /** The cookie Hadoop's {@code AuthenticationFilter} signs after a successful SPNEGO. */
  public static final String AUTH_COOKIE = "hadoop.auth";
  private static final String NEGOTIATE = "Negotiate";
  /** Kerberos needs one round; SPNEGO sub-mechanisms at most a few. */
  private static final int MAX_ROUNDS = 4;
  private static final Oid KRB5_MECH = oid("1.2.840.113554.1.2.2");
  private static final Oid KRB5_PRINCIPAL_NAME = oid("1.2.840.113554.1.2.2.1");

  private MutualSpnego() {}

  /**
   * The connection for {@code url}, not yet connected, carrying the server's {@code hadoop.auth}
   * cookie once the server proved to be {@code servicePrincipal}.
   *
   * @param servicePrincipal the server's principal, e.g. {@code HTTP/sched.example.com} (with or
   *     without {@code @REALM}), as Hadoop's {@code KerberosUtil.getServicePrincipal} names it
   * @param setup applied to every connection, the handshake's too (TLS)
   * @throws IOException the server did not complete mutual authentication (named with the URL,
   *     the principal and the fix), Kerberos failed, or the server is unreachable
   */
  public static HttpURLConnection open(URL url, int timeoutMs, ConnectionSetup setup,
      String servicePrincipal) throws IOException {
    GSSContext context = null;
    try {
      GSSManager manager = GSSManager.getInstance();
      context = manager.createContext(manager.createName(servicePrincipal, KRB5_PRINCIPAL_NAME),
          KRB5_MECH, null, GSSContext.DEFAULT_LIFETIME);
      context.requestMutualAuth(true);
      context.requestCredDeleg(false);
      byte[] in = new byte[0];
      Optional<String> cookie = Optional.empty();
      for (int round = 0; ; round++) {
        byte[] out = context.initSecContext(in, 0, in.length);
        if (context.isEstablished() && (out == null || out.length == 0)) {
          break;
        }
        if (round == MAX_ROUNDS || out == null) {
          throw refused(url, servicePrincipal, "the SPNEGO exchange did not end after "
              + round + " rounds");
        }
        Answer answer = exchange(url, timeoutMs, setup, out);
        if (answer.token().isEmpty()) {
          throw refused(url, servicePrincipal, "it answered " + answer.status()
              + " without a Negotiate token of its own, so it did not prove to be "
              + servicePrincipal);
        }
        in = answer.token().get();
        Optional<String> earlier = cookie;
        cookie = answer.cookie().or(() -> earlier);
      }
      if (!context.getMutualAuthState()) {
        throw refused(url, servicePrincipal, "Kerberos established the context without"
            + " authenticating the server");
      }
      if (cookie.isEmpty()) {
        throw refused(url, servicePrincipal, "it completed SPNEGO but set no " + AUTH_COOKIE
            + " cookie, which Hadoop's AuthenticationFilter always sets");
      }
      HttpURLConnection c = (HttpURLConnection) url.openConnection();
      setup.apply(c);
      c.setRequestProperty("Cookie", AUTH_COOKIE + "=\"" + cookie.get() + "\"");
      return c;
    } catch (GSSException e) {
      throw new IOException("SPNEGO with " + url + " as service " + servicePrincipal
          + " failed: " + e.getMessage() + " (is the caller logged in, kinit or its keytab, and"
          + " is that the scheduler's blink.scheduler.http.kerberos.principal? The host in"
          + " blink.scheduler.address must be the one in that principal)", e);
    } finally {
      if (context != null) {
        try {
          context.dispose();
        } catch (GSSException e) {
          // nothing is left to release that the JVM would not drop anyway
        }
      }
    }
  }

  private static Answer exchange(URL url, int timeoutMs, ConnectionSetup setup, byte[] token)
      throws IOException {
    HttpURLConnection c = (HttpURLConnection) url.openConnection();
    setup.apply(c);
    c.setConnectTimeout(timeoutMs);
    c.setReadTimeout(timeoutMs);
    c.setUseCaches(false);
    c.setInstanceFollowRedirects(false);
    c.setRequestMethod("OPTIONS");
    c.setRequestProperty("Authorization",
        NEGOTIATE + " " + Base64.getEncoder().encodeToString(token));
    c.setRequestProperty(SchedulerHttp.CSRF_HEADER, "blink");
    int status = c.getResponseCode();
    Optional<byte[]> serverToken = negotiateToken(c.getHeaderField("WWW-Authenticate"));
    Optional<String> cookie = authCookie(c.getHeaderFields().get("Set-Cookie"));
    drain(status >= 400 ? c.getErrorStream() : c.getInputStream());
    return new Answer(status, serverToken, cookie);
  }

  /** The server's token of {@code WWW-Authenticate: Negotiate <base64>}, if it sent one. */
  static Optional<byte[]> negotiateToken(String header) {
    if (header == null) {
      return Optional.empty();
    }
    String h = header.trim();
    if (!h.toLowerCase(Locale.ROOT).startsWith(NEGOTIATE.toLowerCase(Locale.ROOT) + " ")) {
      return Optional.empty();
    }
    String b64 = h.substring(NEGOTIATE.length()).trim();
    try {
      byte[] t = Base64.getDecoder().decode(b64);
      return t.length == 0 ? Optional.empty() : Optional.of(t);
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static Optional<String> authCookie(List<String> setCookies) {
    if (setCookies == null) {
      return Optional.empty();
    }
    for (String header : setCookies) {
      try {
        for (HttpCookie cookie : HttpCookie.parse(header)) {
          String v = cookie.getValue();
          if (AUTH_COOKIE.equals(cookie.getName()) && v != null && !v.isEmpty()) {
            return Optional.of(v.startsWith("\"") && v.endsWith("\"") && v.length() >= 2
                ? v.substring(1, v.length() - 1) : v);
          }
        }
      } catch (IllegalArgumentException e) {
        // another cookie this client does not need
      }
    }
    return Optional.empty();
  }

  private static void drain(InputStream in) throws IOException {
    if (in != null) {
      try (in) {
        in.transferTo(OutputStream.nullOutputStream());
      }
    }
  }

  private static IOException refused(URL url, String principal, String why) {
    return new IOException("refusing " + url + ": " + why + ". Under Kerberos the scheduler must"
        + " answer SPNEGO as " + principal + " (its blink.scheduler.http.kerberos.principal and"
        + " .keytab); anything else at blink.scheduler.address is not trusted with the"
        + " schedule (docs/security.md \"The schedule feed\")");
  }

  private static Oid oid(String dotted) {
    try {
      return new Oid(dotted);
    } catch (GSSException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private record Answer(int status, Optional<byte[]> token, Optional<String> cookie) {}
}
