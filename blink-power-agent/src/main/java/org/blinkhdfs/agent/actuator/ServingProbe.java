package org.blinkhdfs.agent.actuator;

/**
 * Tells whether the node serves again after a resume. The real actuator polls it from the moment
 * {@code mem} returns, and the time from the RTC alarm to the first {@code true} is the resume
 * latency sample the agent learns from.
 *
 * <p>Implementations bound each call (a connect timeout) and are thread-safe.
 */
public interface ServingProbe {
  /** What is probed, for reports, e.g. {@code DataNode transfer port 10.0.0.11:9866 accepts}. */
  String describe();

  /** True when the node serves now. */
  boolean serving();
}
