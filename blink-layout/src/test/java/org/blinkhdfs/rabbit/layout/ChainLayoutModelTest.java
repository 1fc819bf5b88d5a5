package org.blinkhdfs.rabbit.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.blinkhdfs.layout.LayoutCheck;
import org.junit.jupiter.api.Test;

/**
 * The adapter between chain ranks and the policy's positions (rank i is position i − 1), and the
 * per-replication refusal. Equal work on Le et al.'s chain n1..n7 with p = 2.
 */
class ChainLayoutModelTest {
  private static ChainLayoutModel equalWork(int nodes) {
    Chain chain = Chain.numbered(nodes);
    return new ChainLayoutModel("equal-work", chain,
        r -> EqualWorkLayout.of(chain, EqualWorkSpec.of(2, r)),
        "p = blink.equalwork.primaries = 2");
  }

  @Test
  void aChainTooShortForTheReplicationIsRefusedWithThePureMessageAndTheKey() {
    ChainLayoutModel model = equalWork(5);
    assertEquals(Optional.empty(), model.refusal(2));
    String why = model.refusal(3).orElseThrow();
    assertTrue(why.startsWith("chain of 5 nodes with p=2, r=3 needs s ≥ 14.8"), why);
    assertTrue(why.endsWith("Fix: a chain of at least 10 nodes, or r=2, or p=1."
        + " (p = blink.equalwork.primaries = 2)"), why);
  }

  @Test
  void checkSpeaksInPositions() {
    ChainLayoutModel model = equalWork(7);
    // n1 and n5: primary and a secondary, a whole layout.
    LayoutCheck whole = model.check(List.of(0, 4), 2);
    assertEquals(List.of(0, 4), whole.layout());
    assertTrue(whole.isPerfect());
    // n1 and n2: two primaries; n1 (offered first) keeps the layout, n2 is the stand-in.
    LayoutCheck twoPrimaries = model.check(List.of(1, 0), 2);
    assertEquals(0, twoPrimaries.first());
    assertEquals(1, twoPrimaries.missing().size());
    assertTrue(twoPrimaries.missing().get(0) >= 2, twoPrimaries.toString());
    assertEquals(List.of(1), twoPrimaries.extra());
  }

  @Test
  void deletionOrderListsEveryHolderStandInFirstPrimaryLast() {
    // n1, n2, n5 for r = 2: layout [n1, n5]; n2 goes first, then n5, and n1 stays longest.
    assertEquals(List.of(1, 4, 0), equalWork(7).deletionOrder(List.of(0, 1, 4), 2));
  }
}
