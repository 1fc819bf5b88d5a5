package org.blinkhdfs.model.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The persisted form of a {@link GroupMembership}: a small properties text, one line per group,
 * so a restarted scheduler keeps every node's group and an operator can read (and diff) it.
 *
 * <pre>
 * # blink phase-group membership
 * format=1
 * groups=3
 * version=4
 * group.0=dn1:9866,dn4:9866,dn7:9866
 * group.1=dn2:9866,dn5:9866,dn8:9866
 * group.2=dn3:9866,dn6:9866,dn9:9866
 * </pre>
 *
 * <p>{@code groups} is G as configured ({@code blink.phase.groups}); there are {@code min(G, N)}
 * {@code group.g} lines, g = 0, 1, …, each listing its members in the order they joined. Blank
 * lines and lines starting with {@code #} are ignored. Every error names the line's key, the
 * value and the fix; a file is never half read.
 *
 * <p>Stateless; pure.
 */
public final class MembershipCodec {
  /** The only format written and read. */
  public static final int FORMAT = 1;

  private MembershipCodec() {}

  /** The persisted text of {@code membership}. */
  public static String write(GroupMembership membership) {
    StringBuilder out = new StringBuilder("# blink phase-group membership\n");
    out.append("format=").append(FORMAT).append('\n');
    out.append("groups=").append(membership.configuredGroups()).append('\n');
    out.append("version=").append(membership.version()).append('\n');
    for (int g = 0; g < membership.groupCount(); g++) {
      out.append("group.").append(g).append('=')
          .append(String.join(",", membership.members(g))).append('\n');
    }
    return out.toString();
  }

  /**
   * The membership {@code text} holds; {@code source} (a path) names it in errors.
   *
   * @throws IllegalArgumentException naming the key, the value and the fix for any bad line
   */
  public static GroupMembership read(String text, String source) {
    Map<String, String> keys = new TreeMap<>();
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw bad(source, "line " + (i + 1) + " '" + line + "' is not key=value: write e.g."
            + " group.0=dn1:9866,dn4:9866");
      }
      String key = line.substring(0, eq).strip();
      if (keys.put(key, line.substring(eq + 1).strip()) != null) {
        throw bad(source, "key " + key + " appears twice (line " + (i + 1) + "): keep one");
      }
    }
    int format = number(keys, "format", source);
    if (format != FORMAT) {
      throw bad(source, "format=" + format + " is not a membership format this version reads ("
          + FORMAT + "): write it with this version's bin/blink admin");
    }
    int groups = number(keys, "groups", source);
    if (groups < 1) {
      throw bad(source, "groups=" + groups + " must be at least 1: give blink.phase.groups (3"
          + " for dfs.replication = 3)");
    }
    long version = longNumber(keys, "version", source);
    List<List<String>> members = new ArrayList<>();
    for (int g = 0; keys.containsKey("group." + g); g++) {
      String value = keys.remove("group." + g);
      List<String> nodes = new ArrayList<>();
      for (String part : value.split(",", -1)) {
        try {
          nodes.add(GroupMembership.requireName(part.strip()));
        } catch (IllegalArgumentException e) {
          throw bad(source, "group." + g + "=" + value + ": " + e.getMessage());
        }
      }
      members.add(nodes);
    }
    for (String key : keys.keySet()) {
      if (!List.of("format", "groups", "version").contains(key)) {
        throw bad(source, "key " + key + "=" + keys.get(key) + " is not a membership key"
            + (key.startsWith("group.") ? " (groups must be numbered 0, 1, ... without gaps)"
                : "") + ": keep format, groups, version and group.0, group.1, ...");
      }
    }
    if (members.isEmpty()) {
      throw bad(source, "no group.0 line: list the members of each phase group, e.g."
          + " group.0=dn1:9866,dn4:9866");
    }
    int nodes = members.stream().mapToInt(List::size).sum();
    if (members.size() != Math.min(groups, nodes)) {
      throw bad(source, members.size() + " group lines for groups=" + groups + " and " + nodes
          + " nodes: a membership has min(groups, nodes) = " + Math.min(groups, nodes)
          + " groups; fix groups= or the group lines");
    }
    try {
      return new GroupMembership(groups, members, version);
    } catch (IllegalArgumentException e) {
      throw bad(source, e.getMessage());
    }
  }

  private static int number(Map<String, String> keys, String key, String source) {
    long v = longNumber(keys, key, source);
    if (v > Integer.MAX_VALUE) {
      throw bad(source, key + "=" + v + " is too large: give a whole number below 2^31");
    }
    return (int) v;
  }

  private static long longNumber(Map<String, String> keys, String key, String source) {
    String value = keys.get(key);
    if (value == null) {
      throw bad(source, "key " + key + " is missing: add " + key + "=<whole number>");
    }
    try {
      long v = Long.parseLong(value);
      if (v < 0) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw bad(source, key + "=" + value + " is not a whole number >= 0: write e.g. " + key
          + "=3");
    }
  }

  private static IllegalArgumentException bad(String source, String message) {
    return new IllegalArgumentException("membership " + source + ": " + message);
  }
}
