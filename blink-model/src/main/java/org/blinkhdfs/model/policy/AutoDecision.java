package org.blinkhdfs.model.policy;

import java.util.List;

/**
 * One decision of the {@code auto} policy: what it chose, the best candidate of this decision
 * (they differ while hysteresis holds a choice), all predictions, and why in words.
 *
 * @param chosen the prediction of the candidate in force from this decision
 * @param best the best candidate of this decision alone ({@link AutoPrediction#BEST_FIRST})
 * @param candidates every prediction, blinking first
 * @param switched whether the choice changed at this decision
 * @param reason a sentence an operator can check against the numbers
 * @param decidedAtMs when, by the chooser's clock
 * @param nodes the ring size N the decision was for
 */
public record AutoDecision(AutoPrediction chosen, AutoPrediction best,
    List<AutoPrediction> candidates, boolean switched, String reason, long decidedAtMs,
    int nodes) {
  public AutoDecision {
    candidates = List.copyOf(candidates);
  }

  /** The choice in a few words: "hybrid 3 on + 6 blinking". */
  public String summary() {
    return chosen.candidate().describe(nodes);
  }
}
