package org.blinkhdfs.rabbit.dataset;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;

/**
 * The {@code blink.rabbit.datasets*} keys, typed and validated in one place (the NameNode's
 * dataset placement and the dataset metrics read the same object). A bad value fails when the
 * policy or plugin is configured (NameNode start), naming the key, the value and the fix.
 *
 * <ul>
 *   <li>{@code blink.rabbit.datasets} (default empty): the datasets, {@code name=/root,...}
 *       ({@link DatasetSpecs}); order fixes their chains, so append new ones.
 *   <li>{@code blink.rabbit.datasets.share} (default {@code fair}): how the nodes on are shared
 *       among live datasets, {@code fair} or {@code priority} ({@link SharePolicy}).
 *   <li>{@code blink.rabbit.datasets.weights} (default empty): priority weights,
 *       {@code name=weight,...} over configured datasets, each in 1..{@link
 *       LiveDatasets#MAX_WEIGHT}; unlisted datasets weigh 1. Used by {@code priority} only.
 *   <li>{@code blink.rabbit.datasets.live.ms} (default 300000): a dataset is live while a block of
 *       one of its files was written less than this long ago.
 * </ul>
 *
 * <p>Example: {@code blink.rabbit.datasets = logs=/data/logs,web=/data/web},
 * {@code ...share = priority}, {@code ...weights = web=3}: with 8 nodes on and both live, logs
 * gets 2 and web 6.
 *
 * <p>Immutable and thread-safe.
 */
public final class DatasetConfig {
  public static final ConfigKey DATASETS = DatasetSpecs.KEY;
  public static final ConfigKey SHARE = new ConfigKey("blink.rabbit.datasets.share", "fair", "");
  public static final ConfigKey WEIGHTS = new ConfigKey("blink.rabbit.datasets.weights", "", "");
  public static final ConfigKey LIVE_MS =
      new ConfigKey("blink.rabbit.datasets.live.ms", "300000", "ms");
  /** Where the datasets come from: these keys ({@code config}) or the groups document. */
  public static final ConfigKey SOURCE =
      new ConfigKey("blink.rabbit.datasets.source", "config", "");
  /** The value of {@link #SOURCE} that makes the application groups the datasets. */
  public static final String SOURCE_GROUPS = "groups";

  /** Every key the dataset code reads. */
  public static final List<ConfigKey> KEYS = List.of(DATASETS, SHARE, WEIGHTS, LIVE_MS, SOURCE);

  private final List<DatasetRoot> roots;
  private final SharePolicy share;
  private final Map<String, Integer> weights;
  private final long liveMs;
  private final boolean fromGroups;

  private DatasetConfig(Function<String, String> lookup) {
    this.roots = DatasetSpecs.fromConfig(lookup);
    this.share = parseShare(ConfigValues.raw(lookup, SHARE));
    this.weights = parseWeights(ConfigValues.raw(lookup, WEIGHTS), roots);
    this.liveMs = ConfigValues.longIn(lookup, LIVE_MS, 1_000, 86_400_000);
    this.fromGroups = parseSource(ConfigValues.raw(lookup, SOURCE));
    if (fromGroups && (!roots.isEmpty() || !weights.isEmpty())) {
      throw new IllegalArgumentException(SOURCE.name() + " = " + SOURCE_GROUPS + " takes the"
          + " datasets and their weights from the application groups document, but "
          + (roots.isEmpty() ? WEIGHTS.name() : DATASETS.name()) + " is set too: define the"
          + " datasets as groups (bin/blink admin -addGroup) and leave " + DATASETS.name()
          + " and " + WEIGHTS.name() + " empty, or set " + SOURCE.name() + " = config");
    }
  }

  private static boolean parseSource(String value) {
    switch (value.toLowerCase(Locale.ROOT)) {
      case "config":
        return false;
      case SOURCE_GROUPS:
        return true;
      default:
        throw new IllegalArgumentException(SOURCE.name() + " = '" + value + "' is invalid: give"
            + " config (the datasets of " + DATASETS.name() + ") or groups (the application"
            + " groups document, docs/groups.md), default " + SOURCE.defaultValue());
    }
  }

  /** True when the datasets are the application groups ({@code ...source = groups}). */
  public boolean fromGroups() {
    return fromGroups;
  }

  /** Reads and validates the keys from a key-value lookup (an adapter passes {@code conf::get}). */
  public static DatasetConfig from(Function<String, String> lookup) {
    return new DatasetConfig(lookup);
  }

  /** The configured datasets, in the order they joined the cluster. */
  public List<DatasetRoot> roots() {
    return roots;
  }

  /** Fair share or priority. */
  public SharePolicy share() {
    return share;
  }

  /** The priority weight of {@code dataset}: as configured, else 1. */
  public int weight(String dataset) {
    return weights.getOrDefault(dataset, 1);
  }

  /** How long a write keeps a dataset live. */
  public long liveMs() {
    return liveMs;
  }

  private static SharePolicy parseShare(String value) {
    switch (value.toLowerCase(Locale.ROOT)) {
      case "fair":
        return SharePolicy.FAIR_SHARE;
      case "priority":
        return SharePolicy.PRIORITY;
      default:
        throw new IllegalArgumentException(SHARE.name() + " = '" + value + "' is invalid: give"
            + " fair (equal node counts) or priority (node counts in proportion to "
            + WEIGHTS.name() + "), default " + SHARE.defaultValue());
    }
  }

  private static Map<String, Integer> parseWeights(String value, List<DatasetRoot> roots) {
    Map<String, Integer> out = new LinkedHashMap<>();
    if (value.isEmpty()) {
      return out;
    }
    for (String raw : value.split(",", -1)) {
      String entry = raw.trim();
      int eq = entry.indexOf('=');
      if (eq < 0) {
        throw invalidWeights(value, "entry '" + entry + "' has no '='");
      }
      String name = entry.substring(0, eq).trim();
      if (roots.stream().noneMatch(r -> r.name().equals(name))) {
        throw invalidWeights(value, "'" + name + "' is not a dataset of " + DATASETS.name());
      }
      int weight = parseWeight(value, entry.substring(eq + 1).trim());
      if (out.put(name, weight) != null) {
        throw invalidWeights(value, "'" + name + "' is listed twice");
      }
    }
    return out;
  }

  private static int parseWeight(String value, String weight) {
    try {
      int w = Integer.parseInt(weight);
      if (w >= 1 && w <= LiveDatasets.MAX_WEIGHT) {
        return w;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw invalidWeights(value, "weight '" + weight + "' is not a whole number in 1.."
        + LiveDatasets.MAX_WEIGHT);
  }

  private static IllegalArgumentException invalidWeights(String value, String why) {
    return new IllegalArgumentException(WEIGHTS.name() + " = '" + value + "' is invalid: " + why
        + "; give comma-separated name=weight pairs over the datasets of " + DATASETS.name()
        + ", e.g. logs=1,web=3 (unlisted datasets weigh 1)");
  }
}
