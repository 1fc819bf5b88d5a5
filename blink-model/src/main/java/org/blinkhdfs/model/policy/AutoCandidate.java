package org.blinkhdfs.model.policy;

/**
 * One plan the {@code auto} policy weighs, on the phase-group layout: which ring nodes are ACTIVE
 * for the whole interval and what the others do. All candidates live on the same layout, so
 * switching between them moves no data: only windows change.
 *
 * <ul>
 *   <li>{@link Kind#BLINKING}: every node blinks in its group's phase ({@link PhaseGroupsPolicy})
 *       and the whole budget is spent; {@code activeNodes} is 0.
 *   <li>{@link Kind#ACTIVATION}: {@code activeNodes} ACTIVE (at least one covering set of whole
 *       groups, see {@link AutoEvaluator#coverNodes}), every other node OFF; power may be left
 *       unspent.
 *   <li>{@link Kind#HYBRID}: {@code activeNodes} ACTIVE as for activation, and the rest blink in
 *       their groups' phases with the power left over.
 * </ul>
 *
 * @param kind the family
 * @param activeNodes ring nodes ACTIVE the whole interval, whole phase groups
 *     ({@link AutoEvaluator#activeGroups})
 */
public record AutoCandidate(Kind kind, int activeNodes) {
  /** The three families, in the order ties are broken. */
  public enum Kind {
    ACTIVATION,
    HYBRID,
    BLINKING;

    /** The lower-case name used in JSON and reasons. */
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public AutoCandidate {
    java.util.Objects.requireNonNull(kind, "kind");
    if (activeNodes < 0 || (kind == Kind.BLINKING) != (activeNodes == 0)) {
      throw new IllegalArgumentException("a " + kind.label() + " candidate with " + activeNodes
          + " ACTIVE nodes: blinking has none, activation and hybrid at least one");
    }
  }

  /** Human label on a ring of {@code nodes}: "hybrid 3 on + 6 blinking". */
  public String describe(int nodes) {
    return switch (kind) {
      case BLINKING -> "blinking " + nodes + " nodes";
      case ACTIVATION -> "activation " + activeNodes + " on + " + (nodes - activeNodes) + " off";
      case HYBRID -> "hybrid " + activeNodes + " on + " + (nodes - activeNodes) + " blinking";
    };
  }
}
