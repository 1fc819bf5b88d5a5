package org.blinkhdfs.layout;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * A {@link NewBlockView} computed from a schedule alone, for processes that have no NameNode: the
 * proxy's mover, the simulator, tests. With the same schedule, instant, live nodes and seed it
 * gives a {@link LayoutModel} exactly the inputs the NameNode would for a cluster of idle nodes on
 * one rack with one storage type, so both compute the same layout.
 *
 * <p>A position is usable when its node is live and awake at the instant for at least the write
 * guard ({@link Schedule#remainingWindowMs}: a window running past the lease
 * still closes); fillable when it is live. Racks, storage types and
 * load are the NameNode's business and are not modelled.
 *
 * <p>Example: a 4-node ring n1..n4 where n2 sleeps at {@code nowMs}: {@code usable(1)} is false,
 * {@code takeable([0, 1, 2])} is 2, {@code fillable([0, 1, 2])} is 3.
 *
 * <p>Immutable apart from the random, whose draws {@link #withRandom} serialises.
 */
public final class ScheduleView extends MaskedNewBlockView {
  private final List<String> ring;
  private final boolean[] live;

  private ScheduleView(Builder b) {
    super(b.schedule.ring().size(),
        b.writer == null ? -1 : b.schedule.ring().indexOf(b.writer), b.random);
    this.ring = b.schedule.ring();
    this.live = new boolean[ring.size()];
    for (int p = 0; p < ring.size(); p++) {
      String node = ring.get(p);
      live[p] = b.live == null || b.live.contains(node);
      long left = b.schedule.remainingWindowMs(node, b.nowMs);
      usable[p] = live[p] && (left == Schedule.FOREVER || (left > 0 && left >= b.guardMs));
    }
  }

  /** A view of {@code schedule}'s ring drawing from {@code random} (seed it to repeat a run). */
  public static Builder of(Schedule schedule, Random random) {
    return new Builder(schedule, random);
  }

  @Override
  public int takeable(List<Integer> positions) {
    return count(positions, usable);
  }

  @Override
  public int fillable(List<Integer> positions) {
    return count(positions, live);
  }

  /** The ring nodes at {@code positions}, in the same order. */
  public List<String> nodes(List<Integer> positions) {
    List<String> out = new ArrayList<>(positions.size());
    for (int p : positions) {
      out.add(ring.get(p));
    }
    return out;
  }

  private static int count(List<Integer> positions, boolean[] mask) {
    int n = 0;
    for (int p : positions) {
      n += mask[p] ? 1 : 0;
    }
    return n;
  }

  /** The instant, guard, live nodes and writer of a view; defaults: time 0, guard 0, all live. */
  public static final class Builder {
    private final Schedule schedule;
    private final Random random;
    private long nowMs;
    private long guardMs;
    private Set<String> live;
    private String writer;

    private Builder(Schedule schedule, Random random) {
      this.schedule = Objects.requireNonNull(schedule, "schedule");
      this.random = Objects.requireNonNull(random, "random");
    }

    /** The instant the block is written, in the schedule's clock (epoch ms). */
    public Builder at(long nowMs) {
      this.nowMs = nowMs;
      return this;
    }

    /** How long a target must stay awake to take the block (0: awake now is enough). */
    public Builder writeGuardMs(long guardMs) {
      if (guardMs < 0) {
        throw new IllegalArgumentException("write guard " + guardMs + " ms must be at least 0");
      }
      this.guardMs = guardMs;
      return this;
    }

    /** The ring nodes that are alive (registered, in service); the others are never filled. */
    public Builder live(Collection<String> nodes) {
      this.live = new HashSet<>(nodes);
      return this;
    }

    /** The writer's node, if it is a ring node (HDFS locality); none by default. */
    public Builder writer(String node) {
      this.writer = node;
      return this;
    }

    public ScheduleView build() {
      return new ScheduleView(this);
    }
  }
}
