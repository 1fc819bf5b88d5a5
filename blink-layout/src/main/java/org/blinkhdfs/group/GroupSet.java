package org.blinkhdfs.group;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.blinkhdfs.rabbit.dataset.DatasetResolver;
import org.blinkhdfs.rabbit.dataset.DatasetRoot;
import org.blinkhdfs.rabbit.dataset.DatasetSpecs;

/**
 * Every application group of a cluster, in the order they were created, with the revision that
 * orders changes: the one document the scheduler owns ({@code GET/PUT /v1/groups}) and the
 * NameNode resolves paths against.
 *
 * <h2>Invariants (checked on construction)</h2>
 * <ul>
 *   <li>names are unique over all entries, live or retired; at most {@value
 *       DatasetSpecs#MAX_DATASETS} entries;
 *   <li>each root belongs to one live group (nested roots in different groups are fine: the
 *       innermost wins, as for datasets);
 *   <li>a merged group names an existing group, and following successors never loops.
 * </ul>
 *
 * <h2>Edits</h2>
 * Each edit returns a new set with the revision one higher; entries are only appended or retired
 * in place, never reordered or dropped, because an entry's position fixes its expansion chain
 * ({@link #checkSuccessor}).
 * <ul>
 *   <li>{@link #add}: a new live group at the end;
 *   <li>{@link #merge}{@code (into, from)}: {@code into} takes {@code from}'s roots, the higher
 *       priority, the tighter p90 target and the higher minimum availability (flexStore §4: the
 *       combined group of g2 and g3 keeps g3's 25 ms bound); {@code from} retires, merged into
 *       {@code into};
 *   <li>{@link #split}{@code (from, name, roots)}: a new group at the end takes the given roots,
 *       each one of {@code from}'s roots (moved) or a directory under one (the subtree moves, as
 *       the innermost root wins), with {@code from}'s priority and targets;
 *   <li>{@link #remove}: the group retires; its files belong to no group;
 *   <li>{@link #update}: priority and targets.
 * </ul>
 *
 * <p>Immutable and thread-safe.
 */
public final class GroupSet {
  private final long revision;
  private final List<Group> entries;
  private final Map<String, Integer> index;

  /** Validates the invariants above; throws IllegalArgumentException naming the problem. */
  public GroupSet(long revision, List<Group> entries) {
    if (revision < 0) {
      throw new IllegalArgumentException("groups revision " + revision + " must be >= 0");
    }
    this.revision = revision;
    this.entries = List.copyOf(Objects.requireNonNull(entries, "entries"));
    if (this.entries.size() > DatasetSpecs.MAX_DATASETS) {
      throw new IllegalArgumentException(this.entries.size() + " groups, more than the "
          + DatasetSpecs.MAX_DATASETS + " allowed: merge groups instead of adding more");
    }
    Map<String, Integer> byName = new HashMap<>();
    Map<String, String> rootOwner = new HashMap<>();
    for (int i = 0; i < this.entries.size(); i++) {
      Group g = this.entries.get(i);
      if (byName.put(g.name(), i) != null) {
        throw new IllegalArgumentException("group '" + g.name() + "' is listed twice: names are"
            + " unique, retired groups included (they keep their chain slot)");
      }
      for (String root : g.roots()) {
        String other = rootOwner.put(root, g.name());
        if (other != null) {
          throw new IllegalArgumentException("root " + root + " belongs to both '" + other
              + "' and '" + g.name() + "': a directory belongs to one group (merge them, or"
              + " split a subdirectory out)");
        }
      }
    }
    this.index = Map.copyOf(byName);
    for (Group g : this.entries) {
      if (g.mergedInto().isPresent() && !index.containsKey(g.mergedInto().get())) {
        throw new IllegalArgumentException("group '" + g.name() + "' is merged into '"
            + g.mergedInto().get() + "', which is not a group");
      }
      successorOf(g);
    }
  }

  /** No groups, revision 0. */
  public static GroupSet empty() {
    return new GroupSet(0, List.of());
  }

  public long revision() {
    return revision;
  }

  /** All entries in creation (chain) order, retired ones included. */
  public List<Group> entries() {
    return entries;
  }

  /** The live groups, in creation order. */
  public List<Group> live() {
    return entries.stream().filter(Group::isLive).toList();
  }

  public Optional<Group> get(String name) {
    Integer i = index.get(name);
    return i == null ? Optional.empty() : Optional.of(entries.get(i));
  }

  /**
   * The live group that holds the files of {@code name} now: the group itself when live, else
   * the end of its chain of merges; empty for an unknown or removed group.
   */
  public Optional<Group> successor(String name) {
    return get(name).flatMap(this::successorOf);
  }

  private Optional<Group> successorOf(Group start) {
    Group g = start;
    for (int steps = 0; steps <= entries.size(); steps++) {
      if (g.status() != Group.Status.MERGED) {
        return g.isLive() ? Optional.of(g) : Optional.empty();
      }
      g = entries.get(index.get(g.mergedInto().get()));
    }
    throw new IllegalArgumentException("group '" + start.name() + "' is merged in a loop"
        + " (mergedInto leads back to it): a merge must end at a live or removed group");
  }

  /** A path resolver over the live groups' roots (several roots per group). */
  public DatasetResolver resolver() {
    List<DatasetRoot> roots = new ArrayList<>();
    for (Group g : live()) {
      g.roots().forEach(r -> roots.add(new DatasetRoot(g.name(), r)));
    }
    return DatasetResolver.withManyRootsPerName(roots);
  }

  /**
   * The live group of the file at {@code path}: the override (the xattr {@code
   * user.blink.dataset}) when it names a group, following merges; else the innermost root.
   */
  public Optional<Group> resolve(DatasetResolver resolver, String path,
      Optional<String> override) {
    Optional<String> named = override.map(String::trim).filter(index::containsKey);
    if (named.isPresent()) {
      Optional<Group> g = successor(named.get());
      if (g.isPresent()) {
        return g;
      }
    }
    return resolver.resolve(path, Optional.empty()).flatMap(this::get);
  }

  /**
   * Checks that {@code next} may replace this set: the same entries in the same places (live
   * ones may change or retire, retired ones stay exactly as they are), new ones only appended.
   *
   * @throws IllegalArgumentException naming the first entry that breaks the rule
   */
  public void checkSuccessor(GroupSet next) {
    if (next.entries.size() < entries.size()) {
      throw new IllegalArgumentException("the new groups drop " + (entries.size()
          - next.entries.size()) + " of the " + entries.size() + " entries: retire a group"
          + " (remove or merge) instead, since its position fixes the chains after it");
    }
    for (int i = 0; i < entries.size(); i++) {
      Group was = entries.get(i);
      Group now = next.entries.get(i);
      if (!was.name().equals(now.name())) {
        throw new IllegalArgumentException("entry " + i + " was group '" + was.name()
            + "' and is now '" + now.name() + "': keep every group in its place and append new"
            + " ones at the end");
      }
      if (!was.isLive() && !was.equals(now)) {
        throw new IllegalArgumentException("group '" + was.name() + "' is " + was.status()
            .json() + " and cannot change: create a new group instead");
      }
    }
  }

  /** Adds live group {@code g} at the end. */
  public GroupSet add(Group g) {
    if (!g.isLive()) {
      throw new IllegalArgumentException("group '" + g.name() + "' must be live to be added");
    }
    requireNew(g.name());
    List<Group> next = new ArrayList<>(entries);
    next.add(g);
    return new GroupSet(revision + 1, next);
  }

  /** Merges live group {@code from} into live group {@code into}. */
  public GroupSet merge(String into, String from) {
    Group a = requireLive(into);
    Group b = requireLive(from);
    if (into.equals(from)) {
      throw new IllegalArgumentException("cannot merge group '" + into + "' into itself");
    }
    LinkedHashSet<String> roots = new LinkedHashSet<>(a.roots());
    roots.addAll(b.roots());
    Group merged = new Group(a.name(), List.copyOf(roots), Math.max(a.priority(), b.priority()),
        tighter(a.p90TargetMs(), b.p90TargetMs()),
        higher(a.minAvailability(), b.minAvailability()), Group.Status.LIVE, Optional.empty());
    List<Group> next = new ArrayList<>(entries);
    next.set(index.get(into), merged);
    next.set(index.get(from), b.retired(Optional.of(into)));
    return new GroupSet(revision + 1, next);
  }

  /** Splits {@code roots} of live group {@code from} into a new group {@code name}. */
  public GroupSet split(String from, String name, List<String> roots) {
    Group a = requireLive(from);
    requireNew(name);
    if (roots.isEmpty()) {
      throw new IllegalArgumentException("split of '" + from + "' names no root: give the"
          + " directories the new group '" + name + "' takes");
    }
    List<String> kept = new ArrayList<>(a.roots());
    List<String> taken = new ArrayList<>();
    for (String root : roots) {
      DatasetRoot.rootProblem(root).ifPresent(p -> {
        throw new IllegalArgumentException(p.replace("dataset root", "root"));
      });
      String r = DatasetRoot.normalise(root);
      if (!kept.remove(r) && a.roots().stream().noneMatch(owner -> isUnder(r, owner))) {
        throw new IllegalArgumentException("root " + root + " is neither a root of group '"
            + from + "' " + a.roots() + " nor under one: split only the group's own directories");
      }
      taken.add(r);
    }
    Group created = new Group(name, taken, a.priority(), a.p90TargetMs(), a.minAvailability(),
        Group.Status.LIVE, Optional.empty());
    List<Group> next = new ArrayList<>(entries);
    next.set(index.get(from), a.withRoots(kept));
    next.add(created);
    return new GroupSet(revision + 1, next);
  }

  /** Retires live group {@code name}; its files then belong to no group. */
  public GroupSet remove(String name) {
    Group g = requireLive(name);
    List<Group> next = new ArrayList<>(entries);
    next.set(index.get(name), g.retired(Optional.empty()));
    return new GroupSet(revision + 1, next);
  }

  /** Replaces live group {@code name}'s priority and targets (an absent value clears it). */
  public GroupSet update(String name, int priority, OptionalLong p90TargetMs,
      OptionalDouble minAvailability) {
    Group g = requireLive(name);
    List<Group> next = new ArrayList<>(entries);
    next.set(index.get(name), g.withPriority(priority).withP90TargetMs(p90TargetMs)
        .withMinAvailability(minAvailability));
    return new GroupSet(revision + 1, next);
  }

  /** This set's entries under another revision (what the scheduler stores after a PUT). */
  public GroupSet atRevision(long newRevision) {
    return new GroupSet(newRevision, entries);
  }

  private Group requireLive(String name) {
    Group g = get(name).orElseThrow(() -> new IllegalArgumentException("no group '" + name
        + "'; groups: " + live().stream().map(Group::name).toList()));
    if (!g.isLive()) {
      throw new IllegalArgumentException("group '" + name + "' is " + g.status().json()
          + g.mergedInto().map(s -> " into '" + s + "'").orElse("") + ": edit a live group");
    }
    return g;
  }

  private void requireNew(String name) {
    if (index.containsKey(name)) {
      throw new IllegalArgumentException("group '" + name + "' already exists" + (get(name)
          .orElseThrow().isLive() ? "" : " (retired; names are never reused)")
          + ": choose another name");
    }
  }

  private static boolean isUnder(String path, String dir) {
    return dir.equals("/") ? !path.equals("/") : path.startsWith(dir + "/");
  }

  private static OptionalLong tighter(OptionalLong a, OptionalLong b) {
    if (a.isEmpty()) {
      return b;
    }
    return b.isEmpty() ? a : OptionalLong.of(Math.min(a.getAsLong(), b.getAsLong()));
  }

  private static OptionalDouble higher(OptionalDouble a, OptionalDouble b) {
    if (a.isEmpty()) {
      return b;
    }
    return b.isEmpty() ? a : OptionalDouble.of(Math.max(a.getAsDouble(), b.getAsDouble()));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GroupSet other && revision == other.revision
        && entries.equals(other.entries);
  }

  @Override
  public int hashCode() {
    return Objects.hash(revision, entries);
  }

  @Override
  public String toString() {
    return "GroupSet{revision=" + revision + ", " + entries + "}";
  }
}
