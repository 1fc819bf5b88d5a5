package org.blinkhdfs.model.schedule;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One schedule epoch: which DataNode is awake when, repeating every {@code intervalMs} from
 * {@code intervalStartMs} (the schedule JSON of ARCHITECTURE.md; codec in {@link ScheduleJson}).
 *
 * <p>Rules, all checked on construction (an {@link InvalidScheduleException} names the field):
 * version 1; epoch, start and times non-negative; interval positive; node names unique and of the
 * form {@code host:port}; a BLINK window inside the interval ({@code 0 <= activeOffsetMs <
 * intervalMs}, {@code 0 <= activeMs <= intervalMs}); staging nodes ACTIVE; a lease
 * ({@code validUntilMs}) after the interval start.
 *
 * <p>Semantics of the queries:
 *
 * <ul>
 *   <li>A node the schedule does not name is treated as ACTIVE (awake, not in the ring).
 *   <li>From {@code validUntilMs} on, the schedule is expired and every node counts as awake.
 *   <li>Times before {@code intervalStartMs} follow the same periodic pattern (floor modulo), so
 *       a reader slightly ahead of the writer's clock gets a sensible answer.
 * </ul>
 *
 * <p>Worked example: interval 60 000 ms from 1 790 000 000 000; node A BLINK offset 50 000 length
 * 20 000. At {@code start + 5 000} A is awake with 5 000 ms left; at {@code start + 30 000} it is
 * asleep and wakes at {@code start + 50 000}.
 *
 * <p>Immutable and thread-safe.
 */
public final class Schedule {
  /** The only format version this code reads and writes. */
  public static final int VERSION = 1;

  /** Returned by {@link #remainingActiveMs} for a node that will not go to sleep. */
  public static final long FOREVER = Long.MAX_VALUE;

  private final long epoch;
  private final long intervalStartMs;
  /**
   * The start of the interval the last {@link #phaseMs} call fell in, so that the calls within
   * one interval (readers' sorts on every block, placement) pay no division. Racy by design: a
   * thread sees {@link #intervalStartMs} plus some whole number of intervals, each value a
   * correct base. Not part of the schedule's value ({@link #equals}).
   */
  private volatile long recentIntervalStartMs;
  private final long intervalMs;
  private final OptionalLong validUntilMs;
  private final List<NodeSchedule> nodes;
  private final Map<String, NodeSchedule> byNode;
  /** Each named node's window, made once: readers ask for it on every replica they sort. */
  private final Map<String, ActiveWindow> windows;
  private final ActiveWindow always;
  private final List<String> ring;
  private final List<String> staging;

  private Schedule(Builder b) {
    this.epoch = b.epoch;
    this.intervalStartMs = b.intervalStartMs;
    this.recentIntervalStartMs = b.intervalStartMs;
    this.intervalMs = b.intervalMs;
    this.validUntilMs = b.validUntilMs;
    this.nodes = List.copyOf(b.nodes);
    Map<String, NodeSchedule> map = new LinkedHashMap<>();
    for (NodeSchedule n : nodes) {
      map.put(n.node(), n);
    }
    this.byNode = Collections.unmodifiableMap(map);
    Map<String, ActiveWindow> w = new HashMap<>();
    for (NodeSchedule n : nodes) {
      w.put(n.node(), n.window(intervalMs));
    }
    this.windows = w;
    this.always = ActiveWindow.always(intervalMs);
    List<String> ringNodes = new ArrayList<>();
    List<String> stagingNodes = new ArrayList<>();
    for (NodeSchedule n : nodes) {
      (n.isStaging() ? stagingNodes : ringNodes).add(n.node());
    }
    this.ring = List.copyOf(ringNodes);
    this.staging = List.copyOf(stagingNodes);
  }

  public static Builder builder() {
    return new Builder();
  }

  public int version() {
    return VERSION;
  }

  public long epoch() {
    return epoch;
  }

  public long intervalStartMs() {
    return intervalStartMs;
  }

  public long intervalMs() {
    return intervalMs;
  }

  public OptionalLong validUntilMs() {
    return validUntilMs;
  }

  /** All entries in document order (ring order for non-staging nodes). */
  public List<NodeSchedule> nodes() {
    return nodes;
  }

  /** The entry for {@code node}, or null when the schedule does not name it. */
  public NodeSchedule entry(String node) {
    return byNode.get(node);
  }

  /** Non-staging nodes in ring (and stagger) order; immutable, made once. */
  public List<String> ring() {
    return ring;
  }

  /** Staging nodes in document order; immutable, made once. */
  public List<String> stagingNodes() {
    return staging;
  }

  /** True from {@code validUntilMs} on; a schedule without a lease never expires. */
  public boolean isExpired(long timeMs) {
    return validUntilMs.isPresent() && timeMs >= validUntilMs.getAsLong();
  }

  /** Position of {@code timeMs} within its blink interval, in {@code [0, intervalMs)}. */
  public long phaseMs(long timeMs) {
    long sinceRecent = timeMs - recentIntervalStartMs;
    if (sinceRecent >= 0 && sinceRecent < intervalMs) {
      return sinceRecent;
    }
    long phase = Math.floorMod(timeMs - intervalStartMs, intervalMs);
    recentIntervalStartMs = timeMs - phase;
    return phase;
  }

  /** The awake part of each interval for {@code node}; unnamed nodes are always awake. */
  public ActiveWindow window(String node) {
    ActiveWindow w = windows.get(node);
    return w == null ? always : w;
  }

  /** True when {@code node} is awake at {@code timeMs} (everyone is, once expired). */
  public boolean isAwake(String node, long timeMs) {
    return isAwake(window(node), timeMs);
  }

  private boolean isAwake(ActiveWindow window, long timeMs) {
    return isExpired(timeMs) || window.contains(phaseMs(timeMs));
  }

  /**
   * Milliseconds {@code node} stays awake from {@code timeMs}: 0 when asleep, {@link #FOREVER}
   * when it will not sleep under this schedule (always-on, or its window outlasts the lease).
   */
  public long remainingActiveMs(String node, long timeMs) {
    return remainingActiveMs(window(node), timeMs);
  }

  /** {@link #remainingActiveMs(String, long)} of the node whose {@link #window} this is. */
  public long remainingActiveMs(ActiveWindow window, long timeMs) {
    if (isExpired(timeMs)) {
      return FOREVER;
    }
    long left = window.remainingMs(phaseMs(timeMs));
    if (left == 0 || left == Long.MAX_VALUE) {
      return left;
    }
    if (validUntilMs.isPresent() && timeMs + left >= validUntilMs.getAsLong()) {
      return FOREVER;
    }
    return left;
  }

  /**
   * Milliseconds a write starting at {@code timeMs} can count on {@code node} staying awake: 0
   * when asleep; {@link #FOREVER} when the node is always awake under this schedule or the lease
   * has ended (everyone is awake then); otherwise until its window closes, even when that is
   * after the lease end. Unlike {@link #remainingActiveMs} (for readers, who may treat the lease
   * end as a wake-up), a window outlasting the lease is not forever here: the scheduler renews
   * the lease before it ends, normally with the same pattern, and the node then sleeps when its
   * window closes, possibly in the middle of a write placed on it.
   */
  public long remainingWindowMs(String node, long timeMs) {
    return isExpired(timeMs) ? FOREVER : window(node).remainingMs(phaseMs(timeMs));
  }

  /**
   * Absolute time at or after {@code timeMs} when {@code node} is next awake: {@code timeMs} if
   * awake now, the lease end if that comes first, {@link Long#MAX_VALUE} if never.
   */
  public long nextWakeMs(String node, long timeMs) {
    return nextWakeMs(window(node), timeMs);
  }

  /** {@link #nextWakeMs(String, long)} of the node whose {@link #window} this is. */
  public long nextWakeMs(ActiveWindow window, long timeMs) {
    long phase = phaseMs(timeMs);
    if (isExpired(timeMs) || window.contains(phase)) {
      return timeMs;
    }
    long until = window.untilOpenMs(phase);
    long wake = until == Long.MAX_VALUE ? Long.MAX_VALUE : timeMs + until;
    if (validUntilMs.isPresent()) {
      wake = Math.min(wake, validUntilMs.getAsLong());
    }
    return wake;
  }

  /** The named nodes awake at {@code timeMs}, in document order. */
  public Set<String> awakeAt(long timeMs) {
    Set<String> out = new LinkedHashSet<>();
    for (NodeSchedule n : nodes) {
      if (isAwake(n.node(), timeMs)) {
        out.add(n.node());
      }
    }
    return out;
  }

  /** Milliseconds per interval during which both {@code a} and {@code b} are awake. */
  public long overlapMs(String a, String b) {
    long total = 0;
    for (Segment x : window(a).segments()) {
      for (Segment y : window(b).segments()) {
        long lo = Math.max(x.startMs(), y.startMs());
        long hi = Math.min(x.endMs(), y.endMs());
        total += Math.max(0, hi - lo);
      }
    }
    return total;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof Schedule)) {
      return false;
    }
    Schedule s = (Schedule) o;
    return epoch == s.epoch && intervalStartMs == s.intervalStartMs
        && intervalMs == s.intervalMs && validUntilMs.equals(s.validUntilMs)
        && nodes.equals(s.nodes);
  }

  @Override
  public int hashCode() {
    return Objects.hash(epoch, intervalStartMs, intervalMs, validUntilMs, nodes);
  }

  @Override
  public String toString() {
    return "Schedule{epoch=" + epoch + ", intervalStartMs=" + intervalStartMs + ", intervalMs="
        + intervalMs + ", validUntilMs=" + validUntilMs + ", nodes=" + nodes + "}";
  }

  /** Builder; {@link #build()} applies every rule in the class comment. */
  public static final class Builder {
    private long epoch;
    private long intervalStartMs;
    private long intervalMs = -1;
    private OptionalLong validUntilMs = OptionalLong.empty();
    private final List<NodeSchedule> nodes = new ArrayList<>();

    public Builder epoch(long epoch) {
      this.epoch = epoch;
      return this;
    }

    public Builder intervalStartMs(long intervalStartMs) {
      this.intervalStartMs = intervalStartMs;
      return this;
    }

    public Builder intervalMs(long intervalMs) {
      this.intervalMs = intervalMs;
      return this;
    }

    public Builder validUntilMs(long validUntilMs) {
      this.validUntilMs = OptionalLong.of(validUntilMs);
      return this;
    }

    public Builder validUntilMs(OptionalLong validUntilMs) {
      this.validUntilMs = Objects.requireNonNull(validUntilMs);
      return this;
    }

    public Builder add(NodeSchedule node) {
      nodes.add(Objects.requireNonNull(node));
      return this;
    }

    public Builder addAll(List<NodeSchedule> list) {
      list.forEach(this::add);
      return this;
    }

    public Schedule build() {
      if (epoch < 0) {
        throw new InvalidScheduleException("epoch", "must be >= 0, got " + epoch);
      }
      if (intervalStartMs < 0) {
        throw new InvalidScheduleException("intervalStartMs",
            "must be >= 0 (milliseconds since the Unix epoch), got " + intervalStartMs);
      }
      if (intervalMs <= 0) {
        throw new InvalidScheduleException("intervalMs",
            "must be > 0 (the blink interval in milliseconds, e.g. 60000), got " + intervalMs);
      }
      if (validUntilMs.isPresent() && validUntilMs.getAsLong() <= intervalStartMs) {
        throw new InvalidScheduleException("validUntilMs", "lease end " + validUntilMs.getAsLong()
            + " must be after intervalStartMs " + intervalStartMs + "; omit it for no expiry");
      }
      Set<String> seen = new LinkedHashSet<>();
      for (int i = 0; i < nodes.size(); i++) {
        NodeSchedule n = nodes.get(i);
        String path = "nodes[" + i + "]";
        validateNode(path, n);
        if (!seen.add(n.node())) {
          throw new InvalidScheduleException(path + ".node", "duplicate node '" + n.node()
              + "': each DataNode may appear once; remove one of the entries");
        }
      }
      return new Schedule(this);
    }

    private void validateNode(String path, NodeSchedule n) {
      NodeAddress.validate(path + ".node", n.node());
      if (n.isStaging() && n.mode() != NodeMode.ACTIVE) {
        throw new InvalidScheduleException(path + ".mode", "staging node '" + n.node()
            + "' has mode " + n.mode() + ": staging nodes must be ACTIVE (always on)");
      }
      if (n.mode() != NodeMode.BLINK) {
        return;
      }
      if (n.activeOffsetMs() < 0 || n.activeOffsetMs() >= intervalMs) {
        throw new InvalidScheduleException(path + ".activeOffsetMs", "value " + n.activeOffsetMs()
            + " is outside the interval: use 0 <= activeOffsetMs < intervalMs (" + intervalMs
            + ")");
      }
      if (n.activeMs() < 0 || n.activeMs() > intervalMs) {
        throw new InvalidScheduleException(path + ".activeMs", "value " + n.activeMs()
            + " is outside the interval: use 0 <= activeMs <= intervalMs (" + intervalMs + ")");
      }
    }
  }
}
