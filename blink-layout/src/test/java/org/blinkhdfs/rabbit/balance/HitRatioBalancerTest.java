package org.blinkhdfs.rabbit.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HitRatioBalancerTest {
  /** B = 6; A (primary) stores 6, B stores 3, C stores 2; all on: B/n = 2; desired 1/3, 2/3, 1. */
  private static final HitRatioTargets ABC =
      HitRatioTargets.of(Map.of("A", 6L, "B", 3L, "C", 2L), 6, Set.of("A", "B", "C"));

  /**
   * The worked example of the class javadoc, read by read (gap = desired − served/offered):
   * <pre>
   *  read  candidates  gaps (A; B; C)                     choice  A s/o  B s/o  C s/o
   *  1     A B         1/3 − 0; 2/3 − 0                   B       0/1    1/1    -
   *  2     A C         1/3 − 0;  -  ; 1 − 0               C       0/2    1/1    1/1
   *  3     A B         1/3 − 0; 2/3 − 1 = −1/3            A       1/3    1/2    1/1
   *  4     A B C       1/3 − 1/3 = 0; 2/3 − 1/2 = 1/6; 0  B       1/4    2/3    1/2
   *  5     A C         1/3 − 1/4 = 1/12; 1 − 1/2 = 1/2    C       1/5    2/3    2/3
   *  6     A B         1/3 − 1/5 = 2/15; 2/3 − 2/3 = 0    A       2/6    2/4    2/3
   * </pre>
   * Each node serves 2 = B/n.
   */
  @Test
  void workedExample() {
    HitRatioBalancer balancer = new HitRatioBalancer();
    List<List<String>> reads = List.of(List.of("A", "B"), List.of("A", "C"), List.of("A", "B"),
        List.of("A", "B", "C"), List.of("A", "C"), List.of("A", "B"));
    List<String> chosen = new ArrayList<>();
    reads.forEach(r -> chosen.add(balancer.choose(r, ABC).orElseThrow()));
    assertEquals(List.of("B", "C", "A", "B", "C", "A"), chosen);
    assertEquals(2.0 / 6, balancer.actualHitRatio("A"), 1e-12);
    assertEquals(2.0 / 4, balancer.actualHitRatio("B"), 1e-12);
    assertEquals(2.0 / 3, balancer.actualHitRatio("C"), 1e-12);
  }

  /**
   * Ties: equal gaps go to the larger desired ratio, then the smaller node id; candidate order
   * does not matter. Two primaries P and Q (desired 1/2 each, n = 2): first read, both gap 1/2,
   * same desired, P &lt; Q: P. Second read: P 1/2 − 1 = −1/2, Q 1/2 − 0: Q.
   */
  @Test
  void tiesAreDeterministicAndIgnoreCandidateOrder() {
    HitRatioTargets pq = HitRatioTargets.of(Map.of("P", 4L, "Q", 4L), 4, Set.of("P", "Q"));
    HitRatioBalancer balancer = new HitRatioBalancer();
    assertEquals(Optional.of("P"), balancer.choose(List.of("Q", "P"), pq));
    assertEquals(Optional.of("Q"), balancer.choose(List.of("P", "Q"), pq));
    // After reads 1-3 of the worked example A is at 1/3 and C at 1/1: both gaps are exactly 0,
    // and C, the larger desired ratio (1 > 1/3), wins whatever the candidate order.
    for (List<String> order : List.of(List.of("A", "C"), List.of("C", "A"))) {
      HitRatioBalancer b = new HitRatioBalancer();
      b.choose(List.of("A", "B"), ABC);
      b.choose(List.of("A", "C"), ABC);
      b.choose(List.of("A", "B"), ABC);
      assertEquals(Optional.of("C"), b.choose(order, ABC));
    }
  }

  @Test
  void offNodesAndRepeatsAreIgnored() {
    HitRatioBalancer balancer = new HitRatioBalancer();
    assertEquals(Optional.empty(), balancer.choose(List.of("X", "Y"), ABC));
    assertEquals(Optional.of("A"), balancer.choose(List.of("X", "A", "A"), ABC));
    assertEquals(1, balancer.offeredInWindow("A"));
    assertEquals(0, balancer.offeredInWindow("X"));
  }

  /**
   * Window 4, reads offering A and C (gap = desired − served/offered):
   * <pre>
   *  read  gaps (A; C)                       choice  A s/o  C s/o
   *  1     1/3 − 0;      1 − 0               C       0/1    1/1
   *  2     1/3 − 0;      1 − 1 = 0           A       1/2    1/2
   *  3     1/3 − 1/2;    1 − 1/2             C       1/3    2/3
   *  4     1/3 − 1/3;    1 − 2/3 = 1/3       C       1/4    3/4
   * </pre>
   * After read 4 both reached 4 offers and halve: A 0/2 (1 &gt;&gt;&gt; 1 = 0), C 1/2.
   */
  @Test
  void countersHalveAtTheWindow() {
    HitRatioBalancer balancer = new HitRatioBalancer(4);
    List<String> chosen = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      chosen.add(balancer.choose(List.of("A", "C"), ABC).orElseThrow());
    }
    assertEquals(List.of("C", "A", "C", "C"), chosen);
    assertEquals(0, balancer.servedInWindow("A"));
    assertEquals(2, balancer.offeredInWindow("A"));
    assertEquals(1, balancer.servedInWindow("C"));
    assertEquals(2, balancer.offeredInWindow("C"));
  }

  /** A new active set resets the counters; new counts for the same set keep them. */
  @Test
  void epochs() {
    HitRatioBalancer balancer = new HitRatioBalancer();
    balancer.choose(List.of("A", "B"), ABC);
    assertEquals(1.0, balancer.actualHitRatio("B"), 1e-12);
    HitRatioTargets sameSet =
        HitRatioTargets.of(Map.of("A", 6L, "B", 3L, "C", 2L), 6, Set.of("C", "B", "A"));
    balancer.choose(List.of("C"), sameSet);
    assertEquals(1.0, balancer.actualHitRatio("B"), 1e-12);
    HitRatioTargets twoOn = HitRatioTargets.of(Map.of("A", 6L, "B", 3L), 6, Set.of("A", "B"));
    balancer.choose(List.of("A"), twoOn);
    assertEquals(0.0, balancer.actualHitRatio("B"), 1e-12);
    assertEquals(1.0, balancer.actualHitRatio("A"), 1e-12);
  }

  @Test
  void rejectsBadArguments() {
    assertThrows(IllegalArgumentException.class, () -> new HitRatioBalancer(1));
    List<String> many = new ArrayList<>();
    for (int i = 0; i <= HitRatioBalancer.MAX_CANDIDATES; i++) {
      many.add("n" + i);
    }
    assertThrows(IllegalArgumentException.class, () -> new HitRatioBalancer().choose(many, ABC));
  }

  /**
   * Eight threads, 20 000 reads each, every read offering A, B and C: no read is lost (each
   * counts one offer for every node and one hit for one node). The balance point is where the
   * three gaps are equal and the hit-ratios sum to 1 (every read is offered to all three):
   * 1/3 − a = 2/3 − b = 1 − c and a + b + c = 1 give a = 0, b = 1/3, c = 2/3, which the racing
   * decisions still reach. Window 2^30, so nothing halves.
   */
  @Test
  void concurrentReadsKeepCountsConsistent() throws Exception {
    HitRatioBalancer balancer = new HitRatioBalancer(1 << 30);
    int threads = 8;
    int perThread = 20_000;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        futures.add(pool.submit(() -> {
          for (int i = 0; i < perThread; i++) {
            balancer.choose(List.of("A", "B", "C"), ABC).orElseThrow();
          }
        }));
      }
      for (Future<?> f : futures) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    long total = (long) threads * perThread;
    long served = 0;
    Map<String, Double> expected = Map.of("A", 0.0, "B", 1.0 / 3, "C", 2.0 / 3);
    for (String n : List.of("A", "B", "C")) {
      assertEquals(total, balancer.offeredInWindow(n));
      served += balancer.servedInWindow(n);
      assertEquals(expected.get(n), (double) balancer.servedInWindow(n) / total, 0.01, n);
    }
    assertEquals(total, served);
  }
}
