package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.rabbit.layout.Chain;
import org.blinkhdfs.rabbit.layout.ChainLayoutModel;
import org.blinkhdfs.rabbit.layout.EqualWorkLayout;
import org.blinkhdfs.rabbit.layout.EqualWorkSpec;
import org.junit.jupiter.api.Test;

/**
 * The dataset composite on ring n1..n8 (positions 0..7), p = 2: the default chain is the ring,
 * dataset a's chain n8 n7 n6 n5 n4 n3 n1 n2 (planned after it).
 */
class DatasetLayoutModelTest {
  private static final List<String> RING = Chain.numbered(8).nodes();
  private static final Chain A_CHAIN = Chain.of(RING.get(7), RING.get(6), RING.get(5),
      RING.get(4), RING.get(3), RING.get(2), RING.get(0), RING.get(1));

  private final ChainLayoutModel fallback = model(Chain.of(RING));
  private final ChainLayoutModel a = model(A_CHAIN);
  private final DatasetLayoutModel composite = new DatasetLayoutModel(fallback, Map.of("a", a),
      path -> path.startsWith("/a/") ? Optional.of("a") : Optional.empty());

  private static ChainLayoutModel model(Chain chain) {
    return new ChainLayoutModel("equal-work", RING, chain,
        r -> EqualWorkLayout.of(chain, EqualWorkSpec.of(2, r)), "p = 2");
  }

  @Test
  void newBlocksOfADatasetFileUseItsLayout() {
    assertSame(a, composite.forFile("/a/f"));
    assertSame(fallback, composite.forFile("/b/f"));
  }

  @Test
  void aPermutedChainSpeaksInRingPositions() {
    // n7 (position 6) is a's second primary, n3 (position 2) its rank-6 node.
    LayoutCheck c = a.check(List.of(6, 2), 2);
    assertEquals(List.of(6, 2), c.layout());
    assertTrue(c.isPerfect());
    assertFalse(fallback.check(List.of(6, 2), 2).isPerfect(), "no default primary");
  }

  @Test
  void aBlockOnAnyDatasetLayoutIsPerfect() {
    assertTrue(composite.check(List.of(6, 2), 2).isPerfect());
    assertEquals(Optional.of("a"), composite.bestFitName(List.of(6, 2), 2));
    assertTrue(composite.check(List.of(0, 4), 2).isPerfect());
    assertEquals(Optional.empty(), composite.bestFitName(List.of(0, 4), 2));
  }

  /**
   * n7, n3 and n5: two whole a-layouts share a's primary n7 (a's own best fit keeps [n7, n5]);
   * nothing missing, the other secondary extra and deleted first, a's primary last.
   */
  @Test
  void anExtraReplicaIsJudgedAgainstTheBestFittingDataset() {
    LayoutCheck c = composite.check(List.of(6, 2, 4), 2);
    assertEquals(a.check(List.of(6, 2, 4), 2), c);
    assertEquals(List.of(), c.missing());
    assertEquals(List.of(2), c.extra());
    assertEquals(List.of(2, 4, 6), composite.deletionOrder(List.of(6, 2, 4), 2));
  }

  /** Two a-secondaries n3, n4 (positions 2, 3): one layout misses a primary in every member. */
  @Test
  void tiesGoToTheEarlierMember() {
    LayoutCheck c = composite.check(List.of(2, 3), 2);
    assertEquals(1, c.missing().size());
    assertEquals(fallback.check(List.of(2, 3), 2), c);
  }

  @Test
  void refusalIsTheMembers() {
    LayoutModel m = composite;
    assertEquals(Optional.empty(), m.refusal(2));
    assertTrue(m.refusal(3).orElseThrow().contains("needs s ≥"), m.refusal(3).toString());
  }
}
