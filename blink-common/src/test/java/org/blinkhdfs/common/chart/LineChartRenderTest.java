package org.blinkhdfs.common.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.blinkhdfs.common.chart.LineChart.Series;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** One chart model, two renderers: the SVG and the PNG must agree on geometry. */
class LineChartRenderTest {
  private static final String BLUE = "#1f77b4";
  private static final String ORANGE = "#ff7f0e";

  static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  /** The layout's worked example: legend "r=3" gives a plot from x 72 to 625, y 44 to 364. */
  static LineChart sample() {
    double[] x = {20, 40, 60, 100};
    return LineChart.builder("read latency").x(Axis.linear("power %").withRange(0, 100))
        .y(Axis.linear("ms")).add(Series.of("r=3", x, new double[] {400, 200, 100, 50}, BLUE))
        .add(Series.of("exp", x, new double[] {300, 150, 80, 0}, ORANGE)
            .withStyle(LineStyle.DASHED).withMarker(Marker.NONE))
        .build();
  }

  @Test
  void svgIsWellFormedWithOnePolylinePerSeriesAndDashes() throws Exception {
    Document doc = parse(ChartRenderer.svg(sample()));
    Element root = doc.getDocumentElement();
    assertEquals("720", root.getAttribute("width"));
    assertEquals("420", root.getAttribute("height"));
    NodeList lines = doc.getElementsByTagName("polyline");
    assertEquals(2, lines.getLength());
    Element measured = (Element) lines.item(0);
    Element expected = (Element) lines.item(1);
    assertEquals("r=3", measured.getAttribute("data-name"));
    assertEquals("", measured.getAttribute("stroke-dasharray"));
    assertEquals("8.0,5.0", expected.getAttribute("stroke-dasharray"));
    // x: 72 + 553·p/100; y: axis 0..400 (step 100), 364 − 320·v/400.
    assertEquals("182.6,44.0 293.2,204.0 403.8,284.0 625.0,324.0",
        measured.getAttribute("points"));
    // 4 markers for the measured series plus 1 in the legend; none for the dashed one.
    assertEquals(5, doc.getElementsByTagName("circle").getLength());
    assertTrue(texts(doc).containsAll(List.of("read latency", "power %", "ms", "r=3", "exp",
        "0", "20", "100", "400")), texts(doc).toString());
  }

  @Test
  void pngHasTheLayoutSizeAndDrawsWhereTheSvgDoes() throws Exception {
    LineChart chart = sample();
    BufferedImage png = ImageIO.read(new ByteArrayInputStream(ChartRenderer.png(chart)));
    assertNotNull(png, "PNG must decode");
    assertEquals(720, png.getWidth());
    assertEquals(420, png.getHeight());
    assertEquals("true", System.getProperty("java.awt.headless"));
    // The marker at (40 %, 200 ms) sits at (293.2, 204.0) in the SVG: same colour in the PNG.
    assertEquals(0x1f77b4, png.getRGB(293, 204) & 0xffffff);
    assertEquals(0xffffff, png.getRGB(2, 2) & 0xffffff); // background
    assertTrue(countNonWhite(png) > 2_000, "chart must draw something");
  }

  @Test
  void dashedLinesHaveGapsInThePng() {
    double[] x = {0, 100};
    LineChart chart = LineChart.builder("dash").x(Axis.linear("x").withRange(0, 100))
        .y(Axis.linear("y").withRange(0, 10))
        .add(new Series("solid", x, new double[] {2, 2}, BLUE, LineStyle.SOLID, Marker.NONE))
        .add(new Series("dashed", x, new double[] {6, 6}, ORANGE, LineStyle.DASHED, Marker.NONE))
        .build();
    ChartLayout layout = new ChartLayout(chart);
    BufferedImage img = ChartRenderer.image(chart);
    int solidRow = (int) Math.round(layout.py(2));
    int dashedRow = (int) Math.round(layout.py(6));
    int from = (int) layout.px(5);
    int to = (int) layout.px(95);
    assertEquals(0, runsOfOtherThan(img, solidRow, from, to, 0x1f77b4));
    assertTrue(runsOfOtherThan(img, dashedRow, from, to, 0xff7f0e) > 10,
        "a dashed line is interrupted");
  }

  @Test
  void nonFiniteAndUnshowableValuesBreakTheLine() throws Exception {
    LineChart chart = LineChart.builder("gaps").y(Axis.log("ms"))
        .add(Series.of("s", new double[] {1, 2, 3, 4, 5, 6},
            new double[] {10, 20, Double.NaN, 30, 0, 40}, BLUE)).build();
    Document doc = parse(ChartRenderer.svg(chart));
    NodeList lines = doc.getElementsByTagName("polyline");
    assertEquals(3, lines.getLength()); // [10, 20], [30], [40]
    assertEquals(2, ((Element) lines.item(0)).getAttribute("points").split(" ").length);
  }

  @Test
  void manySeriesMakeTheChartTallerAndWider() {
    LineChart.Builder b = LineChart.builder("many").size(320, 200);
    for (int i = 0; i < 30; i++) {
      b.add(Series.of("a rather long series name " + i, new double[] {0}, new double[] {i},
          BLUE));
    }
    ChartLayout layout = new ChartLayout(b.build());
    assertEquals(ChartLayout.TOP + 8 + 30 * ChartLayout.LEGEND_ROW + ChartLayout.BOTTOM,
        layout.height());
    assertTrue(layout.width() > 320);
    BufferedImage img = ChartRenderer.image(b.build());
    assertEquals(layout.width(), img.getWidth());
    assertEquals(layout.height(), img.getHeight());
  }

  @Test
  void textIsEscapedInSvg() throws Exception {
    LineChart chart = LineChart.builder("a < b & \"c\"").add(Series.of("x<y", new double[] {1},
        new double[] {1}, BLUE)).build();
    Document doc = parse(ChartRenderer.svg(chart));
    assertTrue(texts(doc).contains("a < b & \"c\""));
    assertEquals("x<y", ((Element) doc.getElementsByTagName("polyline").item(0))
        .getAttribute("data-name"));
  }

  @Test
  void invalidModelsAreRefused() {
    assertThrows(IllegalArgumentException.class,
        () -> Series.of("s", new double[] {1}, new double[] {1}, "blue"));
    assertThrows(IllegalArgumentException.class,
        () -> Series.of("s", new double[] {1, 2}, new double[] {1}, BLUE));
    assertThrows(IllegalArgumentException.class, () -> Axis.linear("x").withRange(5, 5));
    assertThrows(IllegalArgumentException.class, () -> Axis.log("x").withRange(0, 10));
    assertThrows(IllegalArgumentException.class,
        () -> Axis.linear("x").withRange(0, Double.POSITIVE_INFINITY));
    assertThrows(IllegalArgumentException.class,
        () -> LineChart.builder("t").size(100, 100).build());
    double[] xs = {1, 2};
    Series s = Series.of("s", xs, new double[] {3, 4}, BLUE);
    xs[0] = 99;
    s.x()[1] = 99;
    assertEquals(1, s.x()[0]); // copied in and out
    assertEquals(2, s.x()[1]);
    assertEquals(s, Series.of("s", new double[] {1, 2}, new double[] {3, 4}, BLUE));
  }

  private static List<String> texts(Document doc) {
    NodeList ts = doc.getElementsByTagName("text");
    List<String> out = new ArrayList<>();
    for (int i = 0; i < ts.getLength(); i++) {
      out.add(ts.item(i).getTextContent());
    }
    return out;
  }

  private static int countNonWhite(BufferedImage img) {
    int n = 0;
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        n += (img.getRGB(x, y) & 0xffffff) == 0xffffff ? 0 : 1;
      }
    }
    return n;
  }

  /** Number of maximal runs along row {@code y} of pixels not close to {@code rgb}. */
  private static int runsOfOtherThan(BufferedImage img, int y, int from, int to, int rgb) {
    int runs = 0;
    boolean inRun = false;
    for (int x = from; x < to; x++) {
      int p = img.getRGB(x, y) & 0xffffff;
      boolean other = colourDistance(p, rgb) > 60;
      if (other && !inRun) {
        runs++;
      }
      inRun = other;
    }
    return runs;
  }

  private static int colourDistance(int a, int b) {
    return Math.abs((a >> 16 & 255) - (b >> 16 & 255)) + Math.abs((a >> 8 & 255) - (b >> 8 & 255))
        + Math.abs((a & 255) - (b & 255));
  }
}
