package org.blinkhdfs.common.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@link LineChart#lines}: the plain timelines of the scheduler's status page and the lab, drawn
 * by the one chart library; pages and tests find each series by its {@code data-name}.
 */
class LineChartLinesTest {
  private static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void oneNamedPolylinePerSeriesNoMarkers() throws Exception {
    String svg = ChartRenderer.svg(LineChart.lines("power", "minutes", "watts")
        .add(LineChart.line("available", new double[] {0, 10}, new double[] {0, 100}, "#3070c0"))
        .add(LineChart.line("drawn", new double[] {0, 10}, new double[] {0, 50}, "#c03030"))
        .build());
    Document doc = parse(svg);
    assertEquals("640", doc.getDocumentElement().getAttribute("width"));
    NodeList lines = doc.getElementsByTagName("polyline");
    assertEquals(2, lines.getLength());
    assertEquals("available", ((Element) lines.item(0)).getAttribute("data-name"));
    assertEquals("drawn", ((Element) lines.item(1)).getAttribute("data-name"));
    // The drawn line ends at half the available line's height above the x axis.
    double[] a = last((Element) lines.item(0));
    double[] d = last((Element) lines.item(1));
    double axisY = first((Element) lines.item(0))[1];
    assertEquals((axisY - a[1]) / 2, axisY - d[1], 1e-6);
    assertFalse(svg.contains("<circle"), "plain lines: no markers");
    assertTrue(svg.contains(">minutes<") && svg.contains(">watts<"), svg);
  }

  @Test
  void noSamplesYetStillDraws() throws Exception {
    String svg = ChartRenderer.svg(LineChart.lines("power", "minutes", "watts")
        .add(LineChart.line("available", new double[0], new double[0], "#3070c0")).build());
    // The status page before the first sample: a valid document with its title and axes.
    Document doc = parse(svg);
    assertTrue(doc.getElementsByTagName("polyline").getLength() <= 1, svg);
    assertTrue(svg.contains(">power<") && svg.contains(">watts<"), svg);
    assertThrows(IllegalArgumentException.class,
        () -> LineChart.line("bad", new double[] {1}, new double[] {}, "#000000"));
  }

  private static double[] first(Element polyline) {
    String[] xy = polyline.getAttribute("points").trim().split(" ")[0].split(",");
    return new double[] {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])};
  }

  private static double[] last(Element polyline) {
    String[] pts = polyline.getAttribute("points").trim().split(" ");
    String[] xy = pts[pts.length - 1].split(",");
    return new double[] {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])};
  }
}
