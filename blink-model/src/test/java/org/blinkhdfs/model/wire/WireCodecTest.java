package org.blinkhdfs.model.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.blinkhdfs.model.fuzz.FuzzInputs;
import org.blinkhdfs.model.schedule.InvalidScheduleException;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.proto.NodeScheduleProto;
import org.blinkhdfs.model.wire.proto.NodeStatusProto;
import org.blinkhdfs.model.wire.proto.ScheduleProto;
import org.junit.jupiter.api.Test;

class WireCodecTest {
  @Test
  void schedulesAndStatusesRoundTripOverSeeds() {
    for (long seed = 0; seed < 300; seed++) {
      Random rnd = new Random(seed);
      Schedule s = FuzzInputs.randomSchedule(rnd);
      assertEquals(s, WireCodec.decodeSchedule(WireCodec.encodeSchedule(s)), "seed " + seed);
      NodeStatus st = new NodeStatus("h" + seed + ":9866",
          NodeStatus.State.values()[rnd.nextInt(NodeStatus.State.values().length)],
          rnd.nextInt(1000) - 1, Math.abs(rnd.nextLong() % 2_000_000_000_000L), rnd.nextInt(99_999),
          rnd.nextBoolean() ? -1 : rnd.nextDouble(), "detail " + seed);
      assertEquals(st, WireCodec.decodeStatus(WireCodec.encodeStatus(st)), "seed " + seed);
      assertEquals(st, StatusJson.read(StatusJson.write(st)), "seed " + seed);
    }
  }

  @Test
  void badBytesAndValuesAreNamed() {
    InvalidScheduleException e = assertThrows(InvalidScheduleException.class,
        () -> WireCodec.decodeSchedule(new byte[] {(byte) 0xff, 0x01, 0x02}));
    assertTrue(e.getMessage().contains("malformed protobuf"), e.getMessage());
    e = assertThrows(InvalidScheduleException.class, () -> WireCodec.decodeSchedule(
        ScheduleProto.newBuilder().setVersion(2).setIntervalMs(10).build().toByteArray()));
    assertEquals("version", e.field());
    e = assertThrows(InvalidScheduleException.class, () -> WireCodec.decodeSchedule(
        ScheduleProto.newBuilder().setVersion(1).setIntervalMs(10_000).addNodes(
            NodeScheduleProto.newBuilder().setNode("a:1")).build().toByteArray()));
    assertEquals("nodes[0].mode", e.field());
    e = assertThrows(InvalidScheduleException.class, () -> WireCodec.decodeSchedule(
        ScheduleProto.newBuilder().setVersion(1).setIntervalMs(10_000).addNodes(
            NodeScheduleProto.newBuilder().setNode("a:1").setMode(NodeScheduleProto.Mode.BLINK)
                .setActiveMs(10_001)).build().toByteArray()));
    assertEquals("nodes[0].activeMs", e.field(), "same validation as JSON");
    IllegalArgumentException s = assertThrows(IllegalArgumentException.class,
        () -> WireCodec.decodeStatus(NodeStatusProto.newBuilder().setVersion(1).setNode("a:1")
            .build().toByteArray()));
    assertTrue(s.getMessage().contains("state 0 is unspecified"), s.getMessage());
  }

  /** Issue 45, finding 6: the protobuf decoder applies the same wire limits as the JSON one. */
  @Test
  void absurdIntervalsAndTimesAreRefusedInProtobufToo() {
    InvalidScheduleException e = assertThrows(InvalidScheduleException.class, () -> WireCodec
        .decodeSchedule(ScheduleProto.newBuilder().setVersion(1).setIntervalMs(1).addNodes(
            NodeScheduleProto.newBuilder().setNode("a:1").setMode(NodeScheduleProto.Mode.BLINK)
                .setActiveMs(1)).build().toByteArray()));
    assertEquals("intervalMs: value 1 is outside 1000..86400000: give the blink interval in"
        + " milliseconds, from 1 s to 24 h (blink.interval.ms), e.g. 60000", e.getMessage());
    e = assertThrows(InvalidScheduleException.class, () -> WireCodec.decodeSchedule(
        ScheduleProto.newBuilder().setVersion(1).setIntervalMs(60_000)
            .setIntervalStartMs(Long.MAX_VALUE - 1).build().toByteArray()));
    assertEquals("intervalStartMs", e.field());
    e = assertThrows(InvalidScheduleException.class, () -> WireCodec.decodeSchedule(
        ScheduleProto.newBuilder().setVersion(1).setIntervalMs(60_000).setIntervalStartMs(0)
            .setValidUntilMs(Long.MAX_VALUE).build().toByteArray()));
    assertEquals("validUntilMs", e.field());
  }

  /** Fuzz finding: the record's own checks reached the caller without the decoder's prefix. */
  @Test
  void everyProtobufStatusErrorStartsWithTheMessageName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> WireCodec.decodeStatus(NodeStatusProto.newBuilder().setVersion(1).setNode(" ")
            .setState(NodeStatusProto.State.AWAKE).build().toByteArray()));
    assertEquals("NodeStatusProto: node must be a DataNode address host:port", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> WireCodec.decodeStatus(NodeStatusProto.newBuilder().setVersion(1).setNode("a:1")
            .setState(NodeStatusProto.State.AWAKE).setMeasuredSleepMs(-5).build()
            .toByteArray()));
    assertEquals("NodeStatusProto: measuredSleepMs must be >= 0, got -5", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> WireCodec.decodeStatus(new byte[] {0x0f}));
    assertTrue(e.getMessage().startsWith("NodeStatusProto: malformed protobuf: "),
        e.getMessage());
  }

  @Test
  void statusJsonErrorsNameTheField() {
    assertMessage("status.node is required", "{\"version\":1,\"state\":\"AWAKE\",\"atMs\":5}");
    assertMessage("status.state 'NAP' is unknown",
        "{\"version\":1,\"node\":\"a:1\",\"state\":\"NAP\",\"atMs\":5}");
    assertMessage("status.atMs \"5\" must be a whole number",
        "{\"version\":1,\"node\":\"a:1\",\"state\":\"AWAKE\",\"atMs\":\"5\"}");
    assertMessage("utilization must be in [0, 1]",
        "{\"version\":1,\"node\":\"a:1\",\"state\":\"AWAKE\",\"atMs\":5,\"utilization\":3}");
    assertMessage("status.version 7 is not supported", "{\"version\":7}");
    assertMessage("not valid JSON", "{nope");
  }

  private static void assertMessage(String fragment, String json) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> StatusJson.read(json));
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }
}
