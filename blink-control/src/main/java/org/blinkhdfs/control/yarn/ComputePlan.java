package org.blinkhdfs.control.yarn;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The planner's answer at one instant: the desired state of every managed DataNode (in the order
 * given) and the earliest later time at which any of it can change ({@link Long#MAX_VALUE} when
 * nothing will change under this schedule).
 *
 * <p>Immutable.
 */
public record ComputePlan(Map<String, YarnNodeState> nodes, long nextChangeMs) {
  public ComputePlan {
    nodes = Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
  }
}
