package org.blinkhdfs.sim;

import java.util.Objects;
import java.util.function.Function;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.signal.PowerSignal;
import org.blinkhdfs.model.signal.SteadySignal;

/**
 * One simulator run's parameters ({@code bin/blink sim}'s flags). Power is a {@link PowerSignal}
 * sampled at the start of every epoch of {@code epochMs} for {@code durationMs}; a steady
 * {@code --power} is one epoch.
 *
 * <p>Immutable; {@link Builder#build()} checks ranges, naming the field.
 */
public final class SimSpec {
  private final int nodes;
  private final long blocks;
  private final int replication;
  private final String layout;
  private final String policy;
  private final PowerSignal signal;
  private final long durationMs;
  private final long epochMs;
  private final long intervalMs;
  private final PowerModel model;
  private final long seed;
  private final long minWindowMs;
  private final int instants;
  private final long sampleBlocks;
  private final Function<String, String> layoutKeys;
  private final long blockBytes;
  private final double migrationBytesPerSec;
  private final double migrationNodeBytesPerSec;
  private final ReadOrderMode readOrder;

  private SimSpec(Builder b) {
    this.nodes = b.nodes;
    this.blocks = b.blocks;
    this.replication = b.replication;
    this.layout = b.layout;
    this.policy = b.policy;
    this.signal = b.signal;
    this.durationMs = b.durationMs;
    this.epochMs = b.epochMs;
    this.intervalMs = b.intervalMs;
    this.model = b.model;
    this.seed = b.seed;
    this.minWindowMs = b.minWindowMs;
    this.instants = b.instants;
    this.sampleBlocks = b.sampleBlocks;
    this.layoutKeys = b.layoutKeys;
    this.blockBytes = b.blockBytes;
    this.migrationBytesPerSec = b.migrationBytesPerSec;
    this.migrationNodeBytesPerSec = b.migrationNodeBytesPerSec;
    this.readOrder = b.readOrder;
  }

  /** Which replica a read goes to ({@code --read-order}, {@code blink.read.order}). */
  public ReadOrderMode readOrder() {
    return readOrder;
  }

  /** Bytes per block, for the bytes a migration moves. */
  public long blockBytes() {
    return blockBytes;
  }

  /** How fast the migration-based baseline moves data, in bytes per second. */
  public double migrationBytesPerSec() {
    return migrationBytesPerSec;
  }

  /**
   * What one node sends or receives per second when the migration-based baseline moves data
   * ({@link MigrationCost}); infinite when only the shared link limits it.
   */
  public double migrationNodeBytesPerSec() {
    return migrationNodeBytesPerSec;
  }

  public static Builder builder() {
    return new Builder();
  }

  public int nodes() {
    return nodes;
  }

  public long blocks() {
    return blocks;
  }

  public int replication() {
    return replication;
  }

  public String layout() {
    return layout;
  }

  public String policy() {
    return policy;
  }

  public PowerSignal signal() {
    return signal;
  }

  /** Simulated time; equal to {@link #epochMs()} for a steady level. */
  public long durationMs() {
    return durationMs;
  }

  public long epochMs() {
    return epochMs;
  }

  public long intervalMs() {
    return intervalMs;
  }

  public PowerModel model() {
    return model;
  }

  public long seed() {
    return seed;
  }

  public long minWindowMs() {
    return minWindowMs;
  }

  public int instants() {
    return instants;
  }

  /** Blocks visited per epoch (all when equal to {@link #blocks()}). */
  public long sampleBlocks() {
    return sampleBlocks;
  }

  /** Layout keys such as {@code blink.equalwork.primaries}; null means the key's default. */
  public Function<String, String> layoutKeys() {
    return layoutKeys;
  }

  /** Epochs simulated: {@code ceil(duration / epoch)}. */
  public long epochs() {
    return (durationMs + epochMs - 1) / epochMs;
  }

  /** Builder with the defaults of {@code bin/blink sim}. */
  public static final class Builder {
    private long blockBytes = 128L << 20;
    private double migrationBytesPerSec = 10e9 / 8;
    private double migrationNodeBytesPerSec = Double.POSITIVE_INFINITY;
    private int nodes = 9;
    private long blocks = 1000;
    private int replication = 3;
    private String layout = "power-balanced";
    private String policy = "phase-groups";
    private PowerSignal signal = new SteadySignal(new PowerLevel.Percent(50));
    private long durationMs = -1;
    private long epochMs = -1;
    private long intervalMs = 60_000;
    private PowerModel model;
    private long seed;
    private long minWindowMs;
    private int instants = 32;
    private long sampleBlocks = -1;
    private Function<String, String> layoutKeys = k -> null;
    private ReadOrderMode readOrder = ReadOrderMode.LONGEST_WINDOW;

    public Builder nodes(int v) {
      nodes = v;
      return this;
    }

    public Builder blocks(long v) {
      blocks = v;
      return this;
    }

    public Builder replication(int v) {
      replication = v;
      return this;
    }

    public Builder layout(String v) {
      layout = Objects.requireNonNull(v);
      return this;
    }

    public Builder policy(String v) {
      policy = Objects.requireNonNull(v);
      return this;
    }

    /** A constant level (one epoch). */
    public Builder power(PowerLevel v) {
      signal = new SteadySignal(v);
      return this;
    }

    public Builder signal(PowerSignal v) {
      signal = Objects.requireNonNull(v);
      return this;
    }

    public Builder durationMs(long v) {
      durationMs = v;
      return this;
    }

    public Builder epochMs(long v) {
      epochMs = v;
      return this;
    }

    public Builder intervalMs(long v) {
      intervalMs = v;
      return this;
    }

    /**
     * The power model; default the Mac-mini model (25 W / 1 W, 40 W overhead, 1 s transitions) for
     * the node count.
     */
    public Builder model(PowerModel v) {
      model = v;
      return this;
    }

    public Builder seed(long v) {
      seed = v;
      return this;
    }

    public Builder minWindowMs(long v) {
      minWindowMs = v;
      return this;
    }

    public Builder instants(int v) {
      instants = v;
      return this;
    }

    public Builder sampleBlocks(long v) {
      sampleBlocks = v;
      return this;
    }

    public Builder layoutKeys(Function<String, String> v) {
      layoutKeys = Objects.requireNonNull(v);
      return this;
    }

    public Builder readOrder(ReadOrderMode v) {
      readOrder = Objects.requireNonNull(v);
      return this;
    }

    public Builder blockBytes(long v) {
      blockBytes = v;
      return this;
    }

    public Builder migrationBytesPerSec(double v) {
      migrationBytesPerSec = v;
      return this;
    }

    public Builder migrationNodeBytesPerSec(double v) {
      migrationNodeBytesPerSec = v;
      return this;
    }

    public SimSpec build() {
      require(nodes >= 1, "nodes", nodes, ">= 1");
      require(blocks >= 1, "blocks", blocks, ">= 1");
      require(replication >= 1 && replication <= nodes, "replication", replication,
          "within 1..nodes (" + nodes + ")");
      require(intervalMs >= 1, "intervalMs", intervalMs, ">= 1");
      require(blockBytes >= 1, "blockBytes", blockBytes, ">= 1");
      if (!(migrationBytesPerSec > 0)) {
        throw new IllegalArgumentException("migrationBytesPerSec = " + migrationBytesPerSec
            + " must be > 0");
      }
      if (!(migrationNodeBytesPerSec > 0)) {
        throw new IllegalArgumentException("migrationNodeBytesPerSec = "
            + migrationNodeBytesPerSec + " must be > 0");
      }
      if (epochMs < 0) {
        epochMs = intervalMs;
      }
      if (durationMs < 0) {
        durationMs = epochMs;
      }
      require(epochMs >= 1, "epochMs", epochMs, ">= 1");
      require(durationMs >= 1, "durationMs", durationMs, ">= 1");
      require(minWindowMs >= 0 && minWindowMs < intervalMs, "minWindowMs", minWindowMs,
          "within 0..interval");
      require(instants >= 1 && instants <= 1024, "instants", instants, "within 1..1024");
      if (sampleBlocks < 0) {
        sampleBlocks = blocks;
      }
      require(sampleBlocks >= 1 && sampleBlocks <= blocks, "sampleBlocks", sampleBlocks,
          "within 1..blocks (" + blocks + ")");
      if (model == null) {
        model = PowerModel.macMini(nodes);
      }
      require(model.nodeCount() == nodes, "model.nodeCount", model.nodeCount(),
          "equal to nodes (" + nodes + ")");
      return new SimSpec(this);
    }

    private static void require(boolean ok, String field, long value, String rule) {
      if (!ok) {
        throw new IllegalArgumentException(field + " = " + value + " must be " + rule);
      }
    }
  }
}
