package org.blinkhdfs.client;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.HttpURLConnection;
import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.web.URLConnectionFactory;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.client.AuthenticationException;
import org.blinkhdfs.model.wire.HttpAuthenticator;

/**
 * The identity a NameNode (or a proxy's runtime) sends when it polls the scheduler
 * (docs/security.md): the current Hadoop user's short name in {@code user.name} under simple
 * authentication; under Kerberos SPNEGO through HDFS's own {@link URLConnectionFactory} (the
 * client WebHDFS uses: {@code AuthenticatedURL}, relogging from the keytab when the ticket is
 * old), run as that user as WebHDFS does, so a NameNode logged in as {@code nn/host@REALM} needs
 * nothing more. The poller's thread is outside any {@code doAs}: without one SPNEGO would look
 * for a ticket cache instead of the keytab login.
 */
public final class SchedulerClientAuth {
  private SchedulerClientAuth() {}

  public static HttpAuthenticator of(Configuration conf, int timeoutMs) {
    if (!UserGroupInformation.isSecurityEnabled()) {
      return (url, t) -> HttpAuthenticator.pseudo(
          UserGroupInformation.getCurrentUser().getShortUserName()).open(url, t);
    }
    URLConnectionFactory factory =
        URLConnectionFactory.newDefaultURLConnectionFactory(timeoutMs, timeoutMs, conf);
    return (url, t) -> {
      UserGroupInformation user = UserGroupInformation.getCurrentUser();
      PrivilegedExceptionAction<HttpURLConnection> spnego = () -> {
        try {
          return (HttpURLConnection) factory.openConnection(url, true);
        } catch (AuthenticationException e) {
          throw new IOException("SPNEGO as " + user.getUserName() + " to " + url + " failed: "
              + e.getMessage(), e);
        }
      };
      try {
        return user.doAs(spnego);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted authenticating to " + url);
      }
    };
  }
}
