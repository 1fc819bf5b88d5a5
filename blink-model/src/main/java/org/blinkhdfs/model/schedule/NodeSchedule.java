package org.blinkhdfs.model.schedule;

import java.util.Objects;

/**
 * One DataNode's entry in a {@link Schedule}: its transfer address, mode, window and role.
 *
 * <p>Only {@link NodeMode#BLINK} entries carry a window; the others derive theirs from the mode
 * ({@link #window(long)}). A staging node is always {@link NodeMode#ACTIVE}: it exists to stand in
 * for sleeping nodes, so one that sleeps would defeat its purpose.
 *
 * <p>Immutable. Construct through {@link #blink}, {@link #of} or {@link #staging}; field-level
 * validation against the interval happens in {@link Schedule}.
 */
public final class NodeSchedule {
  private final String node;
  private final NodeMode mode;
  private final long activeOffsetMs;
  private final long activeMs;
  private final NodeRole role;

  private NodeSchedule(String node, NodeMode mode, long activeOffsetMs, long activeMs,
      NodeRole role) {
    this.node = Objects.requireNonNull(node, "node");
    this.mode = Objects.requireNonNull(mode, "mode");
    this.activeOffsetMs = activeOffsetMs;
    this.activeMs = activeMs;
    this.role = Objects.requireNonNull(role, "role");
  }

  /** A blinking ring node awake during {@code [activeOffsetMs, activeOffsetMs + activeMs)}. */
  public static NodeSchedule blink(String node, long activeOffsetMs, long activeMs) {
    return new NodeSchedule(node, NodeMode.BLINK, activeOffsetMs, activeMs, NodeRole.RING);
  }

  /** A ring node in a mode without a window: ACTIVE, IO_SERVER or OFF. */
  public static NodeSchedule of(String node, NodeMode mode) {
    if (mode == NodeMode.BLINK) {
      throw new IllegalArgumentException("a BLINK node needs a window: use NodeSchedule.blink");
    }
    return new NodeSchedule(node, mode, 0, 0, NodeRole.RING);
  }

  /** An always-on staging node. */
  public static NodeSchedule staging(String node) {
    return new NodeSchedule(node, NodeMode.ACTIVE, 0, 0, NodeRole.STAGING);
  }

  public String node() {
    return node;
  }

  public NodeMode mode() {
    return mode;
  }

  /** Window start within the interval; meaningful for BLINK only. */
  public long activeOffsetMs() {
    return activeOffsetMs;
  }

  /** Window length; meaningful for BLINK only. */
  public long activeMs() {
    return activeMs;
  }

  public NodeRole role() {
    return role;
  }

  public boolean isStaging() {
    return role == NodeRole.STAGING;
  }

  /** The awake part of each interval this entry implies. */
  public ActiveWindow window(long intervalMs) {
    switch (mode) {
      case BLINK:
        return new ActiveWindow(activeOffsetMs, activeMs, intervalMs);
      case OFF:
        return ActiveWindow.never(intervalMs);
      default:
        return ActiveWindow.always(intervalMs);
    }
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof NodeSchedule)) {
      return false;
    }
    NodeSchedule that = (NodeSchedule) o;
    return activeOffsetMs == that.activeOffsetMs && activeMs == that.activeMs
        && node.equals(that.node) && mode == that.mode && role == that.role;
  }

  @Override
  public int hashCode() {
    return Objects.hash(node, mode, activeOffsetMs, activeMs, role);
  }

  @Override
  public String toString() {
    String w = mode == NodeMode.BLINK ? "@" + activeOffsetMs + "+" + activeMs : "";
    return node + ":" + mode + w + (isStaging() ? "(staging)" : "");
  }
}
