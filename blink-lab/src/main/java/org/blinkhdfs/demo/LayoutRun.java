package org.blinkhdfs.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.cluster.Layout;
import org.blinkhdfs.cluster.ProxySpec;
import org.blinkhdfs.model.policy.Policies;

/**
 * One cluster configuration the demo compares: a block layout with a blink schedule policy,
 * written {@code <layout>+<policy>} on the command line, e.g. {@code power-balanced+staggered}
 * (BlinkFS's ring with the paper's offsets), {@code power-balanced+staggered-circular},
 * {@code aligned+aligned} (the co-designed stagger: even spacing, circular offsets) or
 * {@code default+staggered} (HDFS's random placement under the same schedule). The load-driven
 * policies are accepted too ({@code default+io-server} for bench grep).
 *
 * <p>A third part {@code +popularity} turns on the NameNode's popularity replication for the
 * run ({@code power-balanced+staggered+popularity}), period one blink interval, so the same
 * layout can be compared with and without it (bench kv). {@code +groups} turns on the
 * NameNode's replication for application groups' latency targets instead (bench groups, {@link
 * GroupsSession}). {@code +migration}, with the activation policy only, makes the run BlinkFS's
 * migration-based baseline in the signal benches: before k falls the data of the nodes going OFF
 * moves onto those kept on, after k rises onto the new ones, and nothing is served meanwhile
 * ({@link MigrationBaseline}).
 *
 * @param layout the NameNode's placement policy
 * @param schedulePolicy the scheduler's blink policy
 * @param popularity whether popularity replication runs
 * @param groups whether replication for application groups' targets runs
 * @param migration whether the run is the migration-based baseline
 */
public record LayoutRun(Layout layout, String schedulePolicy, boolean popularity,
    boolean groups, boolean migration) {
  static final String POPULARITY = "popularity";
  static final String MIGRATION = "migration";

  /** A run without migration. */
  public LayoutRun(Layout layout, String schedulePolicy, boolean popularity, boolean groups) {
    this(layout, schedulePolicy, popularity, groups, false);
  }

  /** A run without popularity or group replication. */
  public LayoutRun(Layout layout, String schedulePolicy) {
    this(layout, schedulePolicy, false, false);
  }

  /** A run with or without popularity replication, without group replication. */
  public LayoutRun(Layout layout, String schedulePolicy, boolean popularity) {
    this(layout, schedulePolicy, popularity, false);
  }

  /**
   * The NameNode keys of this run beyond the layout's: popularity replication with its audit
   * logger and one decision per blink interval.
   */
  public Map<String, String> nameNodeKeys(long intervalMs) {
    if (!popularity) {
      return Map.of();
    }
    return Map.of("blink.popularity.enabled", "true",
        "blink.popularity.period.ms", Long.toString(intervalMs),
        "dfs.namenode.audit.loggers", "default,org.blinkhdfs.placement.PopularityAuditLogger");
  }

  /** The label in tables and plots. */
  public String label() {
    return layout.flag() + "+" + schedulePolicy + (popularity ? "+" + POPULARITY : "")
        + (groups ? "+" + GroupsSession.FLAG : "") + (migration ? "+" + MIGRATION : "");
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

  /**
   * The layout-bound policies run on their own layout only. {@code auto} predicts availability
   * from the phase-group layout (one whole group ACTIVE covers every block; switching moves no
   * data), so on another layout its activation would leave blocks with no replica awake. {@code
   * covering} switches contiguous runs of the ring, the upgrade domains of the stock covering set;
   * phase groups are {@code i mod G}, not runs, so a run is no covering set there: the phase
   * groups' covering set (whole groups ACTIVE, the rest OFF) is auto's activation choice.
   */
  private static void checkPairing(String flag, String text, String item, Layout layout,
      String policy) {
    if (policy.equals(org.blinkhdfs.model.policy.AutoPolicy.NAME)
        && layout != Layout.PHASE_GROUPS) {
      throw new IllegalArgumentException(flag + " " + text + ": '" + item + "': the auto"
          + " policy chooses windows for the phase-group layout (a whole group ACTIVE covers"
          + " every block); use " + Layout.PHASE_GROUPS.flag() + "+auto");
    }
    if (policy.equals(org.blinkhdfs.model.policy.CoveringPolicy.NAME)
        && layout != Layout.COVERING) {
      throw new IllegalArgumentException(flag + " " + text + ": '" + item + "': the covering"
          + " policy keeps contiguous runs of the ring ACTIVE, the upgrade domains of "
          + Layout.COVERING.flag() + ", and a run covers no block set of " + layout.flag()
          + (layout == Layout.PHASE_GROUPS ? " (groups are ring position mod G); for whole"
          + " phase groups ACTIVE and the rest OFF use " + Layout.PHASE_GROUPS.flag() + "+auto,"
          + " whose activation choice is that covering set" : "") + "; use "
          + Layout.COVERING.flag() + "+covering");
    }
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
      boolean migration = policy.endsWith("+" + MIGRATION);
      if (migration) {
        policy = policy.substring(0, policy.length() - MIGRATION.length() - 1);
        if (!policy.equals(DemoOptions.ACTIVATION)) {
          throw new IllegalArgumentException(flag + " " + text + ": '" + t + "': +" + MIGRATION
              + " is the migration-based baseline, which keeps k nodes on: use it with the"
              + " activation policy, e.g. default+activation+" + MIGRATION);
        }
      }
      boolean groups = policy.endsWith("+" + GroupsSession.FLAG);
      if (groups) {
        policy = policy.substring(0, policy.length() - GroupsSession.FLAG.length() - 1);
      }
      boolean popularity = policy.endsWith("+" + POPULARITY);
      if (popularity) {
        policy = policy.substring(0, policy.length() - POPULARITY.length() - 1);
      }
      if (!Policies.allNames().contains(policy)) {
        throw new IllegalArgumentException(flag + " " + text + ": unknown policy '" + policy
            + "'; use one of " + Policies.allNames() + ", optionally followed by +"
            + POPULARITY + ", +" + GroupsSession.FLAG + " or +" + MIGRATION);
      }
      Layout layout = Layout.byFlag(flag, t.substring(0, plus));
      checkPairing(flag, text, t, layout, policy);
      out.add(new LayoutRun(layout, policy, popularity, groups, migration));
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(flag + " is empty; give at least one <layout>+<policy>");
    }
    return List.copyOf(out);
  }
}
