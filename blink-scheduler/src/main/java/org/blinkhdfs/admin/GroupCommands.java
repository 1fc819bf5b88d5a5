package org.blinkhdfs.admin;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.blinkhdfs.common.cli.Durations;
import org.blinkhdfs.group.Group;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.group.GroupsJson;
import org.blinkhdfs.model.wire.SchedulerApi;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * {@code blinkadmin}'s application-group commands ({@code -groups}, {@code -addGroup}, {@code
 * -setGroup}, {@code -mergeGroups}, {@code -splitGroup}, {@code -removeGroup}).
 *
 * <p>Why read-modify-write here rather than one endpoint per edit: the edits are the pure
 * {@link GroupSet} methods, so the admin tool, the tests and the scheduler's validation share one
 * definition. Each edit reads {@code GET /v1/groups}, applies the edit, and sends the result with
 * the revision it read; when another change came first (409) it reads again and re-applies the
 * edit, up to {@value #ATTEMPTS} times, so no change is lost and none is applied twice.
 *
 * <p>Options are {@code key=value} words after the positional arguments: {@code priority=10},
 * {@code p90=500ms} (any duration; {@code none} clears it), {@code minAvailability=0.9}
 * ({@code none} clears it), {@code roots=/a,/b} (for {@code -addGroup}).
 */
final class GroupCommands {
  static final int ATTEMPTS = 3;
  private static final Set<String> OPTIONS = Set.of("priority", "p90", "minAvailability",
      "roots");

  private GroupCommands() {}

  /** The {@code -groups} text: live groups as a table, then the retired ones. */
  static String format(GroupSet set) {
    StringBuilder sb = new StringBuilder();
    sb.append("Groups (revision ").append(set.revision()).append("): ")
        .append(set.live().size()).append(" live\n");
    if (!set.live().isEmpty()) {
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"group", "priority", "p90 target", "min availability", "roots"});
      for (Group g : set.live()) {
        rows.add(new String[] {g.name(), Integer.toString(g.priority()),
            g.p90TargetMs().isPresent() ? g.p90TargetMs().getAsLong() + " ms" : "-",
            g.minAvailability().isPresent() ? Double.toString(g.minAvailability().getAsDouble())
                : "-", g.roots().isEmpty() ? "(xattr only)" : String.join(" ", g.roots())});
      }
      sb.append(AdminFormat.table(rows));
    }
    List<String> retired = new ArrayList<>();
    for (Group g : set.entries()) {
      if (!g.isLive()) {
        retired.add(g.name() + g.mergedInto().map(s -> " (merged into " + s + ")")
            .orElse(" (removed)"));
      }
    }
    if (!retired.isEmpty()) {
      sb.append("Retired: ").append(String.join(", ", retired)).append('\n');
    }
    return sb.toString();
  }

  static GroupSet read(SchedulerHttp http, String what) throws BlinkAdmin.AdminException,
      IOException {
    SchedulerHttp.Response r = http.get(SchedulerApi.GROUPS, "application/json");
    if (!r.isSuccess()) {
      throw new BlinkAdmin.AdminException(what + ": the scheduler answered " + r.status() + " ("
          + r.method() + " " + r.url() + "): " + r.errorMessage());
    }
    try {
      return GroupsJson.read(new String(r.body(), StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      throw new BlinkAdmin.AdminException(what + ": GET " + r.url() + " returned invalid groups: "
          + e.getMessage());
    }
  }

  /** Applies {@code edit} to the scheduler's groups, retrying on a concurrent change. */
  static GroupSet edit(SchedulerHttp http, String what, UnaryOperator<GroupSet> edit)
      throws BlinkAdmin.AdminException, IOException {
    for (int attempt = 1; ; attempt++) {
      GroupSet current = read(http, what);
      GroupSet next;
      try {
        next = edit.apply(current);
      } catch (IllegalArgumentException e) {
        throw new BlinkAdmin.AdminException(what + ": " + e.getMessage());
      }
      // The scheduler checks the revision the change was based on and stores the next one.
      SchedulerHttp.Response r = http.putText(SchedulerApi.GROUPS,
          GroupsJson.write(next.atRevision(current.revision())));
      if (r.status() == 409 && attempt < ATTEMPTS) {
        continue;
      }
      if (!r.isSuccess()) {
        throw new BlinkAdmin.AdminException(what + ": the scheduler answered " + r.status()
            + " (" + r.method() + " " + r.url() + "): " + r.errorMessage());
      }
      return GroupsJson.read(new String(r.body(), StandardCharsets.UTF_8));
    }
  }

  /** {@code -addGroup <name> [roots=/a,/b] [priority=N] [p90=D] [minAvailability=F]}. */
  static UnaryOperator<GroupSet> add(List<String> p) throws BlinkAdmin.AdminException {
    Map<String, String> o = options("-addGroup", p.subList(1, p.size()));
    List<String> roots = o.containsKey("roots") ? Arrays.stream(o.get("roots").split(","))
        .map(String::trim).filter(s -> !s.isEmpty()).toList() : List.of();
    int priority = o.containsKey("priority") ? priority("-addGroup", o.get("priority"))
        : Group.DEFAULT_PRIORITY;
    OptionalLong p90 = o.containsKey("p90") ? p90("-addGroup", o.get("p90"))
        : OptionalLong.empty();
    OptionalDouble min = o.containsKey("minAvailability")
        ? minAvailability("-addGroup", o.get("minAvailability")) : OptionalDouble.empty();
    String name = p.get(0);
    return set -> set.add(Group.live(name, roots, priority).withP90TargetMs(p90)
        .withMinAvailability(min));
  }

  /** {@code -setGroup <name> [priority=N] [p90=D|none] [minAvailability=F|none]}. */
  static UnaryOperator<GroupSet> set(List<String> p) throws BlinkAdmin.AdminException {
    Map<String, String> o = options("-setGroup", p.subList(1, p.size()));
    if (o.containsKey("roots")) {
      throw new BlinkAdmin.AdminException("-setGroup does not change roots: use -splitGroup to"
          + " move directories to a new group, -mergeGroups to join groups");
    }
    if (o.isEmpty()) {
      throw new BlinkAdmin.AdminException("-setGroup " + p.get(0) + " changes nothing: give"
          + " priority=N, p90=<duration>|none or minAvailability=<fraction>|none");
    }
    Integer priority = o.containsKey("priority") ? priority("-setGroup", o.get("priority"))
        : null;
    OptionalLong p90 = o.containsKey("p90") ? p90("-setGroup", o.get("p90")) : null;
    OptionalDouble min = o.containsKey("minAvailability")
        ? minAvailability("-setGroup", o.get("minAvailability")) : null;
    String name = p.get(0);
    return set -> {
      Group g = set.get(name).orElseThrow(() -> new IllegalArgumentException("no group '" + name
          + "'; groups: " + set.live().stream().map(Group::name).toList()));
      return set.update(name, priority != null ? priority : g.priority(),
          p90 != null ? p90 : g.p90TargetMs(), min != null ? min : g.minAvailability());
    };
  }

  private static Map<String, String> options(String cmd, List<String> words)
      throws BlinkAdmin.AdminException {
    Map<String, String> out = new HashMap<>();
    for (String w : words) {
      int eq = w.indexOf('=');
      String key = eq < 0 ? w : w.substring(0, eq);
      if (eq < 0 || !OPTIONS.contains(key)) {
        throw new BlinkAdmin.AdminException(cmd + ": '" + w + "' is not an option: give"
            + " key=value words, keys " + OPTIONS.stream().sorted().toList());
      }
      if (out.put(key, w.substring(eq + 1).trim()) != null) {
        throw new BlinkAdmin.AdminException(cmd + ": " + key + " is given twice");
      }
    }
    return out;
  }

  private static int priority(String cmd, String v) throws BlinkAdmin.AdminException {
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new BlinkAdmin.AdminException(cmd + ": priority '" + v + "' must be a whole number"
          + " in 1..1000");
    }
  }

  private static OptionalLong p90(String cmd, String v) throws BlinkAdmin.AdminException {
    if (v.equals("none")) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Durations.parseMs(v));
    } catch (IllegalArgumentException e) {
      throw new BlinkAdmin.AdminException(cmd + ": p90 " + e.getMessage()
          + "; or none to clear the target");
    }
  }

  private static OptionalDouble minAvailability(String cmd, String v)
      throws BlinkAdmin.AdminException {
    if (v.equals("none")) {
      return OptionalDouble.empty();
    }
    try {
      return OptionalDouble.of(Double.parseDouble(v));
    } catch (NumberFormatException e) {
      throw new BlinkAdmin.AdminException(cmd + ": minAvailability '" + v + "' must be a"
          + " fraction in (0, 1], e.g. 0.9, or none");
    }
  }
}
