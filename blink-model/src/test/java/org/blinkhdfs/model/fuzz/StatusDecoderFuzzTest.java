package org.blinkhdfs.model.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.StatusJson;
import org.blinkhdfs.model.wire.WireCodec;
import org.blinkhdfs.model.wire.proto.NodeStatusProto;

/**
 * Fuzzes the two decoders of {@code POST /v1/status} (the scheduler's StatusServlet picks one by
 * content type): {@link StatusJson#read} on the body as UTF-8 text and {@link
 * WireCodec#decodeStatus} on the bytes. Documented outcome: a {@link NodeStatus} (its constructor
 * validated it; here it must also survive both encoders unchanged) or exactly an {@link
 * IllegalArgumentException}, which the servlet answers with 400, whose message starts with the
 * decoder's prefix ({@code status} or {@code NodeStatusProto}) and so names the field. Any other
 * throwable would be a 500 from a forged or corrupted heartbeat. Tries: {@code blink.fuzz.tries}.
 */
class StatusDecoderFuzzTest {

  @Property
  void jsonParsesOrNamesTheField(@ForAll("jsonStatuses") byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    FuzzInputs.parsesOrFailsAsDocumented(FuzzInputs.show(input), IllegalArgumentException.class,
        () -> StatusJson.read(text), StatusDecoderFuzzTest::survivesBothEncoders,
        t -> assertTrue(t.getMessage().startsWith("status"), t.getMessage()));
  }

  @Property
  void protobufParsesOrNamesTheField(@ForAll("protoStatuses") byte[] input) {
    FuzzInputs.parsesOrFailsAsDocumented(FuzzInputs.show(input), IllegalArgumentException.class,
        () -> WireCodec.decodeStatus(input), StatusDecoderFuzzTest::survivesBothEncoders,
        t -> assertTrue(t.getMessage().startsWith("NodeStatusProto"), t.getMessage()));
  }

  @Provide
  Arbitrary<byte[]> jsonStatuses() {
    return FuzzInputs.jsonMix(Arbitraries.randoms().map(r -> StatusJson.write(randomStatus(r))));
  }

  @Provide
  Arbitrary<byte[]> protoStatuses() {
    Arbitrary<byte[]> valid =
        Arbitraries.randoms().map(r -> WireCodec.encodeStatus(randomStatus(r)));
    return Arbitraries.frequencyOf(
        Tuple.of(7, FuzzInputs.mix(valid, r -> doc -> FuzzInputs.mutateBytes(doc, r))),
        Tuple.of(3, Arbitraries.randoms().map(StatusDecoderFuzzTest::arbitraryFields)));
  }

  static NodeStatus randomStatus(Random r) {
    NodeStatus.State[] states = NodeStatus.State.values();
    return new NodeStatus("10.0." + r.nextInt(256) + ".1:" + (1 + r.nextInt(65535)),
        states[r.nextInt(states.length)], r.nextInt(100_000) - 1,
        1_700_000_000_000L + r.nextInt(1_000_000_000), r.nextInt(120_000),
        r.nextBoolean() ? -1 : r.nextDouble(),
        r.nextBoolean() ? "" : "emulate: frozen " + r.nextInt());
  }

  /** A message from arbitrary field values: unknown states, uint64s above 2^63, NaN, blanks. */
  static byte[] arbitraryFields(Random r) {
    double[] utilizations = {Double.NaN, Double.POSITIVE_INFINITY, -1, -0.5, 0, 1, 1.0000001,
      r.nextDouble(), -Double.MIN_VALUE};
    return NodeStatusProto.newBuilder()
        .setVersion(r.nextInt(4) == 0 ? r.nextInt() : 1)
        .setNode(switch (r.nextInt(4)) {
          case 0 -> "";
          case 1 -> " \t";
          case 2 -> "h" + r.nextInt(9) + ":9866";
          default -> String.valueOf((char) r.nextInt(0xd800));
        })
        .setStateValue(r.nextInt(7) - 1).setEpoch(r.nextLong()).setAtMs(r.nextLong())
        .setMeasuredSleepMs(r.nextBoolean() ? r.nextLong() : r.nextInt(100_000))
        .setUtilization(utilizations[r.nextInt(utilizations.length)])
        .setDetail(r.nextBoolean() ? "" : "d" + r.nextInt()).build().toByteArray();
  }

  static void survivesBothEncoders(NodeStatus s) {
    assertEquals(s, StatusJson.read(StatusJson.write(s)));
    assertEquals(s, WireCodec.decodeStatus(WireCodec.encodeStatus(s)));
  }
}
