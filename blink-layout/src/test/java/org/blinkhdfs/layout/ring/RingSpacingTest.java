package org.blinkhdfs.layout.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.catalog.LayoutCatalog;
import org.blinkhdfs.layout.phase.PhaseGroupLayoutModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** The even spacing of the co-designed stagger on the ring, and its key. */
class RingSpacingTest {

  @Test
  void evenPositionsOnNine() {
    RingLayout ring = new RingLayout(9, RingSpacing.EVEN);
    assertEquals(List.of(4, 7, 1), ring.positions(4, 3));
    assertEquals(List.of(8, 0, 2, 3, 5, 6), ring.positions(8, 6));
    // BlinkFS's bisection on the same ring: 4, 8, 1 (4 and 2 and 3 apart).
    assertEquals(List.of(4, 8, 1), new RingLayout(9).positions(4, 3));
  }

  @Test
  void checkRecognisesEvenLayouts() {
    RingLayout ring = new RingLayout(9, RingSpacing.EVEN);
    LayoutCheck perfect = ring.check(List.of(1, 4, 7), 3);
    assertEquals(List.of(), perfect.missing());
    assertEquals(List.of(), perfect.extra());
    LayoutCheck bisected = ring.check(List.of(0, 4, 6), 3);
    assertEquals(1, bisected.missing().size(), bisected.toString());
    assertEquals(1, bisected.extra().size(), bisected.toString());
  }

  /** The javadoc example: reducing r = 6 to 3 keeps the even layout of 3 it contains. */
  @Test
  void deletionKeepsTheEvenLayoutOfTheTarget() {
    RingLayout ring = new RingLayout(9, RingSpacing.EVEN);
    assertEquals(List.of(1, 4, 7), ring.deletionOrder(List.of(0, 1, 3, 4, 6, 7), 3));
    assertEquals(List.of(), ring.deletionOrder(List.of(0, 3, 6), 3));
    // One extra beside a perfect layout goes first.
    assertEquals(List.of(5), ring.deletionOrder(List.of(0, 3, 5, 6), 3));
  }

  /**
   * The model's full order (what the NameNode deletes from): with even spacing the extra goes
   * first, never a layout position the proxy or the NameNode just copied (a demo run trimmed one
   * when the order counted down to one replica as for bisection).
   */
  @Test
  void modelDeletesTheExtraBeforeAnyLayoutReplica() {
    RingLayoutModel even = new RingLayoutModel(9, RingSpacing.EVEN);
    assertEquals(List.of(4, 6, 3, 0), even.deletionOrder(List.of(0, 3, 4, 6), 3));
    assertEquals(List.of(0), even.deletionOrder(List.of(0), 3));
    for (long seed = 0; seed < 300; seed++) {
      Random rnd = new Random(seed);
      int n = 2 + rnd.nextInt(40);
      int r = 1 + rnd.nextInt(Math.min(6, n - 1));
      RingLayout ring = new RingLayout(n, RingSpacing.EVEN);
      RingLayoutModel model = new RingLayoutModel(n, RingSpacing.EVEN);
      List<Integer> layout = ring.positions(rnd.nextInt(n), r);
      Set<Integer> held = new HashSet<>(layout);
      int extra;
      do {
        extra = rnd.nextInt(n);
      } while (held.contains(extra));
      held.add(extra);
      List<Integer> order = model.deletionOrder(held, r);
      assertEquals(held.size(), order.size(), "seed " + seed);
      Set<Integer> left = new HashSet<>(held);
      left.remove(order.get(0));
      LayoutCheck c = ring.check(left, r);
      assertTrue(c.missing().isEmpty() && c.extra().isEmpty(), "seed " + seed + " n=" + n
          + " r=" + r + " held " + held + " order " + order);
    }
  }

  /** Over seeds: layouts are distinct and recognised; one extra replica's deletion leaves one. */
  @Test
  void evenLayoutsOverSeeds() {
    for (long seed = 0; seed < 500; seed++) {
      Random rnd = new Random(seed);
      int n = 1 + rnd.nextInt(64);
      int r = 1 + rnd.nextInt(Math.min(6, n));
      int f = rnd.nextInt(n);
      RingLayout ring = new RingLayout(n, RingSpacing.EVEN);
      List<Integer> layout = ring.positions(f, r);
      String ctx = "seed " + seed + " n=" + n + " r=" + r + " f=" + f;
      assertEquals(r, new HashSet<>(layout).size(), ctx);
      LayoutCheck check = ring.check(layout, r);
      assertTrue(check.missing().isEmpty() && check.extra().isEmpty(), ctx + " " + check);
      if (r < n) {
        Set<Integer> held = new HashSet<>(layout);
        int extra;
        do {
          extra = rnd.nextInt(n);
        } while (held.contains(extra));
        held.add(extra);
        List<Integer> deleted = ring.deletionOrder(held, r);
        assertEquals(1, deleted.size(), ctx);
        held.remove(deleted.get(0));
        LayoutCheck left = ring.check(held, r);
        assertTrue(left.missing().isEmpty() && left.extra().isEmpty(), ctx + " " + left);
      }
    }
  }

  private static Schedule nineNodes() {
    Schedule.Builder b = Schedule.builder().intervalStartMs(0).intervalMs(60_000);
    for (int i = 0; i < 9; i++) {
      b.add(NodeSchedule.of("10.0.0." + (i + 1) + ":9866", NodeMode.ACTIVE));
    }
    return b.build();
  }

  @Test
  void keySelectsTheSpacing() {
    // the default since issue 39: phase groups; BlinkFS's bisection by name
    assertEquals(RingSpacing.GROUPS, RingSpacing.parse(null));
    assertEquals(RingSpacing.GROUPS, RingSpacing.parse(" "));
    assertEquals(RingSpacing.BISECTION, RingSpacing.parse("bisection"));
    assertEquals("power-balanced", LayoutCatalog.byName("power-balanced",
        k -> k.equals(RingSpacing.KEY) ? "bisection" : null).apply(nineNodes()).name());
    assertEquals(PhaseGroupLayoutModel.class,
        LayoutCatalog.byName("power-balanced", k -> null).apply(nineNodes()).getClass());
    assertEquals(RingSpacing.EVEN, RingSpacing.parse(" Even "));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RingSpacing.parse("thirds"));
    assertTrue(e.getMessage().contains("blink.ring.spacing = 'thirds'"), e.getMessage());
    LayoutModel even = LayoutCatalog.byName("power-balanced",
        k -> k.equals(RingSpacing.KEY) ? "even" : null).apply(nineNodes());
    assertEquals("power-balanced (even)", even.name());
    assertEquals(List.of(0, 3, 6), even.check(List.of(0, 3, 6), 3).layout());
  }
}
