package org.blinkhdfs.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.IOException;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.StorageType;
import org.blinkhdfs.model.schedule.LocationOrder.Keep;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** The class javadoc's example: node 1 ACTIVE, node 2 awake 10 s more, node 3 asleep. */
class BlockLocationOrderTest {
  static final long START = 1_790_000_000_000L;
  static final long NOW = START + 10_000;
  static final String N1 = "10.0.0.1:9866";
  static final String N2 = "10.0.0.2:9866";
  static final String N3 = "10.0.0.3:9866";

  static final Schedule SCHEDULE = Schedule.builder().epoch(1).intervalStartMs(START)
      .intervalMs(60_000).add(NodeSchedule.of(N1, NodeMode.ACTIVE))
      .add(NodeSchedule.blink(N2, 0, 20_000)).add(NodeSchedule.blink(N3, 30_000, 10_000))
      .build();

  /** Replicas in the NameNode's order 3, 1, 2; node 3 also caches the block. */
  static BlockLocation location() {
    return new BlockLocation(new String[] {N3, N1, N2}, new String[] {"h3", "h1", "h2"},
        new String[] {"h3"}, new String[] {"/r/" + N3, "/r/" + N1, "/r/" + N2},
        new String[] {"s3", "s1", "s2"},
        new StorageType[] {StorageType.SSD, StorageType.DISK, StorageType.ARCHIVE}, 0, 100,
        false);
  }

  @Test
  void usableKeepsTheAwakeReplicasLongestFirstInEveryArray() throws IOException {
    BlockLocation loc = location();
    BlockLocationOrder.apply(loc, SCHEDULE, NOW, 1_000, Keep.USABLE);
    assertArrayEquals(new String[] {N1, N2}, loc.getNames());
    assertArrayEquals(new String[] {"h1", "h2"}, loc.getHosts());
    assertArrayEquals(new String[] {"/r/" + N1, "/r/" + N2}, loc.getTopologyPaths());
    assertArrayEquals(new String[] {"s1", "s2"}, loc.getStorageIds());
    assertArrayEquals(new StorageType[] {StorageType.DISK, StorageType.ARCHIVE},
        loc.getStorageTypes());
    assertArrayEquals(new String[0], loc.getCachedHosts(), "h3 is no longer listed");
  }

  @Test
  void allPutsTheAsleepReplicaLast() throws IOException {
    BlockLocation loc = location();
    BlockLocationOrder.apply(loc, SCHEDULE, NOW, 1_000, Keep.ALL);
    assertArrayEquals(new String[] {N1, N2, N3}, loc.getNames());
    assertArrayEquals(new String[] {"h1", "h2", "h3"}, loc.getHosts());
    assertArrayEquals(new String[] {"/r/" + N1, "/r/" + N2, "/r/" + N3}, loc.getTopologyPaths());
    assertArrayEquals(new String[] {"s1", "s2", "s3"}, loc.getStorageIds());
    assertArrayEquals(new StorageType[] {StorageType.DISK, StorageType.ARCHIVE, StorageType.SSD},
        loc.getStorageTypes());
    assertArrayEquals(new String[] {"h3"}, loc.getCachedHosts());
  }

  @Test
  void emptyOptionalArraysStayEmpty() throws IOException {
    BlockLocation loc = new BlockLocation(new String[] {N3, N2}, new String[] {"h3", "h2"}, 0, 1);
    BlockLocationOrder.apply(loc, SCHEDULE, NOW, 1_000, Keep.ALL);
    assertArrayEquals(new String[] {N2, N3}, loc.getNames());
    assertArrayEquals(new String[] {"h2", "h3"}, loc.getHosts());
    assertArrayEquals(new String[0], loc.getTopologyPaths());
    assertArrayEquals(new String[0], loc.getStorageIds());
  }

  @Test
  void aLocationWithoutAScheduleOrWithUnevenArraysIsLeftAlone() throws IOException {
    BlockLocation none = location();
    BlockLocationOrder.apply(none, null, NOW, 1_000, Keep.USABLE);
    assertArrayEquals(location().getNames(), none.getNames());
    assertArrayEquals(location().getCachedHosts(), none.getCachedHosts());

    BlockLocation uneven = new BlockLocation(new String[] {N3, N1}, new String[] {"h3"}, 0, 1);
    BlockLocationOrder.apply(uneven, SCHEDULE, NOW, 1_000, Keep.USABLE);
    assertArrayEquals(new String[] {N3, N1}, uneven.getNames());
    assertArrayEquals(new String[] {"h3"}, uneven.getHosts());
  }
}
