package org.blinkhdfs.daemon.http;

import java.io.IOException;
import java.lang.reflect.UndeclaredThrowableException;
import java.net.HttpURLConnection;
import java.net.URL;
import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.client.AuthenticatedURL;
import org.apache.hadoop.security.authentication.client.AuthenticationException;
import org.apache.hadoop.security.authentication.client.KerberosAuthenticator;
import org.blinkhdfs.model.wire.HttpAuthenticator;

/**
 * The scheduler clients' identity from Hadoop ({@code docs/security.md}): the current {@link
 * UserGroupInformation}'s short name in {@code user.name} with simple authentication (what
 * Hadoop's {@code PseudoAuthenticator} sends), and SPNEGO through {@link AuthenticatedURL} with
 * {@link KerberosAuthenticator} as that user when {@code hadoop.security.authentication=kerberos}
 * (a {@code kinit} ticket for the admin tool, a keytab login for a daemon: {@link
 * KeytabLogin}; that login's ticket is renewed from the keytab before each call).
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

  @Override
  public HttpURLConnection open(URL url, int timeoutMs) throws IOException {
    UserGroupInformation ugi = UserGroupInformation.getCurrentUser();
    if (!UserGroupInformation.isSecurityEnabled()) {
      return HttpAuthenticator.pseudo(ugi.getShortUserName()).open(url, timeoutMs);
    }
    // a keytab login renews its ticket here, as Hadoop's URLConnectionFactory does; a no-op
    // for a ticket-cache login (KeytabLogin)
    ugi.checkTGTAndReloginFromKeytab();
    try {
      return ugi.doAs((PrivilegedExceptionAction<HttpURLConnection>) () ->
          new AuthenticatedURL(new KerberosAuthenticator(), c -> {
            c.setConnectTimeout(timeoutMs);
            c.setReadTimeout(timeoutMs);
            return c;
          }).openConnection(url, new AuthenticatedURL.Token()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while authenticating to " + url, e);
    } catch (UndeclaredThrowableException e) {
      // UserGroupInformation.doAs wraps the checked AuthenticationException this way
      Throwable cause = e.getCause();
      if (cause instanceof AuthenticationException) {
        throw new IOException("SPNEGO as " + ugi.getUserName() + " failed: "
            + cause.getMessage(), cause);
      }
      throw e;
    }
  }
}
