package org.blinkhdfs.proxy;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.NetUtils;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.daemon.http.HttpSecurity;
import org.blinkhdfs.daemon.http.KeytabLogin;
import org.blinkhdfs.layout.drain.Consistency;
import org.blinkhdfs.layout.drain.DrainSettings;

/**
 * The proxy daemon's settings, typed and validated at startup: a bad value stops the daemon
 * with a message naming the key, the value and the fix. Meanings and defaults are in
 * {@code conf/blink-default.xml}; the schedule comes from the shared keys
 * ({@code blink.scheduler.address} or {@code blink.schedule.file}) and the NameNode from
 * {@code fs.defaultFS}, exactly as for the NameNode plugin and clients.
 *
 * <p>Immutable.
 */
public final class ProxyConfig {
  public static final ConfigKey CONSISTENCY =
      new ConfigKey("blink.proxy.consistency", "weak", "strong|weak|periodic");
  public static final ConfigKey PATHS = new ConfigKey("blink.proxy.paths", "/", "HDFS paths");
  public static final ConfigKey SCAN_MS =
      new ConfigKey("blink.proxy.scan.interval.ms", "10000", "ms");
  public static final ConfigKey PER_TARGET =
      new ConfigKey("blink.proxy.moves.per.target", "8", "copies");
  public static final ConfigKey PER_SOURCE =
      new ConfigKey("blink.proxy.moves.per.source", "16", "copies");
  public static final ConfigKey MAX_MOVES = new ConfigKey("blink.proxy.moves.max", "64", "copies");
  public static final ConfigKey BYTES_PER_SEC =
      new ConfigKey("blink.proxy.move.bytes.per.sec", "10485760", "bytes/s");
  public static final ConfigKey SETUP_MS = new ConfigKey("blink.proxy.move.setup.ms", "500", "ms");
  public static final ConfigKey PERIODIC_THRESHOLD =
      new ConfigKey("blink.proxy.periodic.threshold.blocks", "100", "blocks");
  public static final ConfigKey WAKE_MS =
      new ConfigKey("blink.proxy.strong.wake.ms", "10000", "ms");
  public static final ConfigKey HTTP_ADDRESS =
      new ConfigKey("blink.proxy.http.address", "0.0.0.0:9878", "host:port");

  /** Every key this class reads (for the defaults-file check). */
  /**
   * The proxy's HTTP server under Hadoop's authentication (docs/security.md): its admin ACL
   * guards {@code /logLevel} (and {@code /jmx}, {@code /conf}, {@code /stacks} with {@code
   * hadoop.security.instrumentation.requires.admin}); SPNEGO principal and keytab under Kerberos.
   */
  public static final HttpSecurity.Keys HTTP_SECURITY = new HttpSecurity.Keys(
      new ConfigKey("blink.proxy.admin.acl", "", "Hadoop ACL: users groups"),
      new ConfigKey("blink.proxy.http.kerberos.principal", "", "Kerberos principal"),
      new ConfigKey("blink.proxy.http.kerberos.keytab", "", "path"),
      new ConfigKey("blink.proxy.http.rest-csrf.enabled", "true", "boolean"));
  /**
   * The proxy's own Kerberos login, for its NameNode, scheduler and wake calls, under {@code
   * hadoop.security.authentication=kerberos} ({@code blink.proxy.kerberos.principal}, {@code
   * .keytab}; {@code _HOST} is the host of {@link #HTTP_ADDRESS}).
   */
  public static final KeytabLogin.Keys KERBEROS = KeytabLogin.Keys.of("blink.proxy");
  public static final List<ConfigKey> KEYS = List.of(CONSISTENCY, PATHS, SCAN_MS, PER_TARGET,
      PER_SOURCE, MAX_MOVES, BYTES_PER_SEC, SETUP_MS, PERIODIC_THRESHOLD, WAKE_MS, HTTP_ADDRESS);

  private final DrainSettings drain;
  private final List<String> paths;
  private final long scanMs;
  private final InetSocketAddress httpAddress;

  public ProxyConfig(Configuration conf) {
    Function<String, String> lookup = conf::get;
    Consistency mode = Consistency.parse(CONSISTENCY.name(), ConfigValues.raw(lookup, CONSISTENCY));
    this.drain = new DrainSettings(
        (int) ConfigValues.longIn(lookup, PER_TARGET, 1, 1000),
        (int) ConfigValues.longIn(lookup, PER_SOURCE, 1, 1000),
        (int) ConfigValues.longIn(lookup, MAX_MOVES, 1, 10_000),
        ConfigValues.longIn(lookup, BYTES_PER_SEC, 1024, 100L << 30),
        ConfigValues.longIn(lookup, SETUP_MS, 0, 600_000),
        mode,
        (int) ConfigValues.longIn(lookup, PERIODIC_THRESHOLD, 1, 100_000_000),
        ConfigValues.longIn(lookup, WAKE_MS, 1000, 86_400_000));
    this.scanMs = ConfigValues.longIn(lookup, SCAN_MS, 100, 86_400_000);
    this.paths = paths(ConfigValues.raw(lookup, PATHS));
    this.httpAddress = address(ConfigValues.raw(lookup, HTTP_ADDRESS));
  }

  private static List<String> paths(String value) {
    List<String> out = new ArrayList<>();
    for (String p : value.split(",")) {
      String t = p.trim();
      if (t.isEmpty()) {
        continue;
      }
      if (!t.startsWith("/")) {
        throw new IllegalArgumentException(PATHS.name() + " = '" + value + "': '" + t
            + "' is not an absolute HDFS path; give comma-separated paths such as /,/data");
      }
      out.add(t);
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(PATHS.name() + " = '" + value
          + "' names no path; give comma-separated absolute paths (default /)");
    }
    return List.copyOf(out);
  }

  private static InetSocketAddress address(String value) {
    try {
      return NetUtils.createSocketAddr(value, -1, HTTP_ADDRESS.name());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(HTTP_ADDRESS.name() + " = '" + value
          + "' is not host:port (" + e.getMessage() + "); e.g. 0.0.0.0:9878");
    }
  }

  /** The drain planner's limits, estimates and mode. */
  public DrainSettings drain() {
    return drain;
  }

  /** The HDFS trees whose files the drain watches. */
  public List<String> paths() {
    return paths;
  }

  /** How often the namespace is scanned for staged replicas, ms. */
  public long scanMs() {
    return scanMs;
  }

  /** Where the proxy's HTTP server (metrics, API) listens. */
  public InetSocketAddress httpAddress() {
    return httpAddress;
  }
}
