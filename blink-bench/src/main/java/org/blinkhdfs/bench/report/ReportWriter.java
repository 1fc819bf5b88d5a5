package org.blinkhdfs.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.blinkhdfs.common.chart.ChartRenderer;

/**
 * Writes a {@link Report} into a directory (the demo uses {@code target/blink-report/}):
 *
 * <pre>
 * report.md              ReportMarkdown, links the plots below
 * results.json           ReportJson (the whole report, machine-readable)
 * results.csv            ReportCsv (long form)
 * plots/&lt;stem&gt;.svg       one per ReportPlots#plan entry
 * plots/&lt;stem&gt;.png       the same chart, same layout, as PNG (headless Java2D)
 * </pre>
 *
 * <p>Each file is written to a temporary sibling and moved into place (atomically where the file
 * system allows), so a reader never sees half a file. Files from earlier runs that this run does
 * not write are left alone.
 *
 * <p>Stateless and thread-safe; two writers must not share a directory at the same time.
 */
public final class ReportWriter {
  private ReportWriter() {}

  /**
   * Writes everything; returns the written paths: report.md, results.json, results.csv, then
   * each plot's SVG and PNG.
   */
  public static List<Path> writeAll(Report report, Path dir) throws IOException {
    List<PlotFile> plots = ReportPlots.plan(report);
    Files.createDirectories(dir.resolve("plots"));
    List<Path> written = new ArrayList<>();
    written.add(write(dir.resolve("report.md"), text(ReportMarkdown.render(report, plots))));
    written.add(write(dir.resolve("results.json"), text(ReportJson.write(report))));
    written.add(write(dir.resolve("results.csv"), text(ReportCsv.write(report))));
    for (PlotFile p : plots) {
      written.add(write(dir.resolve(p.svgName()), text(ChartRenderer.svg(p.chart()))));
      written.add(write(dir.resolve(p.pngName()), ChartRenderer.png(p.chart())));
    }
    return List.copyOf(written);
  }

  private static byte[] text(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static Path write(Path target, byte[] bytes) throws IOException {
    Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
    Files.write(tmp, bytes);
    try {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
    }
    return target;
  }
}
