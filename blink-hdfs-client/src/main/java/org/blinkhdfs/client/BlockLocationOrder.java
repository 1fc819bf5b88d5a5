package org.blinkhdfs.client;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.StorageType;
import org.blinkhdfs.model.schedule.LocationOrder;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Applies {@link LocationOrder} to the {@link BlockLocation}s the blink-aware client returns
 * ({@code getFileBlockLocations}, {@code listLocatedStatus}), so that input splits computed from
 * them (MapReduce's {@code FileInputFormat} takes a split's hosts from {@code getHosts()}) list
 * the replica holders awake longest first and, with {@code blink.client.block.locations =
 * usable}, only the ones usable now when there is one.
 *
 * <p>Hard constraint: a {@code BlockLocation} is a set of parallel arrays. {@code names}
 * (transfer addresses, what the schedule is keyed by), {@code hosts}, {@code topologyPaths},
 * {@code storageIds} and {@code storageTypes} are indexed by replica and are all permuted (and
 * cut) by the same index list. {@code cachedHosts} is a set of host names, not positional: it
 * keeps the hosts still listed, in their new order. A location whose non-empty arrays do not
 * all have the length of {@code names} is left untouched (no safe mapping). The
 * {@code LocatedBlock} inside an {@code HdfsBlockLocation} is not changed: it is the NameNode's
 * answer that a reader of that object uses.
 *
 * <p>Example: names {@code [10.0.0.3:9866, 10.0.0.1:9866, 10.0.0.2:9866]}, hosts {@code [h3,
 * h1, h2]}, cached {@code [h3]}; node 1 ACTIVE, node 2 awake 10 s more, node 3 asleep. With
 * {@code usable}: names {@code [10.0.0.1:9866, 10.0.0.2:9866]}, hosts {@code [h1, h2]}, cached
 * {@code []}; with {@code all}: hosts {@code [h1, h2, h3]}, cached {@code [h3]}.
 *
 * <p>Stateless and thread-safe; it mutates the location it is given.
 */
final class BlockLocationOrder {
  private BlockLocationOrder() {}

  /**
   * Reorders (and, per {@code keep}, trims) the replicas of {@code loc} in place.
   *
   * @param schedule the schedule in force; null leaves {@code loc} as it is
   */
  static void apply(BlockLocation loc, Schedule schedule, long nowMs, long minWindowMs,
      LocationOrder.Keep keep) throws IOException {
    String[] names = loc.getNames();
    if (schedule == null || names.length < 2 || !parallel(loc, names.length)) {
      return;
    }
    List<Integer> order =
        LocationOrder.order(schedule, Arrays.asList(names), nowMs, minWindowMs, keep);
    if (isIdentity(order, names.length)) {
      return;
    }
    String[] hosts = pick(loc.getHosts(), order, String[]::new);
    loc.setNames(pick(names, order, String[]::new));
    loc.setHosts(hosts);
    loc.setTopologyPaths(pick(loc.getTopologyPaths(), order, String[]::new));
    loc.setStorageIds(pick(loc.getStorageIds(), order, String[]::new));
    loc.setStorageTypes(pick(loc.getStorageTypes(), order, StorageType[]::new));
    loc.setCachedHosts(cachedAmong(loc.getCachedHosts(), hosts));
  }

  /** True when every non-empty per-replica array has one entry per name. */
  private static boolean parallel(BlockLocation loc, int n) throws IOException {
    for (int len : new int[] {loc.getHosts().length, loc.getTopologyPaths().length,
        loc.getStorageIds().length, loc.getStorageTypes().length}) {
      if (len != 0 && len != n) {
        return false;
      }
    }
    return true;
  }

  private static boolean isIdentity(List<Integer> order, int n) {
    if (order.size() != n) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (order.get(i) != i) {
        return false;
      }
    }
    return true;
  }

  /** {@code a} reindexed by {@code order}; an empty array stays empty. */
  private static <T> T[] pick(T[] a, List<Integer> order, IntFunction<T[]> mk) {
    if (a.length == 0) {
      return a;
    }
    T[] out = mk.apply(order.size());
    for (int i = 0; i < out.length; i++) {
      out[i] = a[order.get(i)];
    }
    return out;
  }

  /** The cached hosts that are still listed, in listing order, each once. */
  private static String[] cachedAmong(String[] cached, String[] hosts) {
    if (cached.length == 0 || hosts.length == 0) {
      return cached;
    }
    Set<String> isCached = Set.of(Arrays.stream(cached).distinct().toArray(String[]::new));
    List<String> out = new ArrayList<>();
    for (String h : hosts) {
      if (isCached.contains(h) && !out.contains(h)) {
        out.add(h);
      }
    }
    return out.toArray(new String[0]);
  }
}
