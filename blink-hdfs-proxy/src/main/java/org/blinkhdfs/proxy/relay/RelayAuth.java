package org.blinkhdfs.proxy.relay;

import java.io.File;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.security.UserGroupInformation;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.daemon.http.KeytabLogin;
import org.blinkhdfs.proxy.ProxyConfig;

/**
 * The relay's two authentications, derived from the proxy's configuration: who a WebHDFS caller
 * is (HTTP: {@code simple} or Kerberos SPNEGO, HttpFS's {@code httpfs.authentication.*}) and
 * who HttpFS is to Hadoop when it acts for that caller as a proxy user ({@code
 * httpfs.hadoop.authentication.*}).
 *
 * <p>HTTP. The type is {@code httpfs.authentication.type}, or when unset the cluster's ({@code
 * hadoop.security.authentication}): {@code kerberos} on a Kerberos cluster. A {@code simple}
 * relay on a Kerberos cluster is refused, as it lets anyone name any user ({@code
 * ?user.name=hdfs}) past the cluster's Kerberos. Under {@code kerberos} the SPNEGO principal and
 * keytab are {@code httpfs.authentication.kerberos.principal} and {@code .keytab}, each
 * defaulting to the proxy's own HTTP server's ({@code blink.proxy.http.kerberos.principal},
 * {@code .keytab}); {@code _HOST} becomes this host's name, as for HttpFS. Every other {@code
 * httpfs.authentication.*} key (the signature secret, token validity, cookie domain) passes
 * through. HttpFS 3.4.2 reads these under {@code hadoop.http.authentication.*} and then lets
 * that prefix override {@code httpfs.authentication.*}; its {@code httpfs-default.xml} says
 * {@code hadoop.http.authentication.type = simple}, which is how {@code httpfs.authentication
 * .type = kerberos} was once ignored. So {@link HttpFsHome} writes the derived values under both
 * prefixes.
 *
 * <p>Hadoop. HttpFS logs in itself when it starts ({@code UserGroupInformation
 * .setConfiguration} and, under Kerberos, {@code loginUserFromKeytab}), which changes the login
 * of the whole proxy process. So its login is the proxy's: the cluster's type, and under
 * Kerberos the proxy's keytab login ({@code blink.proxy.kerberos.principal} with {@code _HOST}
 * resolved, from {@code blink.proxy.kerberos.keytab}), which the proxy made before the relay
 * starts. An operator's {@code httpfs.hadoop.authentication.type} or {@code .kerberos.principal}
 * that differs is refused; {@code .kerberos.keytab} may name another keytab holding the same
 * principal. The NameNode must let that user impersonate the callers ({@code
 * hadoop.proxyuser.<user>.hosts} and {@code .groups}).
 *
 * <p>Immutable.
 */
final class RelayAuth {
  static final String HTTP = "httpfs.authentication.";
  /** The prefix HttpFS 3.4.2 lets win over {@link #HTTP}. */
  static final String HADOOP_HTTP = "hadoop.http.authentication.";
  static final String LOGIN = "httpfs.hadoop.authentication.";
  static final String KERBEROS = "kerberos";
  static final String SIMPLE = "simple";

  private final Map<String, String> http;
  private final Map<String, String> login;

  private RelayAuth(Map<String, String> http, Map<String, String> login) {
    this.http = Map.copyOf(http);
    this.login = Map.copyOf(login);
  }

  /**
   * The relay's authentication for {@code conf}. Under Kerberos the proxy must already be logged
   * in from its keytab ({@code KeytabLogin}, as {@code ProxyDaemon} does before the relay).
   *
   * @throws IllegalArgumentException a weaker relay than the cluster, or a missing or unreadable
   *     principal or keytab (the message names the key, the value and the fix)
   */
  static RelayAuth from(Configuration conf) throws IOException {
    boolean kerberosCluster = KeytabLogin.kerberos(conf);
    return new RelayAuth(http(conf, kerberosCluster), login(conf, kerberosCluster));
  }

  /** Whether callers authenticate with SPNEGO. */
  boolean kerberos() {
    return KERBEROS.equals(http.get("type"));
  }

  /** HTTP authentication settings, by name after {@link #HTTP}. */
  Map<String, String> http() {
    return http;
  }

  /** HttpFS's Hadoop login settings, by name after {@link #LOGIN}. */
  Map<String, String> login() {
    return login;
  }

  /** Whether {@code name} is an authentication key this class derives (not passed as is). */
  static boolean derives(String name) {
    return name.startsWith(HTTP) || name.startsWith(LOGIN);
  }

  private static Map<String, String> http(Configuration conf, boolean kerberosCluster) {
    Map<String, String> out = new TreeMap<>(conf.getPropsWithPrefix(HTTP));
    String type = conf.getTrimmed(HTTP + "type", kerberosCluster ? KERBEROS : SIMPLE);
    if (type.equalsIgnoreCase(KERBEROS) || type.equalsIgnoreCase(SIMPLE)) {
      type = type.toLowerCase(Locale.ROOT);
    }
    if (kerberosCluster && (type.equals(SIMPLE) || type.contains("Pseudo"))) {
      throw new IllegalArgumentException(HTTP + "type = '" + type + "' but "
          + CommonConfigurationKeys.HADOOP_SECURITY_AUTHENTICATION + " = kerberos: a relay with"
          + " simple HTTP authentication lets any caller act as any user (?user.name=) on a"
          + " Kerberos cluster; unset " + HTTP + "type (the relay then uses kerberos) or set it"
          + " to kerberos");
    }
    out.put("type", type);
    if (type.equals(KERBEROS)) {
      String principal = either(conf, HTTP + "kerberos.principal",
          ProxyConfig.HTTP_SECURITY.principal(), "the SPNEGO principal, e.g."
          + " HTTP/_HOST@EXAMPLE.COM").value();
      out.put("kerberos.principal", principal);
      out.put("kerberos.keytab", readable(either(conf, HTTP + "kerberos.keytab",
          ProxyConfig.HTTP_SECURITY.keytab(), "the keytab holding " + principal), principal));
    }
    return out;
  }

  private static Map<String, String> login(Configuration conf, boolean kerberosCluster)
      throws IOException {
    String cluster = kerberosCluster ? KERBEROS : SIMPLE;
    String type = conf.getTrimmed(LOGIN + "type", cluster);
    if (!type.equalsIgnoreCase(cluster)) {
      throw new IllegalArgumentException(LOGIN + "type = '" + type + "' but "
          + CommonConfigurationKeys.HADOOP_SECURITY_AUTHENTICATION + " = " + cluster
          + ": HttpFS's login is the whole proxy's, so it follows the cluster; unset " + LOGIN
          + "type");
    }
    Map<String, String> out = new TreeMap<>(conf.getPropsWithPrefix(LOGIN));
    out.put("type", cluster);
    if (!kerberosCluster) {
      return out;
    }
    UserGroupInformation self = UserGroupInformation.getLoginUser();
    ConfigKey keytabKey = ProxyConfig.KERBEROS.keytab();
    if (!self.isFromKeytab()) {
      throw new IllegalArgumentException("the proxy is not logged in from a keytab but HttpFS"
          + " logs in again from one when the relay starts: set "
          + ProxyConfig.KERBEROS.principal().name() + " and " + keytabKey.name()
          + " (the proxy's own login, which the relay reuses)");
    }
    String principal = self.getUserName();
    String asked = conf.getTrimmed(LOGIN + "kerberos.principal", principal);
    if (!asked.equals(principal)) {
      throw new IllegalArgumentException(LOGIN + "kerberos.principal = '" + asked + "' is not"
          + " the proxy's login " + principal + " (" + ProxyConfig.KERBEROS.principal().name()
          + "): HttpFS's login replaces the proxy's; unset it");
    }
    out.put("kerberos.principal", principal);
    out.put("kerberos.keytab", readable(either(conf, LOGIN + "kerberos.keytab", keytabKey,
        "the keytab holding " + principal), principal));
    return out;
  }

  /** A value and the key it came from, for messages. */
  private record Setting(String key, String value) {}

  /** The value of {@code name}, else of {@code fallback}; both empty is an error. */
  private static Setting either(Configuration conf, String name, ConfigKey fallback,
      String what) {
    String v = conf.getTrimmed(name, "");
    if (!v.isEmpty()) {
      return new Setting(name, v);
    }
    v = conf.getTrimmed(fallback.name(), "");
    if (v.isEmpty()) {
      throw new IllegalArgumentException(name + " and " + fallback.name() + " are both empty"
          + " but the relay authenticates with Kerberos: set " + fallback.name() + " (shared"
          + " with the proxy) or " + name + " to " + what);
    }
    return new Setting(fallback.name(), v);
  }

  private static String readable(Setting keytab, String principal) {
    File f = new File(keytab.value());
    if (!f.isFile() || !f.canRead()) {
      throw new IllegalArgumentException(keytab.key() + " = '" + keytab.value() + "' is not a"
          + " readable file: give the keytab holding " + principal + " (readable by "
          + System.getProperty("user.name") + ", the proxy's user)");
    }
    return keytab.value();
  }
}
