package org.blinkhdfs.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

class BlockGateTest {
  static final long START = 1_790_000_000_000L;
  static final long INTERVAL = 60_000;
  static final long MIN = 1_000;
  static final long MARGIN = 2_000;
  static final String A = "10.0.0.1:9866";
  static final String B = "10.0.0.2:9866";
  static final String C = "10.0.0.3:9866";
  static final long MB = 1 << 20;

  /**
   * The gate's {@link WaitClock} as an adapter over a {@link ManualClock}: each sleep is recorded
   * and moves the manual clock on by its length (or throws when {@code interrupt} is set).
   */
  static final class ManualWait implements WaitClock {
    final ManualClock time;
    final List<Long> sleeps = new ArrayList<>();
    boolean interrupt;

    ManualWait(long nowMs) {
      this.time = new ManualClock(nowMs);
    }

    @Override
    public long nowMs() {
      return time.millis();
    }

    @Override
    public synchronized void sleepMs(long ms) throws InterruptedException {
      if (interrupt) {
        throw new InterruptedException("test");
      }
      sleeps.add(ms);
      time.advance(ms);
    }
  }

  /** Block 0 on A,B awake [0, 20 s); block 1 on B,C asleep until phase 30 s; block 2 on A,C. */
  static Schedule schedule() {
    return Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(INTERVAL)
        .add(NodeSchedule.blink(A, 0, 20_000)).add(NodeSchedule.blink(B, 30_000, 20_000))
        .add(NodeSchedule.blink(C, 35_000, 20_000)).build();
  }

  static final List<BlockGate.Span> SPANS = List.of(
      new BlockGate.Span("blk_1", 0, MB, List.of(A, B)),
      new BlockGate.Span("blk_2", MB, MB, List.of(B, C)),
      new BlockGate.Span("blk_3", 2 * MB, 100, List.of(A, C)));

  final AtomicInteger listings = new AtomicInteger();
  final AtomicReference<Optional<Schedule>> current =
      new AtomicReference<>(Optional.of(schedule()));

  BlockGate gate(ManualWait clock, List<BlockGate.Span> spans) {
    return new BlockGate("/f", () -> {
      listings.incrementAndGet();
      return spans;
    }, current::get, MIN, MARGIN, clock);
  }

  @Test
  void aReadableBlockPassesAndReportsItsEnd() throws IOException {
    ManualWait clock = new ManualWait(START + 10_000);
    BlockGate g = gate(clock, SPANS);
    assertEquals(MB, g.awaitReadable(5));
    assertEquals(2 * MB + 100, g.awaitReadable(2 * MB), "A awake: block 3 readable");
    assertEquals(List.of(), clock.sleeps);
  }

  @Test
  void aSleepingBlockWaitsUntilTheFirstReplicaWakesOnce() throws IOException {
    ManualWait clock = new ManualWait(START + 10_000);
    BlockGate g = gate(clock, SPANS);
    assertEquals(2 * MB, g.awaitReadable(MB + 7));
    assertEquals(List.of(20_000L), clock.sleeps, "B wakes at phase 30 s");
    for (int i = 0; i < 100; i++) {
      g.awaitReadable(MB + 8 + i); // same block, right after: the fast path
    }
    assertEquals(List.of(20_000L), clock.sleeps);
    assertEquals(1, g.waits());
  }

  @Test
  void theFastPathIsRecheckedAfterASecond() throws IOException {
    ManualWait clock = new ManualWait(START + 18_000); // A has 2 s left
    BlockGate g = gate(clock, SPANS);
    g.awaitReadable(0);
    assertEquals(List.of(), clock.sleeps);
    clock.time.advance(1_500); // A has 500 ms left: too little; B wakes at phase 30 s
    g.awaitReadable(10);
    assertEquals(List.of(10_500L), clock.sleeps);
  }

  @Test
  void theReaderIsPointedAtTheAwakeReplicaOfEachBlock() throws IOException {
    // Phase 40 s: A asleep (awake 0-20 s), B awake until 50 s, C awake until 55 s.
    ManualWait clock = new ManualWait(START + 40_000);
    List<List<String>> orders = new ArrayList<>();
    List<BlockGate.Span> spans = List.of(
        new BlockGate.Span("blk_1", 0, MB, List.of(A, B, C), orders::add));
    gate(clock, spans).awaitReadable(0);
    assertEquals(List.of(List.of(C, B, A)), orders,
        "longest remaining window first (C 15 s, B 10 s), the sleeper last");
    assertEquals(List.of(), clock.sleeps);
  }

  @Test
  void afterAWaitTheReaderIsPointedAtTheReplicaThatWoke() throws IOException {
    ManualWait clock = new ManualWait(START + 25_000); // all three asleep; B wakes at 30 s
    List<List<String>> orders = new ArrayList<>();
    List<BlockGate.Span> spans = List.of(
        new BlockGate.Span("blk_1", 0, MB, List.of(A, C, B), orders::add));
    gate(clock, spans).awaitReadable(0);
    assertEquals(List.of(5_000L), clock.sleeps);
    assertEquals(List.of(B, C, A), orders.get(0), "B awake at 30 s; C wakes at 35 s; A at 60 s");
  }

  @Test
  void withoutAScheduleNothingWaits() throws IOException {
    current.set(Optional.empty());
    ManualWait clock = new ManualWait(START + 10_000);
    BlockGate g = gate(clock, SPANS);
    assertEquals(Long.MAX_VALUE, g.awaitReadable(MB));
    assertEquals(List.of(), clock.sleeps);
    assertEquals(0, listings.get(), "no schedule: the blocks are not even listed");
  }

  @Test
  void allOffWaitsTheBoundOnceThenLetsHdfsTry() throws IOException {
    current.set(Optional.of(Schedule.builder().epoch(1).intervalStartMs(START)
        .intervalMs(INTERVAL).add(NodeSchedule.of(B, NodeMode.OFF))
        .add(NodeSchedule.of(C, NodeMode.OFF)).build()));
    ManualWait clock = new ManualWait(START + 10_000);
    BlockGate g = gate(clock, SPANS);
    g.awaitReadable(MB);
    g.awaitReadable(MB + 1);
    clock.time.advance(30_000);
    g.awaitReadable(MB + 2);
    assertEquals(List.of(INTERVAL + MARGIN), clock.sleeps);
  }

  @Test
  void positionsPastTheListedBlocksRelistAndDoNotWait() throws IOException {
    ManualWait clock = new ManualWait(START + 10_000);
    List<BlockGate.Span> grown = new ArrayList<>(SPANS.subList(0, 1));
    BlockGate g = new BlockGate("/f", () -> {
      listings.incrementAndGet();
      return List.copyOf(grown);
    }, current::get, MIN, MARGIN, clock);
    assertEquals(Long.MAX_VALUE, g.awaitReadable(MB + 1), "EOF: no block, no wait");
    grown.add(SPANS.get(1)); // the file grew
    assertEquals(2 * MB, g.awaitReadable(MB + 1));
    assertEquals(List.of(20_000L), clock.sleeps);
    assertTrue(listings.get() >= 2);
  }

  @Test
  void aListingFailureReadsWithoutWaiting() throws IOException {
    ManualWait clock = new ManualWait(START + 10_000);
    BlockGate g = new BlockGate("/f", () -> {
      throw new IOException("NameNode down");
    }, current::get, MIN, MARGIN, clock);
    assertEquals(Long.MAX_VALUE, g.awaitReadable(MB));
    assertEquals(List.of(), clock.sleeps);
  }

  @Test
  void anInterruptedWaitThrowsAndKeepsTheFlag() {
    ManualWait clock = new ManualWait(START + 10_000);
    clock.interrupt = true;
    BlockGate g = gate(clock, SPANS);
    try {
      InterruptedIOException e =
          assertThrows(InterruptedIOException.class, () -> g.awaitReadable(MB));
      assertTrue(e.getMessage().contains("blk_2"), e.getMessage());
      assertTrue(Thread.currentThread().isInterrupted());
    } finally {
      Thread.interrupted(); // clear for the next test
    }
  }

  @Test
  void aGateThatKnowsItsHostWaitsUntilItAndAReplicaAreAwakeTogether() throws IOException {
    // The reader's host R is awake [40 s, 60 s). Block 1 (B awake [30, 50), C [35, 55)) is
    // usable at phase 30 s for a reader that never sleeps, but R sleeps then; both R and B are
    // usable from 40 s: a 30 s wait from phase 10 s instead of 20 s.
    String r = "10.0.0.9:9866";
    current.set(Optional.of(Schedule.builder().epoch(1).intervalStartMs(START)
        .intervalMs(INTERVAL).add(NodeSchedule.blink(A, 0, 20_000))
        .add(NodeSchedule.blink(B, 30_000, 20_000)).add(NodeSchedule.blink(C, 35_000, 20_000))
        .add(NodeSchedule.blink(r, 40_000, 20_000)).build()));
    ManualWait plain = new ManualWait(START + 10_000);
    gate(plain, SPANS).awaitReadable(MB);
    assertEquals(List.of(20_000L), plain.sleeps);
    ManualWait host = new ManualWait(START + 10_000);
    new BlockGate("/f", () -> SPANS, current::get, MIN, MARGIN, host, r).awaitReadable(MB);
    assertEquals(List.of(30_000L), host.sleeps);
  }

  /**
   * At 35 s B (window 30-50 s, 15 s left) and C (35-55 s, 20 s left) are both usable. BlinkFS's
   * order puts C first for every block; balanced splits by block ID over the canonical order C,
   * B: blk_1073741824 (even) to C, blk_1073741825 (odd) to B.
   */
  @Test
  void balancedOrderSplitsUsableReplicasByBlockId() throws IOException {
    List<List<String>> longest = new ArrayList<>();
    List<List<String>> balanced = new ArrayList<>();
    for (List<List<String>> out : List.of(longest, balanced)) {
      List<BlockGate.Span> spans = List.of(
          new BlockGate.Span("blk_1073741824", 0, MB, List.of(B, C), out::add),
          new BlockGate.Span("blk_1073741825", MB, MB, List.of(B, C), out::add));
      BlockGate g = gate(new ManualWait(START + 35_000), spans);
      if (out == balanced) {
        g.readOrder(ReadOrderMode.BALANCED);
      }
      g.awaitReadable(0);
      g.awaitReadable(MB);
    }
    assertEquals(List.of(List.of(C, B), List.of(C, B)), longest);
    assertEquals(List.of(List.of(C, B), List.of(B, C)), balanced);
    assertEquals(1073741825L, BlockGate.blockId("blk_1073741825"));
    assertEquals("x".hashCode(), BlockGate.blockId("x"));
  }
}
