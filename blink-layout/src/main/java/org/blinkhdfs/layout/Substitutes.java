package org.blinkhdfs.layout;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.function.IntToLongFunction;

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
 * <p>The same interchangeability decides which of two replicas in one phase group is deleted
 * ({@link #deletionOrder}): either serves the block alike, so the one on the more loaded node
 * goes.
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

  /**
   * The layout's {@link LayoutModel#deletionOrder} with each replica outside the layout traded
   * for a more loaded interchangeable one ({@link #trade}), the positions outside the layout
   * being those the order lists before any position of {@code check(held, min(replicas,
   * held))}'s layout. A layout without substitutes (the ring) gets exactly its own order.
   *
   * <p>Why: the layout alone deletes by position (phase groups: the higher-numbered of two
   * members of one group), which is blind to where the replicas pile up; after a layout change
   * every block of a class deletes on the same member.
   *
   * <p>Example (N = 9, G = 3, r = 3, held {0, 4, 6, 8}: layout [0, 4, 8], extra 6; load 20 on
   * node 0, 15 on node 6): [0, 8, 4, 6], where the layout alone says [6, 8, 4, 0].
   *
   * @param load the load of the node at a held position (any unit; higher is fuller)
   */
  public static List<Integer> deletionOrder(LayoutModel layout, Collection<Integer> held,
      int replicas, IntToLongFunction load) {
    List<Integer> order = layout.deletionOrder(held, replicas);
    if (order.stream().allMatch(p -> layout.substitutes(p).isEmpty())) {
      return order;
    }
    Set<Integer> inLayout = Set.copyOf(layout.check(order,
        Math.max(1, Math.min(replicas, order.size()))).layout());
    int extras = 0;
    while (extras < order.size() && !inLayout.contains(order.get(extras))) {
      extras++;
    }
    return trade(layout, order.subList(0, extras), order.subList(extras, order.size()), load);
  }

  /**
   * Which replicas to delete when {@code extra} lie outside the layout and {@code kept} are its
   * held positions: each extra {@code e} in turn, against every kept {@code q} that accepts it
   * as a substitute ({@code e} in {@code substitutes(q)}), the one with the highest {@code load}
   * is deleted (ties: {@code e}, the layout's own choice) and the other kept in its place; the
   * layout is then still recognised, with {@code e} filling {@code q}'s position (the contract of
   * {@link LayoutModel#substitutes}). Returns the deleted positions, one per extra and in its
   * place, followed by the kept ones (a traded {@code e} where its {@code q} was).
   *
   * <p>Example (N = 9, G = 3; extra [6], kept [8, 4, 0], load 20 on 0, 15 on 6, 10 elsewhere):
   * [0, 8, 4, 6]; with 0 at 15 too: [6, 8, 4, 0].
   */
  public static List<Integer> trade(LayoutModel layout, List<Integer> extra, List<Integer> kept,
      IntToLongFunction load) {
    List<Integer> order = new ArrayList<>(extra);
    order.addAll(kept);
    for (int i = 0; i < extra.size(); i++) {
      int e = order.get(i);
      int swap = i;
      long most = load.applyAsLong(e);
      for (int j = extra.size(); j < order.size(); j++) {
        int q = order.get(j);
        long l = load.applyAsLong(q);
        if (l > most && layout.substitutes(q).contains(e)) {
          swap = j;
          most = l;
        }
      }
      if (swap != i) {
        order.set(i, order.get(swap));
        order.set(swap, e);
      }
    }
    return order;
  }
}
