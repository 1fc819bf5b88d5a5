package org.blinkhdfs.placement;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.popularity.AccessAverages;
import org.blinkhdfs.layout.popularity.ExtraReplicaPlanner;
import org.blinkhdfs.layout.popularity.FileHeat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Popularity-based replication on the NameNode (BlinkFS §4.2): once a period it folds the audit
 * counts ({@link PopularityAuditLogger}) into moving averages, asks {@link ExtraReplicaPlanner}
 * which files get or give back extra replicas, and sets their replication. HDFS then does the
 * copying: the placement policy puts the new replicas at the layout's next positions (the ring's
 * bisection is prefix-closed, so the first three stay where they are) and picks the extra ones
 * to delete when a file shrinks.
 *
 * <p>The owner's replication is kept in the xattr {@value #BASE_XATTR} while a file holds extra
 * replicas (superuser-only, so clients neither see nor forge it), so a NameNode restart does not
 * mistake extras for the owner's choice. A file whose replication someone else changed since this
 * class set it is the owner's again: that replication becomes its base and the xattr goes.
 *
 * <p>Lazy reclamation only sees files it raised in this NameNode's lifetime, or that were read
 * since: a file raised before a restart and never read again keeps its extras until it is read
 * (its xattr says what to return to).
 *
 * <p>Run once per period by {@link PopularityLoop}; {@link #runOnce} is also called directly by
 * tests.
 */
final class PopularityReplicator {
  private static final Logger LOG = LoggerFactory.getLogger(PopularityReplicator.class);
  /** The owner's replication of a file holding extra replicas. */
  static final String BASE_XATTR = "trusted.blink.base.replication";

  /** What the replicator needs of the namespace (the NameNode's own RPC methods). */
  interface Namespace {
    /** The file at {@code path}, or null when it is gone or a directory. */
    FileFacts file(String path) throws IOException;

    void setReplication(String path, int replication) throws IOException;

    void setBase(String path, int base) throws IOException;

    void clearBase(String path) throws IOException;

    /** Unused capacity of the DataNodes, bytes. */
    long remainingBytes() throws IOException;
  }

  /**
   * A file's length, blocks, replication now and recorded base ({@value #BASE_XATTR}), if any.
   */
  record FileFacts(long length, long blocks, int replication, OptionalInt base) {}

  private record Raised(int base, int target) {}

  private final AccessAverages accesses;
  private final ExtraReplicaPlanner planner;
  private final Namespace namespace;
  private final BlinkRuntime runtime;
  private final Map<String, Raised> raised = new LinkedHashMap<>();
  /** Application groups' replication floors ({@link GroupReplicator}), path to replication. */
  private volatile Map<String, Integer> floors = Map.of();

  PopularityReplicator(AccessAverages accesses, PopularityConfig config, Namespace namespace,
      BlinkRuntime runtime) {
    this.accesses = accesses;
    this.planner = new ExtraReplicaPlanner(config.settings());
    this.namespace = namespace;
    this.runtime = runtime;
  }

  /**
   * Replaces the groups' floors: each file listed plans from at least its floor, so it gets
   * that many replicas before popularity extras; a file no longer listed returns to its owner's
   * replication lazily, like any extra.
   */
  void setFloors(Map<String, Integer> newFloors) {
    floors = Map.copyOf(newFloors);
  }

  /**
   * One period folded here, then {@link #apply}: what tests run by hand, with the loop's period
   * set long. Never while a {@link PopularityLoop} runs on the same counts (each would fold).
   */
  Map<String, Integer> runOnce() throws IOException {
    return apply(accesses.fold());
  }

  /**
   * One period's plan, applied: {@code folded} is the period's averages ({@link
   * PopularityLoop}). Returns the changes made (path to new replication).
   */
  synchronized Map<String, Integer> apply(List<AccessAverages.Averages> folded)
      throws IOException {
    Map<String, AccessAverages.Averages> heat = new LinkedHashMap<>();
    for (AccessAverages.Averages a : folded) {
      heat.put(a.path(), a);
    }
    Map<String, Integer> floor = floors;
    Set<String> paths = new LinkedHashSet<>(heat.keySet());
    paths.addAll(raised.keySet());
    paths.addAll(floor.keySet());
    List<FileHeat> files = new ArrayList<>();
    Map<String, Integer> bases = new LinkedHashMap<>();
    Map<String, Boolean> recorded = new LinkedHashMap<>();
    Map<String, FileFacts> facts = new LinkedHashMap<>();
    for (String path : paths) {
      FileFacts f;
      try {
        f = namespace.file(path);
      } catch (IOException e) {
        LOG.debug("popularity: skipping {}: {}", path, e.toString());
        continue;
      }
      if (f == null) {
        raised.remove(path);
        accesses.forget(path);
        continue;
      }
      int base = f.base().orElse(f.replication());
      Raised mine = raised.get(path);
      boolean ownerChanged = (mine != null && mine.target() != f.replication())
          || f.replication() < base;
      if (ownerChanged) {
        base = f.replication();
        raised.remove(path);
        if (f.base().isPresent()) {
          namespace.clearBase(path);
        }
      } else if (f.base().isPresent() && mine == null) {
        raised.put(path, new Raised(base, f.replication()));
      }
      AccessAverages.Averages a = heat.get(path);
      // A group's floor is planned as the file's base: extras build on it.
      files.add(new FileHeat(path, a == null ? 0 : a.reads(), a == null ? 0 : a.writes(),
          f.length(), Math.max(base, floor.getOrDefault(path, 0)), f.replication()));
      bases.put(path, base);
      recorded.put(path, f.base().isPresent() && !ownerChanged);
      // What the plan is made on: the file as this period leaves it (its xattr cleared above).
      facts.put(path, ownerChanged ? new FileFacts(f.length(), f.blocks(), f.replication(),
          OptionalInt.empty()) : f);
    }
    Map<String, Integer> changes = planner.plan(files,
        planner.budgetBytes(namespace.remainingBytes(), files));
    Map<String, Integer> applied = new LinkedHashMap<>();
    for (Map.Entry<String, Integer> c : changes.entrySet()) {
      String path = c.getKey();
      int target = c.getValue();
      try {
        if (set(path, facts.get(path), bases.get(path), target, recorded.get(path))) {
          applied.put(path, target);
        }
      } catch (IOException e) {
        LOG.warn("popularity: cannot set the replication of {} to {}: {}", path, target,
            e.toString());
      }
    }
    long extra = 0;
    long bytes = 0;
    for (FileHeat f : files) {
      Raised r = raised.get(f.path());
      if (r != null) {
        extra += r.target() - r.base();
        bytes += (long) (r.target() - r.base()) * f.bytes();
      }
    }
    runtime.extraReplicas().set(extra);
    runtime.extraReplicaBytes().set(bytes);
    return applied;
  }

  /**
   * Sets {@code path}'s replication to {@code target}, planned on {@code planned} (the owner's
   * replication being {@code base}, already in the xattr when {@code recorded}); false when the
   * owner's own change came first or right after, which then stands.
   *
   * <p>Why the two re-reads: HDFS has no compare-and-set for replication, so an owner's {@code
   * setrep} landing between this period's read and the set would be overwritten, and next
   * period its replication would equal this class's own target, so the owner's change would be
   * lost for good. Read again just before the set, a change since the period's read skips the
   * file this period (the next period adopts the owner's value as its base, as for any owner's
   * change); read again just after, a change that landed after the set is the owner's at once
   * (no extras recorded, xattr cleared). What is left is the window between the re-read and the
   * set (this NameNode's own in-process RPCs, no network): an owner's change landing inside it
   * is overwritten unnoticed.
   */
  private boolean set(String path, FileFacts planned, int base, int target, boolean recorded)
      throws IOException {
    FileFacts before = namespace.file(path);
    if (before == null || before.replication() != planned.replication()
        || !before.base().equals(planned.base())) {
      LOG.info("popularity: {} changed since this period's read ({}; now {}): not set to {},"
          + " its owner's value stands", path, describe(planned),
          before == null ? "gone" : describe(before), target);
      return false;
    }
    if (target > base && !recorded) {
      namespace.setBase(path, base);
    }
    namespace.setReplication(path, target);
    FileFacts after = namespace.file(path);
    if (after != null && after.replication() != target
        && after.replication() != planned.replication()) {
      LOG.warn("popularity: {} replication {} set by someone else right after this class set"
          + " {}: kept as its owner's replication", path, after.replication(), target);
      raised.remove(path);
      if (after.base().isPresent()) {
        namespace.clearBase(path);
      }
      return false;
    }
    if (target > planned.replication()) {
      runtime.popularityReplicasAdded().addAndGet(
          (target - planned.replication()) * planned.blocks());
    }
    if (target <= base) {
      namespace.clearBase(path);
      raised.remove(path);
    } else {
      raised.put(path, new Raised(base, target));
    }
    runtime.popularityChanges().incrementAndGet();
    LOG.info("popularity: {} replication {} (base {})", path, target, base);
    return true;
  }

  private static String describe(FileFacts f) {
    return "replication " + f.replication() + ", base "
        + (f.base().isPresent() ? Integer.toString(f.base().getAsInt()) : "none");
  }
}
