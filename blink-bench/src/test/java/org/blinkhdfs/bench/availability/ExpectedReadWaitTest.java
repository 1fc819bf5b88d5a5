package org.blinkhdfs.bench.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** Hand-worked expectations; every number is derived in the comment beside it. */
class ExpectedReadWaitTest {
  private static final double EPS = 1e-9;
  private static final long T = 6_000;

  private static Map<String, ActiveWindow> windows(long[][] offsetAndLength) {
    Map<String, ActiveWindow> out = new LinkedHashMap<>();
    for (int i = 0; i < offsetAndLength.length; i++) {
      out.put(String.valueOf((char) ('A' + i)),
          new ActiveWindow(offsetAndLength[i][0], offsetAndLength[i][1], T));
    }
    return out;
  }

  /** A [0,2) B [2,4) C [4,6) seconds of a 6 s interval. */
  private static final Map<String, ActiveWindow> SYMMETRIC =
      windows(new long[][] {{0, 2_000}, {2_000, 2_000}, {4_000, 2_000}});
  /** A [0,1) B [2,4) C [3,5) seconds of a 6 s interval. */
  private static final Map<String, ActiveWindow> SKEWED =
      windows(new long[][] {{0, 1_000}, {2_000, 2_000}, {3_000, 2_000}});

  @Test
  void symmetricThreeNodesOneTwoThreeReplicas() {
    List<String> nodes = List.of("A", "B", "C");
    // r = 1: each node leaves one 4 s gap: 4000²/(2·6000) = 1333.33 ms; waits 2/3 of the time.
    ReadWaitExpectation r1 = ExpectedReadWait.randomPlacement(SYMMETRIC, nodes, 1);
    assertEquals(3, r1.blockCount());
    assertEquals(4_000.0 / 3, r1.meanWaitMs().getAsDouble(), EPS);
    assertEquals(2.0 / 3, r1.mustWaitProbability(), EPS);
    assertEquals(4_000, r1.maxWaitMs().getAsLong());
    assertEquals(0, r1.alwaysAvailableFraction());
    // r = 2: every pair leaves one 2 s gap: 2000²/12000 = 333.33 ms, waits 1/3 of the time.
    ReadWaitExpectation r2 = ExpectedReadWait.randomPlacement(SYMMETRIC, nodes, 2);
    assertEquals(3, r2.blockCount());
    assertEquals(1_000.0 / 3, r2.meanWaitMs().getAsDouble(), EPS);
    assertEquals(1.0 / 3, r2.mustWaitProbability(), EPS);
    // r = 3: always covered.
    ReadWaitExpectation r3 = ExpectedReadWait.randomPlacement(SYMMETRIC, nodes, 3);
    assertEquals(1, r3.blockCount());
    assertEquals(0, r3.meanWaitMs().getAsDouble(), EPS);
    assertEquals(0, r3.mustWaitProbability(), EPS);
    assertEquals(1, r3.alwaysAvailableFraction(), EPS);
    assertEquals(0, r3.maxWaitMs().getAsLong());
  }

  @Test
  void skewedThreeNodesRandomPlacementMatchesHandWork() {
    List<String> nodes = List.of("A", "B", "C");
    // r = 1: A gap 5 s → 25/12 s; B gap [4,6)+[0,2) = 4 s → 16/12 s; C [5,6)+[0,3) = 4 s → 16/12.
    // Mean (25 + 16 + 16)/36 s = 57/36 s; wait probability (5 + 4 + 4)/18 = 13/18.
    ReadWaitExpectation r1 = ExpectedReadWait.randomPlacement(SKEWED, nodes, 1);
    assertEquals(57_000.0 / 36, r1.meanWaitMs().getAsDouble(), EPS);
    assertEquals(13.0 / 18, r1.mustWaitProbability(), EPS);
    assertEquals(5_000, r1.maxWaitMs().getAsLong());
    // r = 2: {A,B} gaps 1 s and 2 s → 5/12 s; {A,C} gaps 2 s, 1 s → 5/12 s; {B,C} gap 3 s → 9/12.
    // Mean 19/36 s = 527.78 ms; each pair uncovered 3 s of 6: probability 1/2.
    ReadWaitExpectation r2 = ExpectedReadWait.randomPlacement(SKEWED, nodes, 2);
    assertEquals(19_000.0 / 36, r2.meanWaitMs().getAsDouble(), EPS);
    assertEquals(0.5, r2.mustWaitProbability(), EPS);
    assertEquals(3_000, r2.maxWaitMs().getAsLong());
    // r = 3: gaps [1,2) and [5,6): 2/12 s = 166.67 ms, probability 1/3.
    ReadWaitExpectation r3 = ExpectedReadWait.randomPlacement(SKEWED, nodes, 3);
    assertEquals(2_000.0 / 12, r3.meanWaitMs().getAsDouble(), EPS);
    assertEquals(1.0 / 3, r3.mustWaitProbability(), EPS);
  }

  @Test
  void weightsAreReadFrequencies() {
    // {A,B} read 3 times as often as {B,C}: (3·5/12 + 9/12)/4 s = 0.5 s.
    ReadWaitExpectation e = ExpectedReadWait.of(SKEWED, List.of(
        new ReplicaSet(List.of("A", "B"), 3), ReplicaSet.of(List.of("B", "C"))));
    assertEquals(500, e.meanWaitMs().getAsDouble(), EPS);
    assertEquals(0.5, e.mustWaitProbability(), EPS);
    assertEquals(2, e.blockCount());
  }

  @Test
  void neverAvailableBlocksAreReportedApart() {
    Map<String, ActiveWindow> w = new LinkedHashMap<>(SKEWED);
    w.put("D", ActiveWindow.never(T));
    ReadWaitExpectation e = ExpectedReadWait.of(w,
        List.of(ReplicaSet.of(List.of("D")), ReplicaSet.of(List.of("A"))));
    // Only A counts for the mean wait: 25/12 s.
    assertEquals(25_000.0 / 12, e.meanWaitMs().getAsDouble(), EPS);
    assertEquals(1, e.neverAvailableCount());
    assertEquals(0.5, e.neverAvailableFraction(), EPS);
    assertFalse(e.allEventuallyAvailable());
    // A read of D always waits, of A 5/6 of the time: (1 + 5/6)/2.
    assertEquals(11.0 / 12, e.mustWaitProbability(), EPS);

    ReadWaitExpectation onlyNever = ExpectedReadWait.of(w, List.of(ReplicaSet.of(List.of("D"))));
    assertTrue(onlyNever.meanWaitMs().isEmpty());
    assertTrue(onlyNever.maxWaitMs().isEmpty());
    assertEquals(1, onlyNever.mustWaitProbability());
  }

  @Test
  void scheduleOverloadsUseEntriesAndRing() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(T)
        .add(NodeSchedule.blink("a:1", 0, 1_000))
        .add(NodeSchedule.blink("b:1", 2_000, 2_000))
        .add(NodeSchedule.blink("c:1", 3_000, 2_000))
        .add(NodeSchedule.of("d:1", NodeMode.OFF))
        .add(NodeSchedule.staging("s:1")).build();
    // Ring a, b, c, d (staging excluded); r = 1: a, b, c as in the skewed case, d never.
    ReadWaitExpectation r1 = ExpectedReadWait.randomPlacement(s, 1);
    assertEquals(4, r1.blockCount());
    assertEquals(57_000.0 / 36, r1.meanWaitMs().getAsDouble(), EPS);
    assertEquals(1, r1.neverAvailableCount());
    assertEquals(0.25, r1.neverAvailableFraction(), EPS);
    assertEquals((5.0 / 6 + 4.0 / 6 + 4.0 / 6 + 1) / 4, r1.mustWaitProbability(), EPS);
    // A replica on the always-on staging node never waits.
    ReadWaitExpectation staged = ExpectedReadWait.of(s, List.of(ReplicaSet.of(List.of("a:1",
        "s:1"))));
    assertEquals(0, staged.meanWaitMs().getAsDouble());
    assertEquals(1, staged.alwaysAvailableFraction());
    // Ring positions map onto schedule names.
    assertEquals(List.of("a:1", "c:1"), ReplicaSet.onRing(s.ring(), List.of(0, 2)).nodes());
  }

  @Test
  void onOffSchedulesReproduceThePapersRandomPlacementForm() {
    // n = 10 nodes, m = 5 OFF, others ACTIVE, k = 3: C(5,3)/C(10,3) = 1/12 of blocks unreadable.
    Map<String, ActiveWindow> w = new LinkedHashMap<>();
    List<String> nodes = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      String n = "n" + i;
      nodes.add(n);
      w.put(n, i < 5 ? ActiveWindow.never(T) : ActiveWindow.always(T));
    }
    ReadWaitExpectation e = ExpectedReadWait.randomPlacement(w, nodes, 3);
    assertEquals(120, e.blockCount());
    assertEquals(RandomPlacement.inaccessibleProbability(10, 5, 3), e.neverAvailableFraction(),
        EPS);
    assertEquals(1.0 / 12, e.mustWaitProbability(), EPS);
    assertEquals(0, e.meanWaitMs().getAsDouble());
  }

  @Test
  void papersStaggeredExampleAtFortyPercent() {
    // docs/availability.md: 9 Mac minis, 40%, 1 W sleep, replicas on nodes 0, 3, 6: 732.42 ms.
    long activeMs = StaggeredWindows.activeMs(new PowerLevel.Percent(40)
        .resolve(PowerModel.macMini(9)), 60_000);
    List<ActiveWindow> paper = StaggeredWindows.paper(9, activeMs, 60_000);
    Map<String, ActiveWindow> w = new LinkedHashMap<>();
    List<String> ring = new ArrayList<>();
    for (int i = 0; i < paper.size(); i++) {
      ring.add("n" + i);
      w.put("n" + i, paper.get(i));
    }
    ReadWaitExpectation e = ExpectedReadWait.of(w,
        List.of(ReplicaSet.onRing(ring, List.of(0, 3, 6))));
    assertEquals(732.421875, e.meanWaitMs().getAsDouble(), EPS);
    assertEquals(0.15625, e.mustWaitProbability(), EPS);
  }

  @Test
  void badInputsAreRefusedWithTheFix() {
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
        () -> ExpectedReadWait.of(SKEWED, List.of(ReplicaSet.of(List.of("A", "Z")))));
    assertTrue(unknown.getMessage().contains("'Z'"), unknown.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ExpectedReadWait.of(SKEWED, List.of()));
    assertThrows(IllegalArgumentException.class,
        () -> ExpectedReadWait.randomPlacement(SKEWED, List.of("A", "B"), 3));
    assertThrows(IllegalArgumentException.class,
        () -> ExpectedReadWait.randomPlacement(SKEWED, List.of("A", "B"), 0));
    assertThrows(IllegalArgumentException.class, () -> new ReplicaSet(List.of(), 1));
    assertThrows(IllegalArgumentException.class, () -> new ReplicaSet(List.of("A"), 0));
    assertThrows(IllegalArgumentException.class,
        () -> new ReplicaSet(List.of("A"), Double.NaN));
    assertThrows(IllegalArgumentException.class,
        () -> ReplicaSet.onRing(List.of("a:1"), List.of(1)));
  }

  @Test
  void subsetLimitIsEnforced() {
    Map<String, ActiveWindow> w = new LinkedHashMap<>();
    List<String> nodes = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      nodes.add("n" + i);
      w.put("n" + i, ActiveWindow.always(T));
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ExpectedReadWait.randomPlacement(w, nodes, 20));
    assertTrue(e.getMessage().contains("limit"), e.getMessage());
  }
}
