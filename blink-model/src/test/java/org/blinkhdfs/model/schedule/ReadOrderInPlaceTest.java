package org.blinkhdfs.model.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link ReadOrder#sortInPlace}: the class comment's example of {@link ReadOrder} sorted in an
 * array, and over seeds the same order and the same count of tied usable replicas as the list
 * sort and tie count the read sorter used before (kept here as the oracle, with the comparator
 * they used).
 */
class ReadOrderInPlaceTest {
  private static final long START = 1_790_000_000_000L;
  private static final int SEEDS = 1000;
  private static final Comparator<ReadOrder.Key> OLD_ORDER =
      Comparator.comparing((ReadOrder.Key k) -> !k.usableNow())
          .thenComparing(k -> k.usableNow() ? -k.remainingMs() : k.untilUsableMs());

  @Test
  void workedExample() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(60_000)
        .add(NodeSchedule.blink("a:1", 0, 20_000))
        .add(NodeSchedule.blink("b:1", 5_000, 6_000))
        .add(NodeSchedule.blink("c:1", 30_000, 10_000))
        .add(NodeSchedule.of("d:1", NodeMode.ACTIVE)).build();
    String[] nodes = {"a:1", "b:1", "c:1", "d:1"};
    int tied = ReadOrder.sortInPlace(nodes, 4, n -> n, s, START + 10_000, 2_000);
    assertArrayEquals(new String[] {"d:1", "a:1", "c:1", "b:1"}, nodes);
    assertEquals(1, tied); // d alone is usable forever
  }

  @Test
  void sameAsTheListSortAndTieCount() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random rnd = new Random(seed);
      Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(1000);
      int n = 1 + rnd.nextInt(6);
      List<String> names = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        String node = "n" + i + ":1";
        names.add(node);
        switch (rnd.nextInt(4)) {
          case 0 -> b.add(NodeSchedule.of(node, NodeMode.OFF));
          case 1 -> b.add(NodeSchedule.of(node, NodeMode.ACTIVE));
          default -> b.add(NodeSchedule.blink(node, rnd.nextInt(1000), rnd.nextInt(1001)));
        }
      }
      names.add("unnamed:1");
      Schedule s = b.build();
      long now = START + rnd.nextInt(5000);
      long min = rnd.nextInt(300);
      int len = 1 + rnd.nextInt(names.size());
      String[] items = new String[len];
      for (int i = 0; i < len; i++) {
        items[i] = names.get(rnd.nextInt(names.size())); // repeats allowed: ties
      }
      String[] expected = oldSort(items, s, now, min);
      int expectedTies = oldTies(expected, s, now, min);
      String[] actual = items.clone();
      int ties = ReadOrder.sortInPlace(actual, len, Function.identity(), s, now, min);
      assertArrayEquals(expected, actual, "seed " + seed);
      assertEquals(expectedTies, ties, "seed " + seed);
      assertEquals(List.of(expected), ReadOrder.sort(List.of(items), x -> x, s, now, min));
    }
  }

  private static String[] oldSort(String[] items, Schedule s, long now, long min) {
    List<String> list = new ArrayList<>(List.of(items));
    list.sort(Comparator.comparing(x -> ReadOrder.key(s, x, now, min), OLD_ORDER));
    return list.toArray(new String[0]);
  }

  private static int oldTies(String[] nodes, Schedule s, long now, long min) {
    ReadOrder.Key first = ReadOrder.key(s, nodes[0], now, min);
    if (!first.usableNow()) {
      return 0;
    }
    int tied = 1;
    while (tied < nodes.length && ReadOrder.key(s, nodes[tied], now, min).equals(first)) {
      tied++;
    }
    return tied;
  }
}
