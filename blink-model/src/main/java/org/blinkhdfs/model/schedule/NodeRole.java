package org.blinkhdfs.model.schedule;

/**
 * Whether a node takes part in the layout ring or stands in for sleeping ring nodes.
 *
 * <p>{@link #RING} is the default (absent from the JSON). {@link #STAGING} nodes are always on and
 * may hold replicas temporarily for sleeping layout targets; they are not part of the ring or of
 * the stagger order.
 */
public enum NodeRole {
  RING,
  STAGING
}
