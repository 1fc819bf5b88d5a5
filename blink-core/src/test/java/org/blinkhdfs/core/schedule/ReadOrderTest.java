package org.blinkhdfs.core.schedule;

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
}
