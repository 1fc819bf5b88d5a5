package org.blinkhdfs.rabbit.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The class comment's sequences: HDFS's repeated last-block sort is dropped, real reads kept. */
class CallReadLogTest {
  private static CallReadLog.Read read(String chosen, String... candidates) {
    return new CallReadLog.Read(List.of(candidates), chosen, () -> { });
  }

  @Test
  void aOneBlockFileCountsOnceAndItsLastBlockRepeatIsDropped() {
    CallReadLog log = new CallReadLog();
    Object call1 = new Object();
    Object call2 = new Object();
    CallReadLog.Read first = read("C", "A", "C");
    assertEquals(List.of(first), log.next(call1, first));
    assertEquals(List.of(), log.next(call1, read("A", "C", "A"))); // same set, any order: held
    CallReadLog.Read next = read("D", "B", "D");
    assertEquals(List.of(next), log.next(call2, next)); // another call: the held one is dropped
  }

  @Test
  void aRealBlockWithTheSameReplicasCountsWhenItsCallGoesOn() {
    CallReadLog log = new CallReadLog();
    Object call = new Object();
    CallReadLog.Read b0 = read("A", "A", "C");
    CallReadLog.Read b1 = read("C", "A", "C");
    CallReadLog.Read b2 = read("E", "B", "E");
    CallReadLog.Read last = read("B", "B", "E");
    assertEquals(List.of(b0), log.next(call, b0));
    assertEquals(List.of(), log.next(call, b1));
    assertEquals(List.of(b1, b2), log.next(call, b2)); // b1 was real: counted, then b2
    assertEquals(List.of(), log.next(call, last)); // the last-block repeat, held ...
    CallReadLog.Read other = read("A", "A", "D");
    assertEquals(List.of(other), log.next(new Object(), other)); // ... and dropped
  }

  @Test
  void outsideAnRpcEveryChoiceCounts() {
    CallReadLog log = new CallReadLog();
    CallReadLog.Read r = read("A", "A", "C");
    assertEquals(List.of(r), log.next(null, r));
    assertEquals(List.of(r), log.next(null, r));
  }

  @Test
  void differentCandidatesInOneCallCountAtOnce() {
    CallReadLog log = new CallReadLog();
    Object call = new Object();
    CallReadLog.Read a = read("A", "A", "C");
    CallReadLog.Read b = read("A", "A", "C", "E");
    assertEquals(List.of(a), log.next(call, a));
    assertEquals(List.of(b), log.next(call, b));
  }
}
