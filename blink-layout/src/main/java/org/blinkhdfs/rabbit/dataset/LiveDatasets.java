package org.blinkhdfs.rabbit.dataset;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The live datasets D_L (Rabbit §3.4: "a dataset is live at a given time if an application is
 * reading or writing data to that dataset"), each with a priority weight.
 *
 * <p>The weight is used only by {@link SharePolicy#PRIORITY}: a dataset of weight 3 gets three
 * times the nodes of a dataset of weight 1 (the 1:3 split of §4.3.3). {@link #of} gives every
 * dataset weight 1. Names are kept sorted, so iteration order, and everything computed from it,
 * is deterministic.
 *
 * <p>Immutable and thread-safe.
 */
public final class LiveDatasets {
  /** Largest accepted weight. */
  public static final int MAX_WEIGHT = 1_000;

  private final TreeMap<String, Integer> weights;

  private LiveDatasets(Map<String, Integer> weights) {
    this.weights = new TreeMap<>(weights);
    if (this.weights.size() > DatasetSpecs.MAX_DATASETS) {
      throw new IllegalArgumentException("at most " + DatasetSpecs.MAX_DATASETS
          + " live datasets, got " + this.weights.size());
    }
    this.weights.forEach((name, w) -> {
      if (w == null || w < 1 || w > MAX_WEIGHT) {
        throw new IllegalArgumentException("priority weight of dataset '" + name
            + "' must be in 1.." + MAX_WEIGHT + ", got " + w);
      }
    });
  }

  /** Live datasets of equal weight 1. */
  public static LiveDatasets of(Set<String> names) {
    Map<String, Integer> w = new TreeMap<>();
    Objects.requireNonNull(names, "names must not be null").forEach(n -> w.put(n, 1));
    return new LiveDatasets(w);
  }

  /** Live datasets with priority weights in 1..{@link #MAX_WEIGHT}. */
  public static LiveDatasets withWeights(Map<String, Integer> weights) {
    return new LiveDatasets(Objects.requireNonNull(weights, "weights must not be null"));
  }

  /** The names, sorted. */
  public Set<String> names() {
    return weights.navigableKeySet();
  }

  /** The weight of a live dataset. */
  public int weight(String name) {
    Integer w = weights.get(name);
    if (w == null) {
      throw new IllegalArgumentException("dataset '" + name + "' is not live");
    }
    return w;
  }

  /** |D_L|. */
  public int size() {
    return weights.size();
  }

  @Override
  public String toString() {
    return "LiveDatasets" + weights;
  }
}
