package org.blinkhdfs.rabbit.layout;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.blinkhdfs.model.schedule.RecoveryWake;

/**
 * Rabbit §3.5's failure response for the power scheduler: when a primary fails, wake only its
 * recovery group, and of that only the servers the current gear does not already have on
 * ({@link EqualWorkLayout#nodesToWake}). The scheduler's ring is the expansion chain, as for the
 * NameNode's placement ({@link Chain#fromSchedule}), so both agree on who is a primary.
 *
 * <h2>Rules</h2>
 * <ul>
 *   <li>A secondary, or a node not in the chain, wakes nothing: every block has a replica on a
 *       primary, and the primaries are on in every gear.
 *   <li>The scheduler's active prefix is rounded <em>down</em> to a gear (p + g·k), at least p:
 *       a partial gear group may lack the server that holds a block's other replica, so only
 *       whole gear groups count as on. Rounding down can only wake more, never leave a block of
 *       the failed primary without an awake replica.
 *   <li>With r = 1 there is no other replica: nothing to wake.
 * </ul>
 *
 * <p>Worked example (chain n1..n8, p = 2, g = 2, r = 2; recovery group 1 = [n3, n5, n7] serves
 * n1): n1 fails at 2 active → [n3, n5, n7]; at 4 → [n5, n7]; at 5 (rounded to 4) → [n5, n7];
 * n3 fails → []. The layout must match the one the NameNode places with (same chain, p, g and r),
 * or the wrong servers wake: the daemon reads p from {@code blink.equalwork.primaries}, the key
 * the placement policy reads.
 *
 * <p>Immutable and thread-safe.
 */
public final class EqualWorkRecovery implements RecoveryWake {
  private final EqualWorkLayout layout;

  private EqualWorkRecovery(EqualWorkLayout layout) {
    this.layout = layout;
  }

  /**
   * The recovery of {@code spec} on the chain {@code ring}.
   *
   * @throws IllegalArgumentException when the layout does not fit the ring (chain too short or
   *     too long for r, g not dividing p, secondaries not filling whole gear groups), with the
   *     numbers and the fix
   */
  public static EqualWorkRecovery of(List<String> ring, EqualWorkSpec spec) {
    Objects.requireNonNull(spec, "spec must not be null");
    Chain chain = Chain.of(ring);
    if (spec.primaries() > chain.size()) {
      throw new IllegalArgumentException("p = " + spec.primaries() + " primaries do not fit a ring"
          + " of " + chain.size() + " nodes: lower p or list more ring nodes");
    }
    return new EqualWorkRecovery(EqualWorkLayout.of(chain, spec));
  }

  /** The layout whose recovery groups are woken. */
  public EqualWorkLayout layout() {
    return layout;
  }

  @Override
  public List<String> nodesToWake(String failedNode, int activePrefix) {
    Chain chain = layout.chain();
    if (!chain.contains(failedNode) || chain.rank(failedNode) > layout.spec().primaries()) {
      return List.of();
    }
    return layout.nodesToWake(failedNode, gearAtOrBelow(activePrefix));
  }

  /** The largest gear size at most {@code activePrefix}, or the smallest gear (p). */
  int gearAtOrBelow(int activePrefix) {
    List<Integer> gears = layout.gearSizes();
    int gear = gears.get(0);
    for (int size : gears) {
      if (size <= activePrefix) {
        gear = size;
      }
    }
    return gear;
  }

  @Override
  public String describe() {
    EqualWorkSpec s = layout.spec();
    return String.format(Locale.ROOT, "equal-work p=%d g=%d r=%d on %d nodes", s.primaries(),
        s.gearSize(), s.replication(), layout.chain().size());
  }
}
