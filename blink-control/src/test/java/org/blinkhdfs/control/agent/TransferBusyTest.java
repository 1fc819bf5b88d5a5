package org.blinkhdfs.control.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TransferBusyTest {
  private static final long MB10 = 10_000_000L;

  @Test
  void theWorkedExampleOfTheClassComment() {
    TransferBusy t = new TransferBusy(MB10, MB10);
    assertEquals(-1, t.sample(0, 0, 0));
    // read 20 MB and written 5 MB in 4 s: 5 MB/s of 10 and 1.25 MB/s of 10.
    assertEquals(0.5, t.sample(20_000_000, 5_000_000, 4_000), 1e-12);
  }

  @Test
  void theBusierPathBoundsTheNodeEachAgainstItsOwnCap() {
    TransferBusy t = new TransferBusy(20_000_000, 4_000_000);
    t.sample(1_000, 1_000, 10_000);
    // 2 s: read 8 MB = 4 MB/s of 20 (0.2); written 6 MB = 3 MB/s of 4 (0.75).
    assertEquals(0.75, t.sample(8_001_000, 6_001_000, 12_000), 1e-12);
    // then idle for 1 s
    assertEquals(0.0, t.sample(8_001_000, 6_001_000, 13_000), 1e-12);
  }

  @Test
  void moreThanTheCapReadsAsFullyBusy() {
    TransferBusy t = new TransferBusy(MB10, MB10);
    t.sample(0, 0, 0);
    assertEquals(1.0, t.sample(50_000_000, 0, 1_000), 1e-12);
  }

  @Test
  void unknownWhenNoTimePassedOrACounterWentBack() {
    TransferBusy t = new TransferBusy(MB10, MB10);
    t.sample(100, 100, 1_000);
    assertEquals(-1, t.sample(200, 200, 1_000), "no time passed");
    assertEquals(-1, t.sample(50, 300, 2_000), "read counter went back (DataNode restart)");
    // the restart's counters are the new base
    assertEquals(0.0001, t.sample(1_050, 300, 3_000), 1e-12);
  }

  @Test
  void capsMustBePositive() {
    assertThrows(IllegalArgumentException.class, () -> new TransferBusy(0, MB10));
    assertThrows(IllegalArgumentException.class, () -> new TransferBusy(MB10, -1));
  }

  @Test
  void overRandomCountersTheValueIsAFractionOrUnknown() {
    for (int seed = 0; seed < 200; seed++) {
      Random r = new Random(seed);
      TransferBusy t = new TransferBusy(1 + r.nextInt(50_000_000), 1 + r.nextInt(50_000_000));
      long read = 0;
      long written = 0;
      long ms = 0;
      for (int i = 0; i < 50; i++) {
        read += r.nextInt(10) == 0 ? -r.nextInt(1000) : r.nextInt(100_000_000);
        written += r.nextInt(100_000_000);
        ms += r.nextInt(5_000);
        double u = t.sample(read, written, ms);
        assertTrue(u == -1 || (u >= 0 && u <= 1), "seed " + seed + ": " + u);
      }
    }
  }
}
