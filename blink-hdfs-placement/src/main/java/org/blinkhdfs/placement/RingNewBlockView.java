package org.blinkhdfs.placement;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.blinkhdfs.layout.MaskedNewBlockView;
import org.blinkhdfs.layout.NewBlockView;

/**
 * The NameNode's {@link NewBlockView}: the ring's DataNodes at one instant, as HDFS would judge
 * them for one new block.
 *
 * <p>A position can take the block when its node could take it the way
 * {@code BlockPlacementPolicyDefault#chooseLocalOrFavoredStorage} would: it passes {@code
 * canTake} (awake for the write guard, in service, not overloaded), its rack has not reached
 * HDFS's per-rack maximum among the candidate's positions counted so far, and it offers a storage
 * type the policy still needs, tried in the same order as HDFS ({@link StorageType} order).
 * {@link #fillable} counts the same way as if every registered, in-service node were awake and
 * idle: a candidate whose missing position is a sleeping node with the right storage type can be
 * completed later by a correction; one whose node lacks the type never can.
 *
 * <p>Example (9 ring nodes, COLD: ARCHIVE on nodes 0, 4 and 6 only, all awake): {@code
 * takeable([0, 4, 6])} is 3, {@code takeable([2, 6, 8])} is 1.
 *
 * <p>Not thread-safe except {@link #withRandom}; one instance per placement decision.
 */
final class RingNewBlockView extends MaskedNewBlockView {
  private final RingMembers ring;
  private final boolean[] registered;
  private final EnumMap<StorageType, Integer> types;
  private final int maxNodesPerRack;

  RingNewBlockView(RingMembers ring, Predicate<DatanodeDescriptor> canTake,
      EnumMap<StorageType, Integer> types, int maxNodesPerRack, int writer, Random random) {
    super(ring.size(), writer, random);
    this.ring = ring;
    this.types = types;
    this.maxNodesPerRack = maxNodesPerRack;
    this.registered = new boolean[ring.size()];
    for (int p = 0; p < usable.length; p++) {
      DatanodeDescriptor d = ring.node(p);
      registered[p] = d != null && d.isInService();
      usable[p] = registered[p] && canTake.test(d);
    }
  }

  @Override
  public int takeable(List<Integer> positions) {
    return score(positions, usable);
  }

  @Override
  public int fillable(List<Integer> positions) {
    return score(positions, registered);
  }

  private int score(List<Integer> positions, boolean[] mask) {
    int[] typesLeft = new int[StorageType.values().length];
    for (Map.Entry<StorageType, Integer> e : types.entrySet()) {
      typesLeft[e.getKey().ordinal()] = e.getValue();
    }
    List<String> racks = new ArrayList<>(positions.size());
    int score = 0;
    for (int p : positions) {
      if (!mask[p]) {
        continue;
      }
      String rack = ring.node(p).getNetworkLocation();
      if (countOf(racks, rack) + 1 > maxNodesPerRack) {
        continue;
      }
      StorageType t = firstOffered(typesLeft, ring.storageTypes(p));
      if (t != null) {
        typesLeft[t.ordinal()]--;
        racks.add(rack);
        score++;
      }
    }
    return score;
  }

  private static StorageType firstOffered(int[] typesLeft, Set<StorageType> offered) {
    for (StorageType t : StorageType.values()) {
      if (typesLeft[t.ordinal()] > 0 && offered.contains(t)) {
        return t;
      }
    }
    return null;
  }

  private static int countOf(List<String> racks, String rack) {
    int n = 0;
    for (String r : racks) {
      n += r.equals(rack) ? 1 : 0;
    }
    return n;
  }
}
