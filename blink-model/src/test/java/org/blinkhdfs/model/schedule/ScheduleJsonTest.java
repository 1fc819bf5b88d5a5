package org.blinkhdfs.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.blinkhdfs.model.fuzz.FuzzInputs;
import org.junit.jupiter.api.Test;

class ScheduleJsonTest {
  /** The example of ARCHITECTURE.md, verbatim. */
  static final String ARCH_EXAMPLE = """
      {
        "version": 1,
        "epoch": 42,
        "intervalStartMs": 1790000000000,
        "intervalMs": 60000,
        "nodes": [
          {"node": "10.0.0.11:9866", "mode": "BLINK", "activeOffsetMs": 0,     "activeMs": 20000},
          {"node": "10.0.0.12:9866", "mode": "BLINK", "activeOffsetMs": 20000, "activeMs": 20000},
          {"node": "10.0.0.13:9866", "mode": "ACTIVE"},
          {"node": "10.0.0.14:9866", "mode": "IO_SERVER"},
          {"node": "10.0.0.15:9866", "mode": "OFF"},
          {"node": "10.0.0.20:9866", "mode": "ACTIVE", "role": "STAGING"}
        ]
      }
      """;

  @Test
  void readsTheArchitectureExample() {
    Schedule s = ScheduleJson.read(ARCH_EXAMPLE);
    assertEquals(42, s.epoch());
    assertEquals(1_790_000_000_000L, s.intervalStartMs());
    assertEquals(60_000, s.intervalMs());
    assertEquals(6, s.nodes().size());
    assertEquals(NodeSchedule.blink("10.0.0.12:9866", 20_000, 20_000), s.nodes().get(1));
    assertEquals(NodeMode.IO_SERVER, s.entry("10.0.0.14:9866").mode());
    assertTrue(s.entry("10.0.0.20:9866").isStaging());
    assertTrue(s.validUntilMs().isEmpty());
  }

  /** Fuzz finding: Jackson's number-length limit has no location, which read(String) used. */
  @Test
  void aThousandDigitNumberIsAnInvalidScheduleNotANullPointer() {
    String json = ARCH_EXAMPLE.replace("\"epoch\": 42", "\"epoch\": " + "9".repeat(1001));
    InvalidScheduleException e =
        assertThrows(InvalidScheduleException.class, () -> ScheduleJson.read(json));
    assertEquals("$", e.field());
    assertTrue(e.getMessage().startsWith("$: not valid JSON: Number value length (1001) exceeds"
        + " the maximum allowed (1000"), e.getMessage());
  }

  /** Fuzz finding: nesting beyond Jackson's 1,000 levels has no location either. */
  @Test
  void nestingDeeperThanAThousandIsAnInvalidSchedule() {
    String json = ARCH_EXAMPLE.replace("\"epoch\": 42", "\"epoch\": " + "[".repeat(1001)
        + "]".repeat(1001));
    InvalidScheduleException e =
        assertThrows(InvalidScheduleException.class, () -> ScheduleJson.read(json));
    assertTrue(e.getMessage().startsWith("$: not valid JSON: Document nesting depth (1001)"
        + " exceeds the maximum allowed (1000"), e.getMessage());
  }

  /**
   * Fuzz finding: a stream starting with the UTF-32 byte order mark and then UTF-8 text made
   * Jackson throw CharConversionException, an IOException, so a bad schedule looked like a failed
   * read.
   */
  @Test
  void bytesThatAreNoTextInTheAnnouncedEncodingAreAnInvalidSchedule() {
    byte[] utf8 = ARCH_EXAMPLE.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] in = new byte[utf8.length + 4];
    in[2] = (byte) 0xfe;
    in[3] = (byte) 0xff;
    System.arraycopy(utf8, 0, in, 4, utf8.length);
    InvalidScheduleException e = assertThrows(InvalidScheduleException.class,
        () -> ScheduleJson.read(new java.io.ByteArrayInputStream(in)));
    assertEquals("$", e.field());
    assertTrue(e.getMessage().startsWith("$: not valid JSON: Invalid UTF-32 character 0x"),
        e.getMessage());
  }

  /**
   * Fuzz finding (10^5 run): Jackson decodes the bytes of a UTF-16 surrogate into a lone
   * surrogate; the node name passed, and protobuf re-encoded it as '?'.
   */
  @Test
  void aNodeNameOutsidePrintableAsciiIsRefused() throws java.io.IOException {
    byte[] head =
        ("{\"version\":1,\"epoch\":1,\"intervalStartMs\":0,\"intervalMs\":5000,"
            + "\"nodes\":[{\"node\":\"a").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] tail = ":1\",\"mode\":\"ACTIVE\"}]}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    java.io.ByteArrayOutputStream in = new java.io.ByteArrayOutputStream();
    in.write(head);
    in.write(new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80});
    in.write(tail);
    InvalidScheduleException e = assertThrows(InvalidScheduleException.class,
        () -> ScheduleJson.read(new java.io.ByteArrayInputStream(in.toByteArray())));
    assertEquals("nodes[0].node", e.field());
    assertEquals("nodes[0].node: 'a\ud800:1' is not host:port with a printable ASCII host and a"
        + " port in 1..65535; use the DataNode transfer address, e.g. 10.0.0.11:9866",
        e.getMessage());
    assertBad("nodes[0].node", ARCH_EXAMPLE.replace("10.0.0.11:9866", "dn\\u00e911:9866"),
        "printable ASCII host");
  }

  @Test
  void writesWhatItReads() {
    Schedule s = ScheduleJson.read(ARCH_EXAMPLE);
    String out = ScheduleJson.write(s);
    assertEquals(s, ScheduleJson.read(out));
    assertEquals(out, ScheduleJson.write(ScheduleJson.read(out)));
    assertTrue(out.contains(
        "{\"node\": \"10.0.0.20:9866\", \"mode\": \"ACTIVE\", \"role\": \"STAGING\"}"), out);
  }

  @Test
  void unknownExtraFieldsAreIgnored() {
    String json = ARCH_EXAMPLE.replace("\"epoch\": 42,", "\"epoch\": 42, \"future\": {\"x\": 1},")
        .replace("\"mode\": \"OFF\"}", "\"mode\": \"OFF\", \"note\": \"rack 2\"}");
    assertEquals(ScheduleJson.read(ARCH_EXAMPLE), ScheduleJson.read(json));
  }

  @Test
  void leaseRoundTrips() {
    String json = ARCH_EXAMPLE.replace("\"epoch\": 42,",
        "\"epoch\": 42, \"validUntilMs\": 1790000120000,");
    Schedule s = ScheduleJson.read(json);
    assertEquals(1_790_000_120_000L, s.validUntilMs().getAsLong());
    assertEquals(s, ScheduleJson.read(ScheduleJson.write(s)));
  }

  @Test
  void strictErrorsNameTheField() {
    assertBad("nodes[4].mode", ARCH_EXAMPLE.replace("\"OFF\"", "\"NAP\""), "'NAP'");
    assertBad("nodes[1].activeMs", ARCH_EXAMPLE.replace(
        "\"activeOffsetMs\": 20000, \"activeMs\": 20000",
        "\"activeOffsetMs\": 20000, \"activeMs\": 70000"), "70000");
    assertBad("nodes[0].activeOffsetMs", ARCH_EXAMPLE.replace("\"activeOffsetMs\": 0,",
        "\"activeOffsetMs\": -5,"), "negative");
    assertBad("nodes[1].node", ARCH_EXAMPLE.replace("10.0.0.12:9866", "10.0.0.11:9866"),
        "duplicate");
    assertBad("version", ARCH_EXAMPLE.replace("\"version\": 1", "\"version\": 2"), "version 2");
    assertBad("intervalMs", ARCH_EXAMPLE.replace("\"intervalMs\": 60000,", ""), "missing");
    assertBad("intervalMs", ARCH_EXAMPLE.replace("60000,", "\"60000\","), "\"60000\"");
    assertBad("nodes[2].activeMs", ARCH_EXAMPLE.replace("\"mode\": \"ACTIVE\"}",
        "\"mode\": \"ACTIVE\", \"activeMs\": 5}"), "BLINK only");
    assertBad("nodes[1].activeMs", ARCH_EXAMPLE.replace(", \"activeMs\": 20000}", "}"),
        "missing");
    assertBad("nodes[5].mode", ARCH_EXAMPLE.replace("\"mode\": \"ACTIVE\", \"role\"",
        "\"mode\": \"OFF\", \"role\""), "staging");
    assertBad("nodes[5].role", ARCH_EXAMPLE.replace("STAGING", "PROXY"), "'PROXY'");
    assertBad("nodes", "{\"version\":1,\"epoch\":1,\"intervalStartMs\":0,\"intervalMs\":5000}",
        "missing");
    assertBad("$", "{\"version\": 1,", "not valid JSON");
    assertBad("$", "[1,2]", "JSON object");
  }

  /** Issue 45, finding 6: what the wire refuses now, each with the field and the fix. */
  @Test
  void absurdIntervalsAndTimesAreRefusedAtTheWire() {
    assertBad("intervalMs", ARCH_EXAMPLE.replace("\"intervalMs\": 60000", "\"intervalMs\": 1")
        .replace("\"activeOffsetMs\": 20000, \"activeMs\": 20000", "\"activeOffsetMs\": 0,"
            + " \"activeMs\": 1").replace("\"activeMs\": 20000", "\"activeMs\": 1"),
        "value 1 is outside 1000..86400000: give the blink interval in milliseconds, from 1 s to"
            + " 24 h (blink.interval.ms), e.g. 60000");
    assertBad("intervalMs", ARCH_EXAMPLE.replace("\"intervalMs\": 60000",
        "\"intervalMs\": 86400001"), "value 86400001 is outside 1000..86400000");
    assertBad("intervalStartMs", ARCH_EXAMPLE.replace("1790000000000", "9223372036854775000"),
        "value 9223372036854775000 is after 9999-12-31T23:59:59.999Z: give milliseconds since"
            + " the Unix epoch (UTC), e.g. 1790000000000");
    assertBad("validUntilMs", ARCH_EXAMPLE.replace("\"intervalMs\": 60000,",
        "\"intervalMs\": 60000, \"validUntilMs\": 9223372036854775807,"),
        "value 9223372036854775807 is after 9999-12-31T23:59:59.999Z");
    // The bounds themselves pass: 1 s and a lease ending in the last millisecond of 9999.
    Schedule s = ScheduleJson.read("{\"version\": 1, \"epoch\": 1, \"intervalStartMs\": 0,"
        + " \"intervalMs\": 1000, \"validUntilMs\": 253402300799999, \"nodes\": []}");
    assertEquals(1000, s.intervalMs());
  }

  @Test
  void trailingJsonAndDuplicateKeysAreRefused() {
    assertBad("$", ARCH_EXAMPLE + "{\"version\": 1}", "Trailing token");
    assertBad("$", ARCH_EXAMPLE.replace("\"epoch\": 42,", "\"epoch\": 42, \"epoch\": 43,"),
        "Duplicate field 'epoch'");
    assertBad("$", ARCH_EXAMPLE.replace("\"mode\": \"OFF\"", "\"mode\": \"OFF\", \"mode\":"
        + " \"ACTIVE\""), "Duplicate field 'mode'");
    InvalidScheduleException e = assertThrows(InvalidScheduleException.class,
        () -> ScheduleJson.read(new java.io.ByteArrayInputStream((ARCH_EXAMPLE + " 7")
            .getBytes(java.nio.charset.StandardCharsets.UTF_8))));
    assertTrue(e.getMessage().contains("Trailing token"), e.getMessage());
  }

  @Test
  void roundTripOverSeeds() {
    for (long seed = 0; seed < 300; seed++) {
      Schedule s = FuzzInputs.randomSchedule(new Random(seed));
      assertEquals(s, ScheduleJson.read(ScheduleJson.write(s)), "seed " + seed);
    }
  }

  private static void assertBad(String field, String json, String mustContain) {
    InvalidScheduleException e = assertThrows(InvalidScheduleException.class,
        () -> ScheduleJson.read(json));
    assertEquals(field, e.field(), e.getMessage());
    assertTrue(e.getMessage().contains(mustContain), e.getMessage());
  }
}
