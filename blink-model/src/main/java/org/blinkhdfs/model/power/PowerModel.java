package org.blinkhdfs.model.power;

/**
 * Electrical model of a blinking cluster: N DataNodes, each drawing {@code activeWatts} awake (S0)
 * and {@code sleepWatts} suspended (S3), plus an always-on overhead (switch, NameNode, staging and
 * proxy nodes) that never blinks, and the time one sleep-plus-wake cycle costs.
 *
 * <p>Conventions follow BlinkFS (Sharma, Irwin, Shenoy §4.2, §5): {@code p_total = N·activeWatts}
 * is the power with every DataNode awake and "P% power" means P% of {@code p_total};
 * {@code p_inactive = N·sleepWatts} is the power with every DataNode asleep. The overhead is
 * accounted separately and never taken out of P% (see {@link PowerLevel}).
 *
 * <p>Worked example, the BlinkFS Mac-mini prototype: 9 nodes, 25 W active, 1 W in S3, 40 W
 * overhead. {@code p_total = 225 W}, {@code p_inactive = 9 W}, peak cluster draw {@code 265 W}.
 *
 * <p>Transitions: {@code transitionMs} is the total time of one suspend plus one resume, spent at
 * active power. A blinking node awake for {@code activeMs} per interval is therefore powered for
 * {@code activeMs + transitionMs} of it. A node that never sleeps (active the whole interval) or
 * never wakes pays no transition. The builder's default is 0; configuration ({@code
 * CoreConfig}) defaults it to the mean enter plus resume of the {@link TransitionModel} at the
 * configured interval, and an explicit {@code blink.power.transition.ms} wins over that.
 *
 * <p>Minimum useful window: {@code minWindowMs} is the shortest serving window worth a sleep
 * cycle. A blinking node whose window after transitions would be shorter is planned OFF for the
 * interval instead: a cycle that serves (almost) nothing still costs its transitions. Default 0:
 * any positive window blinks.
 *
 * <p>Immutable and thread-safe.
 */
public final class PowerModel {
  private final int nodeCount;
  private final double activeWatts;
  private final double sleepWatts;
  private final double overheadWatts;
  private final long transitionMs;
  private final double ioServerWatts;
  private final double transitionWatts;
  private final long minWindowMs;

  private PowerModel(int nodeCount, double activeWatts, double sleepWatts, double overheadWatts,
      long transitionMs, double ioServerWatts, double transitionWatts, long minWindowMs) {
    this.nodeCount = nodeCount;
    this.activeWatts = activeWatts;
    this.sleepWatts = sleepWatts;
    this.overheadWatts = overheadWatts;
    this.transitionMs = transitionMs;
    this.ioServerWatts = ioServerWatts;
    this.transitionWatts = transitionWatts;
    this.minWindowMs = minWindowMs;
  }

  /** The BlinkFS Mac-mini prototype: 25 W active, 1 W in S3, 40 W overhead, 1 s transitions. */
  public static PowerModel macMini(int nodeCount) {
    return builder().nodeCount(nodeCount).activeWatts(25).sleepWatts(1).overheadWatts(40)
        .transitionMs(1000).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public int nodeCount() {
    return nodeCount;
  }

  public double activeWatts() {
    return activeWatts;
  }

  public double sleepWatts() {
    return sleepWatts;
  }

  public double overheadWatts() {
    return overheadWatts;
  }

  public long transitionMs() {
    return transitionMs;
  }

  /** The shortest serving window worth a sleep cycle, ms; shorter ones are planned OFF. */
  public long minWindowMs() {
    return minWindowMs;
  }

  /**
   * Watts of one node in io-server state (Amur &amp; Schwan: disks and DataNode on, compute off).
   * Defaults to {@link #activeWatts()}, i.e. no saving, for hardware without such a state.
   */
  public double ioServerWatts() {
    return ioServerWatts;
  }

  /**
   * Watts of one node while it enters or resumes from sleep: what the scheduler's energy ledger
   * charges for measured transition time. Defaults to {@link #activeWatts()}: a host going down
   * or coming up runs its CPU and disks much as when awake.
   */
  public double transitionWatts() {
    return transitionWatts;
  }

  /** {@code p_total}: all DataNodes awake, overhead excluded. */
  public double totalWatts() {
    return nodeCount * activeWatts;
  }

  /** {@code p_inactive}: all DataNodes asleep, overhead excluded. */
  public double inactiveWatts() {
    return nodeCount * sleepWatts;
  }

  /** The whole cluster at full power: {@code p_total} plus the always-on overhead. */
  public double peakClusterWatts() {
    return totalWatts() + overheadWatts;
  }

  /**
   * Average draw of one DataNode awake {@code activeMs} of every {@code intervalMs}, transitions
   * included (a node awake the whole interval, or never, makes no transition).
   */
  public double averageNodeWatts(long activeMs, long intervalMs) {
    if (intervalMs <= 0) {
      throw new IllegalArgumentException("intervalMs must be > 0, got " + intervalMs);
    }
    if (activeMs < 0 || activeMs > intervalMs) {
      throw new IllegalArgumentException(
          "activeMs must be within [0, intervalMs=" + intervalMs + "], got " + activeMs);
    }
    long switchingMs = 0;
    if (activeMs > 0 && activeMs < intervalMs) {
      switchingMs = Math.min(intervalMs, activeMs + transitionMs) - activeMs;
    }
    long sleepingMs = intervalMs - activeMs - switchingMs;
    // Transitions at transitionWatts, so the plan and the scheduler's energy books (which price
    // the agents' measured transition time the same way) agree.
    return (activeMs * activeWatts + switchingMs * transitionWatts + sleepingMs * sleepWatts)
        / intervalMs;
  }

  @Override
  public String toString() {
    return "PowerModel{nodes=" + nodeCount + ", activeWatts=" + activeWatts + ", sleepWatts="
        + sleepWatts + ", overheadWatts=" + overheadWatts + ", transitionMs=" + transitionMs
        + ", ioServerWatts=" + ioServerWatts + ", transitionWatts=" + transitionWatts
        + ", minWindowMs=" + minWindowMs + "}";
  }

  /** Builder; {@link #build()} validates every value and names the bad one. */
  public static final class Builder {
    private int nodeCount = -1;
    private double activeWatts = Double.NaN;
    private double sleepWatts = 0;
    private double overheadWatts = 0;
    private long transitionMs = 0;
    private double ioServerWatts = Double.NaN;
    private double transitionWatts = Double.NaN;
    private long minWindowMs = 0;

    public Builder nodeCount(int nodeCount) {
      this.nodeCount = nodeCount;
      return this;
    }

    public Builder activeWatts(double activeWatts) {
      this.activeWatts = activeWatts;
      return this;
    }

    public Builder sleepWatts(double sleepWatts) {
      this.sleepWatts = sleepWatts;
      return this;
    }

    public Builder overheadWatts(double overheadWatts) {
      this.overheadWatts = overheadWatts;
      return this;
    }

    public Builder transitionMs(long transitionMs) {
      this.transitionMs = transitionMs;
      return this;
    }

    /** The shortest serving window worth a sleep cycle, ms; default 0. */
    public Builder minWindowMs(long minWindowMs) {
      this.minWindowMs = minWindowMs;
      return this;
    }

    /** Watts in io-server state; between sleep and active watts. Default: active watts. */
    public Builder ioServerWatts(double ioServerWatts) {
      this.ioServerWatts = ioServerWatts;
      return this;
    }

    /** Watts while entering or resuming from sleep; sleep to active watts. Default: active. */
    public Builder transitionWatts(double transitionWatts) {
      this.transitionWatts = transitionWatts;
      return this;
    }

    public PowerModel build() {
      if (nodeCount < 1) {
        throw new IllegalArgumentException(
            "node count must be at least 1, got " + nodeCount + ": name the DataNodes that blink");
      }
      requireFinite("activeWatts", activeWatts);
      requireFinite("sleepWatts", sleepWatts);
      requireFinite("overheadWatts", overheadWatts);
      if (activeWatts <= 0) {
        throw new IllegalArgumentException(
            "activeWatts must be > 0, got " + activeWatts + ": give a node's draw when awake (S0)");
      }
      if (sleepWatts < 0) {
        throw new IllegalArgumentException(
            "sleepWatts must be >= 0, got " + sleepWatts + ": give a node's draw in S3");
      }
      if (sleepWatts >= activeWatts) {
        throw new IllegalArgumentException("sleepWatts (" + sleepWatts
            + ") must be below activeWatts (" + activeWatts
            + "): a node that draws as much asleep as awake gains nothing from blinking");
      }
      if (overheadWatts < 0) {
        throw new IllegalArgumentException("overheadWatts must be >= 0, got " + overheadWatts);
      }
      if (transitionMs < 0) {
        throw new IllegalArgumentException("transitionMs must be >= 0, got " + transitionMs);
      }
      if (minWindowMs < 0) {
        throw new IllegalArgumentException("minWindowMs must be >= 0, got " + minWindowMs);
      }
      double io = Double.isNaN(ioServerWatts) ? activeWatts : ioServerWatts;
      if (!Double.isFinite(io) || io < sleepWatts || io > activeWatts) {
        throw new IllegalArgumentException("ioServerWatts must lie between sleepWatts ("
            + sleepWatts + ") and activeWatts (" + activeWatts + "), got " + io);
      }
      double tw = Double.isNaN(transitionWatts) ? activeWatts : transitionWatts;
      if (!Double.isFinite(tw) || tw < sleepWatts || tw > activeWatts) {
        throw new IllegalArgumentException("transitionWatts must lie between sleepWatts ("
            + sleepWatts + ") and activeWatts (" + activeWatts + "), got " + tw);
      }
      return new PowerModel(nodeCount, activeWatts, sleepWatts, overheadWatts, transitionMs, io,
          tw, minWindowMs);
    }

    private static void requireFinite(String name, double value) {
      if (!Double.isFinite(value)) {
        throw new IllegalArgumentException(name + " must be a finite number, got " + value);
      }
    }
  }
}
