package org.blinkhdfs.bench.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.report.ReportCell;
import org.junit.jupiter.api.Test;

class TextRatiosTest {
  private static ReportCell wc(String layout, int power, double seconds, double ci) {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put(TextRatios.JOB_SECONDS, seconds);
    m.put(TextRatios.JOB_SECONDS_CI95, ci);
    return new ReportCell("wordcount", layout, 3, power, m, Map.of());
  }

  private static ReportCell grep(int power, int k, double mbps, double watts) {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put(TextRatios.JOB_SECONDS, 100 / mbps);
    m.put(TextRatios.JOB_SECONDS_CI95, 0.0);
    m.put(TextRatios.MAX_PERF_NODES, (double) k);
    m.put("wattsAsterixI", watts);
    m.put(TextRatios.KBPS_PER_WATT, mbps * 1000 / watts);
    return new ReportCell("grep", "default+io-server", 3, power, m, Map.of());
  }

  private static ReportCell find(List<ReportCell> cells, String experiment, String layout,
      int power) {
    return cells.stream().filter(c -> c.experiment().equals(experiment)
        && c.layout().equals(layout) && c.powerPercent() == power).findFirst().orElseThrow();
  }

  @Test
  void classCommentExampleByHand() {
    List<ReportCell> in = new ArrayList<>(List.of(wc("ring", 100, 18, 0), wc("ring", 50, 40, 0),
        wc("equal-work+activation", 100, 17, 0), wc("equal-work+activation", 50, 80, 0)));
    List<ReportCell> out = TextRatios.cells(in);
    ReportCell layout = find(out, TextRatios.LAYOUT_RATIO, "ring / equal-work+activation", 50);
    assertEquals(0.5, layout.measured("ratio").getAsDouble(), 1e-12);
    assertEquals(0.58, layout.expected("ratioPaper").getAsDouble(), 1e-12);
    ReportCell full = find(out, TextRatios.LAYOUT_RATIO, "ring / equal-work+activation", 100);
    assertEquals(18.0 / 17, full.measured("ratio").getAsDouble(), 1e-12);
    assertTrue(full.expected("ratioPaper").isEmpty(), "the paper states ratios at 50% only");
    ReportCell ideal = find(out, TextRatios.VS_IDEAL, "ring", 50);
    assertEquals(40.0 / 36, ideal.measured("ratio").getAsDouble(), 1e-12);
    assertEquals(1.0, ideal.expected("ratio").getAsDouble(), 1e-12);
    assertEquals(80.0 / 34, find(out, TextRatios.VS_IDEAL, "equal-work+activation", 50)
        .measured("ratio").getAsDouble(), 1e-12);
    assertEquals(4, out.size(), "two layout ratios and two vs-ideal cells: " + out);
  }

  @Test
  void ratioIntervalAddsRelativeHalfWidthsInQuadrature() {
    // 40 +/- 3 (7.5%) over 80 +/- 8 (10%): 0.5 +/- 0.5 * 12.5% = 0.0625
    List<ReportCell> out = TextRatios.cells(List.of(wc("ring", 50, 40, 3),
        wc("lp", 50, 80, 8)));
    assertEquals(0.0625, find(out, TextRatios.LAYOUT_RATIO, "ring / lp", 50)
        .measured("ratioCi95").getAsDouble(), 1e-12);
  }

  @Test
  void loadProportionalGetsItsOwnPaperRatio() {
    List<ReportCell> out = TextRatios.cells(List.of(wc("ring", 50, 40, 0),
        wc("default+load-proportional", 50, 80, 0)));
    assertEquals(0.35, find(out, TextRatios.LAYOUT_RATIO, "ring / default+load-proportional",
        50).expected("ratioPaper").getAsDouble(), 1e-12);
  }

  @Test
  void perWattRatiosAgainstAllMaxPerfWithTable2() {
    // Table 2's watts with Asterix-I: 483, 658, 833, 1008 W; throughput proportional to k
    List<ReportCell> in = List.of(grep(48, 1, 2, 483), grep(66, 2, 4, 658),
        grep(83, 3, 6, 833), grep(100, 4, 8, 1008));
    List<ReportCell> out = TextRatios.cells(in);
    assertEquals(4, out.size());
    ReportCell one = find(out, TextRatios.PER_WATT_RATIO, "default+io-server", 48);
    double measured = (2000.0 / 483) / (8000.0 / 1008);
    assertEquals(measured, one.measured("ratio").getAsDouble(), 1e-12);
    assertEquals(0.25 * 1008 / 483, one.expected("ratio").getAsDouble(), 1e-12);
    assertEquals(40.49 / 80.6, one.expected("ratioPaper").getAsDouble(), 1e-12);
    assertEquals(1.0, find(out, TextRatios.PER_WATT_RATIO, "default+io-server", 100)
        .measured("ratio").getAsDouble(), 1e-12);
  }

  @Test
  void overBudgetCellsEnterNoRatio() {
    ReportCell over = wc("equal-work+activation", 20, 50, 0);
    Map<String, Double> m = new LinkedHashMap<>(over.measured());
    m.put("overBudget", 1.0);
    m.put("meanPowerW", 57.0);
    m.put("budgetW", 45.0);
    over = new ReportCell("wordcount", over.layout(), 3, 20, m, Map.of());
    List<ReportCell> in = List.of(wc("ring", 100, 18, 0), wc("ring", 20, 100, 0),
        wc("equal-work+activation", 100, 17, 0), over);
    List<ReportCell> out = TextRatios.cells(in);
    assertTrue(out.stream().noneMatch(c -> c.powerPercent() == 20
        && c.layout().contains("equal-work")), "no ratio touches the over-budget cell: " + out);
    assertEquals(100.0 / 18 / 5, find(out, TextRatios.VS_IDEAL, "ring", 20).measured("ratio")
        .getAsDouble(), 1e-12, "the ring's own ratio stays");
    assertEquals(List.of("wordcount-layout-ratio ring / equal-work+activation at 20% power: not"
        + " comparable, equal-work+activation over budget ‡ (57.0 of 45.0 W); no ratio given",
        "wordcount-vs-ideal equal-work+activation at 20% power: not comparable,"
        + " equal-work+activation over budget ‡ (57.0 of 45.0 W); no ratio given"),
        TextRatios.notComparable(in));
  }

  @Test
  void noFullPowerCellNoIdealRatio() {
    assertTrue(TextRatios.cells(List.of(wc("ring", 50, 40, 0))).isEmpty());
  }

  @Test
  void summaryLinesNameRatioIntervalAndPaper() {
    List<ReportCell> out = TextRatios.cells(List.of(wc("ring", 50, 40, 0),
        wc("equal-work+activation", 50, 80, 0)));
    assertEquals(List.of("wordcount-layout-ratio ring / equal-work+activation at 50% power:"
        + " 0.500x (95% interval +/- 0.000), paper 0.580x"), TextRatios.summary(out));
  }
}
