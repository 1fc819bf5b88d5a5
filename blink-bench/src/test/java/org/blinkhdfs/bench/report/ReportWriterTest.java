package org.blinkhdfs.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.blinkhdfs.common.chart.LineChart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

class ReportWriterTest {
  @Test
  void writesEveryFileAndTheyReadBack(@TempDir Path dir) throws Exception {
    Report report = SampleReports.demo();
    List<Path> written = ReportWriter.writeAll(report, dir);
    List<PlotFile> plots = ReportPlots.plan(report);
    assertEquals(3 + 2 * plots.size(), written.size());
    assertEquals(List.of(dir.resolve("report.md"), dir.resolve("results.json"),
        dir.resolve("results.csv")), written.subList(0, 3));
    for (Path p : written) {
      assertTrue(Files.size(p) > 0, p.toString());
    }
    assertEquals(report, ReportJson.read(Files.readString(dir.resolve("results.json"))));
    assertEquals(report.cells(), ReportCsv.read(Files.readString(dir.resolve("results.csv"))));

    String md = Files.readString(dir.resolve("report.md"));
    Matcher links = Pattern.compile("\\]\\((plots/[^)]+)\\)").matcher(md);
    int linkCount = 0;
    while (links.find()) {
      assertTrue(Files.exists(dir.resolve(links.group(1))), links.group(1));
      linkCount++;
    }
    assertEquals(2 * plots.size(), linkCount);
    try (Stream<Path> files = Files.list(dir.resolve("plots"))) {
      assertTrue(files.noneMatch(p -> p.toString().endsWith(".tmp")));
    }
  }

  @Test
  void plotsAreValidSvgAndPngOfTheStatedSize(@TempDir Path dir) throws Exception {
    Report report = SampleReports.demo();
    ReportWriter.writeAll(report, dir);
    for (PlotFile plot : ReportPlots.plan(report)) {
      LineChart chart = plot.chart();
      Element svg = DocumentBuilderFactory.newInstance().newDocumentBuilder()
          .parse(new ByteArrayInputStream(Files.readAllBytes(dir.resolve(plot.svgName()))))
          .getDocumentElement();
      assertEquals("svg", svg.getTagName());
      BufferedImage png = ImageIO.read(new ByteArrayInputStream(
          Files.readAllBytes(dir.resolve(plot.pngName()))));
      assertNotNull(png, plot.pngName());
      assertEquals(chart.widthPx(), png.getWidth(), plot.stem());
      assertEquals(chart.heightPx(), png.getHeight(), plot.stem());
      assertEquals(Integer.toString(png.getWidth()), svg.getAttribute("width"));
      assertEquals(Integer.toString(png.getHeight()), svg.getAttribute("height"));
      String firstColour = chart.series().get(0).colour();
      int rgb = Integer.parseInt(firstColour.substring(1), 16);
      assertTrue(countPixels(png, rgb) > 30, plot.stem() + " draws its first series");
      assertTrue(countNonWhite(png) > 5_000, plot.stem());
    }
  }

  @Test
  void rewritingReplacesFiles(@TempDir Path dir) throws Exception {
    ReportWriter.writeAll(SampleReports.demo(), dir);
    Report smaller = new Report(SampleReports.run(), SampleReports.throughputCells(),
        List.of(Check.fail("blocks lost", "1")));
    ReportWriter.writeAll(smaller, dir);
    String md = new String(Files.readAllBytes(dir.resolve("report.md")), StandardCharsets.UTF_8);
    assertTrue(md.contains("**1 of 1 checks FAILED.**"), md);
    assertEquals(smaller, ReportJson.read(Files.readString(dir.resolve("results.json"))));
  }

  private static int countPixels(BufferedImage img, int rgb) {
    int n = 0;
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        n += (img.getRGB(x, y) & 0xffffff) == rgb ? 1 : 0;
      }
    }
    return n;
  }

  private static int countNonWhite(BufferedImage img) {
    return img.getWidth() * img.getHeight() - countPixels(img, 0xffffff);
  }
}
