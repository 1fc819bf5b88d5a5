package org.blinkhdfs.agent.actuator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ProcessTree} over a fake /proc, and once over the real one. */
class ProcessTreeTest {
  @TempDir Path proc;

  private void process(int pid, int ppid, char state, String comm) throws Exception {
    Path dir = Files.createDirectories(proc.resolve(Integer.toString(pid)));
    Files.writeString(dir.resolve("stat"), pid + " (" + comm + ") " + state + " " + ppid
        + " 1 1 0 -1 4194304 0 0 0 0");
  }

  @Test
  void expandsEveryGenerationAndLeavesOutOthersAndZombies() throws Exception {
    process(1, 0, 'S', "init");
    process(10, 1, 'S', "java nm");        // the NodeManager
    process(11, 10, 'S', "bash");           // launch_container.sh
    process(12, 11, 'T', "java) (task");    // a task JVM; ')' in the name must not confuse it
    process(13, 10, 'Z', "defunct");        // a zombie child: cannot be stopped
    process(20, 1, 'S', "java dn");         // the DataNode: a root of its own
    process(21, 1, 'S', "other");
    Files.createDirectories(proc.resolve("self"));
    assertEquals(List.of(10, 11, 12), List.copyOf(ProcessTree.expand(proc, Set.of(10))));
    assertEquals(Set.of(10, 11, 12, 20), ProcessTree.expand(proc, Set.of(10, 20)));
  }

  @Test
  void aRootNotRunningStaysSoTheFreezerNamesIt() throws Exception {
    process(10, 1, 'S', "nm");
    assertEquals(Set.of(99), ProcessTree.expand(proc, Set.of(99)));
  }

  @Test
  void findsARealChildOfThisJvm() throws Exception {
    Process child = new ProcessBuilder("sleep", "30").start();
    try {
      int self = (int) ProcessHandle.current().pid();
      Set<Integer> tree = ProcessTree.expand(Path.of("/proc"), Set.of(self));
      assertTrue(tree.contains((int) child.pid()), tree + " lacks " + child.pid());
    } finally {
      child.destroyForcibly();
    }
  }
}
