package org.blinkhdfs.demo;

import java.util.ArrayList;
import java.util.List;
import org.blinkhdfs.cluster.Layout;
import org.blinkhdfs.cluster.ProxySpec;
import org.blinkhdfs.core.policy.Policies;

/**
 * One cluster configuration the demo compares: a block layout with a blink schedule policy,
 * written {@code <layout>+<policy>} on the command line, e.g. {@code power-balanced+staggered}
 * (BlinkFS's ring with the paper's offsets), {@code power-balanced+staggered-circular},
 * {@code aligned+aligned} (the co-designed stagger: even spacing, circular offsets) or
 * {@code default+staggered} (HDFS's random placement under the same schedule). The load-driven
 * policies are accepted too ({@code default+io-server} for bench grep).
 *
 * @param layout the NameNode's placement policy
 * @param schedulePolicy the scheduler's blink policy
 */
public record LayoutRun(Layout layout, String schedulePolicy) {

  /** The label in tables and plots. */
  public String label() {
    return layout.flag() + "+" + schedulePolicy;
  }

  /**
   * The write proxy of this run: the power-balanced ring runs one beside the NameNode's own
   * correction, which drains the replicas written onto the staging node at low power into the
   * ring during their targets' windows. The other layouts do not: HDFS's default placement
   * stages nothing, and the activation layouts never blink (their OFF nodes are in
   * maintenance, so nothing is drained until the next level anyway).
   */
  public ProxySpec proxy() {
    return layout.isRing() ? ProxySpec.withCluster() : ProxySpec.NONE;
  }

  /** Parses a comma-separated list of {@code layout+policy}; errors name the flag and value. */
  public static List<LayoutRun> parseList(String flag, String text) {
    List<LayoutRun> out = new ArrayList<>();
    for (String item : text.split(",")) {
      String t = item.trim();
      int plus = t.indexOf('+');
      if (plus <= 0 || plus == t.length() - 1) {
        throw new IllegalArgumentException(flag + " " + text + ": '" + t
            + "' is not <layout>+<policy>, e.g. power-balanced+staggered or default+staggered");
      }
      String policy = t.substring(plus + 1);
      if (!Policies.allNames().contains(policy)) {
        throw new IllegalArgumentException(flag + " " + text + ": unknown policy '" + policy
            + "'; use one of " + Policies.allNames());
      }
      out.add(new LayoutRun(Layout.byFlag(flag, t.substring(0, plus)), policy));
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(flag + " is empty; give at least one <layout>+<policy>");
    }
    return List.copyOf(out);
  }
}
