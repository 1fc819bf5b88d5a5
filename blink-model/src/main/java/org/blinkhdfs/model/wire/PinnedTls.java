package org.blinkhdfs.model.wire;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import org.blinkhdfs.common.config.ConfigKey;

/**
 * The TLS a scheduler client trusts: only the certificates of one truststore file, the
 * scheduler's own certificate (the pin) or the CA an operator chose, never the JVM's default
 * CAs (docs/security.md "The schedule feed").
 *
 * <p>Why pinned: the schedule decides which nodes sleep, so the client must know it is talking
 * to the scheduler, under simple authentication too. The JVM's CA list would accept a
 * certificate any public CA issued for the name; a truststore holding the scheduler's
 * certificate accepts that server alone. The host name is still checked against the
 * certificate (its subject alternative names), as every HTTPS client does.
 *
 * <p>Keys ({@link #KEYS}), read by every client of the scheduler: {@code
 * blink.scheduler.tls.truststore} (a PKCS12 or JKS file), {@code .password}, {@code .type}.
 * An {@code https://} scheduler address without a truststore, and a truststore with a plain
 * address, stop the client at start with the keys named: a client never falls back silently.
 *
 * <p>Example: {@code blink.scheduler.address = https://sched.example.com:9877} and {@code
 * blink.scheduler.tls.truststore = /etc/blink/scheduler-trust.p12}, made with {@code keytool
 * -exportcert} from the scheduler's keystore and {@code keytool -importcert}.
 *
 * <p>JDK classes only (blink-model is pure). Immutable and thread-safe.
 */
public final class PinnedTls {
  public static final ConfigKey TRUSTSTORE =
      new ConfigKey("blink.scheduler.tls.truststore", "", "path");
  public static final ConfigKey TRUSTSTORE_PASSWORD =
      new ConfigKey("blink.scheduler.tls.truststore.password", "", "text");
  public static final ConfigKey TRUSTSTORE_TYPE =
      new ConfigKey("blink.scheduler.tls.truststore.type", "pkcs12", "pkcs12|jks");
  /** Every key this class reads. */
  public static final List<ConfigKey> KEYS =
      List.of(TRUSTSTORE, TRUSTSTORE_PASSWORD, TRUSTSTORE_TYPE);

  private final SSLSocketFactory factory;
  private final String truststore;

  private PinnedTls(SSLSocketFactory factory, String truststore) {
    this.factory = factory;
    this.truststore = truststore;
  }

  /**
   * The TLS for a client of the scheduler at {@code address} ({@code host:port} or {@code
   * https://host:port}) from the keys in {@code conf} (a lookup: null or empty means unset).
   *
   * @return empty for a plain address without a truststore
   * @throws IllegalArgumentException an https address without a truststore, a truststore with a
   *     plain address, or a truststore that cannot be read; the message names the key, the value
   *     and the fix
   */
  public static Optional<PinnedTls> forScheduler(String address, UnaryOperator<String> conf) {
    String file = value(conf, TRUSTSTORE);
    boolean https = SchedulerHttp.isHttps(address);
    if (https && file.isEmpty()) {
      throw new IllegalArgumentException(SchedulerHttp.ADDRESS_KEY + " = '" + address
          + "' is https but " + TRUSTSTORE.name() + " is empty: set it to a truststore holding"
          + " the scheduler's certificate (keytool -importcert), the only certificate this"
          + " client accepts; the JVM's default CAs are not used");
    }
    if (!https && !file.isEmpty()) {
      throw new IllegalArgumentException(TRUSTSTORE.name() + " = '" + file + "' is set but "
          + SchedulerHttp.ADDRESS_KEY + " = '" + address + "' is plain HTTP: write the address"
          + " as https://" + address + " (the scheduler then needs blink.scheduler.https.keystore)"
          + " or unset " + TRUSTSTORE.name());
    }
    if (!https) {
      return Optional.empty();
    }
    return Optional.of(load(Path.of(file), value(conf, TRUSTSTORE_PASSWORD),
        value(conf, TRUSTSTORE_TYPE).isEmpty() ? TRUSTSTORE_TYPE.defaultValue()
            : value(conf, TRUSTSTORE_TYPE)));
  }

  /**
   * The TLS trusting exactly the certificates in {@code file}.
   *
   * @param password the file's password; empty for none
   * @throws IllegalArgumentException the file is missing, unreadable, of another type, its
   *     password is wrong, or it holds no certificate
   */
  public static PinnedTls load(Path file, String password, String type) {
    String what = TRUSTSTORE.name() + " = '" + file + "'";
    KeyStore store;
    try {
      store = KeyStore.getInstance(type);
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(TRUSTSTORE_TYPE.name() + " = '" + type + "' is not a"
          + " keystore type this JVM knows: use pkcs12 or jks", e);
    }
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, password.isEmpty() ? null : password.toCharArray());
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException(what + " cannot be read as a " + type + " truststore: "
          + e.getMessage() + " (check the path, " + TRUSTSTORE_PASSWORD.name() + " and "
          + TRUSTSTORE_TYPE.name() + ")", e);
    }
    try {
      if (Collections.list(store.aliases()).stream().noneMatch(a -> isCertificate(store, a))) {
        throw new IllegalArgumentException(what + " holds no certificate: import the"
            + " scheduler's certificate with keytool -importcert -keystore " + file);
      }
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(store);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, tmf.getTrustManagers(), null);
      return new PinnedTls(context.getSocketFactory(), file.toString());
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(what + " cannot be used as a truststore: "
          + e.getMessage(), e);
    }
  }

  private static boolean isCertificate(KeyStore store, String alias) {
    try {
      return store.getCertificate(alias) != null;
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  private static String value(UnaryOperator<String> conf, ConfigKey key) {
    String v = conf.apply(key.name());
    return v == null ? "" : v.trim();
  }

  /**
   * Makes an https connection trust only this truststore; leaves the host name check on. A
   * plain-HTTP connection is refused: this client was told the scheduler speaks TLS.
   */
  public void apply(HttpURLConnection c) throws IOException {
    if (!(c instanceof HttpsURLConnection https)) {
      throw new IOException("refusing " + c.getURL() + ": not https, but " + TRUSTSTORE.name()
          + " = '" + truststore + "' says the scheduler speaks TLS");
    }
    https.setSSLSocketFactory(factory);
  }

  /** What to check when a TLS handshake with the scheduler fails. */
  public String hint() {
    return "the scheduler must present the certificate pinned in " + TRUSTSTORE.name() + " = '"
        + truststore + "' (or one its CA there signed), naming the host of "
        + SchedulerHttp.ADDRESS_KEY + ", and serve https (blink.scheduler.https.keystore); any"
        + " other server at that address is refused";
  }
}
