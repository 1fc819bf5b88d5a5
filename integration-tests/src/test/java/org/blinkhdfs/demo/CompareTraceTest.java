package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;

/** bench compare's trace step: which part of the trace, how fast, its budget, its flag. */
class CompareTraceTest {
  private static final PowerModel NINE = PowerModel.macMini(9);

  /**
   * The default: 2 minutes for one trace day in 8 steps, 15 s each, 24 h / 2 min = 720 times
   * real time (30 times BlinkFS's 24); the levels of renewable:50 at hours 0, 3, ..., 21 of 1
   * January, the night steps raised to the 20% floor, mean 410 / 8 = 51.25.
   */
  @Test
  void compareDefaultReplaysTheFirstDayInEightStepsOfFifteenSeconds() {
    CompareTrace t = DemoOptions.parse("compare", new String[0]).compareTrace();
    assertTrue(t.runs());
    assertEquals(120_000, t.spanMs());
    assertEquals(15_000, t.stepWallMs());
    assertEquals(720.0, t.speedUp(), 1e-9);
    List<Integer> levels = t.levels(NINE);
    assertEquals(List.of(67, 46, 20, 82, 100, 55, 20, 20), levels);
    assertEquals(51, CompareTrace.meanPercent(levels));
    assertEquals("renewable:50 (the Greensboro solar+wind trace as bench kv-signal replays it,"
        + " mean 50% of peak over its three days): its first day, trace hours 0-24 (1 January),"
        + " in 8 steps of 3 trace hours, 15.0 s each on the clock: the trace 720x faster than"
        + " real time (30x faster than BlinkFS's 3 days in 3 hours); levels 67, 46, 20, 82, 100,"
        + " 55, 20, 20% (floor 20%), range 20-100%, mean 51%", t.describe(NINE));
  }

  /** 15 s steps: 44.9 s into the day is step 2; after the day the last step stays. */
  @Test
  void stepAtIsElapsedOverTheStepCappedAtTheLast() {
    CompareTrace t = new CompareTrace(120_000);
    assertEquals(0, t.stepAt(0));
    assertEquals(0, t.stepAt(14_999));
    assertEquals(1, t.stepAt(15_000));
    assertEquals(2, t.stepAt(44_900));
    assertEquals(7, t.stepAt(200_000));
  }

  /**
   * Levels 60 and 20 of 225 W (135 and 45 W), 10 s steps from 0: 5 s to 15 s is half each, 90
   * W; -5 s to 25 s is 15 s of each (the first level holds before the day, the last after it),
   * 90 W; 0 to 10 s is the first alone, 135 W.
   */
  @Test
  void meanBudgetWeighsEachStepsLevelByItsOverlap() {
    CompareTrace t = new CompareTrace(80_000);
    List<Integer> levels = List.of(60, 20);
    assertEquals(90.0, t.meanBudgetWatts(levels, 225, 0, 5_000, 15_000), 1e-9);
    assertEquals(90.0, t.meanBudgetWatts(levels, 225, 0, -5_000, 25_000), 1e-9);
    assertEquals(135.0, t.meanBudgetWatts(levels, 225, 0, 0, 10_000), 1e-9);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> t.meanBudgetWatts(levels, 225, 0, 10_000, 10_000));
    assertEquals("the trace cell's time 10000 to 10000 ms is empty; its end must follow its"
        + " start", e.getMessage());
  }

  /**
   * 60 s drawing 2 880 J (48 W) while the scheduler's budget was 2 700 J (45 W): 6.7% over.
   * Against a trace budget of 50 W (3 000 J) the same draw is within budget.
   */
  @Test
  void judgedReplacesOnlyTheBudget() {
    CellEnergy scheduler = new CellEnergy(60, 2_880, 600, 2_700, 12);
    assertTrue(scheduler.overBudget(CellEnergy.DEFAULT_TOLERANCE));
    CellEnergy trace = CompareTrace.judged(scheduler, 50);
    assertEquals(new CellEnergy(60, 2_880, 600, 3_000, 12), trace);
    assertFalse(trace.overBudget(CellEnergy.DEFAULT_TOLERANCE));
    assertEquals(50.0, trace.budgetWatts(), 1e-9);
  }

  @Test
  void traceSpanZeroSkipsTheStepAndOneMinuteGivesSevenAndAHalfSecondSteps() {
    assertFalse(DemoOptions.parse("compare", new String[] {"--trace-span", "0"}).compareTrace()
        .runs());
    assertFalse(DemoOptions.parse("compare", new String[] {"--trace-span", "0s"})
        .compareTrace().runs());
    assertEquals(7_500, DemoOptions.parse("compare", new String[] {"--trace-span", "1m"})
        .compareTrace().stepWallMs());
    assertFalse(DemoOptions.parse("latency", new String[0]).compareTrace().runs());
  }

  @Test
  void traceSpanRefusesStepsShorterThanAnIntervalAndOtherCommands() {
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("compare", new String[] {"--trace-span", "30s"}));
    assertEquals("--trace-span 30s gives each of the trace day's 8 steps 3750 ms, less than one"
        + " blink interval (6000 ms); give at least 48s, or 0 to skip the trace step",
        e.getMessage());
    e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("kv-signal", new String[] {"--trace-span", "2m"}));
    assertEquals("--trace-span 2m applies to bin/blink bench compare only; bench kv-signal"
        + " replays the trace with --signal-span", e.getMessage());
    e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("compare", new String[] {"--trace-span", "2"}));
    assertTrue(e.getMessage().startsWith("--trace-span '2' has no unit"), e.getMessage());
  }

  /** Both trace criteria judge the trace cells like a level's. */
  @Test
  void compareNotesJudgeTheTraceCells() {
    assertTrue(CompareNotes.CRITERIA.contains(new org.blinkhdfs.bench.report.Comparison
        .Criterion(CompareTrace.EXPERIMENT, "p90Ms", false)));
    assertTrue(CompareNotes.CRITERIA.contains(new org.blinkhdfs.bench.report.Comparison
        .Criterion(CompareTrace.EXPERIMENT, "opsPerKJ", true)));
  }
}
