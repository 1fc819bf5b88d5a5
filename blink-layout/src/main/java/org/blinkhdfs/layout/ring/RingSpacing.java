package org.blinkhdfs.layout.ring;

import java.util.List;
import java.util.Locale;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.model.policy.AlignedStagger;

/**
 * How the power-balanced ring spaces a block's replicas ({@code blink.ring.spacing}).
 *
 * <ul>
 *   <li>{@link #BISECTION}: BlinkFS §4.2 as printed, the node opposite, then the
 *       midpoints of the largest gaps ({@link GapSplitter}); a layout of r replicas is a prefix of
 *       the layout of r + 1, so changing a file's replication never moves a replica, but the
 *       spacing is even only for powers of two: r = 3 on 9 nodes sits at f, f+4, f+6.
 *   <li>{@link #EVEN}: {@code ⌊j·N/r⌋} ({@link AlignedStagger#replicaOffsets}), the layout half of
 *       the co-designed {@code aligned} stagger: consecutive replicas {@code ⌊N/r⌋} or
 *       {@code ⌈N/r⌉} apart, so with circular phases a block is readable throughout once
 *       {@code a ≥ ⌈N/r⌉/N + (T_tr + m)/t}. The layout of r is a subset of that of 2r (r = 3 on
 *       9 nodes: f, f+3, f+6; r = 6: f, f+1, f+3, f+4, f+6, f+7), but not in general of r + 1: a
 *       replication change from r to r' keeps the replicas the two layouts share and moves at
 *       most {@code min(r, r') − |shared|}.
 *   <li>{@link #GROUPS} (the default since issue 39; bisection and even stay by name for
 *       comparison): not a spacing of this ring but the phase-group layout ({@code
 *       PhaseGroupLayoutModel}), the layout half of the {@code phase-groups} policy: position i
 *       is in group {@code i mod G} (G from {@code blink.phase.groups}, the same key the scheduler
 *       reads), every block takes one replica from each of r groups, any member of a group serving
 *       alike, so a block is readable throughout once {@code r·L ≥ t} for every ring size N ≥ r.
 *       {@code LayoutCatalog#powerBalanced} builds it; {@link RingLayout} refuses it.
 * </ul>
 */
public enum RingSpacing {
  BISECTION("bisection"),
  EVEN("even"),
  GROUPS("groups");

  /** The configuration key that selects the spacing on the NameNode. */
  public static final String KEY = "blink.ring.spacing";

  /** {@link #KEY} with its default, for the defaults file. */
  public static final ConfigKey CONFIG = new ConfigKey(KEY, "groups", "");
  /** Every key the ring layout reads. */
  public static final List<ConfigKey> KEYS = List.of(CONFIG);

  private final String value;

  RingSpacing(String value) {
    this.value = value;
  }

  /** The value of {@link #KEY} that selects this spacing. */
  public String value() {
    return value;
  }

  /** Offsets from the first replica of {@code replicas} replicas, in placement order. */
  int[] offsets(int ringSize, int replicas) {
    return this == BISECTION ? GapSplitter.offsets(ringSize, replicas)
        : AlignedStagger.replicaOffsets(ringSize, replicas);
  }

  /** True for the spacings {@link RingLayout} lays out itself (all but {@link #GROUPS}). */
  public boolean isRing() {
    return this != GROUPS;
  }

  /**
   * The spacing {@code value} names; null or blank is the default {@link #GROUPS}.
   *
   * @throws IllegalArgumentException naming {@link #KEY}, the value and the accepted ones
   */
  public static RingSpacing parse(String value) {
    if (value == null || value.isBlank()) {
      return GROUPS;
    }
    String v = value.trim().toLowerCase(Locale.ROOT);
    for (RingSpacing s : values()) {
      if (s.value.equals(v)) {
        return s;
      }
    }
    throw new IllegalArgumentException(KEY + " = '" + value + "' is not a ring spacing: use "
        + "groups (the default, with the scheduler policy phase-groups and the same"
        + " blink.phase.groups), bisection (BlinkFS as printed, with staggered) or even (with"
        + " the scheduler policy aligned)");
  }
}
