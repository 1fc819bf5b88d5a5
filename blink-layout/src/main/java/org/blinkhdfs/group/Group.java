package org.blinkhdfs.group;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.blinkhdfs.rabbit.dataset.DatasetRoot;
import org.blinkhdfs.rabbit.dataset.LiveDatasets;

/**
 * One application group (flexStore §3, Rabbit's dataset §3.4): the files under its roots (or
 * naming it in the xattr {@code user.blink.dataset}), with a priority, an optional read-latency
 * target and an optional minimum availability, which the scheduler and the NameNode act on.
 *
 * <p>Why retired entries exist: a group's position in {@link GroupSet} fixes its expansion chain
 * (chains are planned in order, each after the ones before it), so a group that is merged away or
 * removed keeps its slot as a retired entry with no roots. Later groups' chains, and the blocks
 * already laid out on the retired group's chain, stay valid. A merged group names its successor,
 * so an xattr naming it still resolves.
 *
 * @param name 1-64 letters, digits, {@code _ . -} (as a dataset name)
 * @param roots normalised absolute HDFS directories, none twice; empty for a retired group
 * @param priority 1..{@value LiveDatasets#MAX_WEIGHT}; higher keeps availability longer when power
 *     falls and weighs more in priority node allocation
 * @param p90TargetMs the 90th-percentile read latency the group should see, in milliseconds
 * @param minAvailability the least fraction of the blink interval in which some replica of each
 *     of the group's blocks should be awake, in (0, 1]
 * @param status live, merged (into {@code mergedInto}) or removed
 * @param mergedInto the group that took over a merged group's files
 */
public record Group(String name, List<String> roots, int priority, OptionalLong p90TargetMs,
    OptionalDouble minAvailability, Status status, Optional<String> mergedInto) {

  /** Whether a group is in use or only keeps its chain slot. */
  public enum Status {
    LIVE, MERGED, REMOVED;

    public String json() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** The priority a group gets when none is given. */
  public static final int DEFAULT_PRIORITY = 1;

  /** Validates and normalises; throws IllegalArgumentException naming the field and the fix. */
  public Group {
    String where = "group '" + name + "'";
    DatasetRoot.nameProblem(name).ifPresent(p -> {
      throw new IllegalArgumentException(p.replace("dataset name", "group name"));
    });
    Objects.requireNonNull(roots, where + ": roots");
    LinkedHashSet<String> normal = new LinkedHashSet<>();
    for (String root : roots) {
      Optional<String> problem = DatasetRoot.rootProblem(root);
      if (problem.isPresent()) {
        throw new IllegalArgumentException(where + ": " + problem.get()
            .replace("dataset root", "root"));
      }
      if (!normal.add(DatasetRoot.normalise(root))) {
        throw new IllegalArgumentException(where + " lists root " + root + " twice");
      }
    }
    roots = List.copyOf(new ArrayList<>(normal));
    if (priority < 1 || priority > LiveDatasets.MAX_WEIGHT) {
      throw new IllegalArgumentException(where + ": priority " + priority
          + " must be a whole number in 1.." + LiveDatasets.MAX_WEIGHT + " (higher keeps"
          + " availability longer when power falls)");
    }
    Objects.requireNonNull(p90TargetMs, where + ": p90TargetMs");
    if (p90TargetMs.isPresent() && p90TargetMs.getAsLong() <= 0) {
      throw new IllegalArgumentException(where + ": p90TargetMs " + p90TargetMs.getAsLong()
          + " must be a whole number of milliseconds > 0, e.g. 500, or absent for no target");
    }
    Objects.requireNonNull(minAvailability, where + ": minAvailability");
    if (minAvailability.isPresent()) {
      double a = minAvailability.getAsDouble();
      if (!(a > 0 && a <= 1)) {
        throw new IllegalArgumentException(where + ": minAvailability " + a
            + " must be a fraction in (0, 1], e.g. 0.9, or absent for none");
      }
    }
    Objects.requireNonNull(status, where + ": status");
    Objects.requireNonNull(mergedInto, where + ": mergedInto");
    if (status == Status.MERGED) {
      String into = mergedInto.orElseThrow(() -> new IllegalArgumentException(where
          + " is merged but names no group in mergedInto: name the group that took its files"));
      if (into.equals(name)) {
        throw new IllegalArgumentException(where + " is merged into itself");
      }
    } else if (mergedInto.isPresent()) {
      throw new IllegalArgumentException(where + " names mergedInto '" + mergedInto.get()
          + "' but its status is " + status.json() + ": only a merged group has a successor");
    }
    if (status != Status.LIVE && !roots.isEmpty()) {
      throw new IllegalArgumentException(where + " is " + status.json() + " but still lists roots "
          + roots + ": a retired group holds no files");
    }
  }

  /** A live group with the given roots and priority, no target and no minimum availability. */
  public static Group live(String name, List<String> roots, int priority) {
    return new Group(name, roots, priority, OptionalLong.empty(), OptionalDouble.empty(),
        Status.LIVE, Optional.empty());
  }

  public boolean isLive() {
    return status == Status.LIVE;
  }

  public Group withRoots(List<String> newRoots) {
    return new Group(name, newRoots, priority, p90TargetMs, minAvailability, status, mergedInto);
  }

  public Group withPriority(int newPriority) {
    return new Group(name, roots, newPriority, p90TargetMs, minAvailability, status, mergedInto);
  }

  public Group withP90TargetMs(OptionalLong target) {
    return new Group(name, roots, priority, target, minAvailability, status, mergedInto);
  }

  public Group withMinAvailability(OptionalDouble min) {
    return new Group(name, roots, priority, p90TargetMs, min, status, mergedInto);
  }

  /** This group retired: merged into {@code successor}, or removed when it is empty. */
  Group retired(Optional<String> successor) {
    return new Group(name, List.of(), priority, p90TargetMs, minAvailability,
        successor.isPresent() ? Status.MERGED : Status.REMOVED, successor);
  }
}
