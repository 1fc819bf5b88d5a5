package org.blinkhdfs.rabbit.dataset;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;

/**
 * Parses {@code blink.rabbit.datasets}: the configured datasets as comma-separated
 * {@code name=/root} pairs, e.g. {@code logs=/data/logs,warehouse=/user/hive/warehouse}.
 *
 * <h2>Grammar</h2>
 * <pre>
 *   value   := "" | entry ("," entry)*
 *   entry   := ws name ws "=" ws root ws
 *   name    := [A-Za-z0-9][A-Za-z0-9_.-]{0,63}
 *   root    := "/" | ("/" component)+ ["/"]     (no empty, "." or ".." component)
 * </pre>
 * Names and roots must be unique; at most {@link #MAX_DATASETS} entries. The order matters: it is
 * the order in which datasets were added to the cluster, which fixes their expansion chains
 * ({@link DatasetCatalog}), so new datasets go at the end.
 *
 * <p>A bad value fails with the key, the value, the offending entry and the fix, e.g.
 * {@code blink.rabbit.datasets = 'logs:/data' is invalid: entry 'logs:/data' has no '='; give
 * comma-separated name=/absolute/path pairs, e.g. logs=/data/logs,warehouse=/user/hive/warehouse}.
 *
 * <p>Stateless and thread-safe.
 */
public final class DatasetSpecs {
  /** The configuration key; the default (empty) configures no datasets. */
  public static final ConfigKey KEY = new ConfigKey("blink.rabbit.datasets", "", "");
  /** A limit on the number of configured datasets. */
  public static final int MAX_DATASETS = 1_000;

  private static final String FIX = "give comma-separated name=/absolute/path pairs, e.g."
      + " logs=/data/logs,warehouse=/user/hive/warehouse";

  private DatasetSpecs() {}

  /**
   * Reads and parses {@link #KEY} from a key-value lookup (an adapter passes {@code conf::get}).
   */
  public static List<DatasetRoot> fromConfig(Function<String, String> lookup) {
    return parse(ConfigValues.raw(lookup, KEY));
  }

  /** Parses a value of {@link #KEY}; blank means no datasets. */
  public static List<DatasetRoot> parse(String value) {
    if (value == null || value.isBlank()) {
      return List.of();
    }
    String[] entries = value.split(",", -1);
    if (entries.length > MAX_DATASETS) {
      throw invalid(value, "it lists " + entries.length + " datasets, more than the limit of "
          + MAX_DATASETS);
    }
    List<DatasetRoot> roots = new ArrayList<>(entries.length);
    Map<String, String> names = new HashMap<>();
    Map<String, String> rootPaths = new HashMap<>();
    for (String raw : entries) {
      DatasetRoot root = parseEntry(value, raw.trim());
      String clash = names.put(root.name(), root.root());
      if (clash != null) {
        throw invalid(value, "dataset '" + root.name() + "' is listed twice");
      }
      String other = rootPaths.put(root.root(), root.name());
      if (other != null) {
        throw invalid(value, "datasets '" + other + "' and '" + root.name()
            + "' have the same root " + root.root());
      }
      roots.add(root);
    }
    return List.copyOf(roots);
  }

  private static DatasetRoot parseEntry(String value, String entry) {
    if (entry.isEmpty()) {
      throw invalid(value, "it has an empty entry (two commas in a row, or a trailing comma)");
    }
    int eq = entry.indexOf('=');
    if (eq < 0) {
      throw invalid(value, "entry '" + entry + "' has no '='");
    }
    String name = entry.substring(0, eq).trim();
    String root = entry.substring(eq + 1).trim();
    Optional<String> problem = DatasetRoot.nameProblem(name)
        .or(() -> DatasetRoot.rootProblem(root));
    if (problem.isPresent()) {
      throw invalid(value, "in entry '" + entry + "', " + problem.get());
    }
    return new DatasetRoot(name, root);
  }

  private static IllegalArgumentException invalid(String value, String why) {
    return new IllegalArgumentException(KEY.name() + " = '" + value + "' is invalid: " + why
        + "; " + FIX);
  }
}
