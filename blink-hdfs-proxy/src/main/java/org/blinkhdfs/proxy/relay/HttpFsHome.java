package org.blinkhdfs.proxy.relay;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.client.BlinkDistributedFileSystem;

/**
 * The directory HttpFS runs from, written from the proxy's Hadoop {@code Configuration}.
 *
 * <p>Why files: HttpFS's web application is created by Jetty from its web.xml with no arguments
 * and reads everything from its home directory: {@code conf/httpfs-site.xml} (its own keys), the
 * Hadoop configuration directory named there ({@code httpfs.hadoop.config.dir}, whose {@code
 * core-site.xml} and {@code hdfs-site.xml} make the {@code FileSystem} it serves), a log and a temp
 * directory, and the HTTP signature secret. Layout under the home:
 * <pre>
 *   conf/httpfs-site.xml        every httpfs.* key of the proxy's configuration but the
 *                               authentication ones, which come from RelayAuth (the HTTP
 *                               ones under both httpfs.authentication. and
 *                               hadoop.http.authentication.), httpfs.access.mode from
 *                               RelayConfig, httpfs.hadoop.config.dir, the secret file below
 *   conf/httpfs-signature.secret  32 random bytes (hex), unless httpfs.authentication
 *                               .signature.secret.file names the operator's own
 *   hadoop-conf/core-site.xml   the proxy's whole configuration, with fs.hdfs.impl =
 *                               BlinkDistributedFileSystem
 *   log/, temp/
 * </pre>
 * The directory and files are readable by the owner only where the file system has POSIX
 * permissions (the configuration may hold credentials).
 *
 * <p>Not thread-safe; one per relay.
 */
final class HttpFsHome {
  static final String SECRET_KEY = "httpfs.authentication.signature.secret.file";

  private final Path home;
  private final boolean temporary;
  private String secretFile;

  private HttpFsHome(Path home, boolean temporary) {
    this.home = home;
    this.temporary = temporary;
  }

  /** Writes a home for {@code config} and {@code auth} from {@code conf}. */
  static HttpFsHome write(RelayConfig config, RelayAuth auth, Configuration conf)
      throws IOException {
    boolean temporary = config.dir().isEmpty();
    Path home = temporary ? Files.createTempDirectory("blink-relay")
        : Files.createDirectories(Path.of(config.dir().get()).toAbsolutePath());
    HttpFsHome h = new HttpFsHome(home, temporary);
    try {
      h.populate(config, auth, conf);
    } catch (IOException | RuntimeException e) {
      h.deleteAfterFailure(e);
      throw e;
    }
    return h;
  }

  /** The home directory (HttpFS's {@code httpfs.home.dir}). */
  Path path() {
    return home;
  }

  /** The signature secret file HttpFS and the relay's server sign cookies with. */
  String secretFile() {
    return secretFile;
  }

  private void populate(RelayConfig config, RelayAuth auth, Configuration conf)
      throws IOException {
    ownerOnly(home);
    for (String d : new String[] {"conf", "hadoop-conf", "log", "temp"}) {
      ownerOnly(Files.createDirectories(home.resolve(d)));
    }
    Configuration hadoop = new Configuration(conf);
    hadoop.set("fs.hdfs.impl", BlinkDistributedFileSystem.class.getName());
    writeXml(hadoop, home.resolve("hadoop-conf/core-site.xml"));

    Configuration site = new Configuration(false);
    for (Map.Entry<String, String> e : conf.getPropsWithPrefix("httpfs.").entrySet()) {
      String name = "httpfs." + e.getKey();
      if (!RelayAuth.derives(name)) {
        site.set(name, e.getValue());
      }
    }
    site.set(RelayConfig.ACCESS_MODE, config.accessMode());
    site.set("httpfs.hadoop.config.dir", home.resolve("hadoop-conf").toString());
    // _HOST in the SPNEGO principal becomes this host, as on the proxy's own HTTP server
    site.set("bind.address", config.host());
    String secret = conf.getTrimmed(SECRET_KEY, "");
    if (secret.isEmpty()) {
      Path file = home.resolve("conf/httpfs-signature.secret");
      byte[] random = new byte[32];
      new SecureRandom().nextBytes(random);
      Files.writeString(file, HexFormat.of().formatHex(random), StandardCharsets.US_ASCII);
      ownerOnly(file);
      secret = file.toString();
    }
    secretFile = secret;
    Map<String, String> http = new TreeMap<>(auth.http());
    http.put("signature.secret.file", secret);
    // HttpFS 3.4.2's filter lets hadoop.http.authentication.* override httpfs.authentication.*
    // (its deprecation of the latter is registered only by HttpFSServerWebServer, which the
    // relay does not use), and httpfs-default.xml sets the former: the same values under both.
    for (Map.Entry<String, String> e : http.entrySet()) {
      site.set(RelayAuth.HTTP + e.getKey(), e.getValue());
      site.set(RelayAuth.HADOOP_HTTP + e.getKey(), e.getValue());
    }
    for (Map.Entry<String, String> e : auth.login().entrySet()) {
      site.set(RelayAuth.LOGIN + e.getKey(), e.getValue());
    }
    writeXml(site, home.resolve("conf/httpfs-site.xml"));
  }

  private static void writeXml(Configuration conf, Path file) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      conf.writeXml(out);
    }
    ownerOnly(file);
  }

  private static Path ownerOnly(Path p) throws IOException {
    if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      Files.setPosixFilePermissions(p,
          PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwx------" : "rw-------"));
    }
    return p;
  }

  /** {@link #delete}, recording its own failure on {@code cause} instead of replacing it. */
  void deleteAfterFailure(Exception cause) {
    try {
      delete();
    } catch (IOException | RuntimeException e) {
      cause.addSuppressed(e);
    }
  }

  /** Deletes the home when it was a temporary directory; a configured one is kept. */
  void delete() throws IOException {
    if (!temporary) {
      return;
    }
    try (Stream<Path> all = Files.walk(home)) {
      for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }
}
