package org.blinkhdfs.model.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.blinkhdfs.model.api.BlockInfo.Layout;
import org.blinkhdfs.model.api.BlockInfo.LayoutState;
import org.blinkhdfs.model.api.BlockInfo.PendingMove;
import org.blinkhdfs.model.api.BlockInfo.Replica;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.junit.jupiter.api.Test;

/** The Blink API's records: derived fields and their exact JSON. */
class ApiRecordsTest {
  static final long T0 = 1_790_000_000_000L;
  static final String A = "10.0.0.11:9866";
  static final String B = "10.0.0.12:9866";
  static final String OFF = "10.0.0.13:9866";
  static final String S = "10.0.0.20:9866";

  /** Interval 60 s: A awake [50 s, 70 s) wrapping, B awake [20 s, 40 s), OFF never, S staging. */
  static Schedule schedule() {
    return Schedule.builder().epoch(42).intervalStartMs(T0).intervalMs(60_000)
        .add(NodeSchedule.blink(A, 50_000, 20_000)).add(NodeSchedule.blink(B, 20_000, 20_000))
        .add(NodeSchedule.of(OFF, NodeMode.OFF)).add(NodeSchedule.staging(S)).build();
  }

  @Test
  void timingFollowsTheScheduleAndSaysNullForForeverAndNever() {
    Optional<Schedule> s = Optional.of(schedule());
    assertEquals(new NodeTiming(true, 5_000L, T0 + 5_000), NodeTiming.of(s, A, T0 + 5_000));
    assertEquals(new NodeTiming(false, 0L, T0 + 50_000), NodeTiming.of(s, A, T0 + 30_000));
    assertEquals(new NodeTiming(false, 0L, null), NodeTiming.of(s, OFF, T0));
    assertEquals(new NodeTiming(true, null, T0 + 7), NodeTiming.of(s, S, T0 + 7));
    assertEquals(new NodeTiming(true, null, T0), NodeTiming.of(Optional.empty(), OFF, T0));
  }

  static Replica replica(String node, Integer position, boolean inLayout, long nowMs) {
    return new Replica(node, "DISK", position, inLayout,
        NodeTiming.of(Optional.of(schedule()), node, nowMs));
  }

  @Test
  void aStagedBlockIsReadableWhenItsEarliestReplicaWakes() {
    long now = T0 + 30_000; // A asleep until 50 s, B awake until 40 s
    Layout layout = new Layout("power-balanced", 2, List.of(A, B), List.of(A), null);
    BlockInfo staged = BlockInfo.of(new BlockInfo.Id(7, 3000, 1001, 0), layout,
        List.of(replica(B, 1, true, now), replica(S, null, false, now)),
        List.of(new PendingMove(S, A, false)));
    assertEquals(LayoutState.STAGED, staged.state());
    assertTrue(staged.readableNow());
    assertEquals(now, staged.readableAtMs());

    BlockInfo asleep = BlockInfo.of(new BlockInfo.Id(8, 10, 1002, 0),
        new Layout("power-balanced", 1, List.of(A), List.of(), null),
        List.of(replica(A, 0, true, now)), List.of());
    assertEquals(LayoutState.IN_LAYOUT, asleep.state());
    assertEquals(false, asleep.readableNow());
    assertEquals(T0 + 50_000, asleep.readableAtMs());

    BlockInfo lost = BlockInfo.of(new BlockInfo.Id(9, 10, 1003, 0), layout,
        List.of(replica(B, 1, true, now)), List.of());
    assertEquals(LayoutState.INCOMPLETE, lost.state());
    BlockInfo offOnly = BlockInfo.of(new BlockInfo.Id(10, 10, 1004, 0),
        new Layout("power-balanced", 2, List.of(), List.of(), "r = 4 > ring"),
        List.of(replica(OFF, 2, false, now)), List.of());
    assertEquals(LayoutState.NO_LAYOUT, offOnly.state());
    assertNull(offOnly.readableAtMs());
    assertEquals(LayoutState.NO_LAYOUT, BlockInfo.of(new BlockInfo.Id(11, 1, 1, 0), null,
        List.of(replica(S, null, false, now)), List.of()).state());
  }

  @Test
  void fileInfoCountsBlocksAndWaitsForTheLastBlocksFirstWindow() {
    long now = T0 + 30_000;
    Layout ab = new Layout("power-balanced", 2, List.of(A, B), List.of(), null);
    BlockInfo readable = BlockInfo.of(new BlockInfo.Id(1, 100, 1, 0), ab,
        List.of(replica(A, 0, true, now), replica(B, 1, true, now)), List.of());
    BlockInfo later = BlockInfo.of(new BlockInfo.Id(2, 100, 1, 100),
        new Layout("power-balanced", 1, List.of(A), List.of(), null),
        List.of(replica(A, 0, true, now)), List.of());
    ScheduleRef ref = ScheduleRef.of(new ScheduleState(ScheduleState.Status.OK,
        Optional.of(schedule()), "file"));
    FileInfo.Status st = new FileInfo.Status(200, 2, 100, T0, "hdfs", "supergroup", "rw-r--r--",
        false);
    FileInfo f = FileInfo.of(new FileBlocks("/f", now, ref, List.of(readable, later)), st);
    assertEquals(new FileInfo.Counts(2, 2, 0, 1), f.blocks());
    assertEquals(T0 + 50_000, f.allReadableByMs());
    assertEquals(new ScheduleRef(ScheduleState.Status.OK, 42L), f.schedule());

    BlockInfo never = BlockInfo.of(new BlockInfo.Id(3, 1, 1, 200), null,
        List.of(replica(OFF, 2, false, now)), List.of());
    assertNull(FileInfo.of(new FileBlocks("/f", now, ref, List.of(readable, never)), st)
        .allReadableByMs());
    assertEquals(now, FileInfo.of(new FileBlocks("/e", now, ref, List.of()), st)
        .allReadableByMs());
  }

  @Test
  void jsonIsExactAndReadsBack() {
    long now = T0 + 30_000;
    NodeState state = new NodeState(B, now, new ScheduleRef(ScheduleState.Status.OK, 42L),
        NodeState.Role.RING, NodeMode.BLINK, new NodeState.Window(20_000, 20_000),
        NodeTiming.of(Optional.of(schedule()), B, now),
        new NodeState.DataNode(NodeState.Liveness.LIVE, "NORMAL"));
    String json = ApiJson.write(state);
    assertEquals("{\"node\":\"10.0.0.12:9866\",\"nowMs\":1790000030000,\"schedule\":{\"status\":"
        + "\"OK\",\"epoch\":42},\"role\":\"RING\",\"mode\":\"BLINK\",\"window\":{\"activeOffsetMs\""
        + ":20000,\"activeMs\":20000},\"timing\":{\"awakeNow\":true,\"remainingMs\":10000,"
        + "\"nextWakeMs\":1790000030000},\"dataNode\":{\"liveness\":\"LIVE\",\"adminState\":"
        + "\"NORMAL\"}}", json);
    assertEquals(state, ApiJson.read(json, NodeState.class));

    ServerLoad load = ServerLoad.fresh(A, new ServerLoad.Counters(1, 2, 3, 4), T0)
        .asStale("asleep");
    String loadJson = ApiJson.write(load);
    assertEquals("{\"node\":\"10.0.0.11:9866\",\"counters\":{\"bytesRead\":1,\"bytesWritten\":2,"
        + "\"readOps\":3,\"writeOps\":4},\"asOfMs\":1790000000000,\"stale\":true,"
        + "\"staleReason\":\"asleep\"}", loadJson);
    assertEquals(load, ApiJson.read(loadJson, ServerLoad.class));

    BlockInfo b = BlockInfo.of(new BlockInfo.Id(7, 3000, 1001, 0),
        new Layout("power-balanced", 2, List.of(B, A), List.of(A), null),
        List.of(replica(S, null, false, now)), List.of(new PendingMove(S, A, false)));
    FileBlocks blocks = new FileBlocks("/p/f", now, new ScheduleRef(ScheduleState.Status.OK, 42L),
        List.of(b));
    String blocksJson = ApiJson.write(blocks);
    assertEquals("{\"path\":\"/p/f\",\"nowMs\":1790000030000,\"schedule\":{\"status\":\"OK\","
        + "\"epoch\":42},\"blocks\":[{\"blockId\":7,\"bytes\":3000,\"generationStamp\":1001,"
        + "\"offset\":0,\"state\":\"STAGED\",\"layout\":{\"name\":\"power-balanced\","
        + "\"replication\":2,\"targets\":[\"10.0.0.12:9866\",\"10.0.0.11:9866\"],\"missing\":"
        + "[\"10.0.0.11:9866\"],\"refusal\":null},\"replicas\":[{\"node\":\"10.0.0.20:9866\","
        + "\"storageType\":\"DISK\",\"ringPosition\":null,\"inLayout\":false,\"timing\":{"
        + "\"awakeNow\":true,\"remainingMs\":null,\"nextWakeMs\":1790000030000}}],"
        + "\"pendingMoves\":[{\"standIn\":\"10.0.0.20:9866\",\"target\":\"10.0.0.11:9866\","
        + "\"running\":false}],\"readableNow\":true,\"readableAtMs\":1790000030000}]}",
        blocksJson);
    assertEquals(blocks, ApiJson.read(blocksJson, FileBlocks.class));

    FileInfo info = FileInfo.of(blocks, new FileInfo.Status(3000, 2, 1 << 20, T0, "hdfs",
        "supergroup", "rw-r--r--", false));
    assertEquals(info, ApiJson.read(ApiJson.write(info), FileInfo.class));
  }

  @Test
  void readingNamesTheTypeAndTheFieldAndIgnoresUnknownFields() {
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> ApiJson.read("{\"node\":\"h:1\",\"asOfMs\":1,\"stale\":false,"
            + "\"staleReason\":null}", ServerLoad.class));
    assertTrue(missing.getMessage().startsWith("not a ServerLoad: "), missing.getMessage());
    assertTrue(missing.getMessage().contains("counters"), missing.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ApiJson.read("[]", NodeState.class));
    ServerLoad grown = ApiJson.read("{\"node\":\"h:1\",\"counters\":{\"bytesRead\":1,"
        + "\"bytesWritten\":2,\"readOps\":3,\"writeOps\":4,\"blocksRead\":9},\"asOfMs\":5,"
        + "\"stale\":false,\"staleReason\":null,\"newField\":true}", ServerLoad.class);
    assertEquals(ServerLoad.fresh("h:1", new ServerLoad.Counters(1, 2, 3, 4), 5), grown);
  }

  @Test
  void theClientRefusesAnAddressThatIsNotHostPortAndNamesTheKey() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new BlinkApiClient("proxyhost", 1000));
    assertTrue(e.getMessage().contains("'proxyhost' is not host:port"), e.getMessage());
    assertTrue(e.getMessage().contains("blink.proxy.http.address"), e.getMessage());
  }
}
