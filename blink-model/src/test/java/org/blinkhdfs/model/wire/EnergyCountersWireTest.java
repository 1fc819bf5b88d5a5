package org.blinkhdfs.model.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.blinkhdfs.model.wire.proto.EnergyCountersProto;
import org.blinkhdfs.model.wire.proto.NodeStatusProto;
import org.junit.jupiter.api.Test;

/**
 * The energy counters a status carries (issue 38): both codecs, old-format messages without them,
 * bad values, and the status signature over either format.
 */
class EnergyCountersWireTest {
  static final EnergyCounters COUNTERS = new EnergyCounters(1_000, 30_000, 45_800, 1_200, 3_000);
  static final NodeStatus WITH = new NodeStatus("10.0.0.11:9866", NodeStatus.State.AWAKE, 42,
      81_000, 4_600, 0.25, "emulate", Optional.of(COUNTERS));
  static final String SECRET = "0123456789abcdef0123456789abcdef";

  @Test
  void countersRoundTripInJsonAndProtobuf() {
    assertEquals(WITH, StatusJson.read(StatusJson.write(WITH)));
    assertEquals(WITH, WireCodec.decodeStatus(WireCodec.encodeStatus(WITH)));
    assertTrue(StatusJson.write(WITH).contains("\"energy\":{\"sinceMs\":1000,\"awakeMs\":30000,"
        + "\"asleepMs\":45800,\"transitionMs\":1200,\"ioServerMs\":3000}"), StatusJson.write(WITH));
    assertEquals(80_000, COUNTERS.totalMs());
  }

  @Test
  void oldFormatMessagesHaveNoCounters() {
    // Exactly what an agent before issue 38 sent: no energy field at all.
    NodeStatus json = StatusJson.read("{\"version\":1,\"node\":\"a:1\",\"state\":\"AWAKE\","
        + "\"epoch\":3,\"atMs\":5,\"measuredSleepMs\":0,\"utilization\":-1,\"detail\":\"\"}");
    assertEquals(Optional.empty(), json.energy());
    NodeStatus proto = WireCodec.decodeStatus(NodeStatusProto.newBuilder().setVersion(1)
        .setNode("a:1").setState(NodeStatusProto.State.AWAKE).setEpoch(3).setAtMs(5)
        .setUtilization(-1).build().toByteArray());
    assertEquals(json, proto);
    assertFalse(StatusJson.write(json).contains("energy"), "nothing new written for old ones");
    assertEquals(Optional.empty(), StatusJson.read("{\"version\":1,\"node\":\"a:1\","
        + "\"state\":\"AWAKE\",\"atMs\":5,\"energy\":null}").energy());
  }

  @Test
  void anOldDecoderSkipsTheCounters() throws Exception {
    // An old scheduler's parser knows fields 1..8 only: field 9 lands in the unknown fields and
    // everything it knows decodes unchanged.
    byte[] bytes = WireCodec.encodeStatus(WITH);
    NodeStatusProto p = NodeStatusProto.parseFrom(bytes);
    NodeStatusProto old = p.toBuilder().clearEnergy().build();
    assertEquals(WireCodec.decodeStatus(old.toByteArray()), new NodeStatus(WITH.node(),
        WITH.state(), WITH.epoch(), WITH.atMs(), WITH.measuredSleepMs(), WITH.utilization(),
        WITH.detail()));
    assertEquals(old.getDetail(), p.getDetail());
  }

  @Test
  void signaturesCoverTheBodyWithOrWithoutCounters() {
    for (NodeStatus s : new NodeStatus[] {WITH, new NodeStatus("a:1", NodeStatus.State.ASLEEP,
        1, 2, 0, -1, "old agent")}) {
      byte[] json = StatusJson.write(s).getBytes(StandardCharsets.UTF_8);
      byte[] proto = WireCodec.encodeStatus(s);
      assertTrue(StatusSignature.verify(SECRET, json, StatusSignature.sign(SECRET, json)));
      assertTrue(StatusSignature.verify(SECRET, proto, StatusSignature.sign(SECRET, proto)));
    }
    // Tampering with a counter breaks the signature: energy cannot be forged either.
    byte[] body = StatusJson.write(WITH).getBytes(StandardCharsets.UTF_8);
    String sig = StatusSignature.sign(SECRET, body);
    byte[] forged = StatusJson.write(WITH).replace("\"asleepMs\":45800", "\"asleepMs\":95800")
        .getBytes(StandardCharsets.UTF_8);
    assertFalse(StatusSignature.verify(SECRET, forged, sig));
  }

  @Test
  void badCountersAreNamed() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> StatusJson.read("{\"version\":1,\"node\":\"a:1\",\"state\":\"AWAKE\",\"atMs\":5,"
            + "\"energy\":{\"sinceMs\":0,\"awakeMs\":-5,\"asleepMs\":0,\"transitionMs\":0,"
            + "\"ioServerMs\":0}}"));
    assertTrue(e.getMessage().startsWith("status: energy.awakeMs must be >= 0, got -5"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> StatusJson.read("{\"version\":1,\"node\":\"a:1\",\"state\":\"AWAKE\",\"atMs\":5,"
            + "\"energy\":{\"sinceMs\":0,\"awakeMs\":5}}"));
    assertTrue(e.getMessage().contains("status.energy.asleepMs is required"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> StatusJson.read("{\"version\":1,\"node\":\"a:1\",\"state\":\"AWAKE\",\"atMs\":5,"
            + "\"energy\":[1,2]}"));
    assertTrue(e.getMessage().contains("energy [1,2] must be an object"), e.getMessage());
    // uint64 above Long.MAX_VALUE arrives negative in Java: refused, named.
    e = assertThrows(IllegalArgumentException.class,
        () -> WireCodec.decodeStatus(NodeStatusProto.newBuilder().setVersion(1).setNode("a:1")
            .setState(NodeStatusProto.State.AWAKE).setEnergy(EnergyCountersProto.newBuilder()
                .setTransitionMs(-1)).build().toByteArray()));
    assertTrue(e.getMessage().startsWith("NodeStatusProto: energy.transitionMs must be >= 0"),
        e.getMessage());
  }

  @Test
  void aRestartIsNotAContinuation() {
    EnergyCounters later = new EnergyCounters(1_000, 31_000, 45_800, 1_200, 3_000);
    assertTrue(COUNTERS.continuedBy(later));
    assertTrue(COUNTERS.continuedBy(COUNTERS));
    assertFalse(later.continuedBy(COUNTERS), "a counter went down");
    assertFalse(COUNTERS.continuedBy(EnergyCounters.zero(90_000)), "a new agent run");
  }
}
