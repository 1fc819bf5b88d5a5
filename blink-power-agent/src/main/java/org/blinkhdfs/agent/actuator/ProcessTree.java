package org.blinkhdfs.agent.actuator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A process and all its descendants, read from {@code /proc/<pid>/stat} (field 4, the parent
 * pid): what {@code --pid-tree} freezes when no cgroup holds a host. A NodeManager forks its
 * containers ({@code bash launch_container.sh}, then the task's JVM) while it runs, so the set
 * is expanded again at every freeze rather than fixed at start.
 *
 * <p>Worked example: a proc tree 10 (ppid 1), 11 (ppid 10), 12 (ppid 11), 20 (ppid 1) gives
 * {@code expand(proc, {10}) = {10, 11, 12}}. Zombies (state Z) and exited processes are left
 * out: they cannot be stopped and need not be. A root that is not running stays in the set, so
 * the freezer names it in its error.
 *
 * <p>Limits: a process forked between the expansion and the SIGSTOP of its parent escapes that
 * freeze (it is caught at the next); a cgroup has no such window and is preferred. Stateless.
 */
public final class ProcessTree {
  private ProcessTree() {}

  /** {@code roots} and their living descendants under {@code proc}, roots first. */
  public static Set<Integer> expand(Path proc, Set<Integer> roots) {
    Map<Integer, List<Integer>> children = new HashMap<>();
    try (Stream<Path> entries = Files.list(proc)) {
      for (Path p : (Iterable<Path>) entries::iterator) {
        String name = p.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) {
          continue;
        }
        String stat = read(p.resolve("stat"));
        int close = stat.lastIndexOf(')');
        if (close < 0) {
          continue; // exited while we looked
        }
        String[] fields = stat.substring(close + 2).split(" ");
        if (fields.length < 2 || fields[0].equals("Z") || fields[0].equals("X")) {
          continue;
        }
        children.computeIfAbsent(Integer.parseInt(fields[1]), k -> new ArrayList<>())
            .add(Integer.parseInt(name));
      }
    } catch (IOException e) {
      return Set.copyOf(roots); // no /proc: the roots alone
    }
    Set<Integer> out = new LinkedHashSet<>(roots);
    Deque<Integer> todo = new ArrayDeque<>(roots);
    while (!todo.isEmpty()) {
      for (int child : children.getOrDefault(todo.poll(), List.of())) {
        if (out.add(child)) {
          todo.add(child);
        }
      }
    }
    return out;
  }

  private static String read(Path stat) {
    try {
      return Files.readString(stat, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      return "";
    }
  }
}
