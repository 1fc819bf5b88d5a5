package org.blinkhdfs.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ReadOrderTest {
  static final long START = 1_790_000_000_000L;

  @Test
  void theWorkedExample() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(60_000)
        .add(NodeSchedule.blink("a:1", 0, 20_000))
        .add(NodeSchedule.blink("b:1", 5_000, 6_000))
        .add(NodeSchedule.blink("c:1", 30_000, 10_000))
        .add(NodeSchedule.of("d:1", NodeMode.ACTIVE)).build();
    List<String> order = ReadOrder.sort(List.of("a:1", "b:1", "c:1", "d:1"), Function.identity(),
        s, START + 10_000, 2_000);
    assertEquals(List.of("d:1", "a:1", "c:1", "b:1"), order);
    ReadOrder.Key c = ReadOrder.key(s, "c:1", START + 10_000, 2_000);
    assertEquals(new ReadOrder.Key(false, 0, 20_000), c);
    ReadOrder.Key b = ReadOrder.key(s, "b:1", START + 10_000, 2_000);
    assertEquals(new ReadOrder.Key(false, 0, 55_000), b);
  }

  @Test
  void stableForEqualKeysAndUnchangedWhenExpired() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(60_000)
        .validUntilMs(START + 1000)
        .add(NodeSchedule.of("x:1", NodeMode.OFF)).add(NodeSchedule.blink("y:1", 0, 10)).build();
    List<String> in = List.of("y:1", "x:1", "z:1");
    assertEquals(in, ReadOrder.sort(in, Function.identity(), s, START + 5_000, 2_000));
  }

  /** The first replica in the order is awake whenever any replica has a usable window. */
  @Test
  void firstIsUsableWheneverAnyIsOverSeeds() {
    for (long seed = 0; seed < 200; seed++) {
      Random rnd = new Random(seed);
      Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(1000);
      List<String> nodes = new ArrayList<>();
      for (int i = 0; i < 1 + rnd.nextInt(6); i++) {
        String n = "n" + i + ":1";
        nodes.add(n);
        b.add(rnd.nextInt(5) == 0 ? NodeSchedule.of(n, NodeMode.OFF)
            : NodeSchedule.blink(n, rnd.nextInt(1000), rnd.nextInt(1001)));
      }
      Schedule s = b.build();
      Collections.shuffle(nodes, rnd);
      long now = START + rnd.nextInt(5000);
      long min = rnd.nextInt(100);
      List<String> order = ReadOrder.sort(nodes, Function.identity(), s, now, min);
      boolean anyUsable = nodes.stream().anyMatch(n -> ReadOrder.key(s, n, now, min).usableNow());
      assertEquals(anyUsable, ReadOrder.key(s, order.get(0), now, min).usableNow(), "seed " + seed);
      for (int i = 1; i < order.size(); i++) {
        ReadOrder.Key prev = ReadOrder.key(s, order.get(i - 1), now, min);
        ReadOrder.Key cur = ReadOrder.key(s, order.get(i), now, min);
        assertTrue(ReadOrder.Key.ORDER.compare(prev, cur) <= 0, "seed " + seed);
      }
    }
  }

  /**
   * The key is the definition by the schedule's general methods (remaining awake time, next
   * wake after a window too short to use) for every kind of window, lease and time, including
   * times before the interval start, at window edges and past the lease end.
   */
  @Test
  void keyMatchesTheScheduleDefinitionOverSeeds() {
    for (long seed = 0; seed < 500; seed++) {
      Random rnd = new Random(seed);
      long interval = 1 + rnd.nextInt(2000);
      Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(interval);
      if (rnd.nextBoolean()) {
        b.validUntilMs(START + rnd.nextInt(6000));
      }
      List<String> nodes = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        String n = "n" + i + ":1";
        nodes.add(n);
        int kind = rnd.nextInt(6);
        b.add(kind == 0 ? NodeSchedule.of(n, NodeMode.OFF)
            : kind == 1 ? NodeSchedule.of(n, NodeMode.ACTIVE)
            : NodeSchedule.blink(n, rnd.nextInt((int) interval),
                rnd.nextInt((int) interval + 1)));
      }
      Schedule s = b.build();
      for (int t = 0; t < 40; t++) {
        long now = START - 3000 + rnd.nextInt(10_000);
        long min = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt((int) interval + 1);
        for (String n : nodes) {
          assertEquals(definition(s, n, now, min), ReadOrder.key(s, n, now, min),
              "seed " + seed + " node " + n + " now " + now + " min " + min);
        }
        String[] sorted = nodes.toArray(new String[0]);
        Collections.shuffle(java.util.Arrays.asList(sorted), rnd);
        ReadOrder.sortInPlace(sorted, sorted.length, Function.identity(), s, now, min);
        for (int i = 1; i < sorted.length; i++) {
          assertTrue(ReadOrder.Key.ORDER.compare(definition(s, sorted[i - 1], now, min),
              definition(s, sorted[i], now, min)) <= 0, "seed " + seed);
        }
      }
    }
  }

  /** BlinkFS's rule spelled out with the schedule's own methods. */
  private static ReadOrder.Key definition(Schedule s, String node, long now, long min) {
    long remaining = s.remainingActiveMs(node, now);
    if (remaining == Schedule.FOREVER || (remaining > 0 && remaining >= min)) {
      return new ReadOrder.Key(true, remaining, 0);
    }
    long from = now + remaining;
    long wake = s.nextWakeMs(node, from);
    if (wake == from && remaining > 0) {
      return new ReadOrder.Key(true, remaining, 0);
    }
    return new ReadOrder.Key(false, 0, wake == Long.MAX_VALUE ? Long.MAX_VALUE : wake - now);
  }
}
