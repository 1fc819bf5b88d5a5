package org.blinkhdfs.control.yarn;

/**
 * The compute a YARN node offers: memory and virtual cores, as in YARN's {@code Resource} (kept
 * Hadoop-free so the planner stays pure).
 *
 * <p>{@link #ZERO} is what a node that must not start containers offers. Both fields are zeroed,
 * not only the cores: the CapacityScheduler's default {@code DefaultResourceCalculator} (Hadoop
 * 3.5.0) compares memory only ({@code fitsIn} and {@code computeAvailableContainers} read
 * {@code getMemorySize()}), so a node with 0 vcores but its memory left would still receive
 * containers; the {@code DominantResourceCalculator} and the FairScheduler also look at cores.
 *
 * <p>Immutable.
 */
public record ComputeResource(long memoryMb, long vcores) {
  /** Offers nothing: no container of any size fits. */
  public static final ComputeResource ZERO = new ComputeResource(0, 0);

  public ComputeResource {
    if (memoryMb < 0 || vcores < 0) {
      throw new IllegalArgumentException("memoryMb and vcores must be >= 0, got " + memoryMb
          + " MB and " + vcores + " vcores");
    }
  }

  public boolean isZero() {
    return memoryMb == 0 && vcores == 0;
  }

  @Override
  public String toString() {
    return "<memory:" + memoryMb + ", vCores:" + vcores + ">";
  }
}
