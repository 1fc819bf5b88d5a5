package org.blinkhdfs.bench.availability;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.IntToDoubleFunction;
import org.blinkhdfs.model.availability.BlockAvailability;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.Segment;

/**
 * How many nodes are awake at each phase of the blink interval: a step function, as a list of
 * {@link Level}s covering {@code [0, intervalMs)}, and its mean.
 *
 * <p>Algorithm: a sweep over window edges. Each awake {@link Segment} adds +1 at its start and −1
 * at its end; sorting the edges and summing gives the count on each stretch between edges.
 * Adjacent stretches with the same count are merged. The mean is {@code Σ level·length / T},
 * which equals {@code Σ activeMs / T} over the nodes (each node contributes its awake length).
 *
 * <p>Worked example, {@code T = 6 s}: A awake {@code [0, 4)}, B {@code [2, 6)}: levels {@code [0,
 * 2) → 1}, {@code [2, 4) → 2}, {@code [4, 6) → 1}; mean {@code (2 + 4 + 2)/6 = 4/3} nodes.
 *
 * <p>Immutable and thread-safe.
 */
public final class AwakeCount {

  /** {@code count} nodes awake during {@code [startMs, endMs)}. */
  public record Level(long startMs, long endMs, int count) {
    public long lengthMs() {
      return endMs - startMs;
    }
  }

  private final long intervalMs;
  private final List<Level> levels;

  private AwakeCount(long intervalMs, List<Level> levels) {
    this.intervalMs = intervalMs;
    this.levels = List.copyOf(levels);
  }

  /**
   * The awake count of the given windows (one per node).
   *
   * @throws IllegalArgumentException if the list is empty, holds a null, or mixes intervals
   */
  public static AwakeCount of(List<ActiveWindow> windows) {
    long intervalMs = BlockAvailability.commonIntervalMs("windows", windows);
    TreeMap<Long, Integer> delta = new TreeMap<>();
    delta.put(0L, 0);
    delta.put(intervalMs, 0);
    for (ActiveWindow w : windows) {
      for (Segment s : w.segments()) {
        delta.merge(s.startMs(), 1, Integer::sum);
        delta.merge(s.endMs(), -1, Integer::sum);
      }
    }
    List<Level> out = new ArrayList<>();
    int count = 0;
    Long prev = null;
    for (var e : delta.entrySet()) {
      if (prev != null && e.getKey() > prev) {
        appendMerged(out, new Level(prev, e.getKey(), count));
      }
      count += e.getValue();
      prev = e.getKey();
    }
    return new AwakeCount(intervalMs, out);
  }

  /** The awake count of the schedule's ring nodes (staging nodes are overhead, not counted). */
  public static AwakeCount ofRing(Schedule schedule) {
    Objects.requireNonNull(schedule, "schedule");
    List<ActiveWindow> windows = new ArrayList<>();
    for (NodeSchedule n : schedule.nodes()) {
      if (!n.isStaging()) {
        windows.add(n.window(schedule.intervalMs()));
      }
    }
    if (windows.isEmpty()) {
      throw new IllegalArgumentException("the schedule has no ring nodes: nothing blinks");
    }
    return of(windows);
  }

  public long intervalMs() {
    return intervalMs;
  }

  /** Stretches with a constant count, sorted, covering the interval, neighbours differing. */
  public List<Level> levels() {
    return levels;
  }

  /** Time-averaged number of awake nodes. */
  public double mean() {
    return integrate(level -> level);
  }

  public int min() {
    return levels.stream().mapToInt(Level::count).min().orElse(0);
  }

  public int max() {
    return levels.stream().mapToInt(Level::count).max().orElse(0);
  }

  /** Time average of {@code f(count)} over the interval. */
  public double integrate(IntToDoubleFunction f) {
    double sum = 0;
    for (Level l : levels) {
      sum += f.applyAsDouble(l.count()) * l.lengthMs();
    }
    return sum / intervalMs;
  }

  private static void appendMerged(List<Level> out, Level next) {
    if (!out.isEmpty() && out.get(out.size() - 1).count() == next.count()) {
      Level last = out.remove(out.size() - 1);
      out.add(new Level(last.startMs(), next.endMs(), next.count()));
    } else {
      out.add(next);
    }
  }
}
