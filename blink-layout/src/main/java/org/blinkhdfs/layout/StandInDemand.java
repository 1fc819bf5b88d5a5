package org.blinkhdfs.layout;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * Which missing positions of a block's layout should be filled, each paired with the off-layout
 * replica (stand-in) it replaces. The NameNode's verification, layout correction and Balancer
 * check and the proxy's drain all ask this one class, so they never disagree: a block the proxy
 * moves is one the NameNode would have corrected the same way, and the NameNode never trims what
 * the proxy copied.
 *
 * <p>Why pairing: filling a missing position is a copy followed by the deletion of one excess
 * replica. The copy only helps if the replica deleted afterwards is a stand-in; if the rack rule
 * or the storage policy would force the deletion of a layout replica instead, the block would be
 * copied and trimmed back forever. So a missing position is demanded only when some stand-in can
 * give way to it:
 *
 * <ol>
 *   <li><b>Rack rule</b> (HDFS's: a block of r ≥ 2 replicas spans at least {@code min(2, r)}
 *       racks once the cluster has had more than one): swapping the stand-in for the layout node
 *       keeps it ({@link #keepsRacks}). A layout that lies on one rack therefore keeps one
 *       replica off it: the rack rule wins over the exact ring position.
 *   <li><b>Storage</b>: the caller's {@code offersShared} says whether the layout node offers
 *       every storage type all current holders offer (where a single-type policy keeps its
 *       replicas); a position that fails is waived and the stand-in stays.
 * </ol>
 *
 * <p>With no stand-in left at all (a replica was lost), every fillable missing position is
 * demanded: re-replication, not correction.
 *
 * <p>A missing position that cannot be filled (no live in-service node, or one without the
 * holders' storage types) is replaced by the first of the layout's {@link
 * LayoutModel#substitutes} that can and is neither held nor in the layout: for the phase-group
 * layout another member of the same group, so a group whose suggested member died still heals.
 * The ring's positions are exact and have none.
 *
 * <p>Stand-ins are tried in this order: holders off the ring (staging, unnamed DataNodes) first,
 * then ring holders outside the layout.
 *
 * <p>Example (9 ring nodes on racks A, B, C; r = 3; layout [0, 4, 6] with 0 and 6 on A and 4 on
 * B; holders 0, 4 and stand-in 5 on C): position 6 is demanded, paired with 5, since {0, 4, 6}
 * still spans A and B. Had 4 been on A too, 6 would be waived: {0, 4, 6} would lie on one rack.
 *
 * <p>Immutable.
 */
public final class StandInDemand {
  /**
   * One replica holder: a DataNode's name, its ring position (-1 off the ring) and its rack.
   */
  public record Holder(String node, int position, String rack) {
    public Holder {
      Objects.requireNonNull(node, "node must not be null");
      Objects.requireNonNull(rack, "rack must not be null");
    }
  }

  /** What the caller knows about ring positions besides the layout. */
  public interface Ring {
    /** True when a live, in-service DataNode holds ring position {@code position}. */
    boolean fillable(int position);

    /** The rack of the DataNode at a fillable {@code position}. */
    String rack(int position);

    /** True when the DataNode at {@code position} offers every storage type all holders do. */
    boolean offersShared(int position);

    /** A ring from three functions. */
    static Ring of(IntPredicate fillable, IntFunction<String> rack, IntPredicate offersShared) {
      return new Ring() {
        @Override
        public boolean fillable(int position) {
          return fillable.test(position);
        }

        @Override
        public String rack(int position) {
          return rack.apply(position);
        }

        @Override
        public boolean offersShared(int position) {
          return offersShared.test(position);
        }
      };
    }
  }

  private final LayoutCheck check;
  private final List<Integer> positions = new ArrayList<>();
  private final Map<Integer, Holder> replaces = new HashMap<>();

  private StandInDemand(LayoutCheck check) {
    this.check = check;
  }

  /**
   * The demand for a block held by {@code holders} (live replicas, distinct nodes) as a layout of
   * {@code replicas} replicas (already capped at the ring size), which must span
   * {@code requiredRacks} racks.
   */
  public static StandInDemand of(LayoutModel layout, List<Holder> holders, int replicas,
      int requiredRacks, Ring ring) {
    List<Integer> held = new ArrayList<>();
    for (Holder h : holders) {
      if (h.position() >= 0) {
        held.add(h.position());
      }
    }
    StandInDemand d = new StandInDemand(layout.check(held, replicas));
    List<Holder> standIns = d.standIns(holders);
    boolean lostReplica = standIns.isEmpty();
    List<String> current = new ArrayList<>();
    for (Holder h : holders) {
      current.add(h.rack());
    }
    Set<Integer> taken = new HashSet<>(held);
    taken.addAll(d.check.layout());
    for (int missing : d.check.missing()) {
      int p = fillable(layout, missing, ring, taken);
      if (p < 0) {
        continue;
      }
      if (lostReplica) {
        d.positions.add(p);
        taken.add(p);
        continue;
      }
      Holder giver = firstGivingWay(standIns, current, ring.rack(p), requiredRacks);
      if (giver != null) {
        d.positions.add(p);
        taken.add(p);
        d.replaces.put(p, giver);
        standIns.remove(giver);
        current.remove(giver.rack());
        current.add(ring.rack(p));
      }
    }
    return d;
  }

  /**
   * {@code missing} when it can be filled, else its first substitute that can and is not
   * {@code taken}; -1 when none can.
   */
  private static int fillable(LayoutModel layout, int missing, Ring ring, Set<Integer> taken) {
    if (ring.fillable(missing) && ring.offersShared(missing)) {
      return missing;
    }
    for (int q : layout.substitutes(missing)) {
      if (!taken.contains(q) && ring.fillable(q) && ring.offersShared(q)) {
        return q;
      }
    }
    return -1;
  }

  /** Holders outside the layout: off the ring first, then ring extras. */
  private List<Holder> standIns(List<Holder> holders) {
    Set<Integer> inLayout = new HashSet<>(check.layout());
    List<Holder> offRing = new ArrayList<>();
    List<Holder> ringExtras = new ArrayList<>();
    for (Holder h : holders) {
      if (h.position() < 0) {
        offRing.add(h);
      } else if (!inLayout.contains(h.position())) {
        ringExtras.add(h);
      }
    }
    offRing.addAll(ringExtras);
    return offRing;
  }

  private static Holder firstGivingWay(List<Holder> standIns, List<String> currentRacks,
      String targetRack, int requiredRacks) {
    int before = rackCount(currentRacks);
    for (Holder s : standIns) {
      List<String> after = new ArrayList<>(currentRacks);
      after.remove(s.rack());
      after.add(targetRack);
      if (keepsRacks(before, rackCount(after), requiredRacks)) {
        return s;
      }
    }
    return null;
  }

  /** Distinct racks among {@code racks}. */
  public static int rackCount(Collection<String> racks) {
    return new HashSet<>(racks).size();
  }

  /**
   * True when a block that spanned {@code before} racks and spans {@code after} racks afterwards
   * still honours the rack rule: at least {@code required} racks, or no fewer than before when it
   * was already short of them.
   */
  public static boolean keepsRacks(int before, int after, int required) {
    return after >= Math.min(required, before);
  }

  /** The layout the holders were matched against. */
  public LayoutCheck check() {
    return check;
  }

  /** Demanded ring positions, in placement order. */
  public List<Integer> positions() {
    return Collections.unmodifiableList(positions);
  }

  /** The stand-in that demanded {@code position} replaces, or null when a replica was lost. */
  public Holder replaces(int position) {
    return replaces.get(position);
  }
}
