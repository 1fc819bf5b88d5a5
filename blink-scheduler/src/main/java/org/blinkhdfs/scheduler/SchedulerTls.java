package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.http.HttpServer2;
import org.blinkhdfs.common.config.ConfigKey;

/**
 * The scheduler's HTTPS endpoint (docs/security.md "The schedule feed"): with {@code
 * blink.scheduler.https.keystore} set, the scheduler serves TLS at {@code
 * blink.scheduler.http.address} instead of plain HTTP, with the key and certificate of that
 * keystore; its clients pin that certificate ({@code blink.scheduler.tls.truststore}) and name
 * the scheduler {@code https://host:port}.
 *
 * <p>Why: the schedule decides which nodes sleep. Plain HTTP lets anyone who answers at the
 * scheduler's address, or rewrites its traffic, hand every agent and the NameNode a schedule;
 * a pinned certificate lets a client tell the scheduler from an impostor under simple
 * authentication too, and TLS keeps the schedule intact on the way.
 *
 * <p>Passwords are read with {@link Configuration#getPassword}, so they may live in a Hadoop
 * credential store ({@code hadoop.security.credential.provider.path}) instead of a site file.
 * Every problem stops the start with the key, the value and the fix, before Jetty sees it.
 */
public final class SchedulerTls {
  public static final ConfigKey KEYSTORE =
      new ConfigKey("blink.scheduler.https.keystore", "", "path");
  public static final ConfigKey KEYSTORE_PASSWORD =
      new ConfigKey("blink.scheduler.https.keystore.password", "", "text");
  public static final ConfigKey KEYSTORE_TYPE =
      new ConfigKey("blink.scheduler.https.keystore.type", "pkcs12", "pkcs12|jks");
  public static final ConfigKey KEY_PASSWORD =
      new ConfigKey("blink.scheduler.https.key.password", "", "text");
  /** Every key this class reads. */
  public static final List<ConfigKey> KEYS =
      List.of(KEYSTORE, KEYSTORE_PASSWORD, KEYSTORE_TYPE, KEY_PASSWORD);

  private SchedulerTls() {}

  /** The scheme the scheduler serves: {@code https} when {@link #KEYSTORE} is set, else http. */
  public static String scheme(Configuration conf) {
    return enabled(conf) ? "https" : "http";
  }

  /**
   * {@code builder} (from {@code HttpSecurity.builder} with {@link #scheme}) with the configured
   * keystore when {@link #KEYSTORE} is set; unchanged otherwise.
   *
   * @throws IllegalArgumentException the keystore cannot serve TLS (named with the fix)
   */
  public static HttpServer2.Builder serve(Configuration conf, HttpServer2.Builder builder)
      throws IOException {
    if (!enabled(conf)) {
      return builder;
    }
    String keystore = conf.getTrimmed(KEYSTORE.name());
    String type = conf.getTrimmed(KEYSTORE_TYPE.name(), KEYSTORE_TYPE.defaultValue());
    String password = password(conf, KEYSTORE_PASSWORD);
    if (password.isEmpty()) {
      throw new IllegalArgumentException(KEYSTORE_PASSWORD.name() + " is empty but "
          + KEYSTORE.name() + " = '" + keystore + "': set the keystore's password (in the site"
          + " file or a credential store, hadoop.security.credential.provider.path)");
    }
    String keyPassword = password(conf, KEY_PASSWORD);
    check(Path.of(keystore), password, type);
    return builder.keyStore(keystore, password, type)
        .keyPassword(keyPassword.isEmpty() ? password : keyPassword);
  }

  private static boolean enabled(Configuration conf) {
    return !conf.getTrimmed(KEYSTORE.name(), "").isEmpty();
  }

  private static String password(Configuration conf, ConfigKey key) throws IOException {
    char[] p = conf.getPassword(key.name());
    return p == null ? "" : new String(p).trim();
  }

  /** The keystore opens with its password and holds a private key to serve with. */
  private static void check(Path file, String password, String type) {
    String what = KEYSTORE.name() + " = '" + file + "'";
    try (InputStream in = Files.newInputStream(file)) {
      KeyStore store = KeyStore.getInstance(type);
      store.load(in, password.toCharArray());
      for (String alias : Collections.list(store.aliases())) {
        if (store.isKeyEntry(alias)) {
          return;
        }
      }
      throw new IllegalArgumentException(what + " holds no private key: create the scheduler's"
          + " key and certificate with keytool -genkeypair -keystore " + file);
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException(what + " cannot be read as a " + type + " keystore: "
          + e.getMessage() + " (check the path, " + KEYSTORE_PASSWORD.name() + " and "
          + KEYSTORE_TYPE.name() + ")", e);
    }
  }
}
