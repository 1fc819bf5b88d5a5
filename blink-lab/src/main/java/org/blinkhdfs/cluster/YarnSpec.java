package org.blinkhdfs.cluster;

/**
 * Whether a {@link LocalCluster} also runs YARN, and how big each host's NodeManager is: a
 * ResourceManager JVM and one NodeManager JVM per DataNode (ring and staging), so that a host of
 * the emulated cluster is its DataNode, its NodeManager and the containers that NodeManager
 * starts, frozen and thawed together ({@link HostGroups}).
 *
 * <p>Sizes are small on purpose: the local cluster shares one machine (2 cores, 24 GB here)
 * between all hosts. With the defaults (1536 MB and 2 vcores per NodeManager, 512 MB containers)
 * 4 hosts offer 6 GB and 12 containers; an MR ApplicationMaster takes one container of 512 MB.
 *
 * <p>Example: {@code ClusterSpec.defaults(dir).toBuilder().yarn(YarnSpec.on()).build()}.
 * Immutable; validated at construction (a bad value names the field, the value and the fix).
 *
 * @param enabled whether YARN runs at all ({@link #NONE}: not)
 * @param nodeMemoryMb {@code yarn.nodemanager.resource.memory-mb} of every NodeManager
 * @param nodeVcores {@code yarn.nodemanager.resource.cpu-vcores} of every NodeManager
 * @param containerMemoryMb memory of every MapReduce container (AM, map and reduce), whose JVM
 *     heap is 75% of it
 * @param hostCpuMillicores CPU cap of every host (DataNode, NodeManager and containers
 *     together) in thousandths of a core, 0 for none ({@link HostCpu}: without a cap a job's
 *     compute does not depend on how many hosts may run it)
 * @param computeOnStaging whether staging hosts run a NodeManager too; false makes them
 *     storage-only, so that always-on staging DataNodes do not add always-on compute to a
 *     comparison of how compute follows power
 */
public record YarnSpec(boolean enabled, int nodeMemoryMb, int nodeVcores, int containerMemoryMb,
    int hostCpuMillicores, boolean computeOnStaging) {
  /** No YARN. */
  public static final YarnSpec NONE = new YarnSpec(false, 1536, 2, 512, 0, true);

  public YarnSpec {
    check(nodeMemoryMb >= 512 && nodeMemoryMb <= 8192, "nodeMemoryMb", nodeMemoryMb,
        "use 512..8192 MB; every host's NodeManager offers this much on one shared machine");
    check(nodeVcores >= 1 && nodeVcores <= 16, "nodeVcores", nodeVcores, "use 1..16");
    check(containerMemoryMb >= 256 && containerMemoryMb <= nodeMemoryMb, "containerMemoryMb",
        containerMemoryMb, "use 256 MB..nodeMemoryMb (" + nodeMemoryMb + "); a smaller heap"
            + " cannot run a MapReduce task");
    check(hostCpuMillicores == 0 || hostCpuMillicores >= 50 && hostCpuMillicores <= 64_000,
        "hostCpuMillicores", hostCpuMillicores, "use 0 (no cap) or 50..64000 (1000 = one core);"
            + " below 50 a host cannot start a JVM in reasonable time");
  }

  private static void check(boolean ok, String field, int value, String fix) {
    if (!ok) {
      throw new IllegalArgumentException("YarnSpec." + field + " = " + value
          + " is out of range: " + fix);
    }
  }

  /** YARN with the default sizes (1536 MB, 2 vcores per NodeManager, 512 MB containers). */
  public static YarnSpec on() {
    return new YarnSpec(true, NONE.nodeMemoryMb, NONE.nodeVcores, NONE.containerMemoryMb, 0,
        true);
  }

  /** This spec with every host's CPU capped at {@code millicores} (0: no cap). */
  public YarnSpec withHostCpu(int millicores) {
    return new YarnSpec(enabled, nodeMemoryMb, nodeVcores, containerMemoryMb, millicores,
        computeOnStaging);
  }

  /** This spec with ({@code true}) or without NodeManagers on staging hosts. */
  public YarnSpec withComputeOnStaging(boolean on) {
    return new YarnSpec(enabled, nodeMemoryMb, nodeVcores, containerMemoryMb, hostCpuMillicores,
        on);
  }

  /**
   * The CPU a container needs at least on a capped host: {@link #offeredVcores} gives a host one
   * vcore per this many millicores, at least one.
   *
   * <p>Why: a task's JVM needs about 6.6 CPU-seconds from launch to its first record, and it
   * reports no progress before that. Measured (bench dfsio, 9 hosts at 180 millicores, 6 s
   * interval, 20% power): three map JVMs on one host, 60 millicores each and awake 1/6 of the
   * time, took 656 s from launch to their first record, and the 720 s task timeout (liveness
   * 120 s over the awake fraction) failed all three. With a container per 200 millicores a
   * JVM's start takes at most 33 s of awake time, a quarter of the 120 s the timeout grants.
   */
  public static final int CONTAINER_MILLICORES = 200;

  /**
   * The vcores each NodeManager offers: {@link #nodeVcores} on an uncapped host; on a capped one
   * one per {@link #CONTAINER_MILLICORES}, at least one (180 millicores: 1; 450: 2), which the
   * ResourceManager then enforces ({@code DominantResourceCalculator}), so a host never runs
   * more task JVMs than its CPU can start within the task timeout.
   */
  public int offeredVcores() {
    return hostCpuMillicores == 0 ? nodeVcores
        : Math.max(1, Math.min(16, hostCpuMillicores / CONTAINER_MILLICORES));
  }

  /** The heap of a container's JVM: 75% of the container, the rest for metaspace and stacks. */
  public int containerHeapMb() {
    return containerMemoryMb * 3 / 4;
  }
}
