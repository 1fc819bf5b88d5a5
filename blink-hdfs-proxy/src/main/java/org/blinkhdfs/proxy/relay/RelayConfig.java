package org.blinkhdfs.proxy.relay;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.client.ClientConfig;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;

/**
 * The read relay's settings, read once from a Hadoop {@code Configuration} and validated, so a
 * bad value stops the proxy at start with the key, the value and the fix.
 *
 * <table>
 * <caption>Keys</caption>
 * <tr><th>key</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@code blink.proxy.relay.address}</td><td>{@code 127.0.0.1:14000}</td><td>where the
 * relay's HTTP server listens ({@code host:port}; port 0 picks a free port)</td></tr>
 * <tr><td>{@code blink.proxy.relay.peers}</td><td>(empty)</td><td>every relay of the cluster as
 * clients reach it, comma-separated {@code host:port}, the same set on every proxy (order does not
 * matter). Empty: this relay serves every path. Set: an {@code OPEN} or {@code GETFILECHECKSUM}
 * for a path another relay owns ({@link RelayAssignment}) is answered with a 307 redirect to it
 * ({@link RelayRedirectFilter})</td></tr>
 * <tr><td>{@code blink.proxy.relay.self}</td><td>(empty)</td><td>this relay's entry of {@code
 * blink.proxy.relay.peers}; required when peers are set</td></tr>
 * <tr><td>{@code blink.proxy.relay.dir}</td><td>(empty)</td><td>working directory for HttpFS's
 * home, configuration and signature secret; empty: a fresh temporary directory, deleted at
 * stop</td></tr>
 * <tr><td>{@code blink.proxy.relay.writes.enabled}</td><td>{@code false}</td><td>false: the
 * relay is read-only ({@code PUT}, {@code POST} and {@code DELETE} are refused with 403, HttpFS's
 * {@code httpfs.access.mode = read-only}); true: HttpFS's {@code httpfs.access.mode} applies
 * (default {@code read-write})</td></tr>
 * <tr><td>{@code blink.proxy.relay.rest-csrf.enabled}</td><td>{@code true}</td><td>Hadoop's
 * {@code RestCsrfPreventionFilter} on the relay: a browser's request other than {@code GET},
 * {@code HEAD}, {@code OPTIONS}, {@code TRACE} without the {@code X-XSRF-HEADER} header gets
 * 400</td></tr>
 * <tr><td>{@code blink.proxy.relay.held.report.ms}</td><td>{@code 0}</td><td>milliseconds
 * between two reports of the relay's held reads to the scheduler ({@link HeldReadsReporter},
 * {@code PUT /v1/held}, the {@code auto} policy's load); 0: none; else 1000..600000</td></tr>
 * </table>
 *
 * <p>Also required, because the relay is only useful with them: {@code fs.defaultFS} an {@code
 * hdfs://} URI (the cluster it relays), and {@code blink.scheduler.address} or {@code
 * blink.schedule.file} (the schedule {@code BlinkDistributedFileSystem} gates reads on). Every
 * {@code httpfs.*} key is passed to HttpFS (e.g. {@code httpfs.proxyuser.*}, {@code
 * httpfs.buffer.size}); the authentication keys through {@link RelayAuth}. An {@code
 * httpfs.access.mode} that contradicts {@code blink.proxy.relay.writes.enabled} stops the start:
 * a relay that writes must be asked for in one place, the Blink key.
 *
 * <p>Immutable and thread-safe.
 */
public final class RelayConfig {
  public static final ConfigKey ADDRESS =
      new ConfigKey("blink.proxy.relay.address", "127.0.0.1:14000", "host:port");
  public static final ConfigKey PEERS = new ConfigKey("blink.proxy.relay.peers", "", "host:port");
  public static final ConfigKey SELF = new ConfigKey("blink.proxy.relay.self", "", "host:port");
  public static final ConfigKey DIR = new ConfigKey("blink.proxy.relay.dir", "", "path");
  public static final ConfigKey ENABLED =
      new ConfigKey("blink.proxy.relay.enabled", "true", "true or false");
  public static final ConfigKey WRITES =
      new ConfigKey("blink.proxy.relay.writes.enabled", "false", "true or false");
  public static final ConfigKey CSRF =
      new ConfigKey("blink.proxy.relay.rest-csrf.enabled", "true", "true or false");
  public static final ConfigKey HELD_REPORT_MS =
      new ConfigKey("blink.proxy.relay.held.report.ms", "0", "ms");
  public static final List<ConfigKey> KEYS =
      List.of(ENABLED, ADDRESS, PEERS, SELF, DIR, WRITES, CSRF, HELD_REPORT_MS);
  /** HttpFS's own switch ({@code read-write}, {@code read-only}, {@code write-only}). */
  static final String ACCESS_MODE = "httpfs.access.mode";
  static final String READ_ONLY = "read-only";

  /** True unless {@code blink.proxy.relay.enabled} is false (the proxy daemon's switch). */
  public static boolean enabled(Configuration conf) {
    return bool(conf, ENABLED, "set true to serve WebHDFS reads from the proxy, false to drain"
        + " only");
  }

  private static boolean bool(Configuration conf, ConfigKey key, String fix) {
    String v = ConfigValues.raw(conf::get, key);
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(key.name() + " = '" + v + "' is not true or false; "
          + fix);
    }
    return Boolean.parseBoolean(v);
  }

  private final String host;
  private final int port;
  private final List<String> peers;
  private final String self;
  private final Optional<String> dir;
  private final URI cluster;
  private final boolean writes;
  private final boolean csrf;
  private final String accessMode;
  private final long heldReportMs;

  private RelayConfig(Configuration conf) {
    String address = ConfigValues.raw(conf::get, ADDRESS);
    this.host = hostOf(ADDRESS, address, 0);
    this.port = portOf(ADDRESS, address, 0);
    this.peers = peers(ConfigValues.raw(conf::get, PEERS));
    this.self = ConfigValues.raw(conf::get, SELF);
    if (!peers.isEmpty() && !peers.contains(self)) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = '%s' is not one of %s = %s: set it to this relay's entry of that list",
          SELF.name(), self, PEERS.name(), peers));
    }
    if (peers.isEmpty() && !self.isEmpty()) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = '%s' is set but %s is empty: list every relay in %s, or unset %s", SELF.name(),
          self, PEERS.name(), PEERS.name(), SELF.name()));
    }
    String d = ConfigValues.raw(conf::get, DIR);
    this.dir = d.isEmpty() ? Optional.empty() : Optional.of(d);
    this.cluster = cluster(conf);
    this.writes = bool(conf, WRITES, "set true to let the relay change HDFS (CREATE, MKDIRS,"
        + " DELETE, ...), false to serve reads only");
    this.csrf = bool(conf, CSRF, "set true to refuse browsers' cross-site writes (Hadoop's"
        + " RestCsrfPreventionFilter), false only behind a gateway that does it");
    this.accessMode = accessMode(conf, writes);
    this.heldReportMs = ConfigValues.longIn(conf::get, HELD_REPORT_MS, 0, 600_000L);
    if (heldReportMs > 0 && heldReportMs < 1_000) {
      throw new IllegalArgumentException(HELD_REPORT_MS.name() + " = " + heldReportMs + " is"
          + " invalid: give 0 (no reports) or 1000..600000 ms (default "
          + HELD_REPORT_MS.defaultValue() + "; 10000 reports every 10 s)");
    }
    ClientConfig pc = ClientConfig.from(conf); // a bad blink.* schedule value fails here
    if (heldReportMs > 0 && pc.schedulerAddress().isEmpty()) {
      throw new IllegalArgumentException(HELD_REPORT_MS.name() + " = " + heldReportMs
          + " needs " + ClientConfig.SCHEDULER_ADDRESS.name() + " (the reports go to the"
          + " scheduler's PUT /v1/held); set it, or set " + HELD_REPORT_MS.name() + " = 0");
    }
    if (pc.scheduleFile().isEmpty() && pc.schedulerAddress().isEmpty()) {
      throw new IllegalArgumentException("neither " + ClientConfig.SCHEDULER_ADDRESS.name()
          + " nor " + ClientConfig.SCHEDULE_FILE.name() + " is set: the relay reads through"
          + " BlinkDistributedFileSystem, which holds a read for a replica's window only when it"
          + " knows the schedule; set one of them as on the NameNode");
    }
  }

  /** Reads and validates the relay's keys from {@code conf}. */
  public static RelayConfig from(Configuration conf) {
    return new RelayConfig(conf);
  }

  /** The host (or IP) to bind. */
  public String host() {
    return host;
  }

  /** The port to bind; 0 for any free port. */
  public int port() {
    return port;
  }

  /** Every relay as clients reach it; empty when this relay serves every path. */
  public List<String> peers() {
    return peers;
  }

  /** This relay's entry of {@link #peers}; empty when peers are empty. */
  public String self() {
    return self;
  }

  /** The working directory, when one is configured. */
  public Optional<String> dir() {
    return dir;
  }

  /** Whether the relay accepts {@code PUT}, {@code POST} and {@code DELETE}. */
  public boolean writes() {
    return writes;
  }

  /** Whether Hadoop's CSRF filter guards the relay. */
  public boolean csrf() {
    return csrf;
  }

  /** Milliseconds between two held-read reports to the scheduler; 0 for none. */
  public long heldReportMs() {
    return heldReportMs;
  }

  /** The {@code httpfs.access.mode} HttpFS runs with. */
  String accessMode() {
    return accessMode;
  }

  /**
   * HttpFS's access mode for {@code writes}: {@code read-only} when writes are off; the
   * operator's {@code httpfs.access.mode} (default {@code read-write}) when they are on. A mode
   * that contradicts the switch, or one HttpFS does not know (HttpFS takes any unknown value for
   * read-write), is refused.
   */
  private static String accessMode(Configuration conf, boolean writes) {
    String mode = conf.getTrimmed(ACCESS_MODE, "");
    if (!mode.isEmpty() && !List.of("read-write", READ_ONLY, "write-only").contains(mode)) {
      throw new IllegalArgumentException(ACCESS_MODE + " = '" + mode + "' is not read-write,"
          + " read-only or write-only; unset it and use " + WRITES.name() + " (false: read-only)");
    }
    if (!writes && !mode.isEmpty() && !mode.equals(READ_ONLY)) {
      throw new IllegalArgumentException(ACCESS_MODE + " = '" + mode + "' but " + WRITES.name()
          + " = false: the relay is read-only unless asked; set " + WRITES.name() + " = true to"
          + " let it write, or unset " + ACCESS_MODE);
    }
    if (writes && mode.equals(READ_ONLY)) {
      throw new IllegalArgumentException(ACCESS_MODE + " = 'read-only' but " + WRITES.name()
          + " = true: unset " + ACCESS_MODE + ", or set " + WRITES.name() + " = false");
    }
    return writes ? (mode.isEmpty() ? "read-write" : mode) : READ_ONLY;
  }

  /** The {@code hdfs://} cluster the relay serves ({@code fs.defaultFS}). */
  public URI cluster() {
    return cluster;
  }

  private static URI cluster(Configuration conf) {
    String fs = conf.getTrimmed("fs.defaultFS", "");
    URI uri;
    try {
      uri = URI.create(fs);
    } catch (IllegalArgumentException e) {
      uri = null;
    }
    if (uri == null || !"hdfs".equals(uri.getScheme()) || uri.getAuthority() == null) {
      throw new IllegalArgumentException("fs.defaultFS = '" + fs + "' is not an hdfs:// URI: the"
          + " read relay serves one HDFS cluster; set fs.defaultFS to hdfs://<namenode>:<port>"
          + " (or the nameservice) in core-site.xml");
    }
    return uri;
  }

  private static List<String> peers(String value) {
    List<String> out = new ArrayList<>();
    if (value.isEmpty()) {
      return out;
    }
    for (String p : value.split(",")) {
      String peer = p.trim();
      hostOf(PEERS, peer, 1);
      portOf(PEERS, peer, 1);
      if (out.contains(peer)) {
        throw new IllegalArgumentException(String.format(Locale.ROOT,
            "%s = '%s' lists %s twice: list each relay once", PEERS.name(), value, peer));
      }
      out.add(peer);
    }
    return List.copyOf(out);
  }

  private static String hostOf(ConfigKey key, String address, int minPort) {
    int colon = address.lastIndexOf(':');
    if (colon <= 0) {
      throw badAddress(key, address, minPort);
    }
    return address.substring(0, colon);
  }

  private static int portOf(ConfigKey key, String address, int minPort) {
    int colon = address.lastIndexOf(':');
    try {
      int port = Integer.parseInt(address.substring(colon + 1));
      if (colon > 0 && port >= minPort && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw badAddress(key, address, minPort);
  }

  private static IllegalArgumentException badAddress(ConfigKey key, String address,
      int minPort) {
    return new IllegalArgumentException(String.format(Locale.ROOT,
        "%s = '%s' is invalid: give host:port with a port in %d..65535, e.g. 0.0.0.0:14000%s",
        key.name(), address, minPort, key == PEERS ? " (comma-separated, one per relay)" : ""));
  }
}
