package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.bench.energy.EnergySnapshot;
import org.blinkhdfs.bench.report.ReportCell;
import org.junit.jupiter.api.Test;

/**
 * The energy of {@code bench faults}' and {@code bench groups-io}'s cells, on plain objects: what
 * a fault case's cell carries, and that a groups-io pair with a side over budget gives no ratio.
 */
class BenchEnergyCellsTest {
  private static CellEnergy energy(long ms, double joules, double budgetJoules, long overMs) {
    EnergySnapshot from = new EnergySnapshot(1_000, 0, 0, 0, 1_000, 0, 0, Map.of());
    EnergySnapshot to = new EnergySnapshot(1_000 + ms, joules, 5, budgetJoules, 1_000 + ms,
        overMs, budgetJoules * 1000 / ms, Map.of());
    return CellEnergy.between(from, to);
  }

  private static FaultsSession.Outcome outcome(String target, CellEnergy e, long bytes,
      long ops) {
    return new FaultsSession.Outcome(target, "", 0, 3_000, 500, 40, 900, 300, List.of(),
        Set.of(), List.of(), List.of(), e, bytes, ops);
  }

  @Test
  void aFaultCaseCarriesItsWindowsEnergyAndWorkPerJoule() {
    // 10 s at 40% of 150 W: 600 J budget; the DataNodes drew 720 J (72 W, 20% over), 6 s of
    // intervals over; 48 MiB verified and 90 operations completed in the window.
    FaultsSession.Outcome agent = outcome("agent signals (ring 0)",
        energy(10_000, 720, 600, 6_000), 48L << 20, 90);
    Map<String, Double> m = FaultsSession.energyMetrics(agent);
    assertEquals(720.0, m.get("energyJ"), 1e-9);
    assertEquals(72.0, m.get("meanPowerW"), 1e-9);
    assertEquals(60.0, m.get("budgetW"), 1e-9);
    assertEquals(6.0, m.get("overBudgetS"), 1e-9);
    assertEquals(1.0, m.get("overBudget"));
    assertEquals(48.0 / 720, m.get("mibPerJ"), 1e-12);
    assertEquals(90 * 1000.0 / 720, m.get("opsPerKJ"), 1e-9);
    FaultsSession.Outcome scheduler = outcome("scheduler", energy(5_000, 300, 300, 0),
        24L << 20, 30);
    assertEquals(0.0, FaultsSession.energyMetrics(scheduler).get("overBudget"));
    String note = FaultsSession.energyNote(List.of(scheduler, agent));
    assertTrue(note.endsWith("Over budget ‡: agent signals (ring 0); the matrix makes no"
        + " comparison, so the mark is all it changes."), note);
    assertTrue(FaultsSession.energyNote(List.of(scheduler)).endsWith("No case ran over"
        + " budget."));
    assertFalse(FaultsSession.energyFromKill("scheduler"), "its counters die with it");
    assertTrue(FaultsSession.energyFromKill("namenode"));
  }

  private static ReportCell cell(String experiment, String layout, int power,
      Map<String, Double> work, double watts, double budget) {
    Map<String, Double> m = new LinkedHashMap<>(work);
    m.putAll(energy(20_000, watts * 20, budget * 20, 0).metrics());
    return new ReportCell(experiment, layout, 2, power, m, Map.of());
  }

  @Test
  void aGroupsIoPairWithASideOverBudgetGivesNoRatioAndSaysWhy() {
    String plain = "equal-work+activation";
    String groups = plain + "+" + GroupsSession.FLAG;
    List<ReportCell> all = List.of(
        cell("groups-io-fair-b3", groups, 60, Map.of(GroupsIoSession.A_MBPS, 18.5), 134, 135),
        cell("groups-io-fair-b3", plain, 60, Map.of(GroupsIoSession.A_MBPS, 10.0), 150, 135),
        cell("groups-io-priority-j2", groups, 100, Map.of(GroupsIoSession.JOB_SECONDS, 10.0),
            225, 225),
        cell("groups-io-priority-j2", plain, 100, Map.of(GroupsIoSession.JOB_SECONDS, 18.0),
            225, 225));
    List<ReportCell> ratios = GroupsIoSession.ratios(all);
    assertEquals(1, ratios.size(), ratios.toString());
    assertEquals("groups-io-priority-j2-ratio", ratios.get(0).experiment());
    assertEquals(1.8, ratios.get(0).measured(GroupsIoSession.SPEEDUP).getAsDouble(), 1e-12);
    // 150 W is 11% over 135 W; the +groups side is within its budget.
    assertEquals(List.of("groups-io-fair-b3 at 60%: not comparable, over budget ‡:"
        + " equal-work+activation 150.0 of 135.0 W; no ratio given"),
        GroupsIoSession.notComparable(all));
  }
}
