package org.blinkhdfs.demo;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.blinkhdfs.bench.math.ReadLoad;
import org.blinkhdfs.bench.math.SteadyNodes;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.cluster.AutoState;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * The checks of one power level of {@code phase-groups+auto}, chosen by what auto decided there.
 * The ring layouts' run-wide "every ring node frozen and thawed" ({@link LayoutChecks}) assumes
 * every node blinks below 100%; under auto's activation and hybrid choices some nodes are ACTIVE
 * throughout instead, so the checks are per level:
 *
 * <ul>
 *   <li><b>Blinking or not, the nodes kept out of ACTIVE sleep:</b> every ring node that is OFF,
 *       or BLINK and closed at least {@value #MIN_CLOSED_MS} ms of the interval (the agents'
 *       300 ms minimum sleep plus the emulated resume, with margin), in the schedule at the
 *       level's start and at its end, completed a sleep (froze and thawed) during the level. Under
 *       blinking that is every ring node, the ring check per level.</li>
 *   <li><b>Activation and hybrid: every block has an ACTIVE replica</b> in the schedule in force
 *       (start and end), among the files written at 100%: what auto's covering set of whole
 *       phase groups promises ({@code AutoPropertiesTest}), so no read waits for a window.</li>
 * </ul>
 *
 * <p>The "no re-replication because of sleep" check stays run-wide: the NameNode plugin holds
 * OFF nodes in HDFS maintenance whatever the layout (the schedule decides), as for the activation
 * layouts, and counts its deliberate copies. Stateless.
 */
final class AutoChecks {
  /** Closed time from which a BLINK node is expected to freeze (ms of each interval). */
  static final long MIN_CLOSED_MS = 1_000;

  private AutoChecks() {}

  /**
   * @param label the run's label
   * @param chose the settled decision at the level's start
   * @param start the schedule measured under (after the settle)
   * @param end the schedule in force at the level's end
   * @param sleepsBefore completed sleeps per agent node at the start; empty when unknown
   * @param sleepsAfter the same after the level (its OFF nodes heard again)
   * @param holders every block's holders among the files written at 100%
   */
  static List<Check> level(String label, int power, AutoState chose, Schedule start,
      Schedule end, Map<String, Long> sleepsBefore, Map<String, Long> sleepsAfter,
      List<List<String>> holders) {
    List<Check> out = new ArrayList<>();
    String at = " (" + label + " at " + power + "%, auto chose " + chose.choice() + ")";
    if (power < 100 && !sleepsBefore.isEmpty()) {
      Set<String> expected = new LinkedHashSet<>(expectedSleepers(start));
      expected.retainAll(expectedSleepers(end));
      Map<String, Long> slept = new TreeMap<>();
      List<String> never = new ArrayList<>();
      for (String n : expected) {
        long d = sleepsAfter.getOrDefault(n, 0L) - sleepsBefore.getOrDefault(n, 0L);
        slept.put(n, d);
        if (d <= 0) {
          never.add(n);
        }
      }
      out.add(new Check((chose.blinking() ? "every ring node frozen and thawed"
          : "every ring node kept out of ACTIVE frozen and thawed") + at, never.isEmpty(),
          "completed sleeps during the level of the " + expected.size() + " ring nodes OFF or"
          + " closed at least " + MIN_CLOSED_MS + " ms per interval throughout: " + slept
          + (never.isEmpty() ? "" : "; never slept: " + never)));
    }
    if (!chose.blinking() && !holders.isEmpty()) {
      int uncoveredStart = ReadLoad.uncovered(holders, serving(start));
      // A level that ended blinking (auto switched on its load) promises no ACTIVE replica.
      boolean endActive = SteadyNodes.servingRingNodes(end) > 0;
      int uncoveredEnd = endActive ? ReadLoad.uncovered(holders, serving(end)) : 0;
      out.add(new Check("every block has an ACTIVE replica" + at,
          uncoveredStart == 0 && uncoveredEnd == 0, holders.size() + " blocks written at 100%;"
          + " without an ACTIVE replica: " + uncoveredStart + " at the level's start ("
          + serving(start).size() + " nodes serving throughout), " + (endActive
          ? uncoveredEnd + " at its end (" + serving(end).size() + ")"
          : "none ACTIVE at its end (every ring node blinking, not checked)")));
    }
    return out;
  }

  /** Ring nodes that should freeze under {@code s}: OFF, or BLINK closed long enough. */
  static Set<String> expectedSleepers(Schedule s) {
    Set<String> out = new LinkedHashSet<>();
    for (String n : s.ring()) {
      NodeSchedule e = s.entry(n);
      if (e.mode() == NodeMode.OFF || (e.mode() == NodeMode.BLINK
          && s.intervalMs() - e.activeMs() >= MIN_CLOSED_MS)) {
        out.add(n);
      }
    }
    return out;
  }

  /** Nodes serving the whole interval: ACTIVE (or IO_SERVER) ring nodes and staging nodes. */
  static Set<String> serving(Schedule s) {
    Set<String> out = new LinkedHashSet<>();
    for (NodeSchedule n : s.nodes()) {
      if (n.mode().alwaysServes()) {
        out.add(n.node());
      }
    }
    return out;
  }
}
