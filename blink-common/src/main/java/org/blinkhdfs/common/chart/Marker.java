package org.blinkhdfs.common.chart;

/** What marks each data point of a series: nothing, or a filled circle. */
public enum Marker {
  NONE,
  CIRCLE
}
