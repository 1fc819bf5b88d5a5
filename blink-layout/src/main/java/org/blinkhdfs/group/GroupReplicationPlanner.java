package org.blinkhdfs.group;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * How many replicas each application group's files need so that the group meets its p90
 * read-latency target and minimum availability under the schedule in force, and which groups get
 * them when capacity is short (flexStore §3.1: "replicas of lower priority VMs are progressively
 * powered down ... the replicas serving higher priority VMs are not impacted until there is a
 * large power constraint").
 *
 * <h2>Rule</h2>
 * <ol>
 *   <li><b>Need.</b> For each group, the least replication r in its range whose predicted p90
 *       wait plus the service allowance is at most its target and whose least-available block is
 *       awake at least its minimum fraction. A group without targets needs its base. A group that
 *       no replication in range satisfies needs the most, and is reported unmet.
 *   <li><b>Grant, by priority.</b> Groups in descending priority (ties: creation order) get their
 *       need when its extra bytes fit what is left of the budget, else the largest replication
 *       that fits, reported unmet for capacity. A lower-priority group is never served before a
 *       higher one, so when power falls (needs rise) or space runs short, the low ones lose first.
 *   <li><b>Keep lazily.</b> A group holding more than it is granted keeps as many of its
 *       replicas as the rest of the budget allows, in the same priority order: when power
 *       oscillates, replicas are not deleted only to be copied again (BlinkFS §4.2's lazy
 *       reclamation).
 * </ol>
 *
 * <p>Worked example (budget 10 GB, service allowance 20 ms): "web" (priority 10, p90 target 500
 * ms, 2 GB per replica above base 3) predicts p90 waits of 900, 600, 450 and 300 ms at 3, 4, 5
 * and 6 replicas, so it needs 5 (450 + 20 ≤ 500) for 4 GB; "logs" (priority 1, target 700 ms,
 * 4 GB per replica) predicts 1200, 800, 650 ms at 3, 4, 5, needs 5 for 8 GB, but only 6 GB are
 * left: it gets 4 (4 GB), predicted 800 ms, unmet for capacity.
 *
 * <p>Pure and deterministic.
 */
public final class GroupReplicationPlanner {
  private GroupReplicationPlanner() {}

  /**
   * What a group would see at one replication.
   *
   * @param p90WaitMs the predicted 90th-percentile wait for an awake replica; empty when some
   *     blocks would never be awake often enough for it to be finite
   * @param minAvailable the least fraction of the interval in which some replica of each block is
   *     awake
   */
  public record Quality(OptionalDouble p90WaitMs, double minAvailable) {}

  /**
   * One group's inputs.
   *
   * @param group the group (priority, targets)
   * @param current the replication its files hold now (the floor last applied, or the base)
   * @param quality the predicted quality at each replication in range, from the base up
   * @param extraBytes bytes beyond the files' own replication at each replication in range
   */
  public record Demand(Group group, int current, SortedMap<Integer, Quality> quality,
      SortedMap<Integer, Long> extraBytes) {
    public Demand {
      Objects.requireNonNull(group, "group");
      quality = new TreeMap<>(quality);
      extraBytes = new TreeMap<>(extraBytes);
      if (quality.isEmpty() || !quality.keySet().equals(extraBytes.keySet())) {
        throw new IllegalArgumentException("group '" + group.name() + "': quality and extra"
            + " bytes must cover the same replications, at least one");
      }
    }

    int base() {
      return quality.firstKey();
    }

    int most() {
      return quality.lastKey();
    }
  }

  /**
   * The plan for one group.
   *
   * @param replication the replication its files should have
   * @param predicted the quality expected at it
   * @param met whether the group's targets hold at it
   * @param reason why not, naming the numbers; empty when met
   */
  public record Decision(String group, int replication, Quality predicted, boolean met,
      String reason) {}

  /**
   * Plans every group within {@code budgetBytes} of extra replicas.
   *
   * @param serviceMs what an awake read takes, added to the predicted wait before comparing with
   *     a p90 target
   * @return one decision per demand, in the demands' order
   */
  public static List<Decision> plan(List<Demand> demands, long budgetBytes, long serviceMs) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < demands.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingInt((Integer i) -> -demands.get(i).group().priority())
        .thenComparingInt(i -> i));
    int[] granted = new int[demands.size()];
    String[] reason = new String[demands.size()];
    long used = 0;
    for (int i : order) {
      Demand d = demands.get(i);
      int need = need(d, serviceMs);
      reason[i] = need < 0 ? unreachable(d, serviceMs) : "";
      need = need < 0 ? d.most() : need;
      int r = need;
      while (r > d.base() && used + d.extraBytes().get(r) > budgetBytes) {
        r--;
      }
      if (r < need && reason[i].isEmpty()) {
        reason[i] = String.format(Locale.ROOT, "needs %d replicas (%s), but the capacity budget"
            + " of %d bytes left %d for it: %d replicas, %s", need,
            describe(d.quality().get(need)), budgetBytes, Math.max(0, budgetBytes - used), r,
            describe(d.quality().get(r)));
      }
      granted[i] = r;
      used += d.extraBytes().get(r);
    }
    for (int i : order) {
      Demand d = demands.get(i);
      int keep = Math.min(d.current(), d.most());
      while (keep > granted[i] && used - d.extraBytes().get(granted[i])
          + d.extraBytes().get(keep) > budgetBytes) {
        keep--;
      }
      if (keep > granted[i]) {
        used += d.extraBytes().get(keep) - d.extraBytes().get(granted[i]);
        granted[i] = keep;
      }
    }
    List<Decision> out = new ArrayList<>();
    for (int i = 0; i < demands.size(); i++) {
      Demand d = demands.get(i);
      Quality q = d.quality().get(granted[i]);
      boolean met = meets(d.group(), q, serviceMs);
      out.add(new Decision(d.group().name(), granted[i], q, met, met ? "" : reason[i].isEmpty()
          ? "predicted " + describe(q) + " misses its targets" : reason[i]));
    }
    return out;
  }

  /** The least replication in range meeting the group's targets, or -1 when none does. */
  static int need(Demand d, long serviceMs) {
    for (Map.Entry<Integer, Quality> e : d.quality().entrySet()) {
      if (meets(d.group(), e.getValue(), serviceMs)) {
        return e.getKey();
      }
    }
    return -1;
  }

  static boolean meets(Group g, Quality q, long serviceMs) {
    if (g.p90TargetMs().isPresent() && (q.p90WaitMs().isEmpty()
        || q.p90WaitMs().getAsDouble() + serviceMs > g.p90TargetMs().getAsLong())) {
      return false;
    }
    return g.minAvailability().isEmpty() || q.minAvailable() >= g.minAvailability().getAsDouble();
  }

  private static String unreachable(Demand d, long serviceMs) {
    Group g = d.group();
    return String.format(Locale.ROOT, "even %d replicas give %s: target p90 %s, min availability"
        + " %s (service allowance %d ms); more power, or a lower target", d.most(),
        describe(d.quality().get(d.most())),
        g.p90TargetMs().isPresent() ? g.p90TargetMs().getAsLong() + " ms" : "none",
        g.minAvailability().isPresent() ? String.valueOf(g.minAvailability().getAsDouble())
            : "none", serviceMs);
  }

  /**
   * One line for metrics and logs, e.g. {@code web 5 (p90 wait 450 ms) met; logs 4 (p90 wait
   * 800 ms) UNMET}; groups after the 64th are counted, not listed.
   */
  public static String summary(List<Decision> decisions) {
    List<String> parts = new ArrayList<>();
    for (Decision d : decisions) {
      if (parts.size() == 64) {
        parts.add("(+" + (decisions.size() - 64) + ")");
        break;
      }
      parts.add(d.group() + " " + d.replication() + " (p90 wait " + (d.predicted().p90WaitMs()
          .isPresent() ? String.format(Locale.ROOT, "%.0f ms", d.predicted().p90WaitMs()
              .getAsDouble()) : "unbounded") + ") " + (d.met() ? "met" : "UNMET"));
    }
    return parts.isEmpty() ? "none" : String.join("; ", parts);
  }

  /** A quality as text, e.g. {@code p90 wait 450 ms, least available 0.700}. */
  public static String describe(Quality q) {
    return String.format(Locale.ROOT, "p90 wait %s, least available %.3f",
        q.p90WaitMs().isPresent() ? String.format(Locale.ROOT, "%.0f ms",
            q.p90WaitMs().getAsDouble()) : "unbounded", q.minAvailable());
  }
}
