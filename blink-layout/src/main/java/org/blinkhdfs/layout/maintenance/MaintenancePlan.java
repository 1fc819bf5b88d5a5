package org.blinkhdfs.layout.maintenance;

import java.util.Collections;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * The DataNodes to hold in HDFS maintenance and until when: transfer address ({@code host:port},
 * as in the schedule) to the absolute expiry in milliseconds since the Unix epoch. This is
 * exactly what the combined hosts file says, so comparing two plans tells whether the NameNode
 * must be refreshed.
 *
 * <p>Immutable and thread-safe; nodes are kept sorted so the written file is stable.
 */
public final class MaintenancePlan {
  private static final MaintenancePlan EMPTY = new MaintenancePlan(Map.of());

  private final Map<String, Long> expiryByNode;

  private MaintenancePlan(Map<String, Long> expiryByNode) {
    this.expiryByNode = Collections.unmodifiableMap(new TreeMap<>(expiryByNode));
  }

  /** No node in maintenance. */
  public static MaintenancePlan empty() {
    return EMPTY;
  }

  /** The plan holding each key of {@code expiryByNode} until its value. */
  public static MaintenancePlan of(Map<String, Long> expiryByNode) {
    return expiryByNode.isEmpty() ? EMPTY : new MaintenancePlan(expiryByNode);
  }

  /** The held nodes, sorted. */
  public Set<String> nodes() {
    return expiryByNode.keySet();
  }

  /** Node to expiry, sorted by node. */
  public Map<String, Long> expiries() {
    return expiryByNode;
  }

  public boolean holds(String node) {
    return expiryByNode.containsKey(node);
  }

  /** When {@code node}'s maintenance ends, or empty when it is not held. */
  public OptionalLong expiryMs(String node) {
    Long e = expiryByNode.get(node);
    return e == null ? OptionalLong.empty() : OptionalLong.of(e);
  }

  public int size() {
    return expiryByNode.size();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MaintenancePlan && ((MaintenancePlan) o).expiryByNode.equals(expiryByNode);
  }

  @Override
  public int hashCode() {
    return expiryByNode.hashCode();
  }

  @Override
  public String toString() {
    return "MaintenancePlan" + expiryByNode;
  }
}
