package org.blinkhdfs.model.schedule;

import java.util.List;

/**
 * Which DataNodes to wake when one fails, so that every block it held a replica of still has one
 * on an awake node (Rabbit §3.5: "a primary failure activates only that primary's recovery
 * group"). A layout implements it; the {@code PowerScheduler} asks it for every failed ring node
 * the plan keeps awake and makes the answer ACTIVE in the next epoch ({@code RecoveryPlanner}).
 *
 * <p>Why a function of the failed node and the active prefix only: the layouts that define
 * recovery groups (Rabbit's equal work, PARAID) power nodes up as prefixes of one expansion chain,
 * the scheduler's ring, so "the first k ring nodes ACTIVE" is all they need to know which of a
 * group's servers are already on. The scheduler passes the length of the plan's ACTIVE prefix; an
 * implementation rounds it to its own gears. The scheduler does not know layouts (blink-model and
 * blink-control have no layout code), so this is the whole seam: the equal-work implementation is
 * {@code org.blinkhdfs.rabbit.layout.EqualWorkRecovery}, chosen by the scheduler daemon's
 * {@code blink.scheduler.recovery}.
 *
 * <p>Contract: pure (same arguments, same answer); answers ring nodes only; empty when the node's
 * data is available without waking anyone (for equal work: a secondary, whose blocks all have a
 * replica on an always-on primary).
 *
 * <p>Example (equal work on n1..n8, p = 2, g = 2, r = 2): {@code nodesToWake("n1", 2)} is
 * {@code [n3, n5, n7]}, {@code nodesToWake("n1", 4)} is {@code [n5, n7]}, {@code
 * nodesToWake("n3", 2)} is empty.
 *
 * <p>Implementations are immutable and thread-safe.
 */
public interface RecoveryWake {
  /** No recovery: failures are reported but never change the plan. */
  RecoveryWake NONE = new RecoveryWake() {
    @Override
    public List<String> nodesToWake(String failedNode, int activePrefix) {
      return List.of();
    }

    @Override
    public String describe() {
      return "none";
    }
  };

  /**
   * The ring nodes to make ACTIVE while {@code failedNode} is failed.
   *
   * @param failedNode a ring node the scheduler counts as failed
   * @param activePrefix how many ring nodes, from the first, the plan has ACTIVE (0..ring size)
   */
  List<String> nodesToWake(String failedNode, int activePrefix);

  /** One line for logs and status, e.g. {@code "equal-work p=2 g=2 r=2"}. */
  String describe();
}
