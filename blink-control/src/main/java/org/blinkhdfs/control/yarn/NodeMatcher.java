package org.blinkhdfs.control.yarn;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Finds the YARN NodeManager of each scheduled DataNode.
 *
 * <p>A schedule names DataNodes by transfer address ({@code 10.0.0.11:9866}); YARN names
 * NodeManagers by NodeId ({@code node11.example:45454}). The rules, in order:
 *
 * <ol>
 *   <li>An explicit entry of {@code blink.yarn.nodes} ({@code dnXferAddr=nmHost:nmPort}) wins; it
 *       must name a NodeManager the ResourceManager knows, else the DataNode is skipped.
 *   <li>Otherwise the NodeManager on the same host: its host equals the DataNode's, or both
 *       resolve to the same address through {@code resolve} (an IP in the schedule, a host name
 *       in YARN). Exactly one must match; several on one host (a test cluster on 127.0.0.1)
 *       need the explicit map, so the DataNode is skipped with a reason naming the key.
 *   <li>A DataNode with no active NodeManager is skipped (a storage-only host, or one whose
 *       NodeManager the ResourceManager declared LOST: it is matched again once it
 *       re-registers); a NodeManager no DataNode maps to is not returned and so left alone.
 * </ol>
 *
 * <p>Example: DataNodes 10.0.0.11:9866 and 10.0.0.12:9866, NodeManagers n11:45454 and n12:45454
 * with n11 resolving to 10.0.0.11 and n12 to 10.0.0.12: each DataNode gets its host's
 * NodeManager.
 *
 * <p>Stateless; {@code resolve} must be thread-safe if the caller is concurrent.
 */
public final class NodeMatcher {
  /** The matches and, for each DataNode skipped, why. */
  public record Result(Map<String, String> matched, Map<String, String> skipped) {}

  private NodeMatcher() {}

  /**
   * @param dataNodes scheduled DataNode transfer addresses, {@code host:port}
   * @param explicit DataNode address to NodeId {@code host:port} (may be empty)
   * @param nodeManagers the NodeIds of the ResourceManager's active nodes, {@code host:port}
   * @param resolve host name to a canonical address (e.g. the IP); return the input when unknown
   */
  public static Result match(Collection<String> dataNodes, Map<String, String> explicit,
      Collection<String> nodeManagers, Function<String, String> resolve) {
    Map<String, String> matched = new LinkedHashMap<>();
    Map<String, String> skipped = new LinkedHashMap<>();
    for (String dn : dataNodes) {
      String nm = explicit.get(dn);
      if (nm != null) {
        if (nodeManagers.contains(nm)) {
          matched.put(dn, nm);
        } else {
          skipped.put(dn, "blink.yarn.nodes maps it to " + nm
              + ", which the ResourceManager does not list as active");
        }
        continue;
      }
      String host = hostOf(dn);
      List<String> same = new ArrayList<>();
      for (String candidate : nodeManagers) {
        String h = hostOf(candidate);
        if (h.equalsIgnoreCase(host) || resolve.apply(h).equals(resolve.apply(host))) {
          same.add(candidate);
        }
      }
      if (same.size() == 1) {
        matched.put(dn, same.get(0));
      } else if (same.isEmpty()) {
        skipped.put(dn, "no active NodeManager (RUNNING, UNHEALTHY or DECOMMISSIONING) on host "
            + host);
      } else {
        skipped.put(dn, same.size() + " NodeManagers run on host " + host + " " + same
            + ": name one in blink.yarn.nodes as " + dn + "=nmHost:nmPort");
      }
    }
    return new Result(matched, skipped);
  }

  /** The host part of {@code host:port} (brackets of an IPv6 literal kept). */
  public static String hostOf(String address) {
    int colon = address.lastIndexOf(':');
    return colon > 0 ? address.substring(0, colon) : address;
  }
}
