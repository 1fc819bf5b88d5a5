package org.blinkhdfs.control.agent;

/**
 * Whether an awake node keeps its compute: {@link #MAX_PERF} (all cores) or {@link #IO_SERVER}
 * (Amur &amp; Schwan: only the cores the DataNode needs), applied through {@link
 * Actuator#setComputeCores}.
 */
public enum ComputeMode {
  MAX_PERF,
  IO_SERVER
}
