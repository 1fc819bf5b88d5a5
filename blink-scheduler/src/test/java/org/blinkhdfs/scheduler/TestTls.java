package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A self-signed certificate for {@code localhost} and {@code 127.0.0.1} made by the JDK's own
 * {@code keytool}, as an operator would make the scheduler's: a PKCS12 keystore with the key
 * (for the server) and a PKCS12 truststore holding only the certificate (the clients' pin).
 */
public record TestTls(Path keystore, Path truststore, String password) {
  /** Makes the pair under {@code dir} with files named after {@code name}. */
  public static TestTls create(Path dir, String name) throws IOException, InterruptedException {
    String password = "secret-" + name;
    Path keystore = dir.resolve(name + "-keystore.p12");
    Path cert = dir.resolve(name + ".crt");
    Path truststore = dir.resolve(name + "-truststore.p12");
    keytool("-genkeypair", "-alias", "scheduler", "-keyalg", "RSA", "-keysize", "2048",
        "-validity", "2", "-dname", "CN=localhost, O=" + name, "-ext",
        "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "pkcs12", "-keystore",
        keystore.toString(), "-storepass", password);
    keytool("-exportcert", "-alias", "scheduler", "-keystore", keystore.toString(),
        "-storepass", password, "-rfc", "-file", cert.toString());
    keytool("-importcert", "-noprompt", "-alias", "scheduler", "-file", cert.toString(),
        "-storetype", "pkcs12", "-keystore", truststore.toString(), "-storepass", password);
    return new TestTls(keystore, truststore, password);
  }

  /** The scheduler keys serving this certificate. */
  public List<String> serverKeys() {
    return List.of("blink.scheduler.https.keystore", keystore.toString(),
        "blink.scheduler.https.keystore.password", password);
  }

  /** The client keys pinning this certificate. */
  public List<String> clientKeys() {
    return List.of("blink.scheduler.tls.truststore", truststore.toString(),
        "blink.scheduler.tls.truststore.password", password);
  }

  /** A server-side TLS context with this key, for an impostor that has a certificate too. */
  public SSLContext serverContext() throws Exception {
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keystore)) {
      ks.load(in, password.toCharArray());
    }
    KeyManagerFactory kmf =
        KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(ks, password.toCharArray());
    SSLContext c = SSLContext.getInstance("TLS");
    c.init(kmf.getKeyManagers(), null, null);
    return c;
  }

  private static void keytool(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException("keytool " + String.join(" ", args) + " failed: " + out);
    }
  }
}
