package org.blinkhdfs.model.policy;

/**
 * The schedule half of the co-designed stagger and layout ({@link AlignedStagger}): ring
 * position i opens at {@code ⌊t·i/N⌋} at every power level, for the power-balanced layout with
 * {@code blink.ring.spacing = even} on the NameNode, which puts a block's replicas
 * {@code ⌊N/r⌋} or {@code ⌈N/r⌉} positions apart. Together they keep every block readable at
 * every phase whenever {@code a ≥ ⌈N/r⌉/N + (T_tr + m)/t} (the bound of any equal-window schedule
 * when r divides N), and below that reach the least wait when r divides N.
 *
 * <p>Its phases are exactly {@code staggered-circular}'s (it inherits them). Why a name of its
 * own: the
 * phases are only half of the design. {@code staggered-circular} is a stagger for any layout
 * (with BlinkFS's bisected ring, r = 3 on 9 nodes sits 4, 2 and 3 positions apart and needs
 * a ≥ 4/9); {@code aligned} is the contract that the layout is spaced evenly, which {@code
 * bin/blink schedule --policy aligned} checks and prints for a replication ({@code
 * --replication}, {@code --read-window}), and which the demo's {@code aligned} layout pairs with
 * it. Neither phases nor positions depend on the power, so a power change moves no data.
 *
 * <p>Worked example: 9 nodes, t = 60 s, 40% power (25 W / 1 W): windows of 22 500 ms opening at
 * 0, 6 666, 13 333, ..., 53 333 ms; a block on f, f+3, f+6 always has a replica awake with at least
 * 500 ms of its window left.
 */
public final class AlignedPolicy extends StaggeredCircularPolicy {
  public static final String NAME = "aligned";

  @Override
  public String name() {
    return NAME;
  }
}
