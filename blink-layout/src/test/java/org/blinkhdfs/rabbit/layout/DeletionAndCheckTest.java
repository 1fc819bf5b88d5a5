package org.blinkhdfs.rabbit.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Placement checks and deletion order: what verifyBlockPlacement, chooseReplicasToDelete use. */
class DeletionAndCheckTest {
  private final Chain chain = Chain.numbered(10);

  @Test
  void checkSeparatesMissingFromStandIns() {
    PlacementCheck c = PlacementCheck.compare(chain, List.of("n2", "n4", "n9"),
        List.of("staging1", "n9", "n5", "n2"));
    assertEquals(List.of("n4"), c.missing());
    assertEquals(List.of("n5", "staging1"), c.standIns());
    assertFalse(c.isPerfect());
    assertTrue(PlacementCheck.compare(chain, List.of("n2", "n4"), List.of("n4", "n2"))
        .isPerfect());
  }

  @Test
  void deletionDropsStandInsThenReversesWriteOrder() {
    // Layout [n1, n4, n9]; holders add a chain stand-in n6 and a staging node. Keep 2: the
    // staging copy, then n6. Keep 1: also n9 (last written). Keep 0: then n4, then n1.
    List<String> layout = List.of("n1", "n4", "n9");
    List<String> holders = List.of("n1", "n4", "n9", "n6", "staging");
    assertEquals(List.of("staging", "n6", "n9"), DeletionOrder.of(chain, layout, holders, 2));
    assertEquals(List.of("staging", "n6", "n9", "n4"), DeletionOrder.of(chain, layout, holders, 1));
    assertEquals(List.of("staging", "n6", "n9", "n4", "n1"),
        DeletionOrder.of(chain, layout, holders, 0));
    assertEquals(List.of(), DeletionOrder.of(chain, layout, holders, 5));
  }

  @Test
  void chainStandInsLatestRankFirst() {
    assertEquals(List.of("n8", "n3"),
        DeletionOrder.of(chain, List.of("n1"), List.of("n3", "n1", "n8"), 1));
  }

  @Test
  void deletionOfAnEqualWorkBlockRetracesItsWrite() {
    EqualWorkLayout layout = EqualWorkLayout.of(Chain.numbered(100), EqualWorkSpec.of(5, 4));
    for (long id = 0; id < 500; id++) {
      List<String> targets = layout.targets(id);
      List<String> reversed = new ArrayList<>(targets);
      Collections.reverse(reversed);
      assertEquals(reversed, layout.deletionOrder(id, targets, 0));
      // Reducing r = 4 to 2 keeps the primary and the first secondary.
      assertEquals(reversed.subList(0, 2), layout.deletionOrder(id, targets, 2));
      // Without the block ID the same order follows from the holders alone.
      assertEquals(reversed, layout.deletionOrder(targets, 0));
    }
  }

  @Test
  void withoutBlockIdAStandInIsRecognised() {
    EqualWorkLayout layout = EqualWorkLayout.of(Chain.numbered(7), EqualWorkSpec.of(2, 2));
    // [n2, n4] written as [n2, staging]: the best fit with only n2 held is n2 with the first
    // secondary selection (u = 0: n3), so n3 is reported missing, staging a stand-in.
    PlacementCheck c = layout.check(Arrays.asList("n2", "staging"));
    assertEquals(List.of("n2", "n3"), c.layout());
    assertEquals(List.of("n3"), c.missing());
    assertEquals(List.of("staging"), c.standIns());
    // Both layout nodes held plus an extra: the extra goes first.
    assertEquals(List.of("n6"), layout.deletionOrder(List.of("n6", "n2", "n4"), 2));
    // Nothing held: a fixed default layout.
    assertEquals(List.of("n1", "n3"), layout.bestFit(List.of()));
  }

  @Test
  void badArguments() {
    assertThrows(NullPointerException.class,
        () -> PlacementCheck.compare(chain, List.of("n1"), null));
    assertThrows(IllegalArgumentException.class,
        () -> PlacementCheck.compare(chain, List.of("n1"), Arrays.asList("n1", null)));
    assertThrows(IllegalArgumentException.class,
        () -> DeletionOrder.of(chain, List.of("n1"), List.of("n1"), -1));
  }
}
