package org.blinkhdfs.bench.energy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnergySnapshotTest {
  static final String BODY = "{\"atMs\": 1700000006000, \"sinceMs\": 1700000000000,"
      + " \"intervalMs\": 6000, \"model\": {\"nodes\": 3, \"activeWatts\": 25.0,"
      + " \"sleepWatts\": 1.0, \"transitionWatts\": 25.0, \"ioServerWatts\": 25.0,"
      + " \"overheadWatts\": 40.0}, \"cluster\": {\"joules\": 118.8, \"overheadJoules\": 240.0,"
      + " \"budgetJoules\": 90.0, \"accountedMs\": 6000, \"overBudgetMs\": 6000,"
      + " \"meanWatts\": 19.8, \"budgetWatts\": 15.0}, \"nodes\": ["
      + "{\"node\": \"dn1:9866\", \"awakeMs\": 1200, \"asleepMs\": 4600, \"transitionMs\": 200,"
      + " \"ioServerMs\": 0, \"joules\": 39.6, \"lastReportAtMs\": 1700000005000}],"
      + " \"intervals\": [{\"startMs\": 1700000000000, \"endMs\": 1700000006000,"
      + " \"drawnJoules\": 118.8, \"budgetJoules\": 90.0, \"overBudget\": true}]}";

  @Test
  void parsesTheContractsExample() throws IOException {
    EnergySnapshot s = EnergySnapshot.parse(BODY);
    assertEquals(1_700_000_006_000L, s.atMs());
    assertEquals(118.8, s.joules(), 1e-9);
    assertEquals(240.0, s.overheadJoules(), 1e-9);
    assertEquals(90.0, s.budgetJoules(), 1e-9);
    assertEquals(6_000, s.accountedMs());
    assertEquals(6_000, s.overBudgetMs());
    assertEquals(15.0, s.budgetWatts(), 1e-9);
    assertEquals(Map.of("dn1:9866", 39.6), s.nodeJoules());
    assertEquals(List.of(new JudgedInterval(1_700_000_000_000L, 1_700_000_006_000L, 118.8, 90)),
        s.intervals());
    assertEquals(15.0, s.intervals().get(0).budgetWatts(), 1e-9);
  }

  @Test
  void aMissingFieldNamesIt() {
    IOException e = assertThrows(IOException.class,
        () -> EnergySnapshot.parse(BODY.replace("\"overBudgetMs\"", "\"overMs\"")));
    assertTrue(e.getMessage().contains("'overBudgetMs' is missing"), e.getMessage());
  }

  @Test
  void notJsonOrNegativeSaysSo() {
    IOException html = assertThrows(IOException.class,
        () -> EnergySnapshot.parse("<html>404</html>"));
    assertTrue(html.getMessage().contains("answered no JSON"), html.getMessage());
    IOException neg = assertThrows(IOException.class,
        () -> EnergySnapshot.parse(BODY.replace("\"joules\": 118.8", "\"joules\": -1")));
    assertTrue(neg.getMessage().contains("cluster.joules = -1.0"), neg.getMessage());
  }
}
