package org.blinkhdfs.proxy.api;

import java.io.IOException;
import java.net.URI;
import java.security.PrivilegedExceptionAction;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.servlet.http.HttpServletResponse;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authorize.AuthorizationException;
import org.blinkhdfs.daemon.http.JsonServlet.BadRequest;

/**
 * The NameNode as the API's caller sees it: each path lookup of {@code /v1/file} and {@code
 * /v1/blocks} runs as the caller, impersonated by the proxy's login user ({@code
 * UserGroupInformation.createProxyUser(caller, login).doAs}), the way HttpFS and WebHDFS serve
 * their users.
 *
 * <p>Why: the proxy's own client is an HDFS superuser (it moves replicas like the Mover), so
 * answering a path with it told anyone a file's owner, size and replicas whatever its
 * permissions. As the caller, the NameNode applies its own rules: a user learns nothing over the
 * API that {@code hdfs dfs -ls} and {@code -cat} would not show him, and a missing path is "not
 * found" only where he could have seen that it is missing.
 *
 * <p>Each lookup opens its own {@link DFSClient} in the caller's {@code doAs} and closes it
 * (no FileSystem cache to leak into). The caller's {@link UserGroupInformation} is kept (at most
 * {@link #MAX_USERS}) so that Hadoop's RPC client, which keys connections by UGI, reuses one
 * NameNode connection per user instead of opening one per request. A caller with the login
 * user's own short name runs as the login user, so a proxy without impersonation rights still
 * answers its own user.
 *
 * <p>Thread-safe.
 */
final class CallerNameNode {
  /** Most callers whose UGI is kept; beyond it the memory starts over (a bound, not a limit). */
  static final int MAX_USERS = 1024;

  /** One lookup against the NameNode with the caller's client. */
  @FunctionalInterface
  interface Lookup<T> {
    T run(DFSClient client) throws IOException;
  }

  private final URI nameNode;
  private final Configuration conf;
  private final UserGroupInformation login;
  private final Map<String, UserGroupInformation> callers = new ConcurrentHashMap<>();

  /**
   * @param nameNode the file system URI of the proxy's NameNode client ({@code fs.defaultFS})
   * @param login the proxy's login user, who impersonates the callers
   */
  CallerNameNode(URI nameNode, Configuration conf, UserGroupInformation login) {
    this.nameNode = nameNode;
    this.conf = conf;
    this.login = login;
  }

  /**
   * Runs {@code lookup} as {@code caller}.
   *
   * @throws BadRequest 403 when the NameNode refuses the caller the path or refuses the proxy
   *     to impersonate him (the message names {@code hadoop.proxyuser.<login>.*})
   * @throws IOException any other NameNode failure, {@link java.io.FileNotFoundException}
   *     included
   */
  <T> T as(String caller, String what, Lookup<T> lookup) throws IOException {
    UserGroupInformation ugi = ugi(caller);
    try {
      return ugi.doAs((PrivilegedExceptionAction<T>) () -> {
        try (DFSClient client = new DFSClient(nameNode, conf)) {
          return lookup.run(client);
        }
      });
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while asking the NameNode for " + what, e);
    } catch (RemoteException e) {
      if (e.getClassName().equals(AuthorizationException.class.getName())) {
        throw impersonationRefused(caller, e.getMessage());
      }
      if (e.getClassName().equals(AccessControlException.class.getName())) {
        throw denied(caller, what, e.getMessage());
      }
      throw e;
    } catch (AuthorizationException e) {
      throw impersonationRefused(caller, e.getMessage());
    } catch (AccessControlException e) {
      throw denied(caller, what, e.getMessage());
    }
  }

  private UserGroupInformation ugi(String caller) {
    if (caller.equals(login.getShortUserName())) {
      return login;
    }
    UserGroupInformation known = callers.get(caller);
    if (known != null) {
      return known;
    }
    if (callers.size() >= MAX_USERS) {
      callers.clear();
    }
    return callers.computeIfAbsent(caller, u -> UserGroupInformation.createProxyUser(u, login));
  }

  private BadRequest impersonationRefused(String caller, String message) {
    String key = "hadoop.proxyuser." + login.getShortUserName();
    return new BadRequest(HttpServletResponse.SC_FORBIDDEN, "the NameNode does not let the"
        + " proxy's user " + login.getShortUserName() + " act for user " + caller + " ("
        + message + "): the proxy asks the NameNode as its caller, so allow it in the"
        + " NameNode's core-site.xml with " + key + ".hosts (the proxy's host) and " + key
        + ".groups (the callers' groups, or * for all), then run hdfs dfsadmin"
        + " -refreshSuperUserGroupsConfiguration");
  }

  private static BadRequest denied(String caller, String what, String message) {
    return new BadRequest(HttpServletResponse.SC_FORBIDDEN, "user " + caller + " may not see "
        + what + ": the NameNode says " + message + " (the Blink API shows only what HDFS lets"
        + " the caller read; ask the path's owner for access)");
  }
}
