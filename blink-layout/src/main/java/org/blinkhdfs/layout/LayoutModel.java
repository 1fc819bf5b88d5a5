package org.blinkhdfs.layout;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * The one port every block layout implements (BlinkFS's power-balanced ring, Rabbit's equal
 * work, PARAID, Rabbit's datasets): the layout-specific part of placement, on one schedule's ring,
 * in positions. The NameNode's placement policy ({@code LayoutBlockPlacementPolicy}), the proxy's
 * mover and the simulator all call it; it names no HDFS type, so any process that has a schedule
 * can compute a block's layout targets: {@link #newBlock} with a {@link NewBlockView} (the
 * NameNode's, or the pure {@link ScheduleView}) and a seeded random, {@link #targets} from a block
 * ID, {@link #check} from the positions that hold a block now.
 *
 * <p>Positions are indices into the schedule's order of non-staging nodes ({@code
 * Schedule#ring()}): the power-balanced ring, and equally Rabbit's expansion chain (rank i is
 * position i − 1). Everything else (sleeping nodes, stand-ins, HDFS's rack, storage and load
 * rules, the correction protocol with the NameNode, deletion under the rack rule, the Balancer
 * check, the no-schedule fallback) is the policy's and is the same for every layout.
 *
 * <p>HDFS 3.5 allocates a block's ID only after its targets are chosen and never passes it to
 * {@code verifyBlockPlacement} or {@code chooseReplicasToDelete}, so a model works from replica
 * positions only: {@link #check} recognises the layout that fits the held positions best. It must
 * recognise every layout {@link #newBlock} can produce as perfect (nothing missing, nothing
 * extra), or the NameNode would move correctly placed blocks forever.
 *
 * <p>One model may stand for several layouts on the same ring, one per group of files (Rabbit's
 * datasets, §3.4: each has its own expansion chain): {@link #forFile} then gives the layout of a
 * file's new blocks, while {@link #check} and {@link #deletionOrder}, which see no path, pick the
 * best-fitting of them. Such a model must recognise every layout any {@code forFile} model can
 * produce as perfect, and refuse a replication whenever any of its layouts does.
 *
 * <p>Example (ring layout, 9 nodes, 3 replicas): {@code newBlock} → [0, 4, 6]; {@code check({0,
 * 4, 5}, 3)} → layout [0, 4, 6], missing [6], extra [5]; {@code deletionOrder({0, 4, 5, 6}, 3)}
 * → [5, 6, 4, 0].
 *
 * <p>Implementations are built for one ring and are thread-safe (the NameNode calls them
 * concurrently); the policy caches one per ring.
 */
public interface LayoutModel {
  /** A short name for messages, e.g. {@code power-balanced}. */
  String name();

  /**
   * Empty when this layout can place blocks of {@code replicas} replicas (1 ≤ replicas ≤ ring
   * size) on this ring; otherwise why not, naming the numbers, the key and the fix. Blocks of a
   * refused replication get HDFS's default placement; the policy logs the reason once as an
   * ERROR (a bad layout must not stop the NameNode).
   */
  Optional<String> refusal(int replicas);

  /**
   * The layout for new blocks of the file at {@code srcPath} (an absolute HDFS path, as the
   * NameNode passes it to {@code chooseTarget}); this model itself unless it stands for several
   * layouts (class comment). Called once per new block, on the NameNode's handler thread, outside
   * the namesystem lock.
   */
  default LayoutModel forFile(String srcPath) {
    return this;
  }

  /** The positions of a new block of {@code replicas} replicas, in write order, distinct. */
  List<Integer> newBlock(int replicas, NewBlockView view);

  /**
   * The layout of the block {@code blockId} with {@code replicas} replicas when every node can
   * take it: a deterministic function of the ID, for callers that know it (the proxy, the
   * simulator); drawn from the same distribution as {@link #newBlock} on an all-awake ring, and
   * recognised as perfect by {@link #check}.
   */
  List<Integer> targets(long blockId, int replicas);

  /**
   * Compares the {@code held} positions with the layout of {@code replicas} replicas that fits
   * them best: the layout, its positions not held ({@code missing}, in write order) and the held
   * positions outside it ({@code extra}). {@code first} is the layout's first position.
   */
  LayoutCheck check(Collection<Integer> held, int replicas);

  /**
   * Every distinct held position, in the order its replica should be deleted when the block has
   * too many: positions outside the best layout first, the layout's most important replica last.
   */
  List<Integer> deletionOrder(Collection<Integer> held, int replicas);

  /**
   * The other positions that may take a missing {@code position}'s replica instead, in the order
   * to try them: a replica on any of them makes {@link #check} recognise the same layout with
   * that position filled. Empty (the default) where a layout position is exact, as on the ring;
   * the phase-group layout gives the other members of the position's group, which open at the
   * same phase, so a group whose suggested member is dead, full or decommissioning still heals.
   */
  default List<Integer> substitutes(int position) {
    return List.of();
  }

  /**
   * Why {@code schedule} does not fit this layout's co-designed schedule, naming the keys to
   * set on each side; empty when it fits or the layout works with any schedule (the default).
   * The placement policy logs it when the schedule changes, so a NameNode laid out for one
   * scheduler policy but fed another's schedule is seen.
   */
  default Optional<String> scheduleMismatch(Schedule schedule) {
    return Optional.empty();
  }
}
