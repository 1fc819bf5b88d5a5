package org.blinkhdfs.placement;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.fs.StorageType;
import org.blinkhdfs.layout.MaskedNewBlockView;
import org.blinkhdfs.layout.NewBlockView;
import org.blinkhdfs.layout.ring.FirstPositions;

/**
 * The NameNode's {@link NewBlockView}: the ring's DataNodes in one time slice ({@link
 * RingSlice}), as HDFS would judge them for one new block.
 *
 * <p>A position can take the block when its node could take it the way
 * {@code BlockPlacementPolicyDefault#chooseLocalOrFavoredStorage} would: it is usable in the
 * slice (awake for the write guard, in service, not overloaded), its rack has not reached HDFS's
 * per-rack maximum among the candidate's positions counted so far, and it offers a storage type
 * the policy still needs, tried in the same order as HDFS ({@link StorageType} order). {@link
 * #fillable} counts the same way as if every registered, in-service node were awake and idle: a
 * candidate whose missing position is a sleeping node with the right storage type can be
 * completed later by a correction; one whose node lacks the type never can.
 *
 * <p>Nothing here is O(N) per decision: the mask is the slice's, and the best first positions
 * of the ring layout are the slice's for this request shape ({@link #firstPositions}), scored by
 * this view the first time the slice is asked.
 *
 * <p>Example (9 ring nodes, COLD: ARCHIVE on nodes 0, 4 and 6 only, all awake): {@code
 * takeable([0, 4, 6])} is 3, {@code takeable([2, 6, 8])} is 1.
 *
 * <p>Not thread-safe except {@link #withRandom}; one instance per placement decision.
 */
final class RingNewBlockView extends MaskedNewBlockView {
  private static final StorageType[] TYPES = StorageType.values();

  private final RingMembers.Index index;
  private final RingSlice slice;
  private final RingMembers ring;
  private final EnumMap<StorageType, Integer> types;
  private final int maxNodesPerRack;

  RingNewBlockView(RingMembers ring, RingSlice slice, EnumMap<StorageType, Integer> types,
      int maxNodesPerRack, int writer, Random random) {
    super(slice.usable(), writer, random);
    this.ring = ring;
    this.index = ring.index();
    this.slice = slice;
    this.types = types;
    this.maxNodesPerRack = maxNodesPerRack;
  }

  @Override
  public int takeable(List<Integer> positions) {
    return score(positions, true);
  }

  @Override
  public int fillable(List<Integer> positions) {
    return score(positions, false);
  }

  @Override
  public FirstPositions firstPositions(int[] offsets, int replicas) {
    return slice.firstPositions(offsets, replicas, types, maxNodesPerRack,
        () -> FirstPositions.scan(offsets, replicas, this));
  }

  private int score(List<Integer> positions, boolean now) {
    int[] typesLeft = new int[TYPES.length];
    for (Map.Entry<StorageType, Integer> e : types.entrySet()) {
      typesLeft[e.getKey().ordinal()] = e.getValue();
    }
    String[] racks = new String[positions.size()];
    int score = 0;
    for (int p : positions) {
      if (now ? !usable[p] : !index.inServiceAt(p)) {
        continue;
      }
      String rack = ring.node(p).getNetworkLocation();
      if (countOf(racks, score, rack) + 1 > maxNodesPerRack) {
        continue;
      }
      StorageType t = firstOffered(typesLeft, index.storageTypesAt(p));
      if (t != null) {
        typesLeft[t.ordinal()]--;
        racks[score] = rack;
        score++;
      }
    }
    return score;
  }

  private static StorageType firstOffered(int[] typesLeft, Set<StorageType> offered) {
    for (StorageType t : TYPES) {
      if (typesLeft[t.ordinal()] > 0 && offered.contains(t)) {
        return t;
      }
    }
    return null;
  }

  private static int countOf(String[] racks, int length, String rack) {
    int n = 0;
    for (int i = 0; i < length; i++) {
      n += racks[i].equals(rack) ? 1 : 0;
    }
    return n;
  }
}
