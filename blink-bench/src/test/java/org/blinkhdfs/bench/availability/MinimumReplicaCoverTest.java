package org.blinkhdfs.bench.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.blinkhdfs.model.availability.BlockAvailability;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.junit.jupiter.api.Test;

class MinimumReplicaCoverTest {
  private static final long T = 60_000;

  @Test
  void paperStaggerAt40PercentNeedsNodes048() {
    List<ActiveWindow> paper = StaggeredWindows.paper(9, 22_500, T);
    assertEquals(Optional.of(List.of(0, 4, 8)), MinimumReplicaCover.minimumCover(paper));
    assertTrue(BlockAvailability.forReplicas(paper, List.of(0, 4, 8)).alwaysAvailable());
  }

  @Test
  void circularStaggerAt40PercentNeedsThree() {
    List<ActiveWindow> circular = StaggeredWindows.circular(9, 22_500, T);
    List<Integer> cover = MinimumReplicaCover.minimumCover(circular).orElseThrow();
    assertEquals(3, cover.size());
    assertTrue(BlockAvailability.forReplicas(circular, cover).alwaysAvailable());
  }

  @Test
  void alwaysNeverAndGappySchedules() {
    assertEquals(Optional.of(List.of(1)), MinimumReplicaCover.minimumCover(
        List.of(new ActiveWindow(0, 10, T), ActiveWindow.always(T))));
    assertTrue(MinimumReplicaCover.minimumCover(
        List.of(ActiveWindow.never(T), ActiveWindow.never(T))).isEmpty());
    assertTrue(MinimumReplicaCover.minimumReplicas(
        List.of(new ActiveWindow(0, 30_000, T), new ActiveWindow(30_001, 29_999, T))).isEmpty());
    // wrap-around pair covering exactly
    assertEquals(Optional.of(List.of(0, 1)), MinimumReplicaCover.minimumCover(
        List.of(new ActiveWindow(50_000, 30_000, T), new ActiveWindow(20_000, 30_000, T))));
  }

  @Test
  void mixedIntervalsAreRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MinimumReplicaCover.minimumCover(
            List.of(ActiveWindow.always(1000), ActiveWindow.always(2000))));
    assertTrue(e.getMessage().contains("nodeWindows[1].intervalMs = 2000")
        && e.getMessage().contains("nodeWindows[0].intervalMs = 1000"), e.getMessage());
  }

  /** Against every subset, 200 seeds, up to 8 nodes. */
  @Test
  void matchesBruteForceOverSubsets() {
    for (long seed = 0; seed < 200; seed++) {
      Random rnd = new Random(seed);
      long intervalMs = 1 + rnd.nextInt(300);
      int nodeCount = 1 + rnd.nextInt(8);
      List<ActiveWindow> windows = new ArrayList<>();
      for (int i = 0; i < nodeCount; i++) {
        long offsetMs = rnd.nextInt((int) intervalMs);
        long lengthMs = rnd.nextInt(20) == 0 ? intervalMs : rnd.nextInt((int) intervalMs + 1);
        windows.add(new ActiveWindow(offsetMs, lengthMs, intervalMs));
      }
      int best = Integer.MAX_VALUE;
      for (int mask = 1; mask < (1 << nodeCount); mask++) {
        List<Integer> nodes = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
          if ((mask & (1 << i)) != 0) {
            nodes.add(i);
          }
        }
        if (BlockAvailability.forReplicas(windows, nodes).alwaysAvailable()) {
          best = Math.min(best, nodes.size());
        }
      }
      Optional<List<Integer>> cover = MinimumReplicaCover.minimumCover(windows);
      String ctx = "seed " + seed + " " + windows;
      if (best == Integer.MAX_VALUE) {
        assertTrue(cover.isEmpty(), ctx);
      } else {
        assertEquals(best, cover.orElseThrow().size(), ctx);
        assertTrue(BlockAvailability.forReplicas(windows, cover.get()).alwaysAvailable(), ctx);
      }
    }
  }
}
