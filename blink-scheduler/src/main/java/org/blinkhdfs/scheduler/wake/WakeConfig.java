package org.blinkhdfs.scheduler.wake;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.blinkhdfs.common.cli.Durations;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.control.scheduler.WakeAttempt;
import org.blinkhdfs.control.scheduler.WakeBackend;

/**
 * The scheduler's wake on demand settings ({@code blink.scheduler.wake.*} beyond the wake
 * request limits), read and validated at startup: which backend wakes each ring node, each
 * backend's parameters, and how hard to try. A bad value stops the daemon with the key, the value
 * and the fix.
 *
 * <p>{@code blink.scheduler.wake.backend} is a comma-separated list: a bare name ({@code none},
 * {@code wol}, {@code command}, {@code qmp}) is the backend of every ring node, and {@code
 * node=name} entries override it for one node. Every node given a backend needs that backend's
 * parameters, and every parameter list names only ring nodes that use its backend (a MAC for a
 * node whose backend is {@code none} is a forgotten backend, not something to ignore).
 *
 * <p>Example (two racks: Wake-on-LAN for one, the BMC for the other):
 *
 * <pre>
 * blink.scheduler.wake.backend = wol, 10.0.1.21:9866=command, 10.0.1.22:9866=command
 * blink.scheduler.wake.wol.macs = 10.0.0.11:9866=52:54:00:00:00:11, ...
 * blink.scheduler.wake.wol.address = 10.0.0.255:9
 * blink.scheduler.wake.command = ipmitool -I lanplus -H {host}-bmc -f /etc/blink/ipmi chassis
 *     power on
 * </pre>
 *
 * <p>Immutable.
 */
public final class WakeConfig {
  public static final ConfigKey BACKEND = new ConfigKey("blink.scheduler.wake.backend", "none",
      "");
  public static final ConfigKey RETRY = new ConfigKey("blink.scheduler.wake.retry", "2s", "time");
  public static final ConfigKey ATTEMPTS =
      new ConfigKey("blink.scheduler.wake.attempts", "5", "sends");
  public static final ConfigKey TIMEOUT =
      new ConfigKey("blink.scheduler.wake.timeout", "30s", "time");
  public static final ConfigKey WOL_MACS = new ConfigKey("blink.scheduler.wake.wol.macs", "",
      "node=MAC list");
  public static final ConfigKey WOL_ADDRESS =
      new ConfigKey("blink.scheduler.wake.wol.address", "255.255.255.255:9", "host:port");
  public static final ConfigKey COMMAND = new ConfigKey("blink.scheduler.wake.command", "", "");
  public static final ConfigKey COMMAND_TIMEOUT =
      new ConfigKey("blink.scheduler.wake.command.timeout", "10s", "time");
  public static final ConfigKey QMP_SOCKETS = new ConfigKey("blink.scheduler.wake.qmp.sockets",
      "", "node=path list");
  public static final ConfigKey QMP_TIMEOUT =
      new ConfigKey("blink.scheduler.wake.qmp.timeout", "10s", "time");
  public static final List<ConfigKey> KEYS = List.of(BACKEND, RETRY, ATTEMPTS, TIMEOUT, WOL_MACS,
      WOL_ADDRESS, COMMAND, COMMAND_TIMEOUT, QMP_SOCKETS, QMP_TIMEOUT);

  static final String NONE = "none";
  static final String WOL = "wol";
  static final String CMD = "command";
  static final String QMP = "qmp";
  private static final List<String> NAMES = List.of(NONE, WOL, CMD, QMP);
  private static final long MAX_MS = 3_600_000;
  private static final Pattern MAC =
      Pattern.compile("\\p{XDigit}{2}([:-]\\p{XDigit}{2}){5}");
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{[^}]*}");

  private final Map<String, WakeBackend> backends;
  private final WakeAttempt.Settings settings;

  /**
   * @param lookup the configuration ({@code conf::get})
   * @param ring {@code blink.scheduler.nodes}, the only nodes that sleep
   */
  public WakeConfig(Function<String, String> lookup, List<String> ring, Clock clock) {
    Map<String, String> chosen = backendPerNode(lookup, ring);
    long retryMs = duration(lookup, RETRY, 1);
    int attempts = (int) ConfigValues.longIn(lookup, ATTEMPTS, 1, 1000);
    long timeoutMs = duration(lookup, TIMEOUT, 1);
    if (timeoutMs <= retryMs) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = %s must exceed %s = %s: a retry after the deadline would never count; raise"
              + " the timeout above the retry interval (defaults %s and %s)", TIMEOUT.name(),
          Durations.format(timeoutMs), RETRY.name(), Durations.format(retryMs),
          TIMEOUT.defaultValue(), RETRY.defaultValue()));
    }
    this.settings = new WakeAttempt.Settings(retryMs, attempts, timeoutMs);

    Map<String, WakeBackend> out = new LinkedHashMap<>();
    Map<String, String> macs = pairs(lookup, WOL_MACS, ring, chosen, WOL,
        "host:port=52:54:00:12:34:56");
    Map<String, byte[]> macBytes = new LinkedHashMap<>();
    macs.forEach((node, mac) -> macBytes.put(node, mac(node, mac)));
    InetSocketAddress wolAddress = wolAddress(lookup);
    WolBackend wol = new WolBackend(macBytes, wolAddress);

    String command = ConfigValues.raw(lookup, COMMAND);
    CommandBackend cmd = null;
    if (chosen.containsValue(CMD)) {
      cmd = new CommandBackend(template(command), duration(lookup, COMMAND_TIMEOUT, 1));
    } else if (!command.isEmpty()) {
      throw new IllegalArgumentException(COMMAND.name() + " = '" + command + "' is set but no"
          + " node uses it: set " + BACKEND.name() + " = " + CMD + " (or node=" + CMD
          + ") for the nodes it wakes, or remove it");
    } else {
      duration(lookup, COMMAND_TIMEOUT, 1);
    }

    Map<String, String> sockets = pairs(lookup, QMP_SOCKETS, ring, chosen, QMP,
        "host:port=/run/blink/dn1.qmp");
    Map<String, Path> socketPaths = new LinkedHashMap<>();
    sockets.forEach((node, p) -> socketPaths.put(node, Path.of(p)));
    QmpBackend qmp = new QmpBackend(socketPaths, duration(lookup, QMP_TIMEOUT, 1), clock);

    for (Map.Entry<String, String> e : chosen.entrySet()) {
      switch (e.getValue()) {
        case WOL -> out.put(e.getKey(), wol);
        case CMD -> out.put(e.getKey(), cmd);
        case QMP -> out.put(e.getKey(), qmp);
        default -> { }
      }
    }
    this.backends = java.util.Collections.unmodifiableMap(out);
  }

  /** Each ring node that has a backend other than none, with it, in ring order. */
  public Map<String, WakeBackend> backends() {
    return backends;
  }

  public WakeAttempt.Settings settings() {
    return settings;
  }

  /** For the start-up log: {@code none}, or e.g. {@code wol for 3 nodes, qmp for 1}. */
  public String describe() {
    if (backends.isEmpty()) {
      return "none";
    }
    Map<String, Integer> count = new LinkedHashMap<>();
    backends.values().forEach(b -> count.merge(b.name(), 1, Integer::sum));
    List<String> parts = new ArrayList<>();
    count.forEach((n, c) -> parts.add(n + " for " + c + " node" + (c == 1 ? "" : "s")));
    return String.join(", ", parts) + String.format(Locale.ROOT, " (retry %s, %d attempts,"
        + " timeout %s)", Durations.format(settings.retryMs()), settings.maxAttempts(),
        Durations.format(settings.timeoutMs()));
  }

  private static Map<String, String> backendPerNode(Function<String, String> lookup,
      List<String> ring) {
    String raw = ConfigValues.raw(lookup, BACKEND);
    String all = null;
    Map<String, String> perNode = new LinkedHashMap<>();
    for (String entry : raw.split(",")) {
      String e = entry.strip();
      if (e.isEmpty()) {
        continue;
      }
      int eq = e.indexOf('=');
      String name = (eq < 0 ? e : e.substring(eq + 1)).strip();
      if (!NAMES.contains(name)) {
        throw new IllegalArgumentException(String.format(Locale.ROOT,
            "%s = '%s': '%s' is not a wake backend: give one of %s for every node, then"
                + " node=backend for exceptions (e.g. wol, 10.0.0.21:9866=command)",
            BACKEND.name(), raw, name, String.join(", ", NAMES)));
      }
      if (eq < 0) {
        if (all != null) {
          throw new IllegalArgumentException(String.format(Locale.ROOT,
              "%s = '%s' names two backends for every node ('%s' and '%s'): give one, and"
                  + " node=backend for exceptions", BACKEND.name(), raw, all, name));
        }
        all = name;
      } else {
        String node = e.substring(0, eq).strip();
        ringNode(BACKEND, raw, node, ring);
        if (perNode.put(node, name) != null) {
          throw new IllegalArgumentException(String.format(Locale.ROOT,
              "%s = '%s' names %s twice: give each node once", BACKEND.name(), raw, node));
        }
      }
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (String n : ring) {
      out.put(n, perNode.getOrDefault(n, all == null ? NONE : all));
    }
    return out;
  }

  /**
   * The {@code node=value} list of {@code key}: ring nodes only, each once, and exactly the
   * nodes whose backend is {@code backend}.
   */
  private static Map<String, String> pairs(Function<String, String> lookup, ConfigKey key,
      List<String> ring, Map<String, String> chosen, String backend, String example) {
    String raw = ConfigValues.raw(lookup, key);
    Map<String, String> out = new LinkedHashMap<>();
    for (String entry : raw.split(",")) {
      String e = entry.strip();
      if (e.isEmpty()) {
        continue;
      }
      int eq = e.indexOf('=');
      if (eq <= 0 || eq == e.length() - 1) {
        throw new IllegalArgumentException(String.format(Locale.ROOT,
            "%s = '%s': '%s' is not node=value: give a comma-separated list such as %s",
            key.name(), raw, e, example));
      }
      String node = e.substring(0, eq).strip();
      ringNode(key, raw, node, ring);
      if (!chosen.get(node).equals(backend)) {
        throw new IllegalArgumentException(String.format(Locale.ROOT,
            "%s lists %s, whose wake backend is %s, not %s: set %s = %s (or %s=%s), or remove"
                + " it from %s", key.name(), node, chosen.get(node), backend, BACKEND.name(),
            backend, node, backend, key.name()));
      }
      if (out.put(node, e.substring(eq + 1).strip()) != null) {
        throw new IllegalArgumentException(String.format(Locale.ROOT,
            "%s = '%s' names %s twice: give each node once", key.name(), raw, node));
      }
    }
    Set<String> missing = new TreeSet<>();
    chosen.forEach((n, b) -> {
      if (b.equals(backend) && !out.containsKey(n)) {
        missing.add(n);
      }
    });
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s has no entry for %s, whose wake backend is %s: add node=value for each (e.g. %s)",
          key.name(), missing, backend, example));
    }
    return out;
  }

  private static void ringNode(ConfigKey key, String raw, String node, List<String> ring) {
    if (!ring.contains(node)) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = '%s' names %s, which is not in blink.scheduler.nodes: give ring nodes' DataNode"
              + " transfer addresses exactly as listed there (staging nodes never sleep)",
          key.name(), raw, node));
    }
  }

  private static byte[] mac(String node, String mac) {
    if (!MAC.matcher(mac).matches()) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s: the MAC of %s is '%s', not 6 hex octets: write it as 52:54:00:12:34:56 (from"
              + " `ip link` on the host)", WOL_MACS.name(), node, mac));
    }
    return HexFormat.of().parseHex(mac.replaceAll("[:-]", ""));
  }

  private static InetSocketAddress wolAddress(Function<String, String> lookup) {
    String raw = ConfigValues.raw(lookup, WOL_ADDRESS);
    int colon = raw.lastIndexOf(':');
    String fix = ": give the broadcast address and UDP port the magic packets go to, e.g. "
        + WOL_ADDRESS.defaultValue() + " or 10.0.0.255:9";
    if (colon <= 0) {
      throw new IllegalArgumentException(WOL_ADDRESS.name() + " = '" + raw
          + "' is not host:port" + fix);
    }
    int port;
    try {
      port = Integer.parseInt(raw.substring(colon + 1));
    } catch (NumberFormatException e) {
      port = -1;
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException(WOL_ADDRESS.name() + " = '" + raw
          + "' has no port in 1..65535" + fix);
    }
    try {
      return new InetSocketAddress(InetAddress.getByName(raw.substring(0, colon)), port);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(WOL_ADDRESS.name() + " = '" + raw
          + "': unknown host" + fix);
    }
  }

  private static List<String> template(String command) {
    if (command.isEmpty()) {
      throw new IllegalArgumentException(COMMAND.name() + " is empty but " + BACKEND.name()
          + " gives nodes the command backend: set it to the power-on command, e.g. ipmitool"
          + " -I lanplus -H {host}-bmc -f /etc/blink/ipmi chassis power on");
    }
    List<String> words = List.of(command.strip().split("\\s+"));
    for (String w : words) {
      Matcher m = PLACEHOLDER.matcher(w);
      while (m.find()) {
        if (!CommandBackend.PLACEHOLDERS.contains(m.group())) {
          throw new IllegalArgumentException(String.format(Locale.ROOT,
              "%s = '%s' uses %s: the placeholders are %s", COMMAND.name(), command,
              m.group(), String.join(", ", CommandBackend.PLACEHOLDERS)));
        }
      }
    }
    return words;
  }

  private static long duration(Function<String, String> lookup, ConfigKey key, long minMs) {
    return ConfigValues.durationMsIn(lookup, key, minMs, MAX_MS);
  }
}
