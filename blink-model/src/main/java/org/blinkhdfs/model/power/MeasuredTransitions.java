package org.blinkhdfs.model.power;

/**
 * The transition times of real Linux suspend-to-RAM cycles, the default ({@code measured}) of
 * {@link TransitionModel}: the 14 RTC-woken cycles of the real-sleep bench committed in {@code
 * docs/results/2026-11-29-real-sleep/real-sleep.json} (3 QEMU TCG guests, each a DataNode with
 * {@code bin/blink agent --actuator real}, 20 s interval, 30% power), in the file's order.
 *
 * <p>Which field is which: {@link #ENTER} is the file's {@code enterMs}, from the end of the
 * node's window to the host suspended (the agent's decision, the DataNode's last transfers, the
 * kernel freezing tasks and devices); {@link #RESUME} its {@code agentResumeMs}, from the RTC
 * alarm to the DataNode's transfer port accepting again. Together they are the time a cycle is
 * powered but not serving. The file's 5 cycles woken on demand (and for two of them no enter
 * time) are left out, as in the report's table: a wake on demand is not a scheduled cycle. Means
 * 1151.7 ms and 215.1 ms, p90 2472 ms and 294 ms, as {@code report.md} states; a test reads the
 * JSON file and checks these arrays against it.
 *
 * <p>The times are physical: they do not depend on the interval they were measured at. {@link
 * TransitionModel} scales them only for an interval shortened below the production one.
 */
public final class MeasuredTransitions {
  /** Where the samples come from, for reports. */
  public static final String SOURCE = "docs/results/2026-11-29-real-sleep/real-sleep.json";

  /** {@code enterMs} of the 14 RTC-woken cycles: window end to host suspended. */
  static final long[] ENTER = {1820, 830, 775, 817, 2472, 984, 1106, 1251, 1077, 2596, 574, 536,
      585, 701};

  /** {@code agentResumeMs} of the same cycles: RTC alarm to the DataNode serving. */
  static final long[] RESUME = {281, 87, 186, 275, 349, 107, 196, 259, 134, 294, 95, 237, 253,
      259};

  private MeasuredTransitions() {}

  /** The enter times as the {@code measured} distribution. */
  public static TransitionDistribution.Samples enter() {
    return new TransitionDistribution.Samples("measured", ENTER);
  }

  /** The resume times as the {@code measured} distribution. */
  public static TransitionDistribution.Samples resume() {
    return new TransitionDistribution.Samples("measured", RESUME);
  }
}
