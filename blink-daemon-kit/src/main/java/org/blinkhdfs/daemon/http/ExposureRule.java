package org.blinkhdfs.daemon.http;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.blinkhdfs.common.config.ConfigKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a daemon's HTTP server may listen where it was told to (docs/security.md, "Defaults").
 *
 * <p>Why: under {@code hadoop.security.authentication=simple} a caller names itself ({@code
 * user.name=...}) and nothing checks the claim. With the admin ACL unset the admin is the user
 * running the daemon, a name anyone can guess ({@code hdfs}, {@code root}), so a daemon on
 * {@code 0.0.0.0} lets anyone on the network switch every node off. The daemon therefore refuses
 * to start on a non-loopback address under simple authentication with its admin ACL unset,
 * unless the operator accepts that explicitly with {@value #INSECURE_KEY}{@code =true}. Kerberos,
 * a loopback address (the local cluster, tests) or an admin ACL the operator wrote start as
 * before; the last two without Kerberos are logged as a warning, because a name in the ACL is
 * still only a claim.
 */
final class ExposureRule {
  private static final Logger LOG = LoggerFactory.getLogger(ExposureRule.class);
  static final String INSECURE_KEY = "blink.security.simple.insecure.allowed";
  /** The operator's explicit acceptance of a network-reachable daemon under simple auth. */
  static final ConfigKey INSECURE_ALLOWED = new ConfigKey(INSECURE_KEY, "false", "boolean");

  private ExposureRule() {}

  /**
   * Throws, naming the keys, the values and the fixes, when {@code address} (from {@code
   * addressKey}) is not loopback, authentication is simple, {@code aclKey} is unset and {@value
   * #INSECURE_KEY} is false; logs a warning when such a daemon starts anyway.
   */
  static void check(Configuration conf, boolean kerberos, ConfigKey addressKey,
      InetSocketAddress address, ConfigKey aclKey) {
    boolean insecureAllowed = insecureAllowed(conf);
    if (kerberos || isLoopback(address.getHostString())) {
      return;
    }
    String where = addressKey.name() + " = '" + address.getHostString() + ":"
        + address.getPort() + "'";
    boolean aclSet = !conf.getTrimmed(aclKey.name(), "").isEmpty();
    if (!aclSet && !insecureAllowed) {
      throw new IllegalArgumentException(where + " is reachable from the network, "
          + CommonConfigurationKeys.HADOOP_SECURITY_AUTHENTICATION + " is simple and "
          + aclKey.name() + " is unset: anyone who can reach the port could claim the daemon's"
          + " own user (user.name=...) and act as its admin. Fix one of: set "
          + CommonConfigurationKeys.HADOOP_SECURITY_AUTHENTICATION + " = kerberos; bind "
          + addressKey.name() + " to 127.0.0.1; list the admins in " + aclKey.name()
          + "; or set " + INSECURE_KEY + " = true to accept this on a trusted network"
          + " (docs/security.md)");
    }
    LOG.warn("{} under simple authentication: anyone who can reach it may claim a user in {}"
        + " ({}); use Kerberos where the network is not trusted (docs/security.md)", where,
        aclKey.name(), aclSet ? "set by the operator" : INSECURE_KEY + " = true");
  }

  static boolean insecureAllowed(Configuration conf) {
    String v = conf.getTrimmed(INSECURE_KEY, INSECURE_ALLOWED.defaultValue())
        .toLowerCase(Locale.ROOT);
    if (!v.equals("true") && !v.equals("false")) {
      throw new IllegalArgumentException(INSECURE_KEY + " = '" + v + "' is not a boolean: give"
          + " true or false (default " + INSECURE_ALLOWED.defaultValue() + ")");
    }
    return Boolean.parseBoolean(v);
  }

  /** Whether {@code host} names a loopback address (127.0.0.0/8, ::1, localhost). */
  static boolean isLoopback(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false; // the server's own bind reports the bad name
    }
  }
}
