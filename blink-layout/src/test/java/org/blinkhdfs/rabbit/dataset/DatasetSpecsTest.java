package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DatasetSpecsTest {
  @Test
  void parsesPairsInOrderTrimmingSpacesAndTrailingSlashes() {
    assertEquals(List.of(new DatasetRoot("logs", "/data/logs"),
        new DatasetRoot("warehouse", "/user/hive/warehouse"), new DatasetRoot("all", "/")),
        DatasetSpecs.parse(" logs = /data/logs/ , warehouse=/user/hive/warehouse,all=/"));
  }

  @Test
  void blankOrAbsentMeansNoDatasets() {
    assertEquals(List.of(), DatasetSpecs.parse(""));
    assertEquals(List.of(), DatasetSpecs.parse("  "));
    assertEquals(List.of(), DatasetSpecs.fromConfig(Map.<String, String>of()::get));
    assertEquals(List.of(new DatasetRoot("a", "/a")),
        DatasetSpecs.fromConfig(Map.of("blink.rabbit.datasets", "a=/a")::get));
  }

  /** Every error names the key, quotes the whole value, says what is wrong and how to fix it. */
  @Test
  void errorsNameKeyValueProblemAndFix() {
    assertError("logs:/data", "entry 'logs:/data' has no '='");
    assertError("logs=data/logs", "must be an absolute HDFS path");
    assertError("bad name=/x", "dataset name 'bad name'");
    assertError("=/x", "dataset name ''");
    assertError("a=/x,,b=/y", "empty entry");
    assertError("a=/x,", "empty entry");
    assertError("a=/x,a=/y", "dataset 'a' is listed twice");
    assertError("a=/x,b=/x/", "datasets 'a' and 'b' have the same root /x");
    assertError("a=/x//y", "must not contain '//', '.' or '..'");
    assertError("a=/x/../y", "must not contain '//', '.' or '..'");
  }

  @Test
  void limitOnTheNumberOfDatasets() {
    StringBuilder v = new StringBuilder();
    for (int i = 0; i <= DatasetSpecs.MAX_DATASETS; i++) {
      v.append(i == 0 ? "" : ",").append("d").append(i).append("=/d").append(i);
    }
    assertError(v.toString(), "more than the limit of 1000");
  }

  private static void assertError(String value, String problem) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DatasetSpecs.parse(value));
    String m = e.getMessage();
    assertTrue(m.startsWith("blink.rabbit.datasets = '" + value + "' is invalid: "), m);
    assertTrue(m.contains(problem), m);
    assertTrue(m.endsWith("give comma-separated name=/absolute/path pairs, e.g."
        + " logs=/data/logs,warehouse=/user/hive/warehouse"), m);
  }
}
