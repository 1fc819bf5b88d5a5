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
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.blinkhdfs.core.schedule.NodeSchedule;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.core.schedule.ScheduleJson;
import org.blinkhdfs.core.schedule.ScheduleState;
import org.blinkhdfs.placement.BlinkRuntime;
import org.blinkhdfs.placement.PlacementConfig;
import org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy;

/**
 * The three NameNode placement configurations both benchmarks compare.
 *
 * <ul>
 *   <li>{@link #DEFAULT}: HDFS's {@link BlockPlacementPolicyDefault}, no schedule
 *       ({@link #DEFAULT_AGAIN} is the same, as an A/A control in the end-to-end benchmark).
 *   <li>{@link #PB_ACTIVE}: {@link PowerBalancedBlockPlacementPolicy} with every DataNode ACTIVE
 *       in the ring: the layout path with no sleeper, so no stand-ins.
 *   <li>{@link #PB_STAGGERED}: the same policy with an evenly staggered blink schedule, each node
 *       awake half of the interval, so about half the ring is asleep at any instant (5 of 9
 *       awake; 50 of 100): sleepers excluded, layout scoring and stand-ins exercised.
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
  DEFAULT("HDFS default", false),
  /** HDFS default again: an A/A control whose ratio to DEFAULT shows the benchmark's noise. */
  DEFAULT_AGAIN("HDFS default (A/A control)", false),
  PB_ACTIVE("PowerBalanced, all ACTIVE", true),
  PB_STAGGERED("PowerBalanced, staggered", true);

  /** Interval of the staggered schedule (see class comment). */
  static final long STAGGER_INTERVAL_MS = 24L * 3600 * 1000;

  private final String label;
  private final boolean powerBalanced;

  PlacementSetup(String label, boolean powerBalanced) {
    this.label = label;
    this.powerBalanced = powerBalanced;
  }

  public String label() {
    return label;
  }

  public boolean powerBalanced() {
    return powerBalanced;
  }

  /** Sets the placement policy (and for PowerBalanced the schedule file) in {@code conf}. */
  public void configure(Configuration conf, Path scheduleFile) {
    if (powerBalanced) {
      conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY,
          PowerBalancedBlockPlacementPolicy.class.getName());
      conf.set(PlacementConfig.SCHEDULE_FILE.name(), scheduleFile.toAbsolutePath().toString());
    } else {
      conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY,
          BlockPlacementPolicyDefault.class.getName());
    }
  }

  /** The schedule for a ring of {@code ring} transfer addresses at {@code nowMs}, if any. */
  public Optional<Schedule> schedule(List<String> ring, long nowMs) {
    switch (this) {
      case PB_ACTIVE: {
        Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(nowMs)
            .intervalMs(60_000);
        for (String node : ring) {
          b.add(NodeSchedule.of(node, org.blinkhdfs.core.schedule.NodeMode.ACTIVE));
        }
        return Optional.of(b.build());
      }
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
