package org.blinkhdfs.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.blinkhdfs.common.csv.Csv;
import org.junit.jupiter.api.Test;

class ReportCsvTest {
  @Test
  void writesLongFormWithRfc4180Quoting() {
    Report r = new Report(SampleReports.run(), List.of(
        new ReportCell("read-latency", "ring, \"hot\" 3", 3, 40,
            Map.of("meanMs", 812.4, "p90Ms", 1500.0), Map.of("meanMs", 731.2)),
        new ReportCell("read-latency", "plain", 1, 20, Map.of(), Map.of("meanMs", 0.1))),
        List.of());
    String csv = ReportCsv.write(r);
    assertEquals(String.join("\r\n",
        "experiment,layout,replication,powerPercent,metric,measured,expected",
        "read-latency,\"ring, \"\"hot\"\" 3\",3,40,meanMs,812.4,731.2",
        "read-latency,\"ring, \"\"hot\"\" 3\",3,40,p90Ms,1500,",
        "read-latency,plain,1,20,meanMs,,0.1", ""), csv);
    assertEquals(r.cells(), ReportCsv.read(csv));
  }

  @Test
  void demoReportRoundTrips() {
    Report r = SampleReports.demo();
    String csv = ReportCsv.write(r);
    assertEquals(r.cells(), ReportCsv.read(csv));
    // One record per cell and metric, plus the header.
    int records = 1;
    for (ReportCell c : r.cells()) {
      records += c.metrics().size();
    }
    assertEquals(records, Csv.parseRecords(csv).size());
  }

  @Test
  void randomValuesAndNamesRoundTripExactly() {
    for (long seed = 0; seed < 100; seed++) {
      Random rnd = new Random(seed);
      List<ReportCell> cells = new ArrayList<>();
      int n = 1 + rnd.nextInt(6);
      for (int i = 0; i < n; i++) {
        Map<String, Double> m = new LinkedHashMap<>();
        Map<String, Double> e = new LinkedHashMap<>();
        m.put("meanMs", randomDouble(rnd));
        if (rnd.nextBoolean()) {
          e.put("meanMs", randomDouble(rnd));
        }
        if (rnd.nextBoolean()) {
          e.put("readMBps", randomDouble(rnd));
        }
        cells.add(new ReportCell("exp " + rnd.nextInt(3), randomText(rnd) + i,
            1 + rnd.nextInt(6), rnd.nextInt(101), m, e));
      }
      Report r = new Report(SampleReports.run(), cells, List.of());
      assertEquals(r.cells(), ReportCsv.read(ReportCsv.write(r)), "seed " + seed);
    }
  }

  @Test
  void readRefusesForeignFiles() {
    assertThrows(IllegalArgumentException.class, () -> ReportCsv.read("a,b\r\n1,2\r\n"));
    String header = String.join(",", ReportCsv.HEADER) + "\r\n";
    assertThrows(IllegalArgumentException.class, () -> ReportCsv.read(header + "e,l,3\r\n"));
    assertThrows(IllegalArgumentException.class,
        () -> ReportCsv.read(header + "e,l,three,40,meanMs,1,\r\n"));
    assertThrows(IllegalArgumentException.class,
        () -> ReportCsv.read(header + "e,l,3,40,meanMs,fast,\r\n"));
    assertThrows(IllegalArgumentException.class,
        () -> ReportCsv.read(header + "e,l,3,40,meanMs,NaN,\r\n"));
  }

  private static double randomDouble(Random rnd) {
    return switch (rnd.nextInt(4)) {
      case 0 -> rnd.nextDouble();
      case 1 -> rnd.nextGaussian() * 1e6;
      case 2 -> rnd.nextInt(10_000);
      default -> Math.scalb(rnd.nextDouble(), rnd.nextInt(200) - 100);
    };
  }

  private static String randomText(Random rnd) {
    String alphabet = "ab ,\"'|+-";
    StringBuilder sb = new StringBuilder("l");
    for (int i = rnd.nextInt(8); i > 0; i--) {
      sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
    }
    return sb.toString();
  }
}
