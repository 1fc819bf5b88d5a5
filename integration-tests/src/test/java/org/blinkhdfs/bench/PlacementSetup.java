package org.blinkhdfs.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.blinkhdfs.placement.PlacementConfig;
import org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy;
import org.blinkhdfs.rabbit.EqualWorkBlockPlacementPolicy;
import org.blinkhdfs.rabbit.ParaidBlockPlacementPolicy;
import org.blinkhdfs.rabbit.layout.RabbitConfig;

/**
 * The NameNode placement configurations the benchmarks compare.
 *
 * <ul>
 *   <li>{@link #DEFAULT}: HDFS's {@link BlockPlacementPolicyDefault}, no schedule
 *       ({@link #DEFAULT_AGAIN} is the same, as an A/A control in the end-to-end benchmark).
 *   <li>{@link #PB_ACTIVE}: {@link PowerBalancedBlockPlacementPolicy} with every DataNode ACTIVE
 *       in the ring: the layout path with no sleeper, so no stand-ins.
 *   <li>{@link #PB_STAGGERED}: the same policy with an evenly staggered blink schedule, each node
 *       awake half of the interval, so about half the ring is asleep at any instant (5 of 9
 *       awake; 50 of 100): sleepers excluded, layout scoring and stand-ins exercised.
 *   <li>{@link #EW_ACTIVE}, {@link #PARAID_ACTIVE}: Rabbit's equal work and PARAID with every
 *       DataNode ACTIVE; {@link #EW_GEARS}, {@link #PARAID_GEARS}: the first half of the ring
 *       (the chain's prefix) ACTIVE, the rest OFF, as a low gear runs. Equal work keeps its
 *       default keys ({@code blink.equalwork.primaries} = 2); PARAID gets groups of a quarter of
 *       the ring each ({@link #configure(Configuration, Path, int)}), so the gear is gear 2.
 * </ul>
 *
 * <p>Why a 24-hour interval for the staggered schedule: the awake set must not change during a
 * measurement, or runs would differ by which nodes happened to sleep. Windows open or close every
 * {@code T / 2n} for an odd ring and every {@code T / n} for an even one (80 min for 9 nodes,
 * 14.4 min for 100); the interval start is put {@code T / 4n} before now, so the set stays fixed
 * for the next 40 min (9 nodes) or 10.8 min (100 nodes) while every node still has a real BLINK
 * window. The cost per placement
 * decision does not depend on the interval length.
 *
 * <p>Only {@code dfs.block.replicator.classname} (and the schedule keys) differ between
 * configurations; the schedule poll period stays at its default (1 s), as in production.
 */
public enum PlacementSetup {
  // The JMH benchmark lists its configurations explicitly, so it does not run the control.
  DEFAULT("HDFS default", null),
  /** HDFS default again: an A/A control whose ratio to DEFAULT shows the benchmark's noise. */
  DEFAULT_AGAIN("HDFS default (A/A control)", null),
  PB_ACTIVE("PowerBalanced, all ACTIVE", PowerBalancedBlockPlacementPolicy.class),
  PB_STAGGERED("PowerBalanced, staggered", PowerBalancedBlockPlacementPolicy.class),
  EW_ACTIVE("Equal work, all ACTIVE", EqualWorkBlockPlacementPolicy.class),
  EW_GEARS("Equal work, half-chain gear", EqualWorkBlockPlacementPolicy.class),
  PARAID_ACTIVE("PARAID, all ACTIVE", ParaidBlockPlacementPolicy.class),
  PARAID_GEARS("PARAID, half-ring gear", ParaidBlockPlacementPolicy.class);

  /** Interval of the staggered schedule (see class comment). */
  static final long STAGGER_INTERVAL_MS = 24L * 3600 * 1000;

  private final String label;
  private final Class<? extends BlockPlacementPolicy> policy;

  PlacementSetup(String label, Class<? extends BlockPlacementPolicy> policy) {
    this.label = label;
    this.policy = policy;
  }

  public String label() {
    return label;
  }

  /** True for the layout policies (a schedule is installed); false for HDFS's default. */
  public boolean powerBalanced() {
    return policy != null;
  }

  /** Sets the placement policy (and for a layout policy the schedule file) in {@code conf}. */
  public void configure(Configuration conf, Path scheduleFile) {
    configure(conf, scheduleFile, 0);
  }

  /**
   * As {@link #configure(Configuration, Path)}, for a ring of {@code ringSize} nodes (0 when
   * unknown): PARAID's groups are then a quarter of the ring each for the first two gears
   * ({@code blink.paraid.groups}), so that the half-ring gear of {@link #PARAID_GEARS} is gear 2.
   */
  public void configure(Configuration conf, Path scheduleFile, int ringSize) {
    if (policy == null) {
      conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY,
          BlockPlacementPolicyDefault.class.getName());
      return;
    }
    conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, policy.getName());
    conf.set(PlacementConfig.SCHEDULE_FILE.name(), scheduleFile.toAbsolutePath().toString());
    if (policy == ParaidBlockPlacementPolicy.class && ringSize >= 12) {
      int quarter = ringSize / 4;
      conf.set(RabbitConfig.PARAID_GROUPS.name(), quarter + "," + quarter);
    }
  }

  /** The schedule for a ring of {@code ring} transfer addresses at {@code nowMs}, if any. */
  public Optional<Schedule> schedule(List<String> ring, long nowMs) {
    switch (this) {
      case PB_ACTIVE, EW_ACTIVE, PARAID_ACTIVE:
        return Optional.of(gear(ring, ring.size(), nowMs));
      case EW_GEARS, PARAID_GEARS:
        return Optional.of(gear(ring, (ring.size() + 1) / 2, nowMs));
      case PB_STAGGERED: {
        int n = ring.size();
        long t = STAGGER_INTERVAL_MS;
        Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(nowMs - t / (4L * n))
            .intervalMs(t);
        for (int i = 0; i < n; i++) {
          b.add(NodeSchedule.blink(ring.get(i), i * t / n, t / 2));
        }
        return Optional.of(b.build());
      }
      default:
        return Optional.empty();
    }
  }

  /** The first {@code on} ring nodes ACTIVE, the others OFF: a gear of Rabbit and PARAID. */
  private static Schedule gear(List<String> ring, int on, long nowMs) {
    Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(nowMs).intervalMs(60_000);
    for (int i = 0; i < ring.size(); i++) {
      b.add(NodeSchedule.of(ring.get(i), i < on ? NodeMode.ACTIVE : NodeMode.OFF));
    }
    return b.build();
  }

  /**
   * Writes {@code s} atomically to {@code file} and waits until the process-wide schedule view
   * the policy reads ({@link BlinkRuntime}) has it in force; fails otherwise, so a benchmark can
   * never silently measure the no-schedule fallback.
   */
  public static Schedule install(Configuration conf, Path file, Schedule s)
      throws IOException, InterruptedException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, ScheduleJson.write(s), StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    BlinkRuntime runtime = BlinkRuntime.forConf(conf);
    long deadline = System.currentTimeMillis() + 15_000;
    ScheduleState state = runtime.state();
    while (!state.usable().map(s::equals).orElse(false)) {
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException("schedule " + file + " not in force: " + state.detail());
      }
      Thread.sleep(50);
      state = runtime.state();
    }
    return s;
  }
}
