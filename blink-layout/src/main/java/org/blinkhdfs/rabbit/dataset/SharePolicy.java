package org.blinkhdfs.rabbit.dataset;

/**
 * How the active nodes are shared among live datasets (Rabbit §3.4, §4.3.2, §4.3.3).
 *
 * <ul>
 *   <li>{@link #FAIR_SHARE}: every live dataset gets ⌊n/k⌋ or ⌈n/k⌉ of the n active nodes; the
 *       ⌈⌉ go to the first datasets by name.
 *   <li>{@link #PRIORITY}: nodes in proportion to the datasets' weights (largest remainder), and
 *       a node both datasets value equally goes to the heavier one.
 * </ul>
 * In both, a live dataset gets at least one node when n ≥ k.
 */
public enum SharePolicy {
  FAIR_SHARE,
  PRIORITY
}
