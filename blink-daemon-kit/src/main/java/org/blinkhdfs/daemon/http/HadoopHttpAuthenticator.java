package org.blinkhdfs.daemon.http;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.HttpURLConnection;
import java.net.URL;
import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.util.KerberosUtil;
import org.blinkhdfs.model.wire.HttpAuthenticator;
import org.blinkhdfs.model.wire.MutualSpnego;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * The scheduler clients' identity from Hadoop ({@code docs/security.md}): the current {@link
 * UserGroupInformation}'s short name in {@code user.name} with simple authentication (what
 * Hadoop's {@code PseudoAuthenticator} sends), and SPNEGO with mutual authentication ({@link
 * MutualSpnego}) as that user when {@code hadoop.security.authentication=kerberos} (a {@code
 * kinit} ticket for the admin tool, a keytab login for a daemon: {@link KeytabLogin}; that
 * login's ticket is renewed from the keytab before each call).
 *
 * <p>Why mutual: the schedule decides which nodes sleep, so under Kerberos a server that cannot
 * prove to be {@code HTTP/<scheduler host>} is refused; Hadoop's {@code KerberosAuthenticator}
 * would fall back to simple authentication and believe it.
 *
 * <p>Why a fresh token per call: the server's {@code hadoop.auth} cookie expires and a stale one
 * would turn into a 401 this client does not retry; one SPNEGO round trip (an {@code OPTIONS}
 * request with a service ticket the JVM caches) per call is cheap at heartbeat rates.
 *
 * <p>The user is the one current when the call is made, so a caller inside {@code
 * UserGroupInformation.doAs} authenticates as that user.
 */
public final class HadoopHttpAuthenticator implements HttpAuthenticator {
  /** The one instance: it keeps no state. */
  public static final HadoopHttpAuthenticator INSTANCE = new HadoopHttpAuthenticator();

  private HadoopHttpAuthenticator() {}

  /**
   * A daemon's client of the scheduler at {@code address}: this identity and, for an {@code
   * https://} address, the certificate pinned in {@code blink.scheduler.tls.truststore}.
   *
   * @throws IllegalArgumentException the TLS keys do not fit the address (named with the fix)
   */
  public static SchedulerHttp schedulerClient(Configuration conf, String address,
      int timeoutMs) {
    return new SchedulerHttp(address, timeoutMs).withAuthenticator(INSTANCE)
        .withTlsFrom(conf::get);
  }

  @Override
  public HttpURLConnection open(URL url, int timeoutMs) throws IOException {
    return open(url, timeoutMs, ConnectionSetup.NONE);
  }

  @Override
  public HttpURLConnection open(URL url, int timeoutMs, ConnectionSetup setup)
      throws IOException {
    UserGroupInformation ugi = UserGroupInformation.getCurrentUser();
    if (!UserGroupInformation.isSecurityEnabled()) {
      return HttpAuthenticator.pseudo(ugi.getShortUserName()).open(url, timeoutMs, setup);
    }
    return spnego(ugi, url, timeoutMs, setup);
  }

  /**
   * {@link MutualSpnego} as {@code ugi} to {@code HTTP/<url host>}, after renewing a keytab
   * login's ticket as Hadoop's {@code URLConnectionFactory} does (a no-op for a ticket cache).
   * blink-hdfs-client's {@code SchedulerClientAuth} does the same for the NameNode, whose
   * classpath does not hold this module.
   */
  private static HttpURLConnection spnego(UserGroupInformation ugi, URL url, int timeoutMs,
      ConnectionSetup setup) throws IOException {
    ugi.checkTGTAndReloginFromKeytab();
    String principal = KerberosUtil.getServicePrincipal("HTTP", url.getHost());
    try {
      return ugi.doAs((PrivilegedExceptionAction<HttpURLConnection>) () ->
          MutualSpnego.open(url, timeoutMs, setup, principal));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while authenticating to " + url);
    }
  }
}
