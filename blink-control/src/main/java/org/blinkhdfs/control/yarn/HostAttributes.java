package org.blinkhdfs.control.yarn;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The attributes of one host when several scheduled DataNodes' NodeManagers share it.
 *
 * <p>Why: YARN keys node attributes by host name, not by NodeManager ({@code
 * NodesToAttributesMappingRequest} names hosts and the ResourceManager applies them to every
 * NodeManager on that host), while node resources are per NodeManager. On a real cluster one
 * DataNode and one NodeManager share a host and this is the identity. On a test cluster where
 * several NodeManagers run on 127.0.0.1 the values can disagree; then the attribute reads {@code
 * mixed}, so a placement constraint such as {@code blink-hdfs-awake=true} never matches a host
 * that is only partly awake. The per-NodeManager resources stay exact either way.
 *
 * <p>Example: states (mode BLINK, awake true) and (mode BLINK, awake false) on one host merge to
 * mode BLINK, awake mixed.
 */
public final class HostAttributes {
  /** The value of an attribute the NodeManagers of one host disagree on. */
  public static final String MIXED = "mixed";

  private HostAttributes() {}

  /** The merged attributes of {@code states} (at least one), in {@link YarnNodeState} order. */
  public static Map<String, String> merge(List<YarnNodeState> states) {
    if (states.isEmpty()) {
      throw new IllegalArgumentException("a host needs at least one node state");
    }
    Map<String, String> out = new LinkedHashMap<>(states.get(0).attributes());
    for (YarnNodeState s : states.subList(1, states.size())) {
      s.attributes().forEach((k, v) -> {
        if (!v.equals(out.get(k))) {
          out.put(k, MIXED);
        }
      });
    }
    return out;
  }
}
