package org.blinkhdfs.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import org.blinkhdfs.model.policy.AlignedPolicy;
import org.blinkhdfs.model.policy.AlignedStagger;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.policy.PhaseGroups;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;

/**
 * Issue 39's comparison of today's {@code aligned} (circular phases, even ring) with phase groups
 * (G = r): the unavailable fraction and the mean wait of a block, averaged over first positions
 * (aligned) or start groups (phase groups), at t = 60 s, no transition, no read window, 25 W / 1 W
 * nodes, for N in {9, 10, 11, 13, 64, 1000}, r in {2, 3, 6}, power 10..100% in 10% steps. Windows
 * come from the policies' own plans; the closed forms are the ones {@code AlignedConditionTest}
 * and {@code PhaseGroupsConditionTest} check against the exact union of windows.
 *
 * <p>Run: {@code java -cp blink-sim/target/classes:blink-model/target/classes:...
 * org.blinkhdfs.sim.PhaseGroupsComparison} (prints Markdown; no cluster, no Maven install).
 */
public final class PhaseGroupsComparison {
  static final int[] NODES = {9, 10, 11, 13, 64, 1000};
  static final int[] REPLICAS = {2, 3, 6};
  static final long INTERVAL_MS = 60_000;

  private PhaseGroupsComparison() {}

  /** One cell: a design's unavailable fraction and mean wait (empty: never readable). */
  record Cell(double unavailable, OptionalDouble waitMs) {
    String text() {
      String u = unavailable == 0 ? "0" : String.format(Locale.ROOT, "%.2f%%", 100 * unavailable);
      String w = waitMs.isEmpty() ? "∞" : waitMs.getAsDouble() == 0 ? "0"
          : String.format(Locale.ROOT, waitMs.getAsDouble() < 1 ? "%.3f" : "%.1f",
              waitMs.getAsDouble());
      return u + " (" + w + ")";
    }
  }

  /** The window every node gets from {@code policy} at {@code percent}% on N nodes. */
  static long windowMs(BlinkPolicy policy, int nodes, int percent) {
    List<String> ring = new ArrayList<>(nodes);
    for (int i = 0; i < nodes; i++) {
      ring.add("dn" + (i + 1) + ":9866");
    }
    PowerModel model = PowerModel.builder().nodeCount(nodes).activeWatts(25).sleepWatts(1)
        .overheadWatts(0).transitionMs(0).build();
    return policy.plan(PolicyRequest.builder().ring(ring).model(model)
        .level(new PowerLevel.Percent(percent)).intervalMs(INTERVAL_MS).build())
        .schedule().orElseThrow().window(ring.get(0)).lengthMs();
  }

  static Cell aligned(int nodes, int replicas, int percent) {
    long w = windowMs(new AlignedPolicy(), nodes, percent);
    return new Cell(AlignedStagger.unavailableFraction(nodes, replicas, INTERVAL_MS, w, 0),
        AlignedStagger.meanWaitMs(nodes, replicas, INTERVAL_MS, w, 0));
  }

  static Cell groups(int nodes, int replicas, int percent) {
    long w = windowMs(new PhaseGroupsPolicy(replicas), nodes, percent);
    PhaseGroups g = new PhaseGroups(nodes, replicas);
    return new Cell(g.unavailableFraction(replicas, INTERVAL_MS, w, 0),
        g.meanWaitMs(replicas, INTERVAL_MS, w, 0));
  }

  /** The Markdown tables, one per r: rows N, columns power; cells aligned / phase groups. */
  static String markdown() {
    StringBuilder out = new StringBuilder();
    for (int r : REPLICAS) {
      out.append("r = ").append(r).append(": unavailable (mean wait, ms), aligned / groups\n\n");
      out.append("| N |");
      for (int p = 10; p <= 100; p += 10) {
        out.append(' ').append(p).append("% |");
      }
      out.append("\n|---|");
      out.append("---|".repeat(10)).append('\n');
      for (int n : NODES) {
        out.append("| ").append(n).append(" |");
        for (int p = 10; p <= 100; p += 10) {
          String a = aligned(n, r, p).text();
          String g = groups(n, r, p).text();
          out.append(' ').append(a.equals(g) ? a : a + " / " + g).append(" |");
        }
        out.append('\n');
      }
      out.append('\n');
    }
    return out.toString();
  }

  public static void main(String[] args) {
    System.out.print(markdown());
  }
}
