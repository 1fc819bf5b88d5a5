package org.blinkhdfs.daemon.http;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
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
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.daemon.http.JsonServlet.BadRequest;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * Hadoop's authentication, admin ACL and CSRF rules for a BlinkHDFS daemon's {@link HttpServer2}
 * (the scheduler's, the proxy's; docs/security.md), each daemon with its own four {@link Keys}.
 *
 * <p>Authentication: Hadoop's {@code AuthenticationFilter} through {@link
 * AuthenticationFilterInitializer} on every path. With {@code hadoop.security.authentication=
 * simple} it is the {@code simple} handler with anonymous requests allowed (Hadoop's default), so
 * reads stay open and a caller names itself with {@code user.name}; with {@code kerberos} it is
 * SPNEGO with the daemon's principal and keytab, on every path, like Hadoop's secure web UIs. An
 * operator who lists that initializer in {@code hadoop.http.filter.initializers} himself keeps
 * his {@code hadoop.http.authentication.*} settings. Other authentication initializers in that
 * list ({@link #OTHER_AUTH_INITIALIZERS}: HDFS's WebHDFS one, which a NameNode adds to its
 * configuration in memory, and the proxy-user variant) are left out of the daemon's server: a
 * second SPNEGO filter would take every Kerberos token the first one accepted for a replay and
 * answer 403.
 *
 * <p>Admin: the daemon's admin ACL is HttpServer2's admin ACL and {@code
 * hadoop.security.authorization} is on for its HTTP server, so {@code /logLevel} and {@code
 * /logs} need an admin, and {@code /jmx}, {@code /conf}, {@code /stacks} too when {@code
 * hadoop.security.instrumentation.requires.admin} is true. An unset ACL means the user running
 * the daemon, as the HDFS superuser is the user running the NameNode.
 *
 * <p>Exposure: {@link #builder} refuses a server reachable from the network under simple
 * authentication with the admin ACL unset unless {@code blink.security.simple.insecure.allowed}
 * is true ({@link ExposureRule}); a 403 names the ACL's key, never its members.
 *
 * <p>CSRF: Hadoop's {@link RestCsrfPreventionFilter} rejects (400) a browser's non-GET request
 * without the {@value SchedulerHttp#CSRF_HEADER} header, which a cross-site form or {@code
 * text/plain} fetch cannot set; every BlinkHDFS client sends it.
 */
public final class HttpSecurity {
  /**
   * A daemon's keys: its admin ACL, SPNEGO principal and keytab, and the CSRF switch; {@link
   * #list} adds the shared {@link #INSECURE_ALLOWED} every daemon's server reads.
   */
  public record Keys(ConfigKey adminAcl, ConfigKey principal, ConfigKey keytab, ConfigKey csrf) {
    public List<ConfigKey> list() {
      return List.of(adminAcl, principal, keytab, csrf, INSECURE_ALLOWED);
    }
  }

  /**
   * {@code blink.security.simple.insecure.allowed}: the operator accepts a daemon reachable from
   * the network under simple authentication with its admin ACL unset ({@link ExposureRule}).
   */
  public static final ConfigKey INSECURE_ALLOWED = ExposureRule.INSECURE_ALLOWED;

  private static final String AUTH_PREFIX = "hadoop.http.authentication.";

  private final Keys keys;
  private final AccessControlList admins;
  private final boolean kerberos;
  private final boolean csrf;

  /** Reads and checks {@code keys} in {@code conf}; a bad value names the key and the fix. */
  public HttpSecurity(Configuration conf, Keys keys) throws IOException {
    this.keys = keys;
    this.admins = acl(conf, keys.adminAcl(),
        UserGroupInformation.getCurrentUser().getShortUserName());
    this.kerberos = KeytabLogin.kerberos(conf);
    this.csrf = bool(conf, keys.csrf());
    if (kerberos) {
      require(conf, keys.principal(), "the SPNEGO principal, e.g. HTTP/_HOST@EXAMPLE.COM");
      String keytab = require(conf, keys.keytab(), "the keytab file holding that principal");
      KeytabLogin.requireReadable(keys.keytab(), keytab, conf.getTrimmed(keys.principal().name()));
    }
  }

  /** The ACL in {@code key}, or {@code whenUnset} when it is empty. */
  public static AccessControlList acl(Configuration conf, ConfigKey key, String whenUnset) {
    String v = conf.getTrimmed(key.name(), "");
    return new AccessControlList(v.isEmpty() ? whenUnset : v);
  }

  public AccessControlList admins() {
    return admins;
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

  /** Authentication filter initializers besides Hadoop's own that install a second filter. */
  static final java.util.Set<String> OTHER_AUTH_INITIALIZERS = java.util.Set.of(
      "org.apache.hadoop.hdfs.web.AuthFilterInitializer",
      "org.apache.hadoop.security.authentication.server.ProxyUserAuthenticationFilterInitializer");

  /**
   * A builder of the daemon's server on {@code address} (the value of {@code addressKey}) with
   * the filter and admin rules above; call {@link #secure} on the built server before it starts.
   *
   * @throws IllegalArgumentException a network address under simple authentication with the
   *     admin ACL unset, unless the operator allows it ({@link ExposureRule})
   */
  public HttpServer2.Builder builder(Configuration conf, String name, ConfigKey addressKey,
      InetSocketAddress address) {
    return builder(conf, name, addressKey, address, "http");
  }

  /**
   * As {@link #builder(Configuration, String, ConfigKey, InetSocketAddress)} with the endpoint's
   * scheme ({@code http} or {@code https}, for a daemon that serves TLS).
   */
  public HttpServer2.Builder builder(Configuration conf, String name, ConfigKey addressKey,
      InetSocketAddress address, String scheme) {
    ExposureRule.check(conf, kerberos, addressKey, address, keys.adminAcl());
    return new HttpServer2.Builder().setName(name).setConf(httpConf(conf)).setACL(admins)
        .addEndpoint(URI.create(scheme + "://" + address.getHostString() + ":"
            + address.getPort()))
        .setFindPort(false);
  }

  /** Hadoop's switch for {@code /prom} on an {@code HttpServer2} (core-default: false). */
  static final String PROMETHEUS_KEY = "hadoop.prometheus.endpoint.enabled";

  /**
   * Whether the daemon serves {@code /prom}: true unless the operator's configuration sets the
   * key (core-default.xml's {@code false} does not count). BlinkHDFS's daemons export Prometheus
   * text by default, for the Grafana dashboard in {@code conf/}; Hadoop's own keep Hadoop's
   * default (the example site files turn it on).
   */
  static boolean prometheusEnabled(Configuration conf) {
    String[] sources = conf.getPropertySources(PROMETHEUS_KEY);
    boolean operatorSet = sources != null && java.util.Arrays.stream(sources)
        .anyMatch(src -> !src.equals("core-default.xml"));
    return !operatorSet || conf.getBoolean(PROMETHEUS_KEY, true);
  }

  private Configuration httpConf(Configuration conf) {
    Configuration c = new Configuration(conf);
    c.setBoolean(PROMETHEUS_KEY, prometheusEnabled(conf));
    c.setBoolean(CommonConfigurationKeys.HADOOP_SECURITY_AUTHORIZATION, true);
    String initializers = String.join(",", java.util.Arrays.stream(
        c.getTrimmedStrings(HttpServer2.FILTER_INITIALIZER_PROPERTY))
        .filter(i -> !OTHER_AUTH_INITIALIZERS.contains(i)).toList());
    c.set(HttpServer2.FILTER_INITIALIZER_PROPERTY, initializers);
    if (!initializers.contains(AuthenticationFilterInitializer.class.getName())) {
      c.set(HttpServer2.FILTER_INITIALIZER_PROPERTY, (initializers.isEmpty() ? ""
          : initializers + ",") + AuthenticationFilterInitializer.class.getName());
      if (kerberos) {
        c.set(AUTH_PREFIX + "type", "kerberos");
        c.set(AUTH_PREFIX + "kerberos.principal", conf.getTrimmed(keys.principal().name()));
        c.set(AUTH_PREFIX + "kerberos.keytab", conf.getTrimmed(keys.keytab().name()));
      } else {
        c.set(AUTH_PREFIX + "type", "simple");
        // Hadoop's default (core-default.xml); the handler alone would refuse anonymous reads
        c.set(AUTH_PREFIX + "simple.anonymous.allowed",
            c.getTrimmed(AUTH_PREFIX + "simple.anonymous.allowed", "true"));
      }
    }
    return c;
  }

  /** Mounts the CSRF filter when enabled; call before the server starts. */
  public void secure(HttpServer2 http) {
    if (csrf) {
      http.addGlobalFilter("blink-rest-csrf", RestCsrfPreventionFilter.class.getName(),
          Map.of());
    }
  }

  /** 401 without an identity, 403 unless the caller is in the admin ACL. */
  public void requireAdmin(HttpServletRequest req, String what) {
    require(req, admins, keys.adminAcl(), what);
  }

  /**
   * 401 without an identity, 403 unless the caller is in {@code acl} (set by {@code key}). The
   * 403 names the key, never the ACL's members: under simple authentication a member's name is
   * all a caller needs to act as that member.
   */
  public static void require(HttpServletRequest req, AccessControlList acl, ConfigKey key,
      String what) {
    String user = req.getRemoteUser();
    if (user == null) {
      throw new BadRequest(HttpServletResponse.SC_UNAUTHORIZED, "authentication required to "
          + what + ": send the user (user.name=<user> with simple authentication, SPNEGO with"
          + " Kerberos); the BlinkHDFS clients do");
    }
    if (!acl.isUserAllowed(UserGroupInformation.createRemoteUser(user))) {
      throw new BadRequest(HttpServletResponse.SC_FORBIDDEN, "user " + user + " may not "
          + what + ": it is not in " + key.name() + "; an administrator can add it there and"
          + " restart the daemon");
    }
  }
}
