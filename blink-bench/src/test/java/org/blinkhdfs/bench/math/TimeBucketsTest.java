package org.blinkhdfs.bench.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.blinkhdfs.bench.math.TimeBuckets.Bucket;
import org.blinkhdfs.bench.math.TimeBuckets.Level;
import org.blinkhdfs.bench.math.TimeBuckets.Op;
import org.junit.jupiter.api.Test;

class TimeBucketsTest {
  private static final List<Op> EXAMPLE = List.of(new Op(1_000, 20, true),
      new Op(4_000, 40, true), new Op(12_000, 900, false), new Op(15_000, 30, true),
      new Op(31_000, 10, true));

  @Test
  void theClassCommentsWorkedExample() {
    TimeBuckets.Result r = TimeBuckets.of(EXAMPLE, 10_000, 2);
    assertEquals(1, r.outside());
    Bucket b0 = r.buckets().get(0);
    assertEquals(2, b0.ok());
    assertEquals(0, b0.failed());
    assertEquals(30.0, b0.meanMs(), 1e-9);
    assertEquals(40.0, b0.p90Ms(), 1e-9);
    assertEquals(12.0, b0.perMinute(), 1e-9);
    Bucket b1 = r.buckets().get(1);
    assertEquals(1, b1.ok());
    assertEquals(1, b1.failed());
    assertEquals(30.0, b1.meanMs(), 1e-9);
    assertEquals(6.0, b1.perMinute(), 1e-9);
  }

  @Test
  void aBucketWithoutACompletedOperationHasNoLatency() {
    Bucket b = TimeBuckets.of(List.of(new Op(500, 5, false)), 1_000, 2).buckets().get(1);
    assertEquals(0, b.ok());
    assertTrue(Double.isNaN(b.meanMs()));
    assertEquals(0.0, b.perMinute());
  }

  @Test
  void levelsPoolTheirBuckets() {
    // Buckets 0 and 2 at 50%, bucket 1 at 20%: 50% pools 20, 40 and 10 ms over 20 s.
    List<Op> ops = List.of(new Op(1_000, 20, true), new Op(4_000, 40, true),
        new Op(15_000, 300, true), new Op(25_000, 10, true));
    List<Level> levels = TimeBuckets.byLevel(ops, 10_000, List.of(50, 20, 50));
    assertEquals(2, levels.size());
    Level low = levels.get(0);
    assertEquals(20, low.level());
    assertEquals(1, low.ok());
    assertEquals(300.0, low.meanMs(), 1e-9);
    assertEquals(6.0, low.perMinute(), 1e-9);
    Level high = levels.get(1);
    assertEquals(50, high.level());
    assertEquals(2, high.buckets());
    assertEquals(3, high.ok());
    assertEquals(70.0 / 3, high.meanMs(), 1e-9);
    assertEquals(40.0, high.p90Ms(), 1e-9);
    assertEquals(9.0, high.perMinute(), 1e-9);
  }

  @Test
  void everyOperationIsCountedOnceOverSeeds() {
    for (long seed = 0; seed < 50; seed++) {
      Random rnd = new Random(seed);
      int count = 1 + rnd.nextInt(20);
      long bucketMs = 1 + rnd.nextInt(5_000);
      List<Op> ops = new ArrayList<>();
      int n = rnd.nextInt(500);
      for (int i = 0; i < n; i++) {
        ops.add(new Op(rnd.nextDouble() * bucketMs * (count + 2), rnd.nextDouble() * 100,
            rnd.nextBoolean()));
      }
      TimeBuckets.Result r = TimeBuckets.of(ops, bucketMs, count);
      int counted = r.outside();
      for (Bucket b : r.buckets()) {
        counted += b.ok() + b.failed();
      }
      assertEquals(n, counted, "seed " + seed);
      List<Integer> levels = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        levels.add(rnd.nextInt(3) * 10);
      }
      int pooled = 0;
      for (Level l : TimeBuckets.byLevel(ops, bucketMs, levels)) {
        pooled += l.ok() + l.failed();
      }
      assertEquals(n - r.outside(), pooled, "seed " + seed);
    }
  }

  @Test
  void refusesAnEmptyStep() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TimeBuckets.of(List.of(), 0, 3));
    assertTrue(e.getMessage().contains("bucketMs 0"), e.getMessage());
  }
}
