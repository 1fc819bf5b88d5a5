package org.blinkhdfs.layout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Where a replica goes when its layout position cannot take it: one of the layout's {@link
 * LayoutModel#substitutes} that can, before any stand-in. For the phase-group layout these are
 * the other members of the missing group, which open at the same phase, so the block keeps one
 * replica per group and stays readable throughout; a stand-in elsewhere would leave a group
 * uncovered until the layout correction moves it.
 *
 * <p>Why random: when a node dies, the blocks that lose their replica there all miss the same
 * group, and many suggest the same member; drawing among the usable ones with the caller's
 * seeded random spreads the copies evenly over the group instead of loading one member.
 *
 * <p>Example (N = 10, G = 3, missing position 4 on a dead node, 7 usable, 1 asleep): [7].
 *
 * <p>Stateless.
 */
public final class Substitutes {
  private Substitutes() {}

  /**
   * The substitutes of {@code position} in {@code layout} that are {@code usable} and not
   * {@code taken} (held, chosen or planned for another replica), in an order drawn from
   * {@code random}; empty for a layout without substitutes.
   */
  public static List<Integer> usable(LayoutModel layout, int position, IntPredicate usable,
      Set<Integer> taken, Random random) {
    List<Integer> out = new ArrayList<>();
    for (int q : layout.substitutes(position)) {
      if (!taken.contains(q) && usable.test(q)) {
        out.add(q);
      }
    }
    Collections.shuffle(out, random);
    return out;
  }
}
