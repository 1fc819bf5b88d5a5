package org.blinkhdfs.daemon.http;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.blinkhdfs.common.config.ConfigKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A BlinkHDFS client daemon's own Kerberos login (the power agent's, the write proxy's;
 * docs/security.md): with {@code hadoop.security.authentication=kerberos} and the daemon's
 * principal and keytab keys set, the process logs in from the keytab at start ({@link
 * UserGroupInformation#loginUserFromKeytab}), as Hadoop's own daemons do.
 *
 * <p>Why: a daemon that relies on a {@code kinit} ticket cache loses its identity when the ticket
 * expires (a day, typically) unless something outside renews it, and then every call it makes
 * to the scheduler fails with 401 while the node keeps the state it had. A keytab login is renewed
 * by the process itself: {@link HadoopHttpAuthenticator}, HDFS's {@code URLConnectionFactory}
 * (the proxy's schedule poller) and Hadoop's RPC client call {@code checkTGTAndReloginFromKeytab}
 * before they authenticate.
 *
 * <p>The principal may contain {@code _HOST}, replaced by the daemon's host as {@link
 * SecurityUtil#getServerPrincipal} does for Hadoop's daemons. Both keys are needed together; with
 * neither, the daemon keeps the login Hadoop gives it (the ticket cache), as before. Under
 * simple authentication the keys are not read. A key without the other, or a keytab the daemon
 * cannot read, stops the start with a message naming the key, the value and the fix.
 */
public final class KeytabLogin {
  private static final Logger LOG = LoggerFactory.getLogger(KeytabLogin.class);

  /** A daemon's two keys: its Kerberos principal and the keytab holding it. */
  public record Keys(ConfigKey principal, ConfigKey keytab) {
    /** {@code <prefix>.kerberos.principal} and {@code <prefix>.kerberos.keytab}. */
    public static Keys of(String prefix) {
      return new Keys(new ConfigKey(prefix + ".kerberos.principal", "", "Kerberos principal"),
          new ConfigKey(prefix + ".kerberos.keytab", "", "path"));
    }

    public List<ConfigKey> list() {
      return List.of(principal, keytab);
    }
  }

  private KeytabLogin() {}

  /** Whether {@code conf} sets {@code hadoop.security.authentication=kerberos}. */
  public static boolean kerberos(Configuration conf) {
    return "kerberos".equalsIgnoreCase(conf.getTrimmed(
        CommonConfigurationKeys.HADOOP_SECURITY_AUTHENTICATION, "simple"));
  }

  /** Throws, naming {@code key}, unless {@code keytab} is a file this process can read. */
  static void requireReadable(ConfigKey key, String keytab, String principal) {
    File file = new File(keytab);
    if (!file.isFile() || !file.canRead()) {
      throw new IllegalArgumentException(key.name() + " = '" + keytab + "' is not a readable"
          + " file: give the keytab holding " + principal + " (readable by "
          + System.getProperty("user.name") + ", the daemon's user)");
    }
  }

  /**
   * Under Kerberos: makes Hadoop's security follow {@code conf} ({@link
   * UserGroupInformation#setConfiguration}, as Hadoop's daemons do at start) and, when {@code
   * keys} are set, logs the process in from the keytab. {@code host} replaces {@code _HOST} in
   * the principal ({@code null}, empty or {@code 0.0.0.0}: this host's canonical name).
   *
   * @return the principal logged in; empty under simple authentication or when neither key is
   *     set (the ticket cache login stays)
   * @throws IllegalArgumentException one key without the other, or an unreadable keytab
   * @throws IOException the KDC refused the login
   */
  public static Optional<String> loginIfConfigured(Configuration conf, Keys keys, String host)
      throws IOException {
    if (!kerberos(conf)) {
      return Optional.empty();
    }
    String principal = conf.getTrimmed(keys.principal().name(), "");
    String keytab = conf.getTrimmed(keys.keytab().name(), "");
    if (principal.isEmpty() != keytab.isEmpty()) {
      ConfigKey set = principal.isEmpty() ? keys.keytab() : keys.principal();
      ConfigKey unset = principal.isEmpty() ? keys.principal() : keys.keytab();
      throw new IllegalArgumentException(set.name() + " = '" + conf.getTrimmed(set.name())
          + "' but " + unset.name() + " is empty: set both (the principal, e.g."
          + " blink/_HOST@EXAMPLE.COM, and the keytab file holding it) or neither (log in from"
          + " the ticket cache)");
    }
    if (!principal.isEmpty()) {
      requireReadable(keys.keytab(), keytab, principal);
    }
    UserGroupInformation.setConfiguration(conf);
    if (principal.isEmpty()) {
      LOG.warn("{} and {} are unset: Kerberos from the ticket cache of {}; it expires unless"
          + " renewed (kinit, k5start)", keys.principal().name(), keys.keytab().name(),
          System.getProperty("user.name"));
      return Optional.empty();
    }
    String resolved = SecurityUtil.getServerPrincipal(principal, host);
    try {
      UserGroupInformation.loginUserFromKeytab(resolved, keytab);
    } catch (IOException e) {
      throw new IOException("Kerberos login of " + resolved + " (" + keys.principal().name()
          + ") from " + keytab + " (" + keys.keytab().name() + ") failed: " + e.getMessage()
          + "; check that the keytab holds that principal (klist -kt " + keytab + ")", e);
    }
    LOG.info("logged in to Kerberos as {} from {}", resolved, keytab);
    return Optional.of(resolved);
  }
}
