package org.blinkhdfs.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class GanttSvgTest {
  static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void ganttHasOneRowPerNodeAndBarsWhereAwake() throws Exception {
    Schedule s = Schedule.builder().epoch(3).intervalStartMs(0).intervalMs(60_000)
        .add(NodeSchedule.blink("a<&>:1", 0, 30_000))
        .add(NodeSchedule.blink("b:1", 50_000, 20_000)) // wraps: two bars
        .add(NodeSchedule.of("c:1", NodeMode.OFF))
        .add(NodeSchedule.staging("d:1")).build();
    Document doc = parse(GanttSvg.render(s, 15_000));
    NodeList rows = doc.getElementsByTagName("g");
    assertEquals(4, rows.getLength());
    assertEquals("a<&>:1", ((Element) rows.item(0)).getAttribute("data-node"));
    assertEquals(1, bars((Element) rows.item(0)));
    assertEquals(2, bars((Element) rows.item(1)));
    assertEquals(0, bars((Element) rows.item(2)));
    assertEquals(1, bars((Element) rows.item(3)));
    // First bar: 30 s of a 60 s interval on a 600 px chart = 300 px wide, starting at x = 190.
    Element bar = firstBar((Element) rows.item(0));
    assertEquals("190.0", bar.getAttribute("x"));
    assertEquals("300.0", bar.getAttribute("width"));
    Element now = (Element) doc.getElementsByTagName("line").item(0);
    assertEquals("340.0", now.getAttribute("x1")); // 15 s -> 190 + 150
  }

  private static int bars(Element row) {
    int n = 0;
    NodeList rects = row.getElementsByTagName("rect");
    for (int i = 0; i < rects.getLength(); i++) {
      if ("bar".equals(((Element) rects.item(i)).getAttribute("class"))) {
        n++;
      }
    }
    return n;
  }

  private static Element firstBar(Element row) {
    NodeList rects = row.getElementsByTagName("rect");
    for (int i = 0; i < rects.getLength(); i++) {
      if ("bar".equals(((Element) rects.item(i)).getAttribute("class"))) {
        return (Element) rects.item(i);
      }
    }
    throw new AssertionError("no bar");
  }
}
