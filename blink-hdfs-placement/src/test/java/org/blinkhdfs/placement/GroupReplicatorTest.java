package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.group.Group;
import org.blinkhdfs.group.GroupReplicationPlanner.Decision;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * {@link GroupReplicator} on a namespace of its own (no NameNode): which files a group holds
 * (nested roots of another group excluded), the byte budget, and no schedule.
 */
class GroupReplicatorTest {
  private static final List<String> RING = List.of("n0:1", "n1:1", "n2:1", "n3:1", "n4:1",
      "n5:1");

  /** Every file one block on positions 0, 2 and 4; 1000 bytes; owner's replication 3. */
  private static final class FakeNamespace implements GroupReplicator.Namespace {
    final Map<String, List<String>> tree = new LinkedHashMap<>();
    long remaining = 1L << 40;

    void file(String dir, String name) {
      tree.computeIfAbsent(dir, d -> new ArrayList<>()).add(dir + "/" + name);
    }

    @Override
    public List<GroupReplicator.FileEntry> files(String root, int max) {
      List<GroupReplicator.FileEntry> out = new ArrayList<>();
      tree.forEach((dir, paths) -> {
        if (dir.equals(root) || dir.startsWith(root + "/")) {
          paths.forEach(p -> out.add(new GroupReplicator.FileEntry(p, 1000, 3, 3)));
        }
      });
      return out.subList(0, Math.min(max, out.size()));
    }

    @Override
    public List<List<String>> blockHolders(String path) {
      return List.of(List.of("n0:1", "n2:1", "n4:1"));
    }

    @Override
    public long remainingBytes() {
      return remaining;
    }
  }

  private static Schedule staggered() {
    Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(6000);
    for (int i = 0; i < RING.size(); i++) {
      b.add(NodeSchedule.blink(RING.get(i), 1000L * i, 1000));
    }
    return b.build();
  }

  private static GroupReplicator replicator(Configuration conf, GroupSet groups,
      FakeNamespace ns, Optional<Schedule> schedule, AtomicReference<Map<String, Integer>> out) {
    return new GroupReplicator(GroupConfig.from(conf), 0.5, 0, () -> groups, ns, () -> schedule,
        s -> new RingLayoutModel(s.ring().size()), out::set);
  }

  private static Configuration conf() {
    Configuration conf = new Configuration(false);
    conf.setBoolean("blink.groups.replication.enabled", true);
    conf.set("blink.groups.file", "/unused");
    return conf;
  }

  @Test
  void aNestedRootOfAnotherGroupKeepsItsFilesAndTheBudgetServesPriorityFirst() throws Exception {
    FakeNamespace ns = new FakeNamespace();
    ns.file("/hi", "a");
    ns.file("/hi/cold", "b"); // under lo's nested root: lo's file
    ns.file("/lo", "c");
    GroupSet groups = GroupSet.empty()
        .add(Group.live("hi", List.of("/hi"), 10).withP90TargetMs(OptionalLong.of(500)))
        .add(Group.live("lo", List.of("/lo", "/hi/cold"), 1)
            .withP90TargetMs(OptionalLong.of(500)));
    Configuration conf = conf();
    // Room for two extra replicas of one 1000-byte file: hi's need (5) and nothing for lo.
    conf.setLong("blink.groups.budget.bytes", 2000);
    AtomicReference<Map<String, Integer>> floors = new AtomicReference<>();
    List<Decision> d = replicator(conf, groups, ns, Optional.of(staggered()), floors).runOnce();
    // Positions 0, 2, 4 leave three 1 s gaps: p90 800 ms at 3 replicas; 5 replicas leave one.
    assertEquals("hi", d.get(0).group());
    assertEquals(5, d.get(0).replication());
    assertTrue(d.get(0).met());
    assertEquals("lo", d.get(1).group());
    assertEquals(3, d.get(1).replication());
    assertFalse(d.get(1).met());
    assertTrue(d.get(1).reason().startsWith("needs 5 replicas (p90 wait 400 ms"),
        d.get(1).reason());
    assertEquals(Map.of("/hi/a", 5), floors.get());
  }

  @Test
  void withoutASchedulePlansNothingAndClearsTheFloors() throws Exception {
    FakeNamespace ns = new FakeNamespace();
    ns.file("/hi", "a");
    AtomicReference<Map<String, Integer>> floors = new AtomicReference<>(new HashMap<>(
        Map.of("/old", 6)));
    GroupSet groups = GroupSet.empty()
        .add(Group.live("hi", List.of("/hi"), 10).withP90TargetMs(OptionalLong.of(500)));
    assertEquals(List.of(), replicator(conf(), groups, ns, Optional.empty(), floors).runOnce());
    assertEquals(Map.of(), floors.get());
  }
}
