package org.blinkhdfs.bench.math;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * The nodes of a schedule that never blinks (activation, gears, an admin's {@code -setActive}):
 * every ring node is ACTIVE, IO_SERVER or OFF for the whole epoch, so which nodes serve is a
 * fixed set and read throughput depends on the layout over that set ({@link ReadLoad}) rather
 * than on windows.
 *
 * <p>Example: ring n1..n4 with n1, n2 ACTIVE, n3, n4 OFF and staging s ACTIVE: steady, 2 ring
 * nodes serving, serving set {n1, n2, s}. Any BLINK ring node makes the schedule not steady.
 *
 * <p>Stateless.
 */
public final class SteadyNodes {
  private SteadyNodes() {}

  /** Every node serving the whole epoch (ring and staging), or empty if a ring node blinks. */
  public static Optional<Set<String>> serving(Schedule s) {
    Set<String> out = new LinkedHashSet<>();
    for (NodeSchedule n : s.nodes()) {
      if (!n.isStaging() && n.mode() == NodeMode.BLINK) {
        return Optional.empty();
      }
      if (n.mode().alwaysServes()) {
        out.add(n.node());
      }
    }
    return Optional.of(out);
  }

  /** Ring nodes serving the whole epoch (ACTIVE or IO_SERVER); BLINK and OFF nodes not. */
  public static int servingRingNodes(Schedule s) {
    int k = 0;
    for (String node : s.ring()) {
      k += s.entry(node).mode().alwaysServes() ? 1 : 0;
    }
    return k;
  }

  /** True when some ring node is OFF for the whole epoch. */
  public static boolean hasOffNodes(Schedule s) {
    return s.ring().stream().anyMatch(n -> s.entry(n).mode() == NodeMode.OFF);
  }
}
