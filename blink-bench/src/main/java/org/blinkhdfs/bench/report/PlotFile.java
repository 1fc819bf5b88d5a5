package org.blinkhdfs.bench.report;

import java.util.Objects;
import java.util.regex.Pattern;
import org.blinkhdfs.common.chart.LineChart;

/**
 * One planned plot: its experiment, the chart, and the file stem it is written under ({@code
 * plots/<stem>.svg} and {@code plots/<stem>.png}).
 *
 * @param experiment the experiment it belongs to
 * @param stem file name without extension: letters, digits, {@code . _ -}
 * @param chart the chart
 */
public record PlotFile(String experiment, String stem, LineChart chart) {
  private static final Pattern STEM = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  public PlotFile {
    Objects.requireNonNull(experiment, "experiment");
    if (stem == null || !STEM.matcher(stem).matches()) {
      throw new IllegalArgumentException("plot stem '" + stem + "' must match " + STEM.pattern());
    }
    Objects.requireNonNull(chart, "chart");
  }

  public String svgName() {
    return "plots/" + stem + ".svg";
  }

  public String pngName() {
    return "plots/" + stem + ".png";
  }
}
