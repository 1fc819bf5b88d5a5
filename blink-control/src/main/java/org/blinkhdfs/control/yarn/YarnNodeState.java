package org.blinkhdfs.control.yarn;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What YARN should be told about one DataNode's host at one instant: the node attributes that
 * describe its place in the blink schedule and the compute its NodeManager may offer.
 *
 * <p>Attribute names and values follow YARN 3.5.0's rules for centralized node attributes: the
 * ResourceManager's admin interface accepts only the prefix {@code rm.yarn.io} (AdminService
 * rejects any other with "Prefix should be rm.yarn.io"), names match {@code
 * [0-9a-zA-Z][0-9a-zA-Z-_]*} (no dots) and values {@code [0-9a-zA-Z][0-9a-zA-Z-_.]*}. So the
 * {@code blink.hdfs} namespace is carried in the name: {@code rm.yarn.io/blink-hdfs-mode}.
 *
 * <ul>
 *   <li>{@code blink-hdfs-mode}: ACTIVE, BLINK, IO_SERVER or OFF (the schedule's mode; ACTIVE
 *       once the schedule expired, when everyone is awake).
 *   <li>{@code blink-hdfs-role}: RING or STAGING.
 *   <li>{@code blink-hdfs-window}: {@code always}, {@code never} or {@code
 *       at<offsetMs>-for<lengthMs>-of<intervalMs>}, e.g. {@code at20000-for20000-of60000}.
 *   <li>{@code blink-hdfs-awake}: true or false now.
 *   <li>{@code blink-hdfs-compute}: true when the node offers compute now (awake, not an
 *       io-server, window not closing within the lead): usable in placement constraints.
 * </ul>
 *
 * <p>Immutable.
 */
public record YarnNodeState(String node, String mode, String role, String window, boolean awake,
    ComputeResource resource) {
  /** The only prefix YARN's admin interface accepts for centralized attributes. */
  public static final String PREFIX = "rm.yarn.io";
  public static final String MODE = "blink-hdfs-mode";
  public static final String ROLE = "blink-hdfs-role";
  public static final String WINDOW = "blink-hdfs-window";
  public static final String AWAKE = "blink-hdfs-awake";
  public static final String COMPUTE = "blink-hdfs-compute";
  /** Every attribute name this class publishes (all start with {@code blink-hdfs-}). */
  public static final String NAME_START = "blink-hdfs-";

  /** True when the node may start containers now. */
  public boolean offersCompute() {
    return !resource.isZero();
  }

  /** Attribute name to value, in a fixed order. */
  public Map<String, String> attributes() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(MODE, mode);
    m.put(ROLE, role);
    m.put(WINDOW, window);
    m.put(AWAKE, Boolean.toString(awake));
    m.put(COMPUTE, Boolean.toString(offersCompute()));
    return m;
  }
}
