package org.blinkhdfs.model.policy;

/**
 * BlinkFS's asynchronous staggered blinking (§4.2): equal windows, starts spread so the first
 * node's window opens at the interval start and the last one's closes at its end:
 * {@code b_start_i = (t − t_active)·i/(N − 1)}, rounded down to the millisecond.
 *
 * <p>Worked example (9 nodes, t = 60 s, window 28 750 ms): starts are multiples of
 * {@code 31 250/8 = 3 906.25 ms}: 0, 3 906, 7 812, 11 718, 15 625, ..., 31 250.
 *
 * <p>With one node, its window starts at 0.
 */
public final class StaggeredPolicy extends OffsetBlinkPolicy {
  public static final String NAME = "staggered";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  long offsetMs(int index, int nodeCount, long intervalMs, long windowMs) {
    if (nodeCount == 1 || windowMs >= intervalMs) {
      return 0;
    }
    return Math.floorDiv((intervalMs - windowMs) * index, (long) (nodeCount - 1));
  }
}
