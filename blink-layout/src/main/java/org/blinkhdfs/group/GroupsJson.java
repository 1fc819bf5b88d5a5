package org.blinkhdfs.group;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * The groups document: the scheduler's groups file, {@code GET/PUT /v1/groups}, and what the
 * NameNode and {@code bin/blink admin groups} read, so every reader agrees by construction.
 *
 * <pre>
 * {"revision": 3, "groups": [
 *   {"name": "web", "roots": ["/data/web"], "priority": 10, "p90TargetMs": 500,
 *    "minAvailability": 0.9},
 *   {"name": "logs", "roots": ["/data/logs", "/data/audit"], "priority": 1},
 *   {"name": "audit", "status": "merged", "mergedInto": "logs"}
 * ]}
 * </pre>
 *
 * <p>{@code priority} defaults to 1, {@code status} to {@code live}, {@code roots} to none; the
 * targets are absent unless given. Unlike the schedule, unknown fields are refused: a misspelt
 * {@code p90Target} silently ignored would leave a group without the target its operator set.
 * Errors name the field, the value and the fix, e.g. {@code groups[1].priority 0 must be ...}.
 *
 * <p>Thread-safe.
 */
public final class GroupsJson {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  private static final Set<String> TOP = Set.of("revision", "groups");
  private static final Set<String> FIELDS = Set.of("name", "roots", "priority", "p90TargetMs",
      "minAvailability", "status", "mergedInto");
  private static final String EXAMPLE = " (e.g. {\"revision\": 0, \"groups\": [{\"name\": \"web\","
      + " \"roots\": [\"/data/web\"], \"priority\": 10, \"p90TargetMs\": 500}]})";

  private GroupsJson() {}

  public static String write(GroupSet groups) {
    return node(groups).toString();
  }

  public static ObjectNode node(GroupSet groups) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("revision", groups.revision());
    ArrayNode list = root.putArray("groups");
    for (Group g : groups.entries()) {
      ObjectNode o = list.addObject();
      o.put("name", g.name());
      if (g.isLive()) {
        ArrayNode roots = o.putArray("roots");
        g.roots().forEach(roots::add);
      }
      o.put("priority", g.priority());
      g.p90TargetMs().ifPresent(t -> o.put("p90TargetMs", t));
      g.minAvailability().ifPresent(a -> o.put("minAvailability", a));
      if (!g.isLive()) {
        o.put("status", g.status().json());
      }
      g.mergedInto().ifPresent(s -> o.put("mergedInto", s));
    }
    return root;
  }

  /**
   * Parses and validates a groups document.
   *
   * @throws IllegalArgumentException naming the field, the value and the fix
   */
  public static GroupSet read(String json) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("groups: not valid JSON: " + e.getOriginalMessage()
          + EXAMPLE);
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("groups: expected a JSON object" + EXAMPLE);
    }
    unknown(root, TOP, "groups document");
    JsonNode rev = root.get("revision");
    if (rev == null || !rev.canConvertToLong() || !rev.isIntegralNumber() || rev.asLong() < 0) {
      throw new IllegalArgumentException("groups.revision " + (rev == null ? "is missing" : rev)
          + ": give the revision you read from GET /v1/groups (a whole number >= 0)" + EXAMPLE);
    }
    JsonNode list = root.get("groups");
    if (list == null || !list.isArray()) {
      throw new IllegalArgumentException("groups.groups " + (list == null ? "is missing"
          : list + " is not an array") + ": list the groups, [] for none" + EXAMPLE);
    }
    List<Group> entries = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      entries.add(group(list.get(i), "groups[" + i + "]"));
    }
    return new GroupSet(rev.asLong(), entries);
  }

  /** The most names a live-groups report may carry. */
  public static final int MAX_LIVE = 1_000;

  /**
   * The NameNode's report of the groups read or written lately ({@code PUT /v1/groups/live}):
   * {@code {"live": ["hi", "lo"]}}.
   */
  public static String writeLive(Collection<String> live) {
    ObjectNode root = MAPPER.createObjectNode();
    ArrayNode list = root.putArray("live");
    new TreeSet<>(live).forEach(list::add);
    return root.toString();
  }

  /**
   * Parses a live-groups report.
   *
   * @throws IllegalArgumentException naming the field, the value and the fix
   */
  public static Set<String> readLive(String json) {
    String example = " (e.g. {\"live\": [\"hi\", \"lo\"]})";
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("live groups: not valid JSON: " + e.getOriginalMessage()
          + example);
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("live groups: expected a JSON object" + example);
    }
    unknown(root, Set.of("live"), "live groups");
    JsonNode list = root.get("live");
    if (list == null || !list.isArray() || list.size() > MAX_LIVE) {
      throw new IllegalArgumentException("live groups.live " + (list == null ? "is missing"
          : "is not an array of at most " + MAX_LIVE + " names") + ": list the group names"
          + example);
    }
    Set<String> names = new TreeSet<>();
    for (int i = 0; i < list.size(); i++) {
      JsonNode n = list.get(i);
      if (!n.isTextual() || n.asText().isBlank() || n.asText().length() > 256) {
        throw new IllegalArgumentException("live groups.live[" + i + "] " + n + " is not a"
            + " group name: give the names as strings" + example);
      }
      names.add(n.asText());
    }
    return names;
  }

  private static Group group(JsonNode o, String where) {
    if (!o.isObject()) {
      throw new IllegalArgumentException(where + " " + o + " is not an object" + EXAMPLE);
    }
    unknown(o, FIELDS, where);
    JsonNode name = o.get("name");
    if (name == null || !name.isTextual()) {
      throw new IllegalArgumentException(where + ".name " + (name == null ? "is missing" : name)
          + ": give the group's name as a string, e.g. \"web\"");
    }
    List<String> roots = new ArrayList<>();
    JsonNode r = o.get("roots");
    if (r != null) {
      if (!r.isArray()) {
        throw new IllegalArgumentException(where + ".roots " + r + " is not an array of HDFS"
            + " directories, e.g. [\"/data/web\"]");
      }
      for (int j = 0; j < r.size(); j++) {
        if (!r.get(j).isTextual()) {
          throw new IllegalArgumentException(where + ".roots[" + j + "] " + r.get(j)
              + " is not a string: give an absolute HDFS directory such as \"/data/web\"");
        }
        roots.add(r.get(j).asText());
      }
    }
    int priority = Group.DEFAULT_PRIORITY;
    JsonNode p = o.get("priority");
    if (p != null) {
      if (!p.isIntegralNumber() || !p.canConvertToInt()) {
        throw new IllegalArgumentException(where + ".priority " + p + " must be a whole number"
            + " in 1..1000");
      }
      priority = p.asInt();
    }
    OptionalLong target = OptionalLong.empty();
    JsonNode t = o.get("p90TargetMs");
    if (t != null && !t.isNull()) {
      if (!t.isIntegralNumber() || !t.canConvertToLong()) {
        throw new IllegalArgumentException(where + ".p90TargetMs " + t + " must be a whole"
            + " number of milliseconds > 0, e.g. 500");
      }
      target = OptionalLong.of(t.asLong());
    }
    OptionalDouble min = OptionalDouble.empty();
    JsonNode a = o.get("minAvailability");
    if (a != null && !a.isNull()) {
      if (!a.isNumber()) {
        throw new IllegalArgumentException(where + ".minAvailability " + a + " must be a"
            + " fraction in (0, 1], e.g. 0.9");
      }
      min = OptionalDouble.of(a.asDouble());
    }
    Group.Status status = Group.Status.LIVE;
    JsonNode s = o.get("status");
    if (s != null) {
      status = statusOf(s, where);
    }
    Optional<String> into = Optional.empty();
    JsonNode m = o.get("mergedInto");
    if (m != null) {
      if (!m.isTextual()) {
        throw new IllegalArgumentException(where + ".mergedInto " + m + " must be a group name");
      }
      into = Optional.of(m.asText());
    }
    try {
      return new Group(name.asText(), roots, priority, target, min, status, into);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  private static Group.Status statusOf(JsonNode s, String where) {
    for (Group.Status st : Group.Status.values()) {
      if (st.json().equals(s.asText()) && s.isTextual()) {
        return st;
      }
    }
    throw new IllegalArgumentException(where + ".status " + s + " must be \"live\", \"merged\""
        + " or \"removed\"");
  }

  private static void unknown(JsonNode o, Set<String> allowed, String where) {
    for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!allowed.contains(f)) {
        throw new IllegalArgumentException(where + " has unknown field '" + f + "': allowed are "
            + allowed.stream().sorted().toList());
      }
    }
  }
}
