package org.blinkhdfs.cluster;

/**
 * Where a {@link LocalCluster} runs its power scheduler and its power agents.
 *
 * <p>Why two ways: in the launching JVM ({@link #IN_PROCESS}) the benches can set the power,
 * the popularity or an admin override by a method call and read the scheduler's state directly,
 * which most of them need. A fault test needs the opposite: each of those daemons in a JVM of its
 * own ({@link #PROCESSES}), as an operator runs them ({@code bin/blink scheduler}, {@code
 * bin/blink agent}), so that it can end one with SIGKILL and start it again ({@link
 * LocalCluster#kill}, {@link LocalCluster#restart}).
 */
public enum ControlPlane {
  /** Scheduler and agents run as objects in the launching JVM ({@link BlinkServices}). */
  IN_PROCESS,
  /**
   * Scheduler and each agent run in a JVM of their own ({@link BlinkProcesses}); the ring's
   * agents take turns by kind (emulate by signals, emulate by a freezer cgroup, dry-run).
   */
  PROCESSES
}
