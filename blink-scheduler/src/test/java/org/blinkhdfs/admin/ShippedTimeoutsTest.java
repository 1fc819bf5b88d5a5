package org.blinkhdfs.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.blinkhdfs.model.timeouts.TimeoutPlan;
import org.blinkhdfs.model.timeouts.TimeoutSetting;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * What ships is what the plan derives: conf/examples/*.xml carry every key of {@link
 * TimeoutPlan} for the interval they document ({@code blink.interval.ms} of the NameNode's
 * snippet) with the measured transitions, in the site file the key belongs to, and no example
 * sets one of those keys to anything else; docs/operations.md shows the same table.
 */
class ShippedTimeoutsTest {
  private static final Path EXAMPLES = Path.of("..", "conf", "examples");

  /** The properties of one site file, comments ignored. */
  private static Map<String, String> properties(Path file) throws Exception {
    var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
    NodeList props = doc.getElementsByTagName("property");
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < props.getLength(); i++) {
      Element p = (Element) props.item(i);
      String name = p.getElementsByTagName("name").item(0).getTextContent().trim();
      String value = p.getElementsByTagName("value").item(0).getTextContent().trim();
      assertTrue(out.put(name, value) == null, name + " set twice in " + file);
    }
    return out;
  }

  private static TimeoutPlan documentedPlan() throws Exception {
    String interval = properties(EXAMPLES.resolve("namenode-hdfs-site.xml"))
        .get("blink.interval.ms");
    assertEquals("60000", interval, "the examples document the production interval");
    return TimeoutPlan.measured(Long.parseLong(interval));
  }

  @Test
  void everyKeyShipsWithThePlansValueInItsSiteFile() throws Exception {
    TimeoutPlan plan = documentedPlan();
    for (TimeoutSetting s : plan.settings()) {
      Map<String, String> file = properties(EXAMPLES.resolve(s.role().exampleFile()));
      assertEquals(s.value(), file.get(s.key()), s.key() + " in " + s.role().exampleFile()
          + ": " + s.formula());
    }
  }

  @Test
  void noExampleSetsAPlannedKeyToAnotherValue() throws Exception {
    TimeoutPlan plan = documentedPlan();
    List<Path> files;
    try (Stream<Path> s = Files.list(EXAMPLES)) {
      files = s.filter(p -> p.toString().endsWith(".xml")).sorted().toList();
    }
    assertEquals(5, files.size(), files.toString());
    for (Path f : files) {
      Map<String, String> props = properties(f);
      for (TimeoutSetting s : plan.settings()) {
        if (props.containsKey(s.key())) {
          assertEquals(s.value(), props.get(s.key()), s.key() + " in " + f);
        }
      }
    }
  }

  @Test
  void operationsGuideShowsTheShippedTable() throws IOException, Exception {
    String doc = Files.readString(Path.of("..", "docs", "operations.md"));
    String table = TimeoutsCommand.markdown(documentedPlan());
    assertTrue(doc.contains(table), "docs/operations.md, \"Timeouts\", should hold the output"
        + " of bin/blink timeouts --interval 60s --format markdown:\n" + table);
  }
}
