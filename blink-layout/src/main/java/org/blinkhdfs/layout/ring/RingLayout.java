package org.blinkhdfs.layout.ring;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.blinkhdfs.layout.LayoutCheck;

/**
 * BlinkFS power-balanced data layout (Sharma, Irwin, Shenoy) on a ring of N DataNodes.
 *
 * <h2>Why a ring</h2>
 * Staggered blinking starts node i's active window at {@code (t - t_active) * i / (N - 1)}, so
 * ring neighbours are awake at nearly the same time and ring-opposite nodes at nearly opposite
 * times. A block is readable while <em>some</em> replica is awake, so its replicas should sit as
 * far apart on the ring as possible: the first on a node f, the second opposite it, the next ones
 * half-way between those already placed.
 *
 * <h2>Rule</h2>
 * Replica 1 goes on f. Each later replica splits the largest arc (gap) between consecutive chosen
 * positions, clockwise, at {@code gapStart + floor(gapLength / 2)}; with one replica the only gap
 * is the whole ring (length N), which puts replica 2 opposite f at {@code f + floor(N / 2)}. Equal
 * gaps: the one whose start is nearest to f clockwise wins. The rule only ever adds a replica, so
 * the layout of r replicas is a prefix of the layout of r + 1: raising or lowering the
 * replication factor never moves an existing replica (the paper's "to delete replicas, we reverse
 * the process"). The layout is optimal only when r is a power of two, as the paper notes.
 *
 * <h2>Worked example</h2>
 * N = 10, f = 3 (node, then its offset from f in brackets; gaps are written in offsets):
 * <ol>
 *   <li>3 [0];
 *   <li>gap [0→0] has length 10: 8 [5], opposite;
 *   <li>gaps [0→5], [5→0] both 5, tie to the start nearest f: 5 [2];
 *   <li>gaps [0→2]=2, [2→5]=3, [5→0]=5: 0 [7];
 *   <li>gaps of 3 at [2→5] and [7→0], tie: 6 [3];
 *   <li>then 1 [8], and the four gaps of 2 in clockwise order: 4 [1], 7 [4], 9 [6], 2 [9].
 * </ol>
 * So {@code positions(3, 10)} is [3, 8, 5, 0, 6, 1, 4, 7, 9, 2]; with 4 replicas the block sits on
 * [3, 8, 5, 0], and reducing it to 2 deletes 0 then 5.
 *
 * <h2>Spread guarantee</h2>
 * Any two of the first r positions are at least {@code floor(N / 2^ceil(log2 r))} apart on the
 * ring. Because the largest gap is always split, the gap lengths evolve level by level: after
 * 2^k replicas every gap has length floor(N / 2^k) or that plus one (halving lengths {a, a + 1}
 * gives lengths within one of each other again), and a replica count between 2^(k-1) and 2^k
 * leaves only gaps of level k - 1 or k.
 *
 * <h2>Without block IDs</h2>
 * HDFS never passes the block ID to a placement policy, so f cannot be rehashed on demand.
 * {@link #bestFirst} recovers it from the positions that hold replicas now; {@link #check} and
 * {@link #deletionOrder} build on it. Callers that know a block ID use {@link #firstFromHash}.
 *
 * <h2>Even spacing</h2>
 * With {@link RingSpacing#EVEN} (the co-designed {@code aligned} stagger) the positions are
 * {@code f + ⌊j·N/r⌋} instead; {@link #bestFirst} and {@link #check} work on those offsets alike,
 * and {@link #deletionOrder} keeps the even layout of the target replication (its own rule).
 *
 * <p>Immutable and thread-safe; no state besides N and the spacing.
 */
public final class RingLayout {
  private final int ringSize;
  private final RingSpacing spacing;

  /**
   * A ring of {@code ringSize} nodes, indices 0..ringSize-1 in staggered-blink order.
   *
   * @throws IllegalArgumentException when ringSize &lt; 1
   */
  public RingLayout(int ringSize) {
    this(ringSize, RingSpacing.BISECTION);
  }

  /**
   * A ring of {@code ringSize} nodes whose blocks are spaced by {@code spacing}.
   *
   * @throws IllegalArgumentException when ringSize &lt; 1 or spacing is {@link
   *     RingSpacing#GROUPS} (the phase-group layout, not a ring spacing)
   */
  public RingLayout(int ringSize, RingSpacing spacing) {
    this.spacing = Objects.requireNonNull(spacing, "spacing");
    if (!spacing.isRing()) {
      throw new IllegalArgumentException(RingSpacing.KEY + " = " + spacing.value() + " is the"
          + " phase-group layout, not a spacing of the ring: build it with"
          + " LayoutCatalog.powerBalanced (PhaseGroupLayoutModel)");
    }
    if (ringSize < 1) {
      throw new IllegalArgumentException("ringSize must be at least 1, got " + ringSize
          + ": give the number of DataNodes on the ring");
    }
    this.ringSize = ringSize;
  }

  /** How this ring spaces a block's replicas. */
  public RingSpacing spacing() {
    return spacing;
  }

  /** Number of nodes N on the ring. */
  public int ringSize() {
    return ringSize;
  }

  /**
   * The ring positions of {@code replicas} replicas whose first replica is on {@code first}, in
   * placement order; immutable.
   *
   * @throws IllegalArgumentException when first is outside 0..N-1 or replicas outside 1..N
   */
  public List<Integer> positions(int first, int replicas) {
    requirePosition("first", first);
    requireReplicas(replicas);
    return shifted(first, spacing.offsets(ringSize, replicas));
  }

  /**
   * The first node whose layout of {@code replicas} covers the most {@code held} positions.
   * Ties go to the layout whose earliest-placed positions are held (held-pattern in placement
   * order compared lexicographically, held before not held; so a held f beats an unheld one),
   * then to the smallest f. With nothing held every f ties and the answer is 0. Held positions
   * may be partial or include extras; duplicates count once. O(h·r·log(h·r)) for h held
   * positions, whatever the ring size (only firsts that cover a held position can win).
   *
   * @throws IllegalArgumentException when a held position is outside 0..N-1 or replicas outside
   *     1..N
   */
  public int bestFirst(Collection<Integer> held, int replicas) {
    int[] heldSorted = heldPositions(held);
    requireReplicas(replicas);
    return bestFirst(heldSorted, spacing.offsets(ringSize, replicas));
  }

  /**
   * Compares {@code held} with the layout of {@link #bestFirst}: which layout positions are
   * missing and which held positions are extra. O(h·r·log(h·r)) for h held positions.
   *
   * @throws IllegalArgumentException as {@link #bestFirst}
   */
  public LayoutCheck check(Collection<Integer> held, int replicas) {
    int[] heldSorted = heldPositions(held);
    requireReplicas(replicas);
    int[] offsets = spacing.offsets(ringSize, replicas);
    int first = bestFirst(heldSorted, offsets);
    List<Integer> layout = shifted(first, offsets);
    List<Integer> missing = new ArrayList<>();
    for (int position : layout) {
      if (!isHeld(heldSorted, position)) {
        missing.add(position);
      }
    }
    List<Integer> extra = new ArrayList<>();
    for (int position : heldSorted) {
      if (!layout.contains(position)) {
        extra.add(position);
      }
    }
    return new LayoutCheck(first, layout, missing, extra);
  }

  /**
   * The held positions to delete, in order, to reduce a block to {@code replicas} replicas; empty
   * when at most {@code replicas} distinct positions are held.
   *
   * <p>Rule: with h distinct held positions, f = {@code bestFirst(held, h)} and L = the layout of
   * f for h replicas. First delete the held positions outside L, those nearest (ring distance) to
   * a held L position first, since a neighbour's active window overlaps most (ties: clockwise
   * from f); then the held L positions in reverse placement order. Reducing a perfect layout of h
   * replicas therefore keeps exactly {@code positions(f, replicas)}, and repeated reductions
   * retrace placement backwards.
   *
   * @throws IllegalArgumentException as {@link #bestFirst}
   */
  public List<Integer> deletionOrder(Collection<Integer> held, int replicas) {
    int[] heldSorted = heldPositions(held);
    requireReplicas(replicas);
    int heldCount = heldSorted.length;
    if (heldCount <= replicas) {
      return List.of();
    }
    // Even spacing is not prefix-closed: the target is the even layout of r that holds the most,
    // and the replicas outside it go first (they number at least held - r).
    int[] offsets = spacing.offsets(ringSize,
        spacing == RingSpacing.EVEN ? replicas : heldCount);
    int first = bestFirst(heldSorted, offsets);
    List<Integer> layoutHeld = new ArrayList<>();
    for (int position : shifted(first, offsets)) {
      if (isHeld(heldSorted, position)) {
        layoutHeld.add(position);
      }
    }
    List<Integer> extras = new ArrayList<>();
    for (int position : heldSorted) {
      if (!layoutHeld.contains(position)) {
        extras.add(position);
      }
    }
    extras.sort(Comparator.<Integer>comparingInt(p -> nearestDistance(p, layoutHeld))
        .thenComparingInt(p -> Math.floorMod(p - first, ringSize)));
    List<Integer> order = new ArrayList<>(extras);
    Collections.reverse(layoutHeld);
    order.addAll(layoutHeld);
    return List.copyOf(order.subList(0, heldCount - replicas));
  }

  /**
   * A first node for a caller that knows the block ID: {@code mix(key ^ mix(seed))} as an
   * unsigned value mod N, where {@code mix} is the SplitMix64 step (add 0x9E3779B97F4A7C15, then
   * its finalizer). Mixing the seed first keeps structured pairs apart (with a bare
   * {@code key ^ seed}, key 7 under seed 7 and key 8 under seed 8 would collide). Deterministic;
   * a different seed gives an independent-looking assignment.
   */
  public int firstFromHash(long key, long seed) {
    return (int) Long.remainderUnsigned(splitMix64(key ^ splitMix64(seed)), ringSize);
  }

  private static long splitMix64(long value) {
    long z = value + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /**
   * Hops between ring positions a and b the shorter way round a ring of n nodes.
   *
   * @throws IllegalArgumentException when n &lt; 1 or a, b are outside 0..n-1
   */
  public static int ringDistance(int a, int b, int n) {
    if (n < 1) {
      throw new IllegalArgumentException("n must be at least 1, got " + n
          + ": give the ring size");
    }
    requireIndex("a", a, n);
    requireIndex("b", b, n);
    int clockwise = Math.floorMod(b - a, n);
    return Math.min(clockwise, n - clockwise);
  }

  /**
   * The scan of every first position, restricted to those that can cover a held position: a
   * layout covers held h only when its first is {@code h - offset} for one of its offsets, so
   * every other first covers nothing and loses to any of these. The candidates are tried in
   * ascending order with the same strict comparison as a full scan from 0, so the answer is the
   * full scan's; with nothing held it is 0, as the scan's first tie.
   */
  private int bestFirst(int[] heldSorted, int[] offsets) {
    if (heldSorted.length == 0) {
      return 0;
    }
    int[] candidates = new int[heldSorted.length * offsets.length];
    int k = 0;
    for (int h : heldSorted) {
      for (int offset : offsets) {
        candidates[k++] = Math.floorMod(h - offset, ringSize);
      }
    }
    Arrays.sort(candidates);
    int best = 0;
    int bestCount = -1;
    boolean[] bestPattern = new boolean[offsets.length];
    boolean[] pattern = new boolean[offsets.length];
    for (int c = 0; c < candidates.length; c++) {
      int first = candidates[c];
      if (c > 0 && first == candidates[c - 1]) {
        continue;
      }
      int count = 0;
      for (int i = 0; i < offsets.length; i++) {
        pattern[i] = isHeld(heldSorted, at(first, offsets[i]));
        count += pattern[i] ? 1 : 0;
      }
      if (count > bestCount || (count == bestCount && heldEarlier(pattern, bestPattern))) {
        boolean[] previous = bestPattern;
        bestPattern = pattern;
        pattern = previous;
        best = first;
        bestCount = count;
      }
    }
    return best;
  }

  private static boolean isHeld(int[] heldSorted, int position) {
    return Arrays.binarySearch(heldSorted, position) >= 0;
  }

  /** True when, at the first placement index where they differ, only {@code a} is held. */
  private static boolean heldEarlier(boolean[] a, boolean[] b) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] != b[i]) {
        return a[i];
      }
    }
    return false;
  }

  private int nearestDistance(int position, List<Integer> others) {
    int nearest = Integer.MAX_VALUE;
    for (int other : others) {
      nearest = Math.min(nearest, ringDistance(position, other, ringSize));
    }
    return nearest;
  }

  private int at(int first, int offset) {
    return (int) (((long) first + offset) % ringSize);
  }

  private List<Integer> shifted(int first, int[] offsets) {
    List<Integer> positions = new ArrayList<>(offsets.length);
    for (int offset : offsets) {
      positions.add(at(first, offset));
    }
    return Collections.unmodifiableList(positions);
  }

  /** The distinct held positions, ascending, each checked to be on the ring. */
  private int[] heldPositions(Collection<Integer> held) {
    Objects.requireNonNull(held, "held must not be null: pass an empty collection when no "
        + "replica is held");
    int[] out = new int[held.size()];
    int k = 0;
    for (Integer position : held) {
      if (position == null) {
        throw new IllegalArgumentException("held must not contain null, got " + held
            + ": give ring positions 0.." + (ringSize - 1));
      }
      requirePosition("held position", position);
      out[k++] = position;
    }
    Arrays.sort(out);
    int distinct = 0;
    for (int i = 0; i < out.length; i++) {
      if (i == 0 || out[i] != out[i - 1]) {
        out[distinct++] = out[i];
      }
    }
    return Arrays.copyOf(out, distinct);
  }

  private void requirePosition(String name, int position) {
    requireIndex(name, position, ringSize);
  }

  private static void requireIndex(String name, int index, int n) {
    if (index < 0 || index >= n) {
      throw new IllegalArgumentException(name + " must be a ring position within 0.." + (n - 1)
          + ", got " + index + ": the ring has " + n + " nodes");
    }
  }

  private void requireReplicas(int replicas) {
    if (replicas < 1 || replicas > ringSize) {
      throw new IllegalArgumentException("replicas must be within 1.." + ringSize + ", got "
          + replicas + ": a ring of " + ringSize + " nodes holds at most one replica per node");
    }
  }
}
