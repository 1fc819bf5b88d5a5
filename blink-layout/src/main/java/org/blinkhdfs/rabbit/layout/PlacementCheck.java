package org.blinkhdfs.rabbit.layout;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * How a block's actual replica holders compare with its layout targets; the input of an HDFS
 * adapter's {@code verifyBlockPlacement} (missing = additional replicas required) and
 * {@code chooseReplicasToDelete} (stand-ins go first). Mirrors the ring layout's
 * {@code LayoutCheck}.
 *
 * <p>Example (layout [n2, n4, n9], holders {n2, n9, n5, staging1}): missing [n4], standIns [n5,
 * staging1].
 *
 * @param layout the layout's targets, in write order
 * @param missing layout targets not held, in write order (re-replicate these first)
 * @param standIns held nodes outside the layout: chain nodes by rank, then off-chain nodes
 *     (staging) by name
 */
public record PlacementCheck(List<String> layout, List<String> missing, List<String> standIns) {
  /** Copies the lists, so the check stays immutable. */
  public PlacementCheck {
    layout = List.copyOf(Objects.requireNonNull(layout, "layout must not be null"));
    missing = List.copyOf(Objects.requireNonNull(missing, "missing must not be null"));
    standIns = List.copyOf(Objects.requireNonNull(standIns, "standIns must not be null"));
  }

  /** True when the holders are exactly the layout. */
  public boolean isPerfect() {
    return missing.isEmpty() && standIns.isEmpty();
  }

  /** Compares {@code holders} with {@code layout} on {@code chain}. */
  static PlacementCheck compare(Chain chain, List<String> layout, Collection<String> holders) {
    Set<String> held = distinctHolders(holders);
    List<String> missing = new ArrayList<>();
    for (String target : layout) {
      if (!held.contains(target)) {
        missing.add(target);
      }
    }
    List<String> standIns = new ArrayList<>();
    for (String node : held) {
      if (!layout.contains(node)) {
        standIns.add(node);
      }
    }
    standIns.sort(byChainRankThenName(chain));
    return new PlacementCheck(layout, missing, standIns);
  }

  /** Chain nodes by ascending rank, then off-chain nodes by name. */
  static Comparator<String> byChainRankThenName(Chain chain) {
    return Comparator.<String>comparingInt(n -> chain.contains(n) ? 0 : 1)
        .thenComparingInt(chain::rankOrZero)
        .thenComparing(Comparator.naturalOrder());
  }

  /** The distinct holders, in iteration order. */
  static Set<String> distinctHolders(Collection<String> holders) {
    Objects.requireNonNull(holders, "holders must not be null: pass an empty collection when no "
        + "replica is held");
    Set<String> held = new LinkedHashSet<>();
    for (String node : holders) {
      if (node == null) {
        throw new IllegalArgumentException("holders must not contain null, got " + holders);
      }
      held.add(node);
    }
    return held;
  }
}
