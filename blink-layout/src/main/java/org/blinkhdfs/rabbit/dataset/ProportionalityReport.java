package org.blinkhdfs.rabbit.dataset;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The degree of power-proportionality of every live dataset of an allocation, with the average
 * and worst case the paper reports (§4.3.1, Figs. 8 and 9).
 *
 * @param byDataset degree in [0, 1] per live dataset, sorted by name
 */
public record ProportionalityReport(Map<String, Double> byDataset) {
  /** Copies and sorts. */
  public ProportionalityReport {
    byDataset = Collections.unmodifiableMap(new TreeMap<>(byDataset));
  }

  /** The mean degree over live datasets; 1 with none live (nothing is read, nothing is lost). */
  public double mean() {
    return byDataset.values().stream().mapToDouble(Double::doubleValue).average().orElse(1);
  }

  /** The lowest degree; 1 with none live. */
  public double worst() {
    return byDataset.values().stream().mapToDouble(Double::doubleValue).min().orElse(1);
  }
}
