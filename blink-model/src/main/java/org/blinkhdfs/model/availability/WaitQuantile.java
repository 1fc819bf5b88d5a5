package org.blinkhdfs.model.availability;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A quantile of the wait for a replica to be awake, over a population of blocks read equally
 * often at uniformly random phases of the interval: what a group's p90 read-latency target is
 * compared with (docs/groups.md).
 *
 * <h2>Formula</h2>
 * A read of a block with gaps {@code g_i} (interval {@code T}) waits longer than {@code w} with
 * probability {@code Σ_i max(0, g_i − w) / T}: it must land in a gap more than {@code w} before
 * the gap's end. Over {@code n} blocks read equally often,
 *
 * <pre>
 *   F(w) = P(wait > w) = Σ_blocks Σ_gaps max(0, g − w) / (n·T)
 * </pre>
 *
 * is piecewise linear and non-increasing in {@code w}. The q-quantile is the least {@code w} with
 * {@code F(w) ≤ 1 − q}. With all gaps sorted {@code g_1 ≥ g_2 ≥ ...}, on {@code [g_{k+1}, g_k]}
 * {@code F(w) = (Σ_{i≤k} g_i − k·w) / (n·T)}, so {@code w = (Σ_{i≤k} g_i − (1−q)·n·T) / k} for
 * the k whose segment holds it; 0 when {@code F(0) ≤ 1 − q}.
 *
 * <p>Worked example ({@code T = 6000 ms}, q = 0.9): block A has one gap of 5000 ms, block B one
 * of 4000 ms. {@code (1−q)·n·T = 1200}. k = 1 gives {@code 5000 − 1200 = 3800}, below
 * {@code g_2 = 4000}, so not on its segment; k = 2 gives {@code (9000 − 1200)/2 = 3900} ms, and
 * indeed {@code F(3900) = (1100 + 100)/12000 = 0.1}.
 *
 * <p>A block whose replicas are never awake waits forever: if such blocks alone make up more than
 * {@code 1 − q} of the reads the quantile is infinite (empty); otherwise they count as waiting
 * longer than any finite {@code w}, which the formula handles by lowering the share left to the
 * others.
 *
 * <p>Stateless.
 */
public final class WaitQuantile {
  private WaitQuantile() {}

  /**
   * The {@code q}-quantile of the wait in ms over {@code blocks} (equal weights), or empty when
   * it is infinite.
   *
   * @throws IllegalArgumentException if {@code blocks} is empty, mixes intervals, or {@code q} is
   *     not in (0, 1)
   */
  public static OptionalDouble of(List<BlockAvailability> blocks, double q) {
    Objects.requireNonNull(blocks, "blocks");
    if (blocks.isEmpty()) {
      throw new IllegalArgumentException("no blocks: a wait quantile needs at least one block");
    }
    if (!(q > 0 && q < 1)) {
      throw new IllegalArgumentException("quantile " + q + " must be in (0, 1), e.g. 0.9");
    }
    long intervalMs = blocks.get(0).intervalMs();
    int never = 0;
    List<Long> gaps = new ArrayList<>();
    for (BlockAvailability b : blocks) {
      if (b.intervalMs() != intervalMs) {
        throw new IllegalArgumentException("blocks mix intervals " + intervalMs + " and "
            + b.intervalMs() + " ms: give blocks under one schedule");
      }
      if (b.neverAvailable()) {
        never++;
      } else {
        b.gaps().forEach(g -> gaps.add(g.lengthMs()));
      }
    }
    double n = blocks.size();
    // Reads of never-available blocks wait longer than any w: they use up part of 1 − q.
    double allowance = (1 - q) * n * intervalMs - (double) never * intervalMs;
    if (allowance < 0) {
      return OptionalDouble.empty();
    }
    gaps.sort(Collections.reverseOrder());
    double sum = 0;
    for (long g : gaps) {
      sum += g;
    }
    if (sum <= allowance) {
      return OptionalDouble.of(0);
    }
    double prefix = 0;
    for (int k = 1; k <= gaps.size(); k++) {
      prefix += gaps.get(k - 1);
      double w = (prefix - allowance) / k;
      double lower = k < gaps.size() ? gaps.get(k) : 0;
      if (w >= lower - 1e-9) {
        return OptionalDouble.of(Math.max(0, w));
      }
    }
    throw new AssertionError("unreachable: F(0) > allowance implies a segment holds the root");
  }

  /** The least fraction of the interval in which some replica is awake, over {@code blocks}. */
  public static double minAvailable(List<BlockAvailability> blocks) {
    double min = 1;
    for (BlockAvailability b : blocks) {
      min = Math.min(min, b.availableFraction());
    }
    return min;
  }
}
