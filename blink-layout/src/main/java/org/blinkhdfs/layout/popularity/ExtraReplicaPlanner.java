package org.blinkhdfs.layout.popularity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Popularity-based replication and lazy reclamation (BlinkFS §4.2): which files get replicas
 * beyond their owner's replication this period, and which give them back.
 *
 * <h2>Rule</h2>
 * <ol>
 *   <li><b>Cap.</b> A file may hold up to {@code maxReplicas} (6); one written often (writes
 *       moving average ≥ {@code writeHot}) up to {@code writeHotMaxReplicas} (3), since every
 *       replica costs each write. Never below its base replication.
 *   <li><b>Share.</b> Files read at least {@code minReads} per period share extra replicas in
 *       proportion to their read average: file f wants {@code min(cap_f − base_f, ⌊K·h_f/Σh⌋)}
 *       extras, with the largest K whose extras fit the budget ({@code capacityFraction} of the
 *       unused capacity plus what extras hold now). K is found by bisection; each file's want
 *       only grows with K, so the largest fitting K is well defined.
 *   <li><b>Lazy reclamation.</b> A file that wants fewer replicas than it holds keeps them while
 *       the budget allows: reclaiming costs nothing only when the space is needed. When growth
 *       would overrun the budget, the coldest such files (fewest reads per byte) give back down to
 *       their want, one file at a time, until it fits. A file over its cap (it became written
 *       often) drops to the cap at once.
 * </ol>
 *
 * <p>Worked example (budget 10 MiB; files of 1 MiB, base 3, none written often): a read 30 and
 * b read 10 per period. K = 4 gives a ⌊3⌋ = 3 and b ⌊1⌋ = 1 extras = 4 MiB; K = 8 gives 3 (cap) and
 * 2 = 5 MiB; K = 12 gives 3 and 3 = 6 MiB, and nothing more is wanted: a and b go to 6.
 *
 * <p>Pure and deterministic: the same files and budget give the same plan.
 */
public final class ExtraReplicaPlanner {
  private final PopularitySettings settings;

  public ExtraReplicaPlanner(PopularitySettings settings) {
    this.settings = settings;
  }

  /** The budget for extra replicas: the fraction of unused capacity plus what extras hold now. */
  public long budgetBytes(long remainingBytes, List<FileHeat> files) {
    long extras = 0;
    for (FileHeat f : files) {
      extras += f.extraBytes();
    }
    return (long) Math.floor(settings.capacityFraction() * (Math.max(0, remainingBytes) + extras));
  }

  /**
   * The replication each file should have now, for every file whose replication changes, in the
   * order of {@code files}.
   */
  public Map<String, Integer> plan(List<FileHeat> files, long budgetBytes) {
    int[] want = wanted(files, budgetBytes);
    int[] target = new int[files.size()];
    long used = 0;
    for (int i = 0; i < files.size(); i++) {
      FileHeat f = files.get(i);
      int cap = cap(f);
      // Keep extras lazily, but never above the cap.
      target[i] = Math.min(cap, Math.max(want[i], f.replication()));
      used += (target[i] - f.baseReplication()) * f.bytes();
    }
    if (used > budgetBytes) {
      List<Integer> keeping = new ArrayList<>();
      for (int i = 0; i < files.size(); i++) {
        if (target[i] > want[i]) {
          keeping.add(i);
        }
      }
      keeping.sort(Comparator.comparingDouble((Integer i) -> readsPerByte(files.get(i)))
          .thenComparing(i -> files.get(i).path()));
      for (int i : keeping) {
        if (used <= budgetBytes) {
          break;
        }
        used -= (target[i] - want[i]) * files.get(i).bytes();
        target[i] = want[i];
      }
    }
    Map<String, Integer> changes = new LinkedHashMap<>();
    for (int i = 0; i < files.size(); i++) {
      if (target[i] != files.get(i).replication()) {
        changes.put(files.get(i).path(), target[i]);
      }
    }
    return changes;
  }

  /** Each file's wanted replication: base plus its share of the largest fitting K. */
  int[] wanted(List<FileHeat> files, long budgetBytes) {
    double totalHeat = 0;
    long maxK = 0;
    for (FileHeat f : files) {
      if (eligible(f)) {
        totalHeat += f.reads();
      }
    }
    for (FileHeat f : files) {
      if (eligible(f)) {
        // Past K = room·Σh/h (plus one for the floor) this file's want no longer grows.
        double saturate = (cap(f) - f.baseReplication()) * totalHeat / f.reads() + 1;
        maxK = Math.max(maxK, (long) Math.min(Long.MAX_VALUE / 4, Math.ceil(saturate)));
      }
    }
    long lo = 0;
    long hi = maxK;
    while (lo < hi) {
      long mid = lo + (hi - lo + 1) / 2;
      if (bytesAt(files, mid, totalHeat) <= budgetBytes) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    int[] want = new int[files.size()];
    for (int i = 0; i < files.size(); i++) {
      FileHeat f = files.get(i);
      want[i] = f.baseReplication() + extras(f, lo, totalHeat);
    }
    return want;
  }

  private long bytesAt(List<FileHeat> files, long k, double totalHeat) {
    long bytes = 0;
    for (FileHeat f : files) {
      bytes += extras(f, k, totalHeat) * f.bytes();
    }
    return bytes;
  }

  private int extras(FileHeat f, long k, double totalHeat) {
    if (!eligible(f) || k == 0) {
      return 0;
    }
    double share = Math.floor(k * f.reads() / totalHeat + 1e-9);
    return (int) Math.min(cap(f) - f.baseReplication(), share);
  }

  private boolean eligible(FileHeat f) {
    return f.reads() >= settings.minReads() && cap(f) > f.baseReplication() && f.bytes() > 0;
  }

  /** The most replicas {@code f} may hold: never below its base. */
  int cap(FileHeat f) {
    int cap = f.writes() >= settings.writeHot() ? settings.writeHotMaxReplicas()
        : settings.maxReplicas();
    return Math.max(cap, f.baseReplication());
  }

  private static double readsPerByte(FileHeat f) {
    return f.bytes() == 0 ? Double.MAX_VALUE : f.reads() / f.bytes();
  }
}
