package org.blinkhdfs.workload;

import java.util.Random;
import org.blinkhdfs.bench.stats.SplitMix64;

/**
 * The deterministic shape of the key-value data set, a pure function of its configuration: each
 * key's object size, its pack file, and which key has which popularity rank.
 *
 * <ul>
 *   <li>size of key {@code k}: {@code min + (SplitMix64.nth(dataSeed ^ SIZE_SALT, k + 1) mod (max
 *       − min + 1))}, uniform in {@code [min, max]};
 *   <li>pack of key {@code k}: {@code k mod packCount}; objects are appended in key order;
 *   <li>popularity: rank {@code r} (1 = hottest) is key {@code rankToKey[r − 1]}, a Fisher–Yates
 *       permutation from {@code Random(dataSeed)}. Without it the hottest keys would be keys 0,
 *       1, 2… and sit together at the head of the first packs' first blocks, so one block (and
 *       its few DataNodes) would carry most of the load; a key-value store hashes keys, which
 *       scatters hot objects across blocks, and so does the permutation.
 * </ul>
 *
 * <p>Popularity depends on the data seed, not the run seed, so runs with different seeds
 * against one data set share its hot set, as repeated experiments with one application would.
 *
 * <p>Immutable and thread-safe.
 */
final class KvLayout {
  static final long SIZE_SALT = 0x51_7E_5A_17L;

  private final ZipfKvConfig config;
  private final int[] rankToKey;

  KvLayout(ZipfKvConfig config) {
    this.config = config;
    this.rankToKey = permutation(config.keyCount(), new Random(config.dataSeed()));
  }

  int objectBytes(int key) {
    long range = (long) config.maxObjectBytes() - config.minObjectBytes() + 1;
    long r = Math.floorMod(SplitMix64.nth(config.dataSeed() ^ SIZE_SALT, key + 1L), range);
    return (int) (config.minObjectBytes() + r);
  }

  int packOf(int key) {
    return key % config.packCount();
  }

  /** The key of popularity rank {@code rank} (1-based). */
  int keyOfRank(int rank) {
    return rankToKey[rank - 1];
  }

  private static int[] permutation(int n, Random random) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    return a;
  }
}
