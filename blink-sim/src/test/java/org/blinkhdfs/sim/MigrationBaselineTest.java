package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.signal.PowerSignal;
import org.junit.jupiter.api.Test;

/** Hand-worked cases and properties of the migration-based baseline ({@link MigrationBaseline}). */
class MigrationBaselineTest {
  private static final long EPOCH = 60_000;
  private static final long MIB = 1L << 20;
  private static final Simulator.Progress QUIET = (l, ls, v, vs) -> { };

  /** The simulator's model: 25 W awake, 1 W asleep, 40 W overhead. */
  private static PowerModel model(int nodes) {
    return PowerModel.builder().nodeCount(nodes).activeWatts(25).sleepWatts(1).overheadWatts(40)
        .transitionMs(1000).build();
  }

  /** Whole-cluster watts for k of n nodes on. */
  private static double watts(int n, int k) {
    return 40 + 25.0 * k + (n - k);
  }

  /** A signal holding {@code watts[i]} during epoch i (epochs of 60 s). */
  private static PowerSignal steps(double... watts) {
    return stepsOf(EPOCH, watts);
  }

  /** A signal holding {@code watts[i]} during epoch i, epochs of {@code epochMs}. */
  private static PowerSignal stepsOf(long epochMs, double... watts) {
    return new PowerSignal() {
      @Override
      public PowerLevel levelAt(long elapsedMs) {
        return new PowerLevel.Watts(watts[(int) Math.min(watts.length - 1, elapsedMs / epochMs)]);
      }

      @Override
      public String describe() {
        return "steps";
      }
    };
  }

  private static SimSpec.Builder spec(int nodes, long blocks, long blockBytes, PowerSignal s,
      int epochs) {
    return SimSpec.builder().nodes(nodes).blocks(blocks).replication(1).blockBytes(blockBytes)
        .layout("power-balanced").policy(MigrationBaseline.NAME).model(model(nodes))
        .intervalMs(6_000).signal(s).epochMs(EPOCH).durationMs(epochs * EPOCH);
  }

  @Test
  void tenNodesDownToEightAndBack() {
    // 1000 MiB on 10 nodes at 100 MiB/s. 10 -> 8 moves 1000·2/10 = 200 MiB (2 s); 8 -> 10 moves
    // 1000·2/10 = 200 MiB (2 s). Unavailable 4 s of 180 s; mean wait (2² + 2²)/(2·180) s =
    // 22.2 ms; throughput (60 + 0.8·58 + 58)/180 = 0.91333.
    SimResult r = Simulator.run(spec(10, 1000, MIB, steps(watts(10, 10), watts(10, 8),
        watts(10, 10)), 3).migrationBytesPerSec(100.0 * MIB).build(), QUIET);
    assertEquals(400 * MIB, r.bytesMigrated());
    assertEquals(4.0 / 180, r.unavailableFraction(), 1e-9);
    assertEquals(2.0 * 2000 * 2000 / 2 / 180_000, r.meanWaitMs(), 1e-6);
    assertEquals(0, r.p90WaitMs().getAsDouble(), 1e-9, "97.8% of reads wait nothing");
    assertEquals((60 + 0.8 * 58 + 58) / 180, r.readThroughputFraction(), 1e-9);
    assertEquals((1 + 0.8 + 1) / 3, r.awakeNodeFraction(), 1e-12);
    assertEquals(0, r.unservedReadFraction());
    assertEquals(3, r.epochs());
    assertEquals(2, r.distinctLevels());
  }

  @Test
  void perNodeBandwidthChargesTheSlowestNodeAndGivesRho() {
    // 4 nodes × 10 GiB (40 960 blocks of 1 MiB, r = 1), 100 MiB/s per node, 60 s epochs at
    // k = 4, 3, 3. The 4 -> 3 change: the leaving node sends 10 240 MiB in 102.4 s (ρ = 1.707):
    // the move fills epoch 1 and 42.4 s of epoch 2. Unavailable 102.4 of 180 s.
    SimResult r = Simulator.run(spec(4, 40_960, MIB, steps(watts(4, 4), watts(4, 3),
        watts(4, 3)), 3).migrationBytesPerSec(1e15).migrationNodeBytesPerSec(100.0 * MIB)
        .build(), QUIET);
    assertEquals(10_240 * MIB, r.bytesMigrated());
    assertEquals(102.4, r.migrationSeconds(), 1e-9);
    assertEquals(102.4 / 60, r.rhoMax(), 1e-12);
    assertEquals(102.4 / 180, r.unavailableFraction(), 1e-9);
  }

  @Test
  void blinkFsThousandNodeExample() {
    // BlinkFS §6: 1000 nodes with 500 GB each lose 2% of their power: 20 nodes go off and their
    // 20 × 500 GiB = 10 000 GiB move, 8 590 s (over two hours) on a 10 Gbit/s link; meanwhile the
    // cluster serves nothing. Here: 10^6 blocks of 512 MiB, r = 1, one hour at 1000 nodes, then
    // three hours at 980.
    SimResult r = Simulator.run(spec(1000, 1_000_000, 512 * MIB, stepsOf(3_600_000,
        watts(1000, 1000), watts(1000, 980)), 4).epochMs(3_600_000).durationMs(4 * 3_600_000L)
        .build(), QUIET);
    long expected = 20L * 500 * 1024 * MIB;
    assertEquals(expected, r.bytesMigrated());
    double seconds = expected / (10e9 / 8);
    assertEquals(8589.9, seconds, 0.1);
    assertEquals(seconds * 1000 / (4 * 3_600_000.0), r.unavailableFraction(), 1e-9);
    // A move longer than one epoch spans two: one wait span of 8 590 s, not two.
    assertEquals(seconds * 1000 * seconds * 1000 / 2 / (4 * 3_600_000.0), r.meanWaitMs(), 1e-3);
    // 59.6% of the time unavailable: the p90 is a wait inside the span, x with (L − x)/T = 0.1.
    assertEquals(seconds * 1000 - 0.1 * 4 * 3_600_000, r.p90WaitMs().getAsDouble(), 1);
  }

  @Test
  void aMoveThatFillsItsEpochRunsOnAsOneWaitSpan() {
    // 6000 MiB on 10 nodes at 20 MiB/s: 10 -> 8 moves 1200 MiB, exactly 60 s (one epoch), and
    // 8 -> 10 at once moves 1200 MiB more: one span of 120 s, mean wait 120²/(2·240) s = 30 s.
    SimResult r = Simulator.run(spec(10, 6000, MIB, steps(watts(10, 10), watts(10, 8),
        watts(10, 10), watts(10, 10)), 4).migrationBytesPerSec(20.0 * MIB).build(), QUIET);
    assertEquals(2400 * MIB, r.bytesMigrated());
    assertEquals(120.0 / 240, r.unavailableFraction(), 1e-9);
    assertEquals(120_000.0 * 120_000 / 2 / 240_000, r.meanWaitMs(), 1e-6);
  }

  @Test
  void movesThatEndInsideTheirEpochsAreSeparateSpans() {
    // 1000 nodes, 500 GiB each, 1 h epochs: 1000 -> 971 and back, each move 14 500 GiB over
    // 12 456 s, ending inside an epoch; two spans, not one joined by rounding.
    long blocks = 1_000_000;
    double[] w = new double[9];
    w[0] = watts(1000, 1000);
    for (int e = 1; e <= 4; e++) {
      w[e] = watts(1000, 971);
      w[e + 4] = watts(1000, 1000);
    }
    PowerSignal s = stepsOf(3_600_000, w);
    SimResult r = Simulator.run(spec(1000, blocks, 512 * MIB, s, 9).epochMs(3_600_000)
        .durationMs(9 * 3_600_000L).build(), QUIET);
    double down = 29 * 500.0 * 1024 * MIB / (10e9 / 8) * 1000;
    double up = 1e6 * 512 * MIB * 29 / 1000 / (10e9 / 8) * 1000;
    assertEquals((down * down + up * up) / 2 / (9 * 3_600_000.0), r.meanWaitMs(), 1e-3);
  }

  @Test
  void belowTheMinimumNothingIsServedAndNothingMoves() {
    SimResult r = Simulator.run(spec(4, 100, MIB, steps(watts(4, 4), 10, watts(4, 4)), 3)
        .build(), QUIET);
    assertEquals(0, r.bytesMigrated(), "the data waits on the nodes that held it");
    assertEquals(1.0 / 3, r.unservedReadFraction(), 1e-12);
    assertEquals(1.0 / 3, r.unavailableFraction(), 1e-12);
    assertEquals(1, r.belowMinimumEpochs());
    assertTrue(r.p90WaitMs().isEmpty(), "a third of the reads are never served");
  }

  @Test
  void movesAddUpOverRandomSignals() {
    // Property: bytes moved equal the sum over changes of D·|Δk|/max(k, k'), the fractions are
    // in [0, 1], and a faster link never makes the cluster less available.
    for (int seed = 0; seed < 200; seed++) {
      Random random = new Random(seed);
      int n = 2 + random.nextInt(30);
      int epochs = 1 + random.nextInt(20);
      double[] w = new double[epochs];
      int[] k = new int[epochs];
      for (int e = 0; e < epochs; e++) {
        k[e] = 1 + random.nextInt(n);
        w[e] = watts(n, k[e]);
      }
      long blocks = 1 + random.nextInt(5000);
      double stored = (double) blocks * MIB;
      double expected = 0;
      for (int e = 1; e < epochs; e++) {
        expected += stored * Math.abs(k[e] - k[e - 1]) / Math.max(k[e], k[e - 1]);
      }
      SimSpec.Builder b = spec(n, blocks, MIB, steps(w), epochs);
      SimResult slow = Simulator.run(b.migrationBytesPerSec(MIB).build(), QUIET);
      SimResult fast = Simulator.run(b.migrationBytesPerSec(100.0 * MIB).build(), QUIET);
      assertEquals(Math.round(expected), slow.bytesMigrated(), 1, "seed " + seed);
      for (SimResult r : List.of(slow, fast)) {
        assertTrue(r.unavailableFraction() >= 0 && r.unavailableFraction() <= 1 + 1e-12);
        assertTrue(r.readThroughputFraction() >= 0 && r.readThroughputFraction() <= 1 + 1e-12);
        assertTrue(r.awakeNodeFraction() > 0 && r.awakeNodeFraction() <= 1 + 1e-12);
        assertTrue(r.unservedReadFraction() >= 0 && r.unservedReadFraction() <= 1);
      }
      assertTrue(fast.unavailableFraction() <= slow.unavailableFraction() + 1e-12, "seed " + seed);
    }
  }
}
