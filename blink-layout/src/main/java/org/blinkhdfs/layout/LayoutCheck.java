package org.blinkhdfs.layout;

import java.util.List;
import java.util.Objects;

/**
 * How a block's held ring positions compare with the power-balanced layout that fits them best;
 * the input of {@code verifyBlockPlacement} and {@code chooseReplicasToDelete}.
 *
 * <p>Example (N = 10, 4 replicas, held {3, 5, 8, 9}): {@code first} 3, {@code layout} [3, 8, 5,
 * 0], {@code missing} [0], {@code extra} [9].
 *
 * @param first the first node chosen by {@link org.blinkhdfs.layout.ring.RingLayout#bestFirst}
 * @param layout the layout of {@code first}, in placement order
 * @param missing layout positions not held, in placement order (re-replicate these first)
 * @param extra held positions outside the layout, ascending ring index
 */
public record LayoutCheck(int first, List<Integer> layout, List<Integer> missing,
    List<Integer> extra) {
  /** Copies the lists, so the check stays immutable. */
  public LayoutCheck {
    layout = List.copyOf(Objects.requireNonNull(layout, "layout must not be null"));
    missing = List.copyOf(Objects.requireNonNull(missing, "missing must not be null"));
    extra = List.copyOf(Objects.requireNonNull(extra, "extra must not be null"));
  }

  /** True when the held positions are exactly the layout: nothing missing, nothing extra. */
  public boolean isPerfect() {
    return missing.isEmpty() && extra.isEmpty();
  }
}
