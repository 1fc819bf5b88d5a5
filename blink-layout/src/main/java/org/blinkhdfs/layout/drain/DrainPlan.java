package org.blinkhdfs.layout.drain;

import java.util.List;

/**
 * What the proxy should do now ({@link DrainPlanner#plan}).
 *
 * @param start copies to start now, each from its chosen source, batched by target
 * @param wake asleep targets to ask the scheduler an extra window for ({@code strong} only)
 * @param asleep pending moves whose target sleeps now
 * @param tooShort pending moves whose target is awake but whose window closes before the copy
 *     could finish (not started, so never cut off)
 * @param held pending moves a {@code periodic} drain holds until the backlog reaches its threshold
 * @param nextPlanMs when to plan again at the latest (the earliest window opening of a waiting
 *     target); {@link Long#MAX_VALUE} when only a finished copy or a new scan can change the plan
 */
public record DrainPlan(List<DrainStart> start, List<String> wake, int asleep, int tooShort,
    int held, long nextPlanMs) {
  public DrainPlan {
    start = List.copyOf(start);
    wake = List.copyOf(wake);
  }
}
