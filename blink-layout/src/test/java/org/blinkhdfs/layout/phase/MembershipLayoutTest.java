package org.blinkhdfs.layout.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.model.policy.GroupMembership;
import org.junit.jupiter.api.Test;

/**
 * The phase-group layout on a persisted membership ({@link PhaseGroupLayoutModel#of}): its
 * rendezvous targets are perfect and change only for the blocks a new node wins, and what the
 * layout check asks for after a change equals {@link GroupMembership#movedFraction}'s count.
 */
class MembershipLayoutTest {

  /** Every rendezvous target is perfect under check, one member per group, over N ≤ 30. */
  @Test
  void rendezvousTargetsArePerfect() {
    for (int n = 3; n <= 30; n++) {
      GroupMembership m = GroupMembership.fromRing(ring(n), 3).remove("n1");
      PhaseGroupLayoutModel model = PhaseGroupLayoutModel.of(m, m.ring());
      for (int r = 1; r <= m.nodeCount(); r++) {
        for (long id = 0; id < 40; id++) {
          List<Integer> t = model.targets(id * 7919 + n, r);
          assertEquals(r, t.stream().distinct().count());
          LayoutCheck c = model.check(t, r);
          assertTrue(c.isPerfect(), m + " r=" + r + " id " + id + ": " + c);
        }
      }
    }
  }

  /**
   * Adding a node changes the targets only of blocks that move to it (rendezvous): N = 30 → 31,
   * the new node joins group 0 (10 → 11 members) and takes ≈ 1/11 of all blocks (every block
   * has a group-0 replica), within 5% of 1/11 over 20 000 blocks; no other block changes.
   */
  @Test
  void addingMovesOnlyTheNewNodesBlocks() {
    GroupMembership before = GroupMembership.fromRing(ring(30), 3);
    GroupMembership after = before.add("new");
    PhaseGroupLayoutModel a = PhaseGroupLayoutModel.of(before, before.ring());
    PhaseGroupLayoutModel b = PhaseGroupLayoutModel.of(after, after.ring());
    int changed = 0;
    int blocks = 20_000;
    for (long id = 0; id < blocks; id++) {
      List<String> was = names(before.ring(), a.targets(id, 3));
      List<String> is = names(after.ring(), b.targets(id, 3));
      if (!was.equals(is)) {
        changed++;
        assertTrue(is.contains("new"), was + " -> " + is);
        List<String> rest = new ArrayList<>(is);
        rest.remove("new");
        assertTrue(was.containsAll(rest), was + " -> " + is);
      }
    }
    assertEquals(1.0 / 11, changed / (double) blocks, 0.05 / 11);
  }

  /**
   * Blocks written on random members (the NameNode's distribution) and a random sequence of
   * adds and removals on N = 12..40: after each change the check keeps every held replica in
   * a needed group, and the corrections plus the new node's deficit come within 10% (plus
   * sampling noise) of {@link GroupMembership#movedFraction}.
   */
  @Test
  void checkAgreesWithTheMovementFormula() {
    Random random = new Random(7);
    GroupMembership m = GroupMembership.fromRing(ring(20), 3);
    int blocks = 6_000;
    int next = 100;
    for (int step = 0; step < 30; step++) {
      PhaseGroupLayoutModel model = PhaseGroupLayoutModel.of(m, m.ring());
      boolean add = m.nodeCount() <= 12 || (m.nodeCount() < 40 && random.nextBoolean());
      String node = add ? "n" + next++ : m.ring().get(random.nextInt(m.nodeCount()));
      GroupMembership after = add ? m.add(node) : m.remove(node);
      PhaseGroupLayoutModel afterModel = PhaseGroupLayoutModel.of(after, after.ring());
      Map<String, Integer> position = new HashMap<>();
      for (int p = 0; p < after.nodeCount(); p++) {
        position.put(after.ring().get(p), p);
      }
      long corrections = 0;
      long onNew = 0;
      for (long id = 0; id < blocks; id++) {
        List<Integer> held = new ArrayList<>();
        for (String x : names(m.ring(), model.targets(id * 31 + step, 3))) {
          if (position.containsKey(x)) {
            held.add(position.get(x));
          }
        }
        LayoutCheck c = afterModel.check(held, 3);
        assertEquals(held.size(), c.layout().size() - c.missing().size());
        corrections += c.missing().size();
        onNew += add && c.layout().contains(position.get(node)) ? 1 : 0;
      }
      double fill = add ? Math.max(0, blocks / (double) after.groupSize(after.groupOf(node))
          - onNew) : 0;
      double measured = (corrections + fill) / (3.0 * blocks);
      double expected = GroupMembership.movedFraction(m, after);
      assertEquals(expected, measured, 0.1 * expected + 0.004, m + " -> " + after);
      m = after;
    }
  }

  private static List<String> ring(int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add("n" + i);
    }
    return out;
  }

  private static List<String> names(List<String> ring, List<Integer> positions) {
    List<String> out = new ArrayList<>();
    for (int p : positions) {
      out.add(ring.get(p));
    }
    return out;
  }
}
