package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-worked runs of {@link StepReads} over the migration baseline's steps. */
class StepReadsTest {
  private static final StepReads.Workload ONE_BLOCKING = new StepReads.Workload(1, 0, 100, 0,
      10);

  @Test
  void oneBlockingReaderServesOneReadPerServiceTime() {
    // Two steps of 1 s, 3 nodes on, nothing moving: 10 ms reads back to back, 200 in 2 s (the
    // 200th ends exactly at 2000 ms, not inside the run: 199 served, 1 unserved).
    StepReads.Outcome o = StepReads.run(List.of(StepServer.migration(3, 0),
        StepServer.migration(3, 0)), 1000, 3, ONE_BLOCKING, 1);
    assertEquals(199, o.served());
    assertEquals(10, o.meanLatencyMs(), 1e-9);
  }

  @Test
  void aMoveStopsServingUntilItEnds() {
    // The second step starts with a move until 1400 ms. Reads end at 10, 20, .., 1000 ms (the one
    // ending at 1000 counts in step 1); the read issued at 1000 ms waits 400 ms and ends at 1410,
    // then reads end at 1420 .. 1990 (58 more); the one ending at 2000 is not inside the run.
    // Served 99 + 60; of the 159 issued and ended, one took 410 ms, the rest 10.
    StepReads.Outcome o = StepReads.run(List.of(StepServer.migration(3, 0),
        StepServer.migration(3, 1400)), 1000, 3, ONE_BLOCKING, 1);
    assertEquals(99, o.servedPerStep()[0]);
    assertEquals(60, o.servedPerStep()[1]);
    assertEquals((158 * 10 + 410) / 159.0, o.meanLatencyMs(), 1e-9);
  }

  @Test
  void nothingOnWaitsForTheNextStep() {
    // k = 0 in step 0: the first read waits for step 1 (latency 1010 ms), then 98 more.
    StepReads.Outcome o = StepReads.run(List.of(StepServer.migration(0, 0),
        StepServer.migration(2, 0)), 1000, 2, ONE_BLOCKING, 1);
    assertEquals(0, o.servedPerStep()[0]);
    assertEquals(99, o.servedPerStep()[1]);
    assertTrue(o.meanLatencyMs() > 10);
  }

  @Test
  void zipfPutsTheMostWeightOnRankZero() {
    double[] cdf = StepReads.zipfCdf(3, 1);
    // 1, 1/2, 1/3 over 11/6: 6/11, 9/11, 1.
    assertEquals(6.0 / 11, cdf[0], 1e-12);
    assertEquals(9.0 / 11, cdf[1], 1e-12);
    assertEquals(1.0, cdf[2], 1e-12);
  }
}
