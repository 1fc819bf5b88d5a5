package org.blinkhdfs.yarn;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.daemon.http.KeytabLogin;
import org.blinkhdfs.model.config.CoreConfig;

/**
 * The YARN publisher's configuration, typed and validated at startup; a bad value stops the
 * daemon with a message naming the key, the value and the fix. The ResourceManager's addresses
 * come from the standard yarn-site.xml keys ({@code yarn.resourcemanager.admin.address} for
 * attributes and resources, {@code yarn.resourcemanager.address} for node reports).
 *
 * <p>Why a 10 s close lead for a 60 s interval: a container allocated at the lead edge is
 * started on the next ApplicationMaster heartbeat (1 s for MapReduce), launched through the
 * NodeManager (localization, a JVM start: a few seconds), so it is running, not half-launched,
 * when its host freezes. A longer lead wastes more of each window (a 20 s window keeps 10 s of
 * new starts); a window shorter than twice the lead offers its first half (a container there is
 * paused with its host rather than never placed); the lead must be below
 * {@code blink.interval.ms} (checked when the publisher is enabled: a demo with a 6 s interval
 * sets a lead of about 1 s).
 *
 * <p>Example: {@code blink.yarn.publisher.enabled = true}, {@code blink.yarn.nodes =
 * 127.0.0.1:9866=localhost:40001,127.0.0.1:9867=localhost:40002} on a one-host test cluster.
 *
 * <p>Immutable.
 */
public final class YarnPublisherConfig {
  public static final ConfigKey ENABLED =
      new ConfigKey("blink.yarn.publisher.enabled", "false", "true|false");
  public static final ConfigKey CLOSE_LEAD_MS =
      new ConfigKey("blink.yarn.close.lead.ms", "10000", "ms");
  public static final ConfigKey NODES = new ConfigKey("blink.yarn.nodes", "", "dn=nm list");
  public static final ConfigKey PERIOD_MS =
      new ConfigKey("blink.yarn.publisher.period.ms", "10000", "ms");
  public static final ConfigKey RPC_MAX_WAIT_MS =
      new ConfigKey("blink.yarn.rpc.max.wait.ms", "10000", "ms");

  /**
   * The publisher's own Kerberos login for its ResourceManager calls ({@code
   * blink.yarn.publisher.kerberos.principal}, {@code .keytab}; {@link
   * YarnPublisher#loginIfEnabled}).
   */
  public static final KeytabLogin.Keys KERBEROS = KeytabLogin.Keys.of("blink.yarn.publisher");

  /** Every key this class and {@link YarnPublisher#loginIfEnabled} read. */
  public static final List<ConfigKey> KEYS = List.of(ENABLED, CLOSE_LEAD_MS, NODES, PERIOD_MS,
      RPC_MAX_WAIT_MS, KERBEROS.principal(), KERBEROS.keytab());

  final boolean enabled;
  final long closeLeadMs;
  final Map<String, String> nodes;
  final long periodMs;
  final long rpcMaxWaitMs;
  final long intervalMs;

  /** Reads and validates every key through {@code lookup} (e.g. {@code conf::get}). */
  public YarnPublisherConfig(Function<String, String> lookup) {
    this.enabled = bool(lookup, ENABLED);
    this.intervalMs = new CoreConfig(lookup).intervalMs();
    this.closeLeadMs = ConfigValues.longIn(lookup, CLOSE_LEAD_MS, 0, 3_600_000L);
    if (enabled && closeLeadMs >= intervalMs) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = %d ms is not below %s = %d ms: no blink window could ever offer compute; give"
              + " the few seconds a container needs to start, well below the interval (default"
              + " %s for a 60000 ms interval)", CLOSE_LEAD_MS.name(), closeLeadMs,
          CoreConfig.INTERVAL_MS.name(), intervalMs, CLOSE_LEAD_MS.defaultValue()));
    }
    this.nodes = nodeMap(ConfigValues.raw(lookup, NODES));
    this.periodMs = ConfigValues.longIn(lookup, PERIOD_MS, 100, 600_000L);
    this.rpcMaxWaitMs = ConfigValues.longIn(lookup, RPC_MAX_WAIT_MS, 1_000, 600_000L);
  }

  /** True when {@link #ENABLED} is set. */
  public boolean enabled() {
    return enabled;
  }

  private static boolean bool(Function<String, String> lookup, ConfigKey key) {
    String v = ConfigValues.raw(lookup, key).toLowerCase(Locale.ROOT);
    if (!v.equals("true") && !v.equals("false")) {
      throw new IllegalArgumentException(key.name() + " = '" + v
          + "' is invalid: give true or false (default " + key.defaultValue() + ")");
    }
    return Boolean.parseBoolean(v);
  }

  private static Map<String, String> nodeMap(String raw) {
    Map<String, String> out = new LinkedHashMap<>();
    if (raw.isEmpty()) {
      return out;
    }
    for (String pair : raw.split(",")) {
      String[] kv = pair.trim().split("=", -1);
      if (kv.length != 2 || !isHostPort(kv[0].trim()) || !isHostPort(kv[1].trim())) {
        throw new IllegalArgumentException(NODES.name() + " lists '" + pair.trim()
            + "': give dataNodeXferAddr=nodeManagerHost:port, comma-separated, e.g."
            + " 127.0.0.1:9866=localhost:40001");
      }
      if (out.put(kv[0].trim(), kv[1].trim()) != null) {
        throw new IllegalArgumentException(NODES.name() + " maps DataNode " + kv[0].trim()
            + " twice: keep one entry");
      }
    }
    return out;
  }

  private static boolean isHostPort(String s) {
    return s.matches("[^:\\s=]+:[0-9]{1,5}") || s.matches("\\[[0-9a-fA-F:]+\\]:[0-9]{1,5}");
  }
}
