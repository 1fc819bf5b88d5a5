package org.blinkhdfs.model.policy;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;

/**
 * Everything a {@link BlinkPolicy} needs to plan one epoch: the ring (blinking DataNodes in ring
 * and stagger order), the always-on staging nodes, the power model, the available power, the
 * interval, and for load-proportional blinking the popularity of each node's blocks.
 *
 * <p>The power model's node count must equal the ring size: staging nodes are always on and
 * belong to the model's overhead, not to {@code p_total}.
 *
 * <p>Immutable; built and validated by {@link Builder}.
 */
public final class PolicyRequest {
  private final List<String> ring;
  private final List<String> stagingNodes;
  private final PowerModel model;
  private final PowerLevel level;
  private final long intervalMs;
  private final long intervalStartMs;
  private final long epoch;
  private final OptionalLong validUntilMs;
  private final Map<String, Double> popularity;
  private final ActiveSet activeSet;

  private PolicyRequest(Builder b) {
    this.ring = List.copyOf(b.ring);
    this.stagingNodes = List.copyOf(b.stagingNodes);
    this.model = b.model;
    this.level = b.level;
    this.intervalMs = b.intervalMs;
    this.intervalStartMs = b.intervalStartMs;
    this.epoch = b.epoch;
    this.validUntilMs = b.validUntilMs;
    this.popularity = Map.copyOf(b.popularity);
    this.activeSet = b.activeSet;
  }

  public static Builder builder() {
    return new Builder();
  }

  public List<String> ring() {
    return ring;
  }

  public List<String> stagingNodes() {
    return stagingNodes;
  }

  public PowerModel model() {
    return model;
  }

  public PowerLevel level() {
    return level;
  }

  public long intervalMs() {
    return intervalMs;
  }

  public long intervalStartMs() {
    return intervalStartMs;
  }

  public long epoch() {
    return epoch;
  }

  public OptionalLong validUntilMs() {
    return validUntilMs;
  }

  /** Relative popularity of each ring node's blocks (load-proportional only); may be empty. */
  public Map<String, Double> popularity() {
    return popularity;
  }

  /** Which k nodes a policy that switches whole nodes keeps ACTIVE; the first k by default. */
  public ActiveSet activeSet() {
    return activeSet;
  }

  /** Builder; {@link #build()} checks consistency and names what is wrong. */
  public static final class Builder {
    private List<String> ring = List.of();
    private List<String> stagingNodes = List.of();
    private PowerModel model;
    private PowerLevel level;
    private long intervalMs = -1;
    private long intervalStartMs;
    private long epoch;
    private OptionalLong validUntilMs = OptionalLong.empty();
    private Map<String, Double> popularity = Map.of();
    private ActiveSet activeSet = ActiveSet.PREFIX;

    public Builder activeSet(ActiveSet activeSet) {
      this.activeSet = Objects.requireNonNull(activeSet);
      return this;
    }

    public Builder ring(List<String> ring) {
      this.ring = Objects.requireNonNull(ring);
      return this;
    }

    public Builder stagingNodes(List<String> stagingNodes) {
      this.stagingNodes = Objects.requireNonNull(stagingNodes);
      return this;
    }

    public Builder model(PowerModel model) {
      this.model = model;
      return this;
    }

    public Builder level(PowerLevel level) {
      this.level = level;
      return this;
    }

    public Builder intervalMs(long intervalMs) {
      this.intervalMs = intervalMs;
      return this;
    }

    public Builder intervalStartMs(long intervalStartMs) {
      this.intervalStartMs = intervalStartMs;
      return this;
    }

    public Builder epoch(long epoch) {
      this.epoch = epoch;
      return this;
    }

    public Builder validUntilMs(OptionalLong validUntilMs) {
      this.validUntilMs = Objects.requireNonNull(validUntilMs);
      return this;
    }

    public Builder popularity(Map<String, Double> popularity) {
      this.popularity = new LinkedHashMap<>(popularity);
      return this;
    }

    public PolicyRequest build() {
      Objects.requireNonNull(model, "model");
      Objects.requireNonNull(level, "level");
      if (ring.isEmpty()) {
        throw new IllegalArgumentException("ring is empty: name at least one DataNode to schedule");
      }
      if (model.nodeCount() != ring.size()) {
        throw new IllegalArgumentException("power model counts " + model.nodeCount()
            + " DataNodes but the ring has " + ring.size()
            + ": staging nodes belong to the overhead, so give the model the ring size");
      }
      if (intervalMs <= 0) {
        throw new IllegalArgumentException("intervalMs must be > 0, got " + intervalMs);
      }
      Set<String> all = new HashSet<>();
      for (String n : ring) {
        if (!all.add(n)) {
          throw new IllegalArgumentException("node '" + n + "' appears twice in the ring");
        }
      }
      for (String n : stagingNodes) {
        if (!all.add(n)) {
          throw new IllegalArgumentException(
              "node '" + n + "' is listed twice (ring and staging, or twice as staging)");
        }
      }
      for (Map.Entry<String, Double> e : popularity.entrySet()) {
        if (!ring.contains(e.getKey())) {
          throw new IllegalArgumentException(
              "popularity names '" + e.getKey() + "', which is not a ring node");
        }
        double w = e.getValue();
        if (!Double.isFinite(w) || w < 0) {
          throw new IllegalArgumentException(
              "popularity of '" + e.getKey() + "' is " + w + ": use a finite weight >= 0");
        }
      }
      return new PolicyRequest(this);
    }
  }
}
