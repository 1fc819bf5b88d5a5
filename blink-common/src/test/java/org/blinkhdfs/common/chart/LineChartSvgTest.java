package org.blinkhdfs.common.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class LineChartSvgTest {
  static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void lineChartScalesSeries() throws Exception {
    String svg = new LineChartSvg("power", "minutes", "watts")
        .add(new LineChartSvg.Series("available", new double[] {0, 10}, new double[] {0, 100},
            "#3070c0"))
        .add(new LineChartSvg.Series("drawn", new double[] {0, 10}, new double[] {0, 50},
            "#c03030")).render();
    Document doc = parse(svg);
    NodeList lines = doc.getElementsByTagName("polyline");
    assertEquals(2, lines.getLength());
    // Plot area: x 60..490, y 30..280. (10, 100) -> (490, 30); (10, 50) -> (490, 155).
    assertEquals("60.0,280.0 490.0,30.0", ((Element) lines.item(0)).getAttribute("points"));
    assertEquals("60.0,280.0 490.0,155.0", ((Element) lines.item(1)).getAttribute("points"));
    assertThrows(IllegalArgumentException.class,
        () -> new LineChartSvg.Series("bad", new double[] {1}, new double[] {}, "red"));
    assertTrue(svg.contains("data-name=\"drawn\""));
  }
}
