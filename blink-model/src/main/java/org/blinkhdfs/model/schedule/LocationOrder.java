package org.blinkhdfs.model.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which of a block's replica holders a job scheduler should be told about, and in which order:
 * the decision behind blink-aware input splits (MapReduce takes a split's hosts from the block
 * locations the file system returns).
 *
 * <p>Why trim and not only sort: the MapReduce ApplicationMaster asks YARN for a container on
 * every host a split lists, and YARN's delay scheduling holds a request back for a while hoping
 * for one of those hosts. Order does not matter to it, membership does. A holder that is asleep
 * cannot run the task (its NodeManager blinks with its DataNode) and cannot serve the read, so
 * listing it only delays the map. Order still matters for frameworks that try hosts in list order
 * and for MapReduce's first-N cut ({@code mapreduce.job.max.split.locations}, default 15).
 *
 * <p>The rule ({@link #order}), over replica transfer addresses ({@code ip:port}):
 *
 * <ol>
 *   <li>Sort by {@link ReadOrder}: usable now (awake with at least {@code minWindowMs} left),
 *       longest remaining window first; then the rest, soonest usable wake first; ties keep their
 *       incoming order (the sort is stable).
 *   <li>{@link Keep#USABLE}: when at least one replica is usable now, drop the others; when none
 *       is, keep them all (sorted), so the list is never empty for a non-empty input and the task
 *       still prefers the holder that wakes first. {@link Keep#ALL}: keep every replica, sorted.
 * </ol>
 *
 * <p>Worked example (interval 60 s, now = phase 10 s, minimum window 2 s, replicas in the order
 * the NameNode gave them): {@code [C, A, D, B]} with A awake [0, 20 s) (10 s left), B awake
 * [5, 11 s) (1 s left: too little), C asleep until 30 s, D ACTIVE. Sorted: D, A, C, B, so the
 * index list is {@code [2, 1, 0, 3]}; with {@code USABLE} it is {@code [2, 1]} (D, A). At phase
 * 45 s (A, B asleep; C awake until 40 s has closed too) nothing but D is usable: {@code [2]}.
 *
 * <p>A {@code null} schedule (none in force) keeps the input order: {@code [0, 1, ..., n-1]}.
 * Stateless and thread-safe.
 */
public final class LocationOrder {
  private LocationOrder() {}

  /** Which replicas {@link #order} keeps. */
  public enum Keep {
    /** Only the replicas usable now, when there is one; otherwise all of them. */
    USABLE,
    /** Every replica, best first. */
    ALL;

    /**
     * Parses a configured value ({@code usable} or {@code all}, any case).
     *
     * @param key the configuration key, named in the error
     * @throws IllegalArgumentException naming the key, the value and the accepted values
     */
    public static Keep parse(String key, String value) {
      String v = value == null ? "" : value.trim();
      for (Keep k : values()) {
        if (k.configName().equalsIgnoreCase(v)) {
          return k;
        }
      }
      throw new IllegalArgumentException(key + " = '" + value + "' is invalid: give usable "
          + "(list only replicas awake now when one is) or all (list every replica, best first)");
    }

    /** The name as configured: {@code usable} or {@code all}. */
    public String configName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * The indices into {@code replicas} to list, best first: a permutation of all indices
   * ({@link Keep#ALL}, or nobody usable now) or of the usable ones ({@link Keep#USABLE}).
   *
   * @param schedule the schedule in force, or null when none is (input order, all kept)
   * @param replicas transfer addresses as the schedule names nodes ({@code ip:port})
   */
  public static List<Integer> order(Schedule schedule, List<String> replicas, long nowMs,
      long minWindowMs, Keep keep) {
    List<Integer> indices = new ArrayList<>(replicas.size());
    for (int i = 0; i < replicas.size(); i++) {
      indices.add(i);
    }
    if (schedule == null) {
      return indices;
    }
    List<Integer> sorted = ReadOrder.sort(indices, replicas::get, schedule, nowMs, minWindowMs);
    if (keep == Keep.ALL) {
      return sorted;
    }
    List<Integer> usable = new ArrayList<>(sorted.size());
    for (int i : sorted) {
      if (!ReadOrder.key(schedule, replicas.get(i), nowMs, minWindowMs).usableNow()) {
        break; // usable replicas sort first: the rest are not
      }
      usable.add(i);
    }
    return usable.isEmpty() ? sorted : usable;
  }
}
