package org.blinkhdfs.placement;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.blinkhdfs.group.Group;
import org.blinkhdfs.group.GroupQuality;
import org.blinkhdfs.group.GroupReplicationPlanner;
import org.blinkhdfs.group.GroupReplicationPlanner.Decision;
import org.blinkhdfs.group.GroupReplicationPlanner.Demand;
import org.blinkhdfs.group.GroupReplicationPlanner.Quality;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.rabbit.dataset.DatasetResolver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Application groups' latency targets on the NameNode ({@code blink.groups.replication.enabled},
 * docs/groups.md): once per popularity period it reads the groups, predicts each group's p90
 * wait and least availability at each replication under the schedule in force ({@link
 * GroupQuality}), plans who gets how many replicas within the capacity budget in priority order
 * ({@link GroupReplicationPlanner}), and hands the result to {@link PopularityReplicator} as a
 * replication floor per file.
 *
 * <p><b>Why through popularity replication.</b> One writer of replication: the popularity
 * replicator already keeps the owner's replication in an xattr, gives extras back lazily and
 * notices an owner's own change. A floor is a base that popularity extras build on; when a floor
 * falls (power rose, a target was relaxed) the replicas above it are kept while space allows,
 * then reclaimed coldest first.
 *
 * <p><b>Which files.</b> The files under each live group's roots (a file under a nested root of
 * another group belongs to that group), at most {@code blink.groups.files.max} per group; files
 * joined to a group only by the xattr {@code user.blink.dataset} outside its roots are not
 * found (a namespace scan per period would cost too much) and keep their replication. The
 * prediction samples at most {@code blink.groups.blocks.sample} blocks per group, files in a
 * fixed pseudo-random order.
 *
 * <p>Nothing is planned without a usable schedule (everyone awake: no group needs more); the
 * floors are then cleared. Called by one thread ({@link PopularityLoop}).
 */
final class GroupReplicator {
  private static final Logger LOG = LoggerFactory.getLogger(GroupReplicator.class);

  /** Where the groups document comes from: a file or the scheduler. */
  @FunctionalInterface
  interface Source {
    GroupSet read() throws IOException;
  }

  /** A file of a group: its size, its replication now and its owner's replication. */
  record FileEntry(String path, long length, int replication, int ownerBase) {}

  /** What the replicator needs of the namespace. */
  interface Namespace {
    /** The files under {@code root}, recursively, at most {@code max}; empty when it is gone. */
    List<FileEntry> files(String root, int max) throws IOException;

    /** Per block, the transfer addresses of its replicas; null when the file is gone. */
    List<List<String>> blockHolders(String path) throws IOException;

    /** Unused capacity of the DataNodes, bytes. */
    long remainingBytes() throws IOException;
  }

  private final GroupConfig config;
  private final double capacityFraction;
  private final long minReadWindowMs;
  private final Source source;
  private final Namespace namespace;
  private final Supplier<Optional<Schedule>> schedule;
  private final Function<Schedule, LayoutModel> layouts;
  private final Consumer<Map<String, Integer>> floors;
  private final Map<String, Integer> granted = new HashMap<>();
  private List<String> modelRing = List.of();
  private LayoutModel model;
  private volatile List<Decision> decisions = List.of();

  /**
   * @param capacityFraction the share of unused capacity extra replicas may take
   *     ({@code blink.popularity.capacity.fraction})
   * @param minReadWindowMs the readers' minimum read window ({@code blink.read.min.window.ms})
   * @param schedule the schedule in force, when usable
   * @param layouts the configured layout on a schedule's ring
   * @param floors receives each period's floors (path to replication)
   */
  GroupReplicator(GroupConfig config, double capacityFraction, long minReadWindowMs,
      Source source,
      Namespace namespace, Supplier<Optional<Schedule>> schedule,
      Function<Schedule, LayoutModel> layouts, Consumer<Map<String, Integer>> floors) {
    this.config = config;
    this.capacityFraction = capacityFraction;
    this.minReadWindowMs = minReadWindowMs;
    this.source = source;
    this.namespace = namespace;
    this.schedule = schedule;
    this.layouts = layouts;
    this.floors = floors;
  }

  /** The last period's decisions, one per group planned. */
  List<Decision> decisions() {
    return decisions;
  }

  /** One period: plan every group and hand the floors on. */
  synchronized List<Decision> runOnce() throws IOException {
    Optional<Schedule> s = schedule.get();
    if (s.isEmpty() || s.get().ring().isEmpty()) {
      granted.clear();
      floors.accept(Map.of());
      decisions = List.of();
      return decisions;
    }
    LayoutModel layout = layoutFor(s.get());
    GroupSet groups = source.read();
    DatasetResolver resolver = groups.resolver();
    List<Demand> demands = new ArrayList<>();
    Map<String, List<FileEntry>> filesOf = new LinkedHashMap<>();
    long heldExtras = 0;
    for (Group g : groups.live()) {
      List<FileEntry> files = files(groups, resolver, g);
      if (files.isEmpty()) {
        continue;
      }
      int base = files.stream().mapToInt(FileEntry::ownerBase).min().orElseThrow();
      int most = Math.max(base, config.maxReplicas());
      SortedMap<Integer, Quality> quality = GroupQuality.of(s.get(), layout, sample(files),
          base, most, minReadWindowMs);
      if (quality.isEmpty()) {
        LOG.debug("groups: no block of group {} on the ring; not planned", g.name());
        continue;
      }
      SortedMap<Integer, Long> extra = new TreeMap<>();
      for (int r : quality.keySet()) {
        long bytes = 0;
        for (FileEntry f : files) {
          bytes += Math.max(0, r - f.ownerBase()) * f.length();
        }
        extra.put(r, bytes);
      }
      int current = Math.max(quality.firstKey(),
          Math.min(granted.getOrDefault(g.name(), base), quality.lastKey()));
      heldExtras += extra.get(current);
      demands.add(new Demand(g, current, quality, extra));
      filesOf.put(g.name(), files);
    }
    long budget = (long) Math.floor(capacityFraction
        * (Math.max(0, namespace.remainingBytes()) + heldExtras));
    if (config.budgetBytes() > 0) {
      budget = Math.min(budget, config.budgetBytes());
    }
    List<Decision> plan = GroupReplicationPlanner.plan(demands, budget, config.serviceMs());
    Map<String, Integer> out = new LinkedHashMap<>();
    Map<String, Integer> nowGranted = new HashMap<>();
    for (Decision d : plan) {
      nowGranted.put(d.group(), d.replication());
      for (FileEntry f : filesOf.get(d.group())) {
        if (d.replication() > f.ownerBase()) {
          out.put(f.path(), d.replication());
        }
      }
      Integer before = granted.get(d.group());
      if (before == null || before != d.replication() || !d.met()) {
        if (d.met()) {
          LOG.info("groups: {} at {} replicas, {}", d.group(), d.replication(),
              GroupReplicationPlanner.describe(d.predicted()));
        } else {
          LOG.warn("groups: {} misses its targets at {} replicas: {}", d.group(),
              d.replication(), d.reason());
        }
      }
    }
    granted.clear();
    granted.putAll(nowGranted);
    floors.accept(out);
    decisions = List.copyOf(plan);
    return decisions;
  }

  private LayoutModel layoutFor(Schedule s) {
    if (model == null || !modelRing.equals(s.ring())) {
      model = layouts.apply(s);
      modelRing = s.ring();
    }
    return model;
  }

  /** The group's files: under its roots, not under a nested root of another group. */
  private List<FileEntry> files(GroupSet groups, DatasetResolver resolver, Group g)
      throws IOException {
    Set<String> seen = new LinkedHashSet<>();
    List<FileEntry> out = new ArrayList<>();
    for (String root : g.roots()) {
      for (FileEntry f : namespace.files(root, config.filesMax() - out.size())) {
        Optional<Group> owner = groups.resolve(resolver, f.path(), Optional.empty());
        if (owner.isPresent() && owner.get().name().equals(g.name()) && seen.add(f.path())) {
          out.add(f);
        }
      }
      if (out.size() >= config.filesMax()) {
        break;
      }
    }
    return out;
  }

  /** Up to the sample size of block holders, files in a fixed pseudo-random order. */
  private List<List<String>> sample(List<FileEntry> files) throws IOException {
    List<FileEntry> order = new ArrayList<>(files);
    order.sort(Comparator.comparingInt((FileEntry f) -> mix(f.path().hashCode()))
        .thenComparing(FileEntry::path));
    List<List<String>> out = new ArrayList<>();
    for (FileEntry f : order) {
      List<List<String>> blocks = namespace.blockHolders(f.path());
      if (blocks == null) {
        continue;
      }
      for (List<String> b : blocks) {
        if (out.size() >= config.blocksSample()) {
          return out;
        }
        out.add(b);
      }
    }
    return out;
  }

  private static int mix(int h) {
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    return h;
  }
}
