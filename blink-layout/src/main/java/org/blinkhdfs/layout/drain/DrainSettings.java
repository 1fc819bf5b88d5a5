package org.blinkhdfs.layout.drain;

/**
 * The drain planner's limits and estimates.
 *
 * @param maxPerTarget copies into one DataNode at once (its disk and the window's length)
 * @param maxPerSource copies out of one DataNode at once (a staging node serves every target)
 * @param maxTotal copies in flight in the whole cluster
 * @param bytesPerSecond the rate a target DataNode receives copies at, shared by the copies
 *     running into it at once; with {@code setupMs} it decides whether a copy can finish before
 *     a window closes
 * @param setupMs fixed cost of one copy (connect, token, first response), ms
 * @param consistency when to drain ({@link Consistency})
 * @param periodicThreshold backlog, in moves, at which a {@code periodic} drain starts
 * @param wakeMs length of the extra window a {@code strong} drain asks for, ms
 */
public record DrainSettings(int maxPerTarget, int maxPerSource, int maxTotal,
    long bytesPerSecond, long setupMs, Consistency consistency, int periodicThreshold,
    long wakeMs) {
  public DrainSettings {
    positive("maxPerTarget", maxPerTarget);
    positive("maxPerSource", maxPerSource);
    positive("maxTotal", maxTotal);
    positive("bytesPerSecond", bytesPerSecond);
    positive("periodicThreshold", periodicThreshold);
    positive("wakeMs", wakeMs);
    if (setupMs < 0) {
      throw new IllegalArgumentException("setupMs must be >= 0, was " + setupMs);
    }
  }

  private static void positive(String name, long value) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + " must be > 0, was " + value);
    }
  }

  /** How long a copy of {@code bytes} is expected to take alone, ms (rounded up). */
  public long copyMs(long bytes) {
    return copyMs(bytes, 1);
  }

  /**
   * How long a copy of {@code bytes} is expected to take while {@code sharing} copies (itself
   * included) divide the target's rate, ms (rounded up).
   */
  public long copyMs(long bytes, int sharing) {
    long scaled = bytes * Math.max(1, sharing);
    return setupMs + (scaled * 1000 + bytesPerSecond - 1) / bytesPerSecond;
  }

  /** The same settings with another consistency mode. */
  public DrainSettings with(Consistency mode) {
    return new DrainSettings(maxPerTarget, maxPerSource, maxTotal, bytesPerSecond, setupMs, mode,
        periodicThreshold, wakeMs);
  }
}
