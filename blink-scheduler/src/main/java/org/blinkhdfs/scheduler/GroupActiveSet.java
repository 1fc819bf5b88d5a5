package org.blinkhdfs.scheduler;

import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.blinkhdfs.group.Group;
import org.blinkhdfs.group.GroupActivation;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.model.policy.ActiveSet;
import org.blinkhdfs.rabbit.dataset.SharePolicy;

/**
 * The scheduler's side of Rabbit §3.4 with application groups ({@code
 * blink.scheduler.groups.activation = true}): when activation or gear shifting keeps k ring
 * nodes ACTIVE, each live group g gets A(g) from its own expansion chain, fair or by priority,
 * and the rest follow the ring ({@link GroupActivation#activeNodes}), so the nodes that stay on
 * are those the live groups' files are on.
 *
 * <p><b>Live groups</b> are what the NameNode last reported ({@code PUT /v1/groups/live}, every
 * {@code blink.groups.refresh.ms}: groups read or written within {@code
 * blink.rabbit.datasets.live.ms}); a report older than that live time is ignored, so a
 * NameNode that stops reporting does not pin its last groups. Names that are not live groups of
 * the current document are ignored. With no live group, or a ring shorter than p, the first k
 * ring nodes are chosen, as without groups.
 *
 * <p>The NameNode's read order computes the same A(g) from the same chains (p = {@code
 * blink.equalwork.primaries}, the share = {@code blink.rabbit.datasets.share}): both keys must
 * be the same on both daemons.
 *
 * <p>Example (GroupActivationTest): ring n1..n8, p = 2, groups d1 and d2 live, fair share, k = 4:
 * ACTIVE {n4, n5, n7, n8} (A(d1) = {n8, n7}, A(d2) = {n4, n5}); with no report, {n1..n4}.
 *
 * <p>Thread-safe.
 */
final class GroupActiveSet implements ActiveSet {
  private final Supplier<GroupSet> groups;
  private final int primaries;
  private final SharePolicy share;
  private final long liveMs;
  private final Clock clock;
  private Set<String> reported = Set.of(); // guarded by this
  private long reportedAtMs = Long.MIN_VALUE; // guarded by this

  GroupActiveSet(Supplier<GroupSet> groups, int primaries, SharePolicy share, long liveMs,
      Clock clock) {
    this.groups = groups;
    this.primaries = primaries;
    this.share = share;
    this.liveMs = liveMs;
    this.clock = clock;
  }

  /**
   * The NameNode's report of the live groups, now.
   *
   * @return true when the groups that count changed (the ACTIVE nodes may change)
   */
  synchronized boolean report(Set<String> live) {
    Set<String> before = live();
    this.reported = Set.copyOf(live);
    this.reportedAtMs = clock.millis();
    return !before.equals(live());
  }

  /** The live groups of the current document that the last fresh report names, sorted. */
  synchronized Set<String> live() {
    if (reportedAtMs == Long.MIN_VALUE || clock.millis() - reportedAtMs >= liveMs) {
      return Set.of();
    }
    GroupSet g = groups.get();
    Set<String> out = new TreeSet<>();
    for (String name : reported) {
      if (g.get(name).filter(Group::isLive).isPresent()) {
        out.add(name);
      }
    }
    return out;
  }

  /** What the last report said and when, for the API and the status page. */
  synchronized Report lastReport() {
    return new Report(reported, reportedAtMs == Long.MIN_VALUE ? -1 : reportedAtMs);
  }

  @Override
  public Set<String> choose(List<String> ring, int k) {
    Set<String> live = live();
    if (live.isEmpty() || ring.size() < primaries) {
      return PREFIX.choose(ring, k);
    }
    return new LinkedHashSet<>(GroupActivation.activeNodes(ring, primaries, groups.get(), live,
        share, k).active());
  }

  @Override
  public String toString() {
    return "application groups' A(g) (p = " + primaries + ", " + share + ")";
  }

  /**
   * @param live the names reported
   * @param atMs when, or -1 for never
   */
  record Report(Set<String> live, long atMs) {}
}
