package org.blinkhdfs.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportJsonTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void demoReportRoundTripsAndHasTheDocumentedShape() throws Exception {
    Report r = SampleReports.demo();
    String json = ReportJson.write(r);
    assertEquals(r, ReportJson.read(json));
    JsonNode root = MAPPER.readTree(json);
    assertEquals("blinkhdfs-report", root.get("format").asText());
    assertEquals(1, root.get("version").asInt());
    assertTrue(root.get("allChecksPassed").asBoolean());
    assertEquals("6 s (shortened from 60 s)",
        root.get("run").get("settings").get("blink interval").asText());
    assertEquals("2025-03-01T10:00:00Z", root.get("run").get("startedAt").asText());
    JsonNode first = root.get("cells").get(0);
    assertEquals("read-latency", first.get("experiment").asText());
    assertEquals(100, first.get("powerPercent").asInt());
    assertTrue(first.get("measured").get("meanMs").isNumber());
    assertEquals(List.of("meanMs", "stdMs", "p90Ms"),
        list(first.get("measured").fieldNames()));
    assertEquals(r.cells().size(), root.get("cells").size());
  }

  @Test
  void awkwardTextAndFailedChecksRoundTrip() throws Exception {
    RunInfo run = RunInfo.builder("quotes \" back\\slash <tag> \u00e9 \u2603")
        .commandLine("bin/blink demo --title \"x\"\t--tab")
        .setting("z first", "\u0001 control").setting("a second", "")
        .startedAt(SampleReports.START).finishedAt(SampleReports.START.plusMillis(1))
        .note("note with \"quotes\"").build();
    Report r = new Report(run, List.of(new ReportCell("e\"x", "l\\y", 6, 0,
        Map.of("meanMs", 1e-300), Map.of("meanMs", 1.7976931348623157e308))),
        List.of(Check.fail("blocks lost", "2 blocks: blk_1, blk_2")));
    String json = ReportJson.write(r);
    assertEquals(r, ReportJson.read(json));
    assertFalse(MAPPER.readTree(json).get("allChecksPassed").asBoolean());
    assertEquals(List.of("z first", "a second"),
        List.copyOf(ReportJson.read(json).run().settings().keySet()));
  }

  @Test
  void readNamesTheBrokenPath() {
    String good = ReportJson.write(SampleReports.demo());
    assertMessage("not valid JSON", "{");
    assertMessage("format", "{\"format\":\"other\",\"version\":1}");
    assertMessage("$.run", good.replace("\"run\"", "\"rum\""));
    assertMessage("$.cells[0].replication",
        good.replaceFirst("\"replication\" : 1", "\"replication\" : \"one\""));
    assertMessage("$.run.startedAt", good.replace("2025-03-01T10:00:00Z", "yesterday"));
    assertMessage("$.checks[0].passed", good.replaceFirst("\"passed\" : true",
        "\"passed\" : \"yes\""));
  }

  private static void assertMessage(String expected, String json) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReportJson.read(json));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  private static <T> List<T> list(Iterator<T> it) {
    List<T> out = new ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }
}
