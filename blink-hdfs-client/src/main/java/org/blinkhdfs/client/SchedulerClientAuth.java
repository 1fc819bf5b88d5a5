package org.blinkhdfs.client;

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
 * The identity a NameNode (or a proxy's runtime) sends when it polls the scheduler
 * (docs/security.md): the current Hadoop user's short name in {@code user.name} under simple
 * authentication; under Kerberos SPNEGO in which the scheduler must prove to be {@code
 * HTTP/<its host>} ({@link MutualSpnego}), run as that user after renewing a keytab login's
 * ticket, as WebHDFS's {@code URLConnectionFactory} does, so a NameNode logged in as {@code
 * nn/host@REALM} needs nothing more. The poller's thread is outside any {@code doAs}: without
 * one SPNEGO would look for a ticket cache instead of the keytab login.
 *
 * <p>Why not {@code URLConnectionFactory}: its {@code KerberosUgiAuthenticator} falls back to
 * simple authentication when a server does not ask for SPNEGO, so a plain HTTP server at the
 * scheduler's address would be believed and could put every node to sleep. The same logic lives
 * in blink-daemon-kit's {@code HadoopHttpAuthenticator} for the daemons; this module does not
 * depend on that one (the NameNode's classpath stays blink-hdfs-client, -common, -model,
 * -layout).
 */
public final class SchedulerClientAuth {
  private SchedulerClientAuth() {}

  /** The authenticator of the NameNode's scheduler calls. */
  public static HttpAuthenticator of(Configuration conf, int timeoutMs) {
    return new HttpAuthenticator() {
      @Override
      public HttpURLConnection open(URL url, int t) throws IOException {
        return open(url, t, ConnectionSetup.NONE);
      }

      @Override
      public HttpURLConnection open(URL url, int t, ConnectionSetup setup) throws IOException {
        UserGroupInformation user = UserGroupInformation.getCurrentUser();
        if (!UserGroupInformation.isSecurityEnabled()) {
          return HttpAuthenticator.pseudo(user.getShortUserName()).open(url, t, setup);
        }
        user.checkTGTAndReloginFromKeytab();
        String principal = KerberosUtil.getServicePrincipal("HTTP", url.getHost());
        try {
          return user.doAs((PrivilegedExceptionAction<HttpURLConnection>) () ->
              MutualSpnego.open(url, t, setup, principal));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted authenticating to " + url);
        }
      }
    };
  }

  /**
   * The NameNode's client of the scheduler at {@code address}: its identity ({@link #of}) and,
   * for an {@code https://} address, the certificate pinned in {@code
   * blink.scheduler.tls.truststore}.
   *
   * @throws IllegalArgumentException the TLS keys do not fit the address (named with the fix)
   */
  public static SchedulerHttp client(Configuration conf, String address, int timeoutMs) {
    return new SchedulerHttp(address, timeoutMs).withAuthenticator(of(conf, timeoutMs))
        .withTlsFrom(conf::get);
  }
}
