package org.blinkhdfs.control.scheduler;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeAddress;

/**
 * Everything fixed for the life of a {@link PowerScheduler}: the ring (blinking DataNodes in ring
 * and stagger order), the always-on staging nodes, the power model, the blink interval, the lease,
 * the replan threshold, the failure timeout and the size of the power history.
 *
 * <p>Rules checked by {@link Builder#build()}, each failure naming the value and the fix:
 *
 * <ul>
 *   <li>ring non-empty, names {@code host:port}, unique across ring and staging;
 *   <li>{@code model.nodeCount() == ring.size()} (staging nodes belong to the overhead);
 *   <li>{@code intervalMs >= 1}; {@code leaseMs >= intervalMs}: an epoch published at any phase
 *       must outlive the next boundary, where the next epoch renews it;
 *   <li>{@code 0 <= changeThresholdFraction <= 1};
 *   <li>{@code failureTimeoutMs > leaseMs}: an agent sleeps at most until its lease ends, so
 *       silence up to one lease is normal and must not count as failure;
 *   <li>{@code 1 <= awakeFailureTimeoutMs <= failureTimeoutMs}: the shorter timeout for a node
 *       whose agent is up and that the schedule in force keeps awake ({@link FailureRule}); an
 *       awake agent heartbeats, so a few missed heartbeats are enough there;
 *   <li>history capacity in {@code 1..1 000 000}, spacing {@code >= 0};
 *   <li>the wake-request bounds ({@link WakeLimits}, checked by that record);
 *   <li>{@code 0 <= energyTolerance <= 1};
 *   <li>{@code 0 <= energyPaybackIntervals <= 1 000} ({@link EnergyPayback}; 0 off).
 * </ul>
 *
 * <p>Defaults: lease 3 intervals; threshold 5% of {@code p_total}; failure timeout 5 minutes
 * (BlinkFS §4), or lease + one interval if that is longer; awake failure timeout the failure
 * timeout (so only the daemon's {@code blink.scheduler.node.failure.ms} shortens it); history 3 600
 * samples at least 1 s apart (an hour at the daemon's one tick per second); wake requests {@link
 * WakeLimits#DEFAULTS}; energy tolerance 1% ({@link EnergyLedger}).
 *
 * <p>Immutable and thread-safe.
 */
public final class SchedulerSettings {
  /** BlinkFS §4's heartbeat check: five minutes. */
  public static final long DEFAULT_FAILURE_TIMEOUT_MS = 300_000;
  public static final int MAX_HISTORY_CAPACITY = 1_000_000;
  /** Four intervals: a gain of 1/4 against the ledger's delay of up to two (EnergyPayback). */
  public static final int DEFAULT_PAYBACK_INTERVALS = 4;
  public static final int MAX_PAYBACK_INTERVALS = 1_000;

  private final List<String> ring;
  private final List<String> stagingNodes;
  private final PowerModel model;
  private final long intervalMs;
  private final long leaseMs;
  private final double changeThresholdFraction;
  private final long failureTimeoutMs;
  private final long awakeFailureTimeoutMs;
  private final int historyCapacity;
  private final long historySpacingMs;
  private final WakeLimits wakeLimits;
  private final double energyTolerance;
  private final int energyPaybackIntervals;

  private SchedulerSettings(Builder b, long leaseMs, long failureTimeoutMs,
      long awakeFailureTimeoutMs) {
    this.ring = List.copyOf(b.ring);
    this.stagingNodes = List.copyOf(b.stagingNodes);
    this.model = b.model;
    this.intervalMs = b.intervalMs;
    this.leaseMs = leaseMs;
    this.changeThresholdFraction = b.changeThresholdFraction;
    this.failureTimeoutMs = failureTimeoutMs;
    this.awakeFailureTimeoutMs = awakeFailureTimeoutMs;
    this.historyCapacity = b.historyCapacity;
    this.historySpacingMs = b.historySpacingMs;
    this.wakeLimits = b.wakeLimits;
    this.energyTolerance = b.energyTolerance;
    this.energyPaybackIntervals = b.energyPaybackIntervals;
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

  public long intervalMs() {
    return intervalMs;
  }

  public long leaseMs() {
    return leaseMs;
  }

  /** Replan mid-interval when available power moves by more than this share of p_total. */
  public double changeThresholdFraction() {
    return changeThresholdFraction;
  }

  public long failureTimeoutMs() {
    return failureTimeoutMs;
  }

  /**
   * Silence after which a node counts as failed when the schedule in force keeps it awake and its
   * agent's last status said it was up (see {@link FailureRule}).
   */
  public long awakeFailureTimeoutMs() {
    return awakeFailureTimeoutMs;
  }

  public int historyCapacity() {
    return historyCapacity;
  }

  public long historySpacingMs() {
    return historySpacingMs;
  }

  /** The bounds on wake requests. */
  /**
   * How far above its budget energy a completed interval may draw before it counts as over
   * budget, as a fraction of the budget energy ({@link EnergyLedger}).
   */
  public double energyTolerance() {
    return energyTolerance;
  }

  /**
   * Over how many intervals energy drawn above budget is repaid by planning below it ({@link
   * EnergyPayback}); 0: plans always use the whole budget.
   */
  public int energyPaybackIntervals() {
    return energyPaybackIntervals;
  }

  public WakeLimits wakeLimits() {
    return wakeLimits;
  }

  /** True for ring and staging nodes. */
  public boolean knows(String node) {
    return ring.contains(node) || stagingNodes.contains(node);
  }

  /** Builder; unset lease and failure timeout take the defaults in the class comment. */
  public static final class Builder {
    private List<String> ring = List.of();
    private List<String> stagingNodes = List.of();
    private PowerModel model;
    private long intervalMs = -1;
    private long leaseMs = -1;
    private double changeThresholdFraction = 0.05;
    private long failureTimeoutMs = -1;
    private long awakeFailureTimeoutMs = -1;
    private int historyCapacity = 3600;
    private long historySpacingMs = 1000;
    private WakeLimits wakeLimits = WakeLimits.DEFAULTS;
    private double energyTolerance = 0.01;
    private int energyPaybackIntervals = DEFAULT_PAYBACK_INTERVALS;

    public Builder ring(List<String> ring) {
      this.ring = Objects.requireNonNull(ring, "ring");
      return this;
    }

    public Builder stagingNodes(List<String> stagingNodes) {
      this.stagingNodes = Objects.requireNonNull(stagingNodes, "stagingNodes");
      return this;
    }

    public Builder model(PowerModel model) {
      this.model = model;
      return this;
    }

    public Builder intervalMs(long intervalMs) {
      this.intervalMs = intervalMs;
      return this;
    }

    public Builder leaseMs(long leaseMs) {
      this.leaseMs = leaseMs;
      return this;
    }

    public Builder changeThresholdFraction(double fraction) {
      this.changeThresholdFraction = fraction;
      return this;
    }

    public Builder failureTimeoutMs(long failureTimeoutMs) {
      this.failureTimeoutMs = failureTimeoutMs;
      return this;
    }

    public Builder awakeFailureTimeoutMs(long awakeFailureTimeoutMs) {
      this.awakeFailureTimeoutMs = awakeFailureTimeoutMs;
      return this;
    }

    public Builder historyCapacity(int historyCapacity) {
      this.historyCapacity = historyCapacity;
      return this;
    }

    public Builder historySpacingMs(long historySpacingMs) {
      this.historySpacingMs = historySpacingMs;
      return this;
    }

    public Builder wakeLimits(WakeLimits wakeLimits) {
      this.wakeLimits = Objects.requireNonNull(wakeLimits, "wakeLimits");
      return this;
    }

    public Builder energyTolerance(double fraction) {
      this.energyTolerance = fraction;
      return this;
    }

    public Builder energyPaybackIntervals(int intervals) {
      this.energyPaybackIntervals = intervals;
      return this;
    }

    public SchedulerSettings build() {
      if (ring.isEmpty()) {
        throw new IllegalArgumentException(
            "ring is empty: name the DataNodes that blink, as host:port transfer addresses");
      }
      Set<String> seen = new HashSet<>();
      for (int i = 0; i < ring.size(); i++) {
        NodeAddress.validate("ring[" + i + "]", ring.get(i));
        if (!seen.add(ring.get(i))) {
          throw new IllegalArgumentException("ring lists '" + ring.get(i) + "' twice: name each"
              + " DataNode once");
        }
      }
      for (int i = 0; i < stagingNodes.size(); i++) {
        NodeAddress.validate("stagingNodes[" + i + "]", stagingNodes.get(i));
        if (!seen.add(stagingNodes.get(i))) {
          throw new IllegalArgumentException("staging node '" + stagingNodes.get(i)
              + "' is also in the ring or listed twice: a node is either ring or staging");
        }
      }
      if (model == null) {
        throw new IllegalArgumentException("model is required: give the cluster's PowerModel");
      }
      if (model.nodeCount() != ring.size()) {
        throw new IllegalArgumentException("model counts " + model.nodeCount()
            + " DataNodes but the ring has " + ring.size()
            + ": staging nodes belong to the overhead, so give the model the ring size");
      }
      if (intervalMs < 1) {
        throw new IllegalArgumentException(
            "intervalMs must be >= 1, got " + intervalMs + ": give the blink interval, e.g. 60000");
      }
      long lease = leaseMs < 0 ? 3 * intervalMs : leaseMs;
      if (lease < intervalMs) {
        throw new IllegalArgumentException("leaseMs " + lease + " is shorter than intervalMs "
            + intervalMs + ": a lease must cover at least one interval (default 3 intervals)");
      }
      if (!(changeThresholdFraction >= 0 && changeThresholdFraction <= 1)) {
        throw new IllegalArgumentException("changeThresholdFraction must be in [0, 1], got "
            + changeThresholdFraction + ": e.g. 0.05 replans when power moves by 5% of p_total");
      }
      long failure = failureTimeoutMs < 0
          ? Math.max(DEFAULT_FAILURE_TIMEOUT_MS, lease + intervalMs) : failureTimeoutMs;
      if (failure <= lease) {
        throw new IllegalArgumentException("failureTimeoutMs " + failure
            + " must exceed leaseMs " + lease
            + ": an agent may sleep a whole lease without a status; raise the timeout");
      }
      long awake = awakeFailureTimeoutMs < 0 ? failure : awakeFailureTimeoutMs;
      if (awake < 1 || awake > failure) {
        throw new IllegalArgumentException("awakeFailureTimeoutMs " + awake + " must be in 1.."
            + failure + " (the failure timeout): it shortens failure detection for nodes that"
            + " should be awake, e.g. 3 agent heartbeats");
      }
      if (historyCapacity < 1 || historyCapacity > MAX_HISTORY_CAPACITY) {
        throw new IllegalArgumentException("historyCapacity must be in 1.." + MAX_HISTORY_CAPACITY
            + ", got " + historyCapacity);
      }
      if (historySpacingMs < 0) {
        throw new IllegalArgumentException(
            "historySpacingMs must be >= 0, got " + historySpacingMs);
      }
      if (!(energyTolerance >= 0 && energyTolerance <= 1)) {
        throw new IllegalArgumentException("energyTolerance must be in [0, 1], got "
            + energyTolerance + ": e.g. 0.01 lets an interval draw 1% above its budget energy");
      }
      if (energyPaybackIntervals < 0 || energyPaybackIntervals > MAX_PAYBACK_INTERVALS) {
        throw new IllegalArgumentException("energyPaybackIntervals must be in [0, "
            + MAX_PAYBACK_INTERVALS + "], got " + energyPaybackIntervals
            + ": e.g. 4 repays energy drawn above budget over the next 4 intervals, 0 never");
      }
      return new SchedulerSettings(this, lease, failure, awake);
    }
  }
}
