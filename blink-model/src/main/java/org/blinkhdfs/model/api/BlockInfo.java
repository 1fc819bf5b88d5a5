package org.blinkhdfs.model.api;

import java.util.List;
import java.util.Objects;

/**
 * {@code getBlockInfo}: one block, where its replicas are, when each is awake, and how they
 * compare with the block's layout (the layout the NameNode's policy wants, computed by the same
 * classes).
 *
 * <p>{@link #state} says where the block stands:
 *
 * <ul>
 *   <li>{@code IN_LAYOUT}: every layout target holds a replica ({@code layout.missing} empty);
 *   <li>{@code STAGED}: some targets are missing and some replica sits outside the layout (a
 *       stand-in on a staging or awake node, written while a target slept); {@code pendingMoves}
 *       lists the drain's copies into the layout (empty when the proxy does not watch the path or
 *       HDFS's rack or storage rule keeps the stand-in);
 *   <li>{@code INCOMPLETE}: targets are missing and no replica stands in (a lost replica:
 *       the NameNode's re-replication);
 *   <li>{@code NO_LAYOUT}: no schedule in force, an empty ring, or a replication the layout
 *       refuses ({@code layout.refusal}): HDFS places the block by its default rules.
 * </ul>
 *
 * <p>{@code readableNow}: some replica is awake; {@code readableAtMs}: the earliest instant a
 * replica is awake (the answer's {@code nowMs} when readable now), null when none ever wakes in
 * this epoch (every holder OFF, or no replica).
 *
 * <p>Example: block 1073741825 of r = 3 on a 9-node ring with targets [n0, n4, n6], held by n0,
 * n4 and staging node s0 while n6 sleeps: STAGED, missing [n6], pending move s0 → n6.
 *
 * @param blockId the HDFS block ID
 * @param bytes the block's length
 * @param generationStamp the block's generation stamp
 * @param offset the block's first byte within the file
 * @param state see above
 * @param layout the layout the block is compared with; null when no schedule is in force
 * @param replicas the replicas the NameNode lists, in its (read) order
 * @param pendingMoves the proxy drain's copies of this block waiting or running
 * @param readableNow some replica awake now
 * @param readableAtMs see above
 */
public record BlockInfo(long blockId, long bytes, long generationStamp, long offset,
    LayoutState state, Layout layout, List<Replica> replicas, List<PendingMove> pendingMoves,
    boolean readableNow, Long readableAtMs) {

  /** Where a block stands against its layout (class comment). */
  public enum LayoutState {
    IN_LAYOUT,
    STAGED,
    INCOMPLETE,
    NO_LAYOUT
  }

  /**
   * The block's layout on the ring in force.
   *
   * @param name the layout's name, e.g. {@code power-balanced}
   * @param replication the replicas the layout places (the file's replication, capped at the
   *     ring size)
   * @param targets the layout's DataNodes, in placement order; empty when refused
   * @param missing targets without a replica, in placement order
   * @param refusal why the layout places no block of this replication, or null
   */
  public record Layout(String name, int replication, List<String> targets, List<String> missing,
      String refusal) {
    public Layout {
      Objects.requireNonNull(name, "name");
      targets = List.copyOf(targets);
      missing = List.copyOf(missing);
    }
  }

  /**
   * One replica.
   *
   * @param node the DataNode's transfer address
   * @param storageType DISK, SSD, ARCHIVE, ...
   * @param ringPosition the node's index in the schedule's ring, null off the ring (staging,
   *     unscheduled)
   * @param inLayout the node is one of the layout's targets
   * @param timing the node's awake state ({@link NodeTiming})
   */
  public record Replica(String node, String storageType, Integer ringPosition, boolean inLayout,
      NodeTiming timing) {
    public Replica {
      Objects.requireNonNull(node, "node");
      Objects.requireNonNull(storageType, "storageType");
      Objects.requireNonNull(timing, "timing");
    }
  }

  /**
   * A copy the proxy's drain will make (or is making) from a stand-in into the layout.
   *
   * @param standIn the replica outside the layout that the copy replaces
   * @param target the missing layout target
   * @param running the copy has started; false while it waits for a window
   */
  public record PendingMove(String standIn, String target, boolean running) {
    public PendingMove {
      Objects.requireNonNull(standIn, "standIn");
      Objects.requireNonNull(target, "target");
    }
  }

  public BlockInfo {
    Objects.requireNonNull(state, "state");
    replicas = List.copyOf(replicas);
    pendingMoves = List.copyOf(pendingMoves);
  }

  /**
   * The block with its state and readability derived from {@code layout} and {@code replicas}.
   */
  public static BlockInfo of(Id id, Layout layout, List<Replica> replicas,
      List<PendingMove> pendingMoves) {
    Long readableAt = null;
    boolean readableNow = false;
    for (Replica r : replicas) {
      readableNow |= r.timing().awakeNow();
      Long next = r.timing().nextWakeMs();
      if (next != null && (readableAt == null || next < readableAt)) {
        readableAt = next;
      }
    }
    return new BlockInfo(id.blockId(), id.bytes(), id.generationStamp(), id.offset(),
        stateOf(layout, replicas), layout, replicas, pendingMoves, readableNow, readableAt);
  }

  private static LayoutState stateOf(Layout layout, List<Replica> replicas) {
    if (layout == null || layout.refusal() != null) {
      return LayoutState.NO_LAYOUT;
    }
    if (layout.missing().isEmpty()) {
      return LayoutState.IN_LAYOUT;
    }
    for (Replica r : replicas) {
      if (!r.inLayout()) {
        return LayoutState.STAGED;
      }
    }
    return LayoutState.INCOMPLETE;
  }

  /** What identifies a block within its file. */
  public record Id(long blockId, long bytes, long generationStamp, long offset) {}
}
