package org.blinkhdfs.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.blinkhdfs.model.schedule.LocationOrder.Keep;
import org.junit.jupiter.api.Test;

class LocationOrderTest {
  static final long START = 1_790_000_000_000L;
  static final List<String> NAMENODE_ORDER = List.of("c:1", "a:1", "d:1", "b:1");

  /** The class javadoc's example: A [0, 20 s), B [5, 11 s), C [30, 40 s), D ACTIVE. */
  static Schedule example() {
    return Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(60_000)
        .add(NodeSchedule.blink("a:1", 0, 20_000))
        .add(NodeSchedule.blink("b:1", 5_000, 6_000))
        .add(NodeSchedule.blink("c:1", 30_000, 10_000))
        .add(NodeSchedule.of("d:1", NodeMode.ACTIVE)).build();
  }

  @Test
  void theWorkedExampleAtPhaseTen() {
    long now = START + 10_000;
    assertEquals(List.of(2, 1, 0, 3),
        LocationOrder.order(example(), NAMENODE_ORDER, now, 2_000, Keep.ALL));
    assertEquals(List.of(2, 1),
        LocationOrder.order(example(), NAMENODE_ORDER, now, 2_000, Keep.USABLE));
  }

  @Test
  void theWorkedExampleAtPhaseFortyFive() {
    long now = START + 45_000; // A wakes in 15 s, B in 20 s, C in 45 s
    assertEquals(List.of(2, 1, 3, 0),
        LocationOrder.order(example(), NAMENODE_ORDER, now, 2_000, Keep.ALL));
    assertEquals(List.of(2),
        LocationOrder.order(example(), NAMENODE_ORDER, now, 2_000, Keep.USABLE));
  }

  @Test
  void nobodyUsableKeepsEveryoneSoonestWakeFirst() {
    List<String> abc = List.of("c:1", "b:1", "a:1");
    long now = START + 25_000; // A wakes in 35 s, B in 40 s, C in 5 s
    assertEquals(List.of(0, 2, 1),
        LocationOrder.order(example(), abc, now, 2_000, Keep.USABLE));
  }

  @Test
  void withoutAScheduleTheInputOrderIsKept() {
    assertEquals(List.of(0, 1, 2, 3),
        LocationOrder.order(null, NAMENODE_ORDER, START, 2_000, Keep.USABLE));
    assertEquals(List.of(), LocationOrder.order(example(), List.of(), START, 2_000, Keep.USABLE));
  }

  @Test
  void anExpiredScheduleKeepsEveryoneInInputOrder() {
    Schedule expired = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(60_000)
        .validUntilMs(START + 1_000).add(NodeSchedule.of("a:1", NodeMode.OFF))
        .add(NodeSchedule.blink("b:1", 30_000, 1_000)).build();
    assertEquals(List.of(0, 1),
        LocationOrder.order(expired, List.of("a:1", "b:1"), START + 5_000, 2_000, Keep.USABLE));
  }

  @Test
  void keepParsesTheConfiguredNames() {
    assertEquals(Keep.USABLE, Keep.parse("k", "usable"));
    assertEquals(Keep.ALL, Keep.parse("k", " ALL "));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Keep.parse("k.key", "awake"));
    assertEquals("k.key = 'awake' is invalid: give usable (list only replicas awake now when one"
        + " is) or all (list every replica, best first)", e.getMessage());
  }

  /**
   * Over random schedules and replica lists: ALL is a permutation and USABLE a non-empty subset
   * of the indices, usable replicas come first and in non-increasing remaining window, the whole
   * list is sorted by the read order's key, equal keys keep their input order, and USABLE drops
   * exactly the unusable replicas when some replica is usable.
   */
  @Test
  void propertiesOverSeeds() {
    for (long seed = 0; seed < 500; seed++) {
      Random rnd = new Random(seed);
      Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(1000);
      int nodes = 1 + rnd.nextInt(6);
      for (int i = 0; i < nodes; i++) {
        String n = "n" + i + ":1";
        int kind = rnd.nextInt(6);
        b.add(kind == 0 ? NodeSchedule.of(n, NodeMode.OFF)
            : kind == 1 ? NodeSchedule.of(n, NodeMode.ACTIVE)
            : NodeSchedule.blink(n, rnd.nextInt(1000), rnd.nextInt(1001)));
      }
      Schedule s = b.build();
      List<String> replicas = new ArrayList<>();
      for (int i = 0; i < 1 + rnd.nextInt(5); i++) {
        replicas.add("n" + rnd.nextInt(nodes + 1) + ":1"); // n<nodes> is unscheduled: ACTIVE
      }
      long now = START + rnd.nextInt(5000);
      long min = rnd.nextInt(200);
      String msg = "seed " + seed;

      List<Integer> all = LocationOrder.order(s, replicas, now, min, Keep.ALL);
      assertEquals(replicas.size(), all.size(), msg);
      assertEquals(replicas.size(), new HashSet<>(all).size(), msg);
      for (int k = 1; k < all.size(); k++) {
        ReadOrder.Key prev = ReadOrder.key(s, replicas.get(all.get(k - 1)), now, min);
        ReadOrder.Key cur = ReadOrder.key(s, replicas.get(all.get(k)), now, min);
        int cmp = ReadOrder.Key.ORDER.compare(prev, cur);
        assertTrue(cmp < 0 || cmp == 0 && all.get(k - 1) < all.get(k), msg + " at " + k);
      }

      List<Integer> usable = LocationOrder.order(s, replicas, now, min, Keep.USABLE);
      assertFalse(usable.isEmpty(), msg);
      Set<Integer> usableNow = new HashSet<>();
      for (int i = 0; i < replicas.size(); i++) {
        if (ReadOrder.key(s, replicas.get(i), now, min).usableNow()) {
          usableNow.add(i);
        }
      }
      List<Integer> expected = usableNow.isEmpty() ? all : all.subList(0, usableNow.size());
      assertEquals(expected, usable, msg);
      assertEquals(usableNow.isEmpty() ? Set.copyOf(all) : usableNow, Set.copyOf(usable), msg);
    }
  }
}
