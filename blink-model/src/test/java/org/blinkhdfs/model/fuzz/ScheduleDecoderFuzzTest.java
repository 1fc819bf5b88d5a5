package org.blinkhdfs.model.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.blinkhdfs.model.schedule.InvalidScheduleException;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.blinkhdfs.model.wire.WireCodec;
import org.blinkhdfs.model.wire.proto.NodeScheduleProto;
import org.blinkhdfs.model.wire.proto.ScheduleProto;

/**
 * Fuzzes the two schedule decoders every agent and the NameNode run on what the scheduler
 * serves: {@link ScheduleJson#read(String)}, {@link ScheduleJson#read(java.io.InputStream)} and
 * {@link WireCodec#decodeSchedule}. Documented outcome: a {@link Schedule} (which the builder
 * validated; here it must also survive both encoders unchanged) or an {@link
 * InvalidScheduleException} whose message starts with the field path it names. Inputs: valid
 * schedules, byte and structural mutations of them ({@link FuzzInputs}), random bytes, and for
 * protobuf also messages built field by field from arbitrary values (uint64s above 2^63, unknown
 * enum numbers, empty and non-host:port node names) and unknown groups nested thousands deep.
 * Tries: {@code blink.fuzz.tries} (root pom; the bench profile runs 10^5).
 */
class ScheduleDecoderFuzzTest {

  @Property
  void jsonTextParsesOrNamesTheField(@ForAll("jsonSchedules") byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    FuzzInputs.parsesOrFailsAsDocumented(FuzzInputs.show(input), InvalidScheduleException.class,
        () -> ScheduleJson.read(text), ScheduleDecoderFuzzTest::survivesBothEncoders,
        ScheduleDecoderFuzzTest::namesField);
  }

  @Property
  void jsonStreamParsesOrNamesTheField(@ForAll("jsonSchedules") byte[] input) {
    FuzzInputs.parsesOrFailsAsDocumented(FuzzInputs.show(input), InvalidScheduleException.class,
        () -> ScheduleJson.read(new ByteArrayInputStream(input)),
        ScheduleDecoderFuzzTest::survivesBothEncoders, ScheduleDecoderFuzzTest::namesField);
  }

  @Property
  void protobufParsesOrNamesTheField(@ForAll("protoSchedules") byte[] input) {
    FuzzInputs.parsesOrFailsAsDocumented(FuzzInputs.show(input), InvalidScheduleException.class,
        () -> WireCodec.decodeSchedule(input), ScheduleDecoderFuzzTest::survivesBothEncoders,
        ScheduleDecoderFuzzTest::namesField);
  }

  @Provide
  Arbitrary<byte[]> jsonSchedules() {
    return FuzzInputs.jsonMix(Arbitraries.randoms()
        .map(r -> ScheduleJson.write(FuzzInputs.randomSchedule(r))));
  }

  @Provide
  Arbitrary<byte[]> protoSchedules() {
    Arbitrary<byte[]> valid = Arbitraries.randoms()
        .map(r -> WireCodec.encodeSchedule(FuzzInputs.randomSchedule(r)));
    return Arbitraries.frequencyOf(
        Tuple.of(6, FuzzInputs.mix(valid, r -> doc -> FuzzInputs.mutateBytes(doc, r))),
        Tuple.of(3, Arbitraries.randoms().map(ScheduleDecoderFuzzTest::arbitraryFields)),
        Tuple.of(1, Arbitraries.integers().between(1, 20_000)
            .map(ScheduleDecoderFuzzTest::nestedUnknownGroups)));
  }

  /** A message from arbitrary field values: what a buggy or hostile encoder could send. */
  static byte[] arbitraryFields(Random r) {
    ScheduleProto.Builder b = ScheduleProto.newBuilder()
        .setVersion(r.nextInt(4) == 0 ? r.nextInt() : 1)
        .setEpoch(anyLong(r)).setIntervalStartMs(anyLong(r)).setIntervalMs(anyLong(r));
    if (r.nextBoolean()) {
      b.setValidUntilMs(anyLong(r));
    }
    for (int i = r.nextInt(6); i > 0; i--) {
      b.addNodes(NodeScheduleProto.newBuilder()
          .setNode(switch (r.nextInt(5)) {
            case 0 -> "";
            case 1 -> "h:" + r.nextInt();
            case 2 -> "[::1]:" + r.nextInt(70_000);
            case 3 -> "h" + r.nextInt(3) + ":9866";
            default -> new String(new char[] {(char) r.nextInt(0xd800), ':', '1'});
          })
          .setModeValue(r.nextInt(7) - 1).setRoleValue(r.nextInt(4) - 1)
          .setActiveOffsetMs(anyLong(r)).setActiveMs(anyLong(r)));
    }
    return b.build().toByteArray();
  }

  /** Small, huge (above 2^63 as uint64) and boundary values. */
  private static long anyLong(Random r) {
    return switch (r.nextInt(5)) {
      case 0 -> r.nextLong();
      case 1 -> Long.MAX_VALUE - r.nextInt(3);
      case 2 -> r.nextInt(200_000);
      case 3 -> 0;
      default -> 1_700_000_000_000L + r.nextInt(1_000_000);
    };
  }

  /** {@code depth} START_GROUP tags of unknown field 15, then a valid version field. */
  static byte[] nestedUnknownGroups(int depth) {
    byte[] out = new byte[depth + 2];
    java.util.Arrays.fill(out, 0, depth, (byte) ((15 << 3) | 3));
    out[depth] = 0x08;
    out[depth + 1] = 0x01;
    return out;
  }

  static void survivesBothEncoders(Schedule s) {
    assertEquals(s, ScheduleJson.read(ScheduleJson.write(s)));
    assertEquals(s, WireCodec.decodeSchedule(WireCodec.encodeSchedule(s)));
  }

  static void namesField(Throwable t) {
    InvalidScheduleException e = (InvalidScheduleException) t;
    assertFalse(e.field() == null || e.field().isEmpty(), "no field in " + e.getMessage());
    assertTrue(e.getMessage().startsWith(e.field() + ": ")
        && e.getMessage().length() > e.field().length() + 4, e.getMessage());
  }
}
