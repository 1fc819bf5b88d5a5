package org.blinkhdfs.scheduler;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.Principal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.http.HttpServer2;
import org.apache.hadoop.security.AuthenticationFilterInitializer;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authorize.AccessControlList;
import org.apache.hadoop.security.http.RestCsrfPreventionFilter;
import org.blinkhdfs.core.config.ConfigKey;
import org.blinkhdfs.core.wire.SchedulerHttp;
import org.blinkhdfs.http.JsonServlet.BadRequest;

/**
 * Who may change the scheduler (docs/security.md): authentication is Hadoop's, authorization is
 * two {@link AccessControlList}s.
 *
 * <p>Authentication: the daemon's {@link HttpServer2} gets Hadoop's {@code AuthenticationFilter}
 * through {@link AuthenticationFilterInitializer} on every path. With {@code
 * hadoop.security.authentication=simple} it is the {@code simple} handler with anonymous requests
 * allowed (Hadoop's default), so reads stay open and a caller names itself with {@code
 * user.name}; with {@code kerberos} it is SPNEGO with {@link #PRINCIPAL} and {@link #KEYTAB}, on
 * every path, like Hadoop's secure web UIs. An operator who configured the filter himself
 * ({@code hadoop.http.filter.initializers}, {@code hadoop.http.authentication.*}) keeps his.
 *
 * <p>Authorization: a mutation ({@code PUT /v1/power|policy|active}, {@code POST /v1/wake})
 * without an identity is 401, from a user outside {@link #ADMIN_ACL} 403. A status post needs a
 * user in {@link #AGENT_ACL}; under Kerberos a host-based principal ({@code blink/dn1@REALM})
 * may post only its own host's status. Unset ACLs mean the user running the scheduler, as the
 * HDFS superuser is the user running the NameNode: a cluster run by one user (the local cluster,
 * tests) works unchanged, and nobody else can turn nodes off until the operator lists them.
 *
 * <p>HttpServer2's own admin rules apply with {@link #ADMIN_ACL} as its admin ACL: the daemon
 * turns {@code hadoop.security.authorization} on for its HTTP server, so {@code /logLevel} and
 * {@code /logs} need an admin, and {@code /jmx}, {@code /conf}, {@code /stacks} too when {@code
 * hadoop.security.instrumentation.requires.admin} is true (Hadoop's switch, default false).
 *
 * <p>CSRF: with {@link #CSRF_ENABLED} Hadoop's {@link RestCsrfPreventionFilter} rejects (400) a
 * browser's non-GET request without the {@value SchedulerHttp#CSRF_HEADER} header, which a
 * cross-site form or {@code text/plain} fetch cannot set; every BlinkHDFS client sends it.
 */
final class SchedulerSecurity {
  static final ConfigKey ADMIN_ACL =
      new ConfigKey("blink.scheduler.admin.acl", "", "Hadoop ACL: users groups");
  static final ConfigKey AGENT_ACL =
      new ConfigKey("blink.scheduler.agent.acl", "", "Hadoop ACL: users groups");
  static final ConfigKey PRINCIPAL =
      new ConfigKey("blink.scheduler.http.kerberos.principal", "", "Kerberos principal");
  static final ConfigKey KEYTAB =
      new ConfigKey("blink.scheduler.http.kerberos.keytab", "", "path");
  static final ConfigKey CSRF_ENABLED =
      new ConfigKey("blink.scheduler.http.rest-csrf.enabled", "true", "boolean");
  static final List<ConfigKey> KEYS = List.of(ADMIN_ACL, AGENT_ACL, PRINCIPAL, KEYTAB,
      CSRF_ENABLED);

  private static final String AUTH_PREFIX = "hadoop.http.authentication.";

  final AccessControlList admins;
  final AccessControlList agents;
  final boolean kerberos;
  final boolean csrf;

  SchedulerSecurity(Configuration conf) throws IOException {
    String self = UserGroupInformation.getCurrentUser().getShortUserName();
    String admin = conf.getTrimmed(ADMIN_ACL.name(), "");
    this.admins = new AccessControlList(admin.isEmpty() ? self : admin);
    String agent = conf.getTrimmed(AGENT_ACL.name(), "");
    this.agents = agent.isEmpty() ? admins : new AccessControlList(agent);
    this.kerberos = "kerberos".equalsIgnoreCase(conf.getTrimmed(
        CommonConfigurationKeys.HADOOP_SECURITY_AUTHENTICATION, "simple"));
    this.csrf = bool(conf, CSRF_ENABLED);
    if (kerberos) {
      require(conf, PRINCIPAL, "the scheduler's SPNEGO principal, e.g. HTTP/_HOST@EXAMPLE.COM");
      String keytab = require(conf, KEYTAB, "the keytab file holding that principal");
      if (!new File(keytab).canRead()) {
        throw new IllegalArgumentException(KEYTAB.name() + " = '" + keytab + "' is not a"
            + " readable file: give the keytab holding " + conf.getTrimmed(PRINCIPAL.name())
            + " (readable by the scheduler's user)");
      }
    }
  }

  private static boolean bool(Configuration conf, ConfigKey key) {
    String v = conf.getTrimmed(key.name(), key.defaultValue()).toLowerCase(Locale.ROOT);
    if (!v.equals("true") && !v.equals("false")) {
      throw new IllegalArgumentException(key.name() + " = '" + v + "' is not a boolean: give"
          + " true or false (default " + key.defaultValue() + ")");
    }
    return Boolean.parseBoolean(v);
  }

  private static String require(Configuration conf, ConfigKey key, String what) {
    String v = conf.getTrimmed(key.name(), "");
    if (v.isEmpty()) {
      throw new IllegalArgumentException(key.name() + " is empty but "
          + CommonConfigurationKeys.HADOOP_SECURITY_AUTHENTICATION + " = kerberos: set it to "
          + what);
    }
    return v;
  }

  /** The configuration of the daemon's HTTP server: the filter and admin rules above. */
  Configuration httpConf(Configuration conf) {
    Configuration c = new Configuration(conf);
    c.setBoolean(CommonConfigurationKeys.HADOOP_SECURITY_AUTHORIZATION, true);
    String initializers = c.getTrimmed(HttpServer2.FILTER_INITIALIZER_PROPERTY, "");
    if (!initializers.contains(AuthenticationFilterInitializer.class.getName())) {
      c.set(HttpServer2.FILTER_INITIALIZER_PROPERTY, (initializers.isEmpty() ? ""
          : initializers + ",") + AuthenticationFilterInitializer.class.getName());
      if (kerberos) {
        c.set(AUTH_PREFIX + "type", "kerberos");
        c.set(AUTH_PREFIX + "kerberos.principal", conf.getTrimmed(PRINCIPAL.name()));
        c.set(AUTH_PREFIX + "kerberos.keytab", conf.getTrimmed(KEYTAB.name()));
      } else {
        c.set(AUTH_PREFIX + "type", "simple");
        // Hadoop's default (core-default.xml); the handler alone would refuse anonymous reads
        c.set(AUTH_PREFIX + "simple.anonymous.allowed",
            c.getTrimmed(AUTH_PREFIX + "simple.anonymous.allowed", "true"));
      }
    }
    return c;
  }

  /** Mounts the CSRF filter when enabled (before the server starts). */
  void addCsrfFilter(HttpServer2 http) {
    if (csrf) {
      http.addGlobalFilter("blink-rest-csrf", RestCsrfPreventionFilter.class.getName(),
          Map.of());
    }
  }

  /** 401 without an identity, 403 unless the caller is in {@link #ADMIN_ACL}. */
  void requireAdmin(HttpServletRequest req) {
    require(req, admins, ADMIN_ACL, "change the scheduler");
  }

  /** 401 without an identity, 403 unless the caller is in {@link #AGENT_ACL}. */
  void requireAgent(HttpServletRequest req) {
    require(req, agents, AGENT_ACL, "post node statuses");
  }

  /**
   * 403 when a host-based Kerberos principal ({@code blink/dn1@REALM}) posts the status of a
   * node on another host; a principal without a host (and simple authentication) is not bound.
   */
  void requireOwnNode(HttpServletRequest req, String node) {
    Principal p = req.getUserPrincipal();
    String host = p == null ? null : principalHost(p.getName());
    if (host != null && !sameHost(host, hostOf(node))) {
      throw new BadRequest(HttpServletResponse.SC_FORBIDDEN, "principal "
          + p.getName() + " may post only the status of a node on " + host + ", not of "
          + node + ": run each agent with its own host's principal");
    }
  }

  private static void require(HttpServletRequest req, AccessControlList acl, ConfigKey key,
      String what) {
    String user = req.getRemoteUser();
    if (user == null) {
      throw new BadRequest(HttpServletResponse.SC_UNAUTHORIZED, "authentication required to "
          + what + ": send the user (user.name=<user> with simple authentication, SPNEGO with"
          + " Kerberos); the BlinkHDFS clients do");
    }
    if (!acl.isUserAllowed(UserGroupInformation.createRemoteUser(user))) {
      throw new BadRequest(HttpServletResponse.SC_FORBIDDEN, "user " + user + " may not "
          + what + ": it is not in " + key.name() + " (" + acl.getAclString().trim()
          + "); add it there and restart the scheduler");
    }
  }

  /** The host part of {@code service/host@REALM}, or null for a principal without one. */
  static String principalHost(String principal) {
    int slash = principal.indexOf('/');
    if (slash < 0) {
      return null;
    }
    int at = principal.indexOf('@', slash);
    return principal.substring(slash + 1, at < 0 ? principal.length() : at);
  }

  private static String hostOf(String node) {
    int colon = node.lastIndexOf(':');
    return colon < 0 ? node : node.substring(0, colon);
  }

  /** Equal names, or names that resolve to one address (a status may name the node by IP). */
  static boolean sameHost(String a, String b) {
    if (a.equalsIgnoreCase(b)) {
      return true;
    }
    try {
      return InetAddress.getByName(a).equals(InetAddress.getByName(b));
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
