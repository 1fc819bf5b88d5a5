package org.blinkhdfs.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExperimentTableTest {
  private static Report report() {
    return new Report(SampleReports.run(), List.of(
        new ReportCell("dfsio", "aligned+aligned", 3, 40, Map.of(Metrics.READ_MBPS, 21.3,
            Metrics.READ_MBPS_CI95, 1.2, Metrics.MEAN_POWER_W, 88.0,
            Metrics.ci95(Metrics.MEAN_POWER_W), 2.5, Metrics.BUDGET_W, 90.0, Metrics.MIB_PER_J,
            0.25, Metrics.ci95(Metrics.MIB_PER_J), 0.0125, Metrics.ENERGY_J, 900.0),
            Map.of(Metrics.READ_MBPS, 36.0)),
        new ReportCell("dfsio", "covering-set+covering", 3, 40,
            Map.of(Metrics.NOT_SUPPORTED, 1.0), Map.of())), List.of());
  }

  @Test
  void headlineShowsTheRoundsIntervalBeforeTheExpectationAndNotSupported() {
    ExperimentTable t = ExperimentTable.headline(report(), "dfsio");
    assertEquals(List.of(List.of("aligned+aligned", "3", "21.3 ± 1.20 (36.0)"),
        List.of("covering-set+covering", "3", "not supported")), t.rows());
  }

  @Test
  void energyGridShowsIntervalsOfPowerAndWorkPerJoule() {
    ExperimentTable t = ExperimentTable.energy(report(), "dfsio").orElseThrow();
    assertEquals(List.of(List.of("aligned+aligned", "3", "88.0 ± 2.50 of 90.0 W, 0.250 ± 0.0125"
        + " MiB/J"), List.of("covering-set+covering", "3", "not supported")), t.rows());
  }
}
