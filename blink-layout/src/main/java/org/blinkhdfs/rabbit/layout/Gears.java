package org.blinkhdfs.rabbit.layout;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Gear helpers shared by the layouts: from a wanted number of active nodes to the gear that
 * provides it, and the coverage test every gear must pass.
 *
 * <p>Rounding is upwards: asking for 5 nodes of a layout whose gears have 2, 4, 6 nodes turns 6
 * on, since a gear is the unit of power scaling (Rabbit §3.5: "the file system always turns on an
 * entire gear group") and fewer nodes would not carry the wanted throughput. Asking for fewer
 * than the smallest gear gives the smallest: the primaries (or PARAID's group 1) must stay on.
 *
 * <p>Stateless and thread-safe.
 */
public final class Gears {
  private Gears() {}

  /**
   * The smallest gear size of {@code layout} that is at least {@code wantedActive}.
   *
   * @throws IllegalArgumentException when wantedActive is below 1 or above the chain length
   */
  public static int roundUp(ChainLayout layout, int wantedActive) {
    Objects.requireNonNull(layout, "layout must not be null");
    int n = layout.chain().size();
    if (wantedActive < 1 || wantedActive > n) {
      throw new IllegalArgumentException("wanted active nodes must be within 1.." + n + ", got "
          + wantedActive);
    }
    for (int size : layout.gearSizes()) {
      if (size >= wantedActive) {
        return size;
      }
    }
    throw new IllegalStateException("the last gear of " + layout.gearSizes()
        + " must be the whole chain of " + n);
  }

  /** The nodes on when at least {@code wantedActive} are wanted (see {@link #roundUp}). */
  public static List<String> activeNodes(ChainLayout layout, int wantedActive) {
    return layout.activeNodes(roundUp(layout, wantedActive));
  }

  /** True when some target is in {@code active}. */
  public static boolean covers(Collection<String> active, List<String> targets) {
    for (String target : targets) {
      if (active.contains(target)) {
        return true;
      }
    }
    return false;
  }
}
