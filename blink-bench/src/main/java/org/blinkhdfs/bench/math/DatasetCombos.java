package org.blinkhdfs.bench.math;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.blinkhdfs.bench.availability.Combinations;

/**
 * Which combinations of live datasets a cluster run of Rabbit Fig 8 measures. Rabbit's simulator
 * tries every combination; a cluster run reads every live dataset in full for each one, so it
 * takes a seeded sample of at most {@code max} per row (all of them when there are fewer), and
 * compares its measurements with the predictions for exactly those combinations.
 *
 * <p>Worked example (tested): the 3 combinations of 2 of {d1, d2, d3} with max 5 are all of them,
 * in lexicographic order of positions: [d1, d2], [d1, d3], [d2, d3].
 *
 * <p>Pure and deterministic: the same names, sizes and seed give the same sample.
 */
public final class DatasetCombos {
  /** More combinations than this in one row is a typo (C(16, 8) = 12 870 fits). */
  static final int MAX_ENUMERATED = 20_000;

  private DatasetCombos() {}

  /**
   * Combinations of {@code live} of {@code names}, each in the names' order; all of them when at
   * most {@code max}, else {@code max} drawn without replacement by a {@link Random} seeded with
   * {@code seed}, listed in lexicographic order of positions.
   */
  public static List<List<String>> sample(List<String> names, int live, int max, long seed) {
    if (live < 1 || live > names.size()) {
      throw new IllegalArgumentException("live datasets must be in [1, " + names.size()
          + "], got " + live);
    }
    if (max < 1) {
      throw new IllegalArgumentException("combinations per row must be >= 1, got " + max);
    }
    List<int[]> all = new ArrayList<>();
    try {
      Combinations.forEach(names.size(), live, MAX_ENUMERATED, idx -> all.add(idx.clone()));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("more than " + MAX_ENUMERATED + " combinations of "
          + live + " of " + names.size() + " datasets; use fewer datasets", e);
    }
    List<int[]> chosen = all;
    if (all.size() > max) {
      chosen = new ArrayList<>(all);
      Collections.shuffle(chosen, new Random(seed));
      chosen = new ArrayList<>(chosen.subList(0, max));
      chosen.sort(LEXICOGRAPHIC);
    }
    List<List<String>> out = new ArrayList<>(chosen.size());
    for (int[] c : chosen) {
      List<String> combo = new ArrayList<>(c.length);
      for (int i : c) {
        combo.add(names.get(i));
      }
      out.add(List.copyOf(combo));
    }
    return List.copyOf(out);
  }

  private static final Comparator<int[]> LEXICOGRAPHIC = (a, b) -> {
    for (int i = 0; i < a.length; i++) {
      if (a[i] != b[i]) {
        return Integer.compare(a[i], b[i]);
      }
    }
    return 0;
  };
}
