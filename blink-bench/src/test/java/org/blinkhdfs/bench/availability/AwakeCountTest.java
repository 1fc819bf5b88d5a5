package org.blinkhdfs.bench.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.blinkhdfs.bench.availability.AwakeCount.Level;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

class AwakeCountTest {
  private static final long T = 6_000;

  @Test
  void overlappingWindowsStepUpAndDown() {
    // A [0,4) B [2,6): 1, 2, 1 nodes for 2 s each; mean 8/6.
    AwakeCount a = AwakeCount.of(List.of(new ActiveWindow(0, 4_000, T),
        new ActiveWindow(2_000, 4_000, T)));
    assertEquals(List.of(new Level(0, 2_000, 1), new Level(2_000, 4_000, 2),
        new Level(4_000, 6_000, 1)), a.levels());
    assertEquals(4.0 / 3, a.mean(), 1e-12);
    assertEquals(1, a.min());
    assertEquals(2, a.max());
  }

  @Test
  void touchingWindowsMergeIntoOneLevel() {
    // 0–2, 2–4, 4–6 s: exactly one node awake at every instant.
    AwakeCount a = AwakeCount.of(List.of(new ActiveWindow(0, 2_000, T),
        new ActiveWindow(2_000, 2_000, T), new ActiveWindow(4_000, 2_000, T)));
    assertEquals(List.of(new Level(0, T, 1)), a.levels());
    assertEquals(1, a.mean());
  }

  @Test
  void wrappingWindowAndNeverNode() {
    // [5,6)+[0,1) wraps; one OFF node adds nothing: 1 node for 2 s, 0 for 4 s.
    AwakeCount a = AwakeCount.of(List.of(new ActiveWindow(5_000, 2_000, T),
        ActiveWindow.never(T)));
    assertEquals(List.of(new Level(0, 1_000, 1), new Level(1_000, 5_000, 0),
        new Level(5_000, 6_000, 1)), a.levels());
    assertEquals(1.0 / 3, a.mean(), 1e-12);
  }

  @Test
  void ringExcludesStagingNodes() {
    Schedule s = Schedule.builder().epoch(0).intervalStartMs(0).intervalMs(T)
        .add(NodeSchedule.blink("a:1", 0, 3_000))
        .add(NodeSchedule.of("b:1", NodeMode.ACTIVE))
        .add(NodeSchedule.staging("s:1")).build();
    assertEquals(1.5, AwakeCount.ofRing(s).mean(), 1e-12);
    Schedule onlyStaging = Schedule.builder().epoch(0).intervalStartMs(0).intervalMs(T)
        .add(NodeSchedule.staging("s:1")).build();
    assertThrows(IllegalArgumentException.class, () -> AwakeCount.ofRing(onlyStaging));
  }

  @Test
  void levelsMatchAMillisecondScanOverSeeds() {
    for (long seed = 0; seed < 200; seed++) {
      Random rnd = new Random(seed);
      long intervalMs = 1 + rnd.nextInt(400);
      List<ActiveWindow> ws = new ArrayList<>();
      int n = 1 + rnd.nextInt(6);
      long totalActive = 0;
      for (int i = 0; i < n; i++) {
        ActiveWindow w = new ActiveWindow(rnd.nextInt((int) intervalMs),
            rnd.nextInt((int) intervalMs + 1), intervalMs);
        ws.add(w);
        totalActive += w.lengthMs();
      }
      AwakeCount a = AwakeCount.of(ws);
      String ctx = "seed " + seed + " " + ws;
      long covered = 0;
      for (Level l : a.levels()) {
        assertEquals(covered, l.startMs(), ctx);
        covered = l.endMs();
        for (long p = l.startMs(); p < l.endMs(); p++) {
          int awake = 0;
          for (ActiveWindow w : ws) {
            awake += w.contains(p) ? 1 : 0;
          }
          assertEquals(awake, l.count(), ctx + " phase " + p);
        }
      }
      assertEquals(intervalMs, covered, ctx);
      assertEquals((double) totalActive / intervalMs, a.mean(), 1e-9, ctx);
    }
  }
}
