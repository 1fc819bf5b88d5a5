package org.blinkhdfs.bench.report;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cells of one experiment keyed by (layout, replication, power), so tables and plots look a
 * point up in constant time instead of scanning the report for each of their cells.
 */
final class CellIndex {
  private final Map<List<Object>, ReportCell> cells = new HashMap<>();

  CellIndex(Report report, String experiment) {
    for (ReportCell c : report.cells(experiment)) {
      cells.put(key(c.layout(), c.replication(), c.powerPercent()), c);
    }
  }

  Optional<ReportCell> get(String layout, int replication, int powerPercent) {
    return Optional.ofNullable(cells.get(key(layout, replication, powerPercent)));
  }

  /** True when any power level was measured or expected for this layout and replication. */
  boolean has(String layout, int replication) {
    return cells.values().stream()
        .anyMatch(c -> c.layout().equals(layout) && c.replication() == replication);
  }

  private static List<Object> key(String layout, int replication, int powerPercent) {
    return List.of(layout, replication, powerPercent);
  }
}
