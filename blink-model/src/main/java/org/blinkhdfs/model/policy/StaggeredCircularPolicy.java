package org.blinkhdfs.model.policy;

/**
 * Staggered blinking with starts spread over the whole circle: {@code b_start_i = t·i/N}. Same
 * window as {@link StaggeredPolicy}; nodes opposite on the ring have opposite phases, so replicas
 * spread around the ring cover more of the interval at low power.
 *
 * <p>Worked example (N = 9, t = 60 s, 40% power, 25 W / 1 W): window 22 500 ms, starts every
 * 6 666.67 ms. Replicas on ring nodes 0, 3 and 6 start at 0, 20 000 and 40 000, so one of them is
 * awake at every instant; the paper's offsets (4 687.5 ms apart) leave the same block
 * unavailable 9 375 ms (15.6%) of each interval.
 */
public class StaggeredCircularPolicy extends OffsetBlinkPolicy {
  public static final String NAME = "staggered-circular";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  final long offsetMs(int index, int nodeCount, long intervalMs, long windowMs) {
    if (windowMs >= intervalMs) {
      return 0;
    }
    return AlignedStagger.phaseMs(index, nodeCount, intervalMs);
  }
}
