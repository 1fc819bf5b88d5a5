package org.blinkhdfs.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.common.csv.Csv;

/**
 * {@code results.csv}: the results in long ("tidy") form, one record per cell and metric, for
 * spreadsheets, pandas or R.
 *
 * <p>Grammar (RFC 4180, CRLF line ends, UTF-8, quoting by blink-common's {@link Csv}):
 *
 * <pre>
 * file   := header record*
 * header := "experiment,layout,replication,powerPercent,metric,measured,expected"
 * record := text "," text "," int "," int "," metric "," [number] "," [number]
 * </pre>
 *
 * An empty number means "not measured" or "no expectation"; numbers are the shortest decimal
 * that reads back to the same double, in plain notation ({@code 812}, {@code 0.7324}). Records
 * follow the report's cell order, and within a cell the metric table order. {@link #read} turns
 * a file back into cells (the run header and checks live in {@code results.json} only).
 *
 * <p>Worked example: the cell (read-latency, "ring, staggered", r = 3, 40%, measured meanMs 812.4,
 * expected 731.2) is the record {@code read-latency,"ring, staggered",3,40,meanMs,812.4,731.2}.
 *
 * <p>Stateless and thread-safe.
 */
public final class ReportCsv {
  public static final List<String> HEADER = List.of("experiment", "layout", "replication",
      "powerPercent", "metric", "measured", "expected");

  private ReportCsv() {}

  public static String write(Report report) {
    StringBuilder sb = new StringBuilder(Csv.record(HEADER));
    for (ReportCell c : report.cells()) {
      for (String m : c.metrics()) {
        sb.append(Csv.record(List.of(c.experiment(), c.layout(),
            Integer.toString(c.replication()), Integer.toString(c.powerPercent()), m,
            c.measured(m).isPresent() ? ReportText.exact(c.measured(m).getAsDouble()) : "",
            c.expected(m).isPresent() ? ReportText.exact(c.expected(m).getAsDouble()) : "")));
      }
    }
    return sb.toString();
  }

  /**
   * The cells of a file written by {@link #write}, in first-appearance order.
   *
   * @throws IllegalArgumentException naming the line when the header, a column count or a number
   *     is wrong
   */
  public static List<ReportCell> read(String csv) {
    List<List<String>> records = Csv.parseRecords(csv);
    if (records.isEmpty() || !records.get(0).equals(HEADER)) {
      throw new IllegalArgumentException("results CSV must start with the header "
          + String.join(",", HEADER));
    }
    Map<List<Object>, Point> points = new LinkedHashMap<>();
    for (int i = 1; i < records.size(); i++) {
      List<String> r = records.get(i);
      String where = "results CSV record " + (i + 1);
      if (r.size() != HEADER.size()) {
        throw new IllegalArgumentException(where + " has " + r.size() + " fields, expected "
            + HEADER.size());
      }
      List<Object> key = List.of(r.get(0), r.get(1), integer(where, r.get(2)),
          integer(where, r.get(3)));
      Point p = points.computeIfAbsent(key,
          k -> new Point(new LinkedHashMap<>(), new LinkedHashMap<>()));
      put(where, p.measured(), r.get(4), r.get(5));
      put(where, p.expected(), r.get(4), r.get(6));
    }
    List<ReportCell> out = new ArrayList<>();
    points.forEach((k, p) -> out.add(new ReportCell((String) k.get(0), (String) k.get(1),
        (Integer) k.get(2), (Integer) k.get(3), p.measured(), p.expected())));
    return out;
  }

  /** The metric maps of one point while reading. */
  private record Point(Map<String, Double> measured, Map<String, Double> expected) {}

  private static void put(String where, Map<String, Double> into, String metric, String value) {
    if (value.isEmpty()) {
      return;
    }
    try {
      into.put(metric, Double.parseDouble(value));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(where + ": '" + value + "' is not a number", e);
    }
  }

  private static int integer(String where, String value) {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(where + ": '" + value + "' is not an integer", e);
    }
  }
}
