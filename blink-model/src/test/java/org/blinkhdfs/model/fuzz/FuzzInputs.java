package org.blinkhdfs.model.fuzz;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.statistics.Statistics;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.function.ThrowingSupplier;

/**
 * Generators and the one outcome check of the decoder fuzz properties ({@code *FuzzTest}).
 *
 * <p><b>Why mutate valid documents rather than only random bytes.</b> Random bytes almost never
 * get past a decoder's first check (a JSON parser rejects them at byte 1), so they exercise the
 * error path of the parser and nothing behind it. A valid document with one or a few targeted
 * mutations reaches every later check: a field deleted reaches "required field is missing", a
 * number replaced by a string reaches the type check, {@code 1e400} or a 2,000-digit integer
 * reaches the range checks and the parser's own number limits, a 5,000-deep array reaches its
 * nesting limit, a stray {@code 0xC3 0x28} reaches the UTF-8 decoder. The properties mix both, plus
 * the unchanged valid documents, so "parses" is a frequent outcome too.
 *
 * <p><b>The outcome contract</b> ({@link #parsesOrFailsAsDocumented}): every input either decodes
 * to a value that passes the decoder's own validation, or throws exactly the documented exception
 * type (not a subclass such as {@code NumberFormatException}, which is an {@code
 * IllegalArgumentException} too) whose message names the problem; anything else, or a decode
 * slower than {@link #DEADLINE}, fails the property with the input. The share of each outcome is
 * in jqwik's statistics report after every property ({@code parsed} / {@code rejected}).
 *
 * <p>Worked example of a byte mutation: {@code {"version": 1}} with byte 2 flipped by 0x20
 * becomes {@code {"Version": 1}}, which the schedule reader must reject as {@code version:
 * required field is missing}.
 */
public final class FuzzInputs {
  /** Per-input hang guard: a decode of a few kilobytes takes microseconds. */
  public static final Duration DEADLINE = Duration.ofSeconds(10);

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String DEEP_MARKER = "@@deep@@";
  private static final String HUGE_MARKER = "@@huge@@";

  /** Bytes that are not UTF-8 or start another encoding: lone, truncated and overlong forms. */
  private static final byte[][] NOT_UTF8 = {
    {(byte) 0xff}, {(byte) 0xc3, 0x28}, {(byte) 0x80}, {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
    {(byte) 0xf8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xc0, (byte) 0xaf},
    {(byte) 0xe2, (byte) 0x82}, {0x00}, {(byte) 0xfe, (byte) 0xff}, {0x00, 0x00, (byte) 0xfe,
      (byte) 0xff}
  };

  private FuzzInputs() {}

  /** A valid schedule: 0..11 nodes of every mode and role, optional lease. */
  public static Schedule randomSchedule(Random rnd) {
    long interval = 1_000 + rnd.nextInt(120_000);
    Schedule.Builder b = Schedule.builder().epoch(rnd.nextInt(100_000))
        .intervalStartMs(Math.abs(rnd.nextLong() % 2_000_000_000_000L)).intervalMs(interval);
    if (rnd.nextBoolean()) {
      b.validUntilMs(b.build().intervalStartMs() + 1 + rnd.nextInt(10_000_000));
    }
    for (int i = 0; i < rnd.nextInt(12); i++) {
      String node = "10.1." + i + ".7:" + (1 + rnd.nextInt(65535));
      switch (rnd.nextInt(5)) {
        case 0 -> b.add(NodeSchedule.blink(node, rnd.nextInt((int) interval),
            rnd.nextInt((int) interval + 1)));
        case 1 -> b.add(NodeSchedule.of(node, NodeMode.ACTIVE));
        case 2 -> b.add(NodeSchedule.of(node, NodeMode.IO_SERVER));
        case 3 -> b.add(NodeSchedule.of(node, NodeMode.OFF));
        default -> b.add(NodeSchedule.staging(node));
      }
    }
    return b.build();
  }

  /** Uniformly random bytes, 0..len long. */
  public static Arbitrary<byte[]> randomBytes(int len) {
    return Arbitraries.bytes().array(byte[].class).ofMaxSize(len);
  }

  /**
   * The fuzz input mix over valid documents {@code valid}: unchanged (1 in 8), byte-level
   * mutations (3 in 8), structural mutations by {@code structural} (3 in 8) and random bytes.
   */
  public static Arbitrary<byte[]> mix(Arbitrary<byte[]> valid,
      Function<Random, Function<byte[], byte[]>> structural) {
    Arbitrary<Random> rnd = Arbitraries.randoms();
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(1, valid),
        net.jqwik.api.Tuple.of(3, Combinators.combine(valid, rnd).as(FuzzInputs::mutateBytes)),
        net.jqwik.api.Tuple.of(3, Combinators.combine(valid, rnd)
            .as((doc, r) -> structural.apply(r).apply(doc))),
        net.jqwik.api.Tuple.of(1, randomBytes(300)));
  }

  /** The mix over valid JSON documents, structural mutations by {@link #mutateJson}. */
  public static Arbitrary<byte[]> jsonMix(Arbitrary<String> validJson) {
    return mix(validJson.map(s -> s.getBytes(StandardCharsets.UTF_8)),
        r -> doc -> mutateJson(doc, r));
  }

  /** 1..4 byte edits: flip, delete a range, truncate, insert random or non-UTF-8 bytes. */
  public static byte[] mutateBytes(byte[] doc, Random r) {
    byte[] out = doc;
    for (int k = 1 + r.nextInt(4); k > 0; k--) {
      int at = out.length == 0 ? 0 : r.nextInt(out.length);
      switch (r.nextInt(6)) {
        case 0 -> {
          if (out.length > 0) {
            out = out.clone();
            out[at] ^= (byte) (1 << r.nextInt(8));
          }
        }
        case 1 -> out = splice(out, at, Math.min(out.length, at + 1 + r.nextInt(8)), new byte[0]);
        case 2 -> out = splice(out, at, out.length, new byte[0]);
        case 3 -> {
          byte[] junk = new byte[1 + r.nextInt(6)];
          r.nextBytes(junk);
          out = splice(out, at, at, junk);
        }
        case 4 -> out = splice(out, at, at, NOT_UTF8[r.nextInt(NOT_UTF8.length)]);
        default -> out = splice(out, at, at, ascii(out, r)); // a copied run: duplicate keys etc.
      }
    }
    return out;
  }

  private static byte[] ascii(byte[] doc, Random r) {
    if (doc.length == 0) {
      return new byte[] {'{'};
    }
    int from = r.nextInt(doc.length);
    int to = Math.min(doc.length, from + 1 + r.nextInt(24));
    return java.util.Arrays.copyOfRange(doc, from, to);
  }

  private static byte[] splice(byte[] doc, int from, int to, byte[] insert) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(doc.length + insert.length);
    out.write(doc, 0, from);
    out.write(insert, 0, insert.length);
    out.write(doc, to, doc.length - to);
    return out.toByteArray();
  }

  /**
   * One structural JSON mutation at a random node of {@code doc}: delete a field or element,
   * replace a value by a wrong type, a huge or negative number, a 2,000-digit integer or an
   * array nested 200..5,000 deep, or duplicate a field with another value.
   */
  public static byte[] mutateJson(byte[] doc, Random r) {
    JsonNode root;
    try {
      root = MAPPER.readTree(doc);
    } catch (java.io.IOException e) {
      return mutateBytes(doc, r);
    }
    List<ContainerNode<?>> containers = new ArrayList<>();
    collect(root, containers);
    if (containers.isEmpty()) {
      return mutateBytes(doc, r);
    }
    ContainerNode<?> c = containers.get(r.nextInt(containers.size()));
    int depth = 200 + r.nextInt(4800);
    String text;
    if (c instanceof ObjectNode o && o.size() > 0) {
      List<String> names = new ArrayList<>();
      o.fieldNames().forEachRemaining(names::add);
      String name = names.get(r.nextInt(names.size()));
      if (r.nextInt(6) == 0) {
        o.remove(name);
      } else {
        o.set(name, wrongValue(r));
      }
      text = root.toString();
      if (r.nextInt(8) == 0) { // a duplicate key with the original value first
        text = text.replaceFirst("\\{", "{\"" + name.replace("\\", "\\\\").replace("$", "\\$")
            + "\":1,");
      }
    } else if (c instanceof ArrayNode a && a.size() > 0) {
      int i = r.nextInt(a.size());
      if (r.nextBoolean()) {
        a.remove(i);
      } else {
        a.set(i, wrongValue(r));
      }
      text = root.toString();
    } else {
      text = root.toString();
    }
    text = text.replace("\"" + DEEP_MARKER + "\"", "[".repeat(depth) + "]".repeat(depth))
        .replace("\"" + HUGE_MARKER + "\"", "9".repeat(1000 + r.nextInt(2000)));
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static JsonNode wrongValue(Random r) {
    return switch (r.nextInt(16)) {
      case 0 -> MAPPER.getNodeFactory().textNode("x");
      case 1 -> MAPPER.getNodeFactory().textNode("");
      case 2 -> MAPPER.getNodeFactory().nullNode();
      case 3 -> MAPPER.getNodeFactory().booleanNode(r.nextBoolean());
      case 4 -> MAPPER.getNodeFactory().arrayNode();
      case 5 -> MAPPER.getNodeFactory().objectNode();
      case 6 -> MAPPER.getNodeFactory().numberNode(Long.MAX_VALUE);
      case 7 -> MAPPER.getNodeFactory().numberNode(Long.MIN_VALUE);
      case 8 -> MAPPER.getNodeFactory().numberNode(BigInteger.TWO.pow(64 + r.nextInt(200)));
      case 9 -> MAPPER.getNodeFactory().numberNode(r.nextGaussian() * 1e6);
      case 10 -> MAPPER.getNodeFactory().numberNode(new java.math.BigDecimal("1e400"));
      case 11 -> MAPPER.getNodeFactory().numberNode(-1 - r.nextInt(1000));
      case 12 -> MAPPER.getNodeFactory().textNode(DEEP_MARKER);
      case 13 -> MAPPER.getNodeFactory().textNode(HUGE_MARKER);
      case 14 -> MAPPER.getNodeFactory().textNode("\ud800 \u0000 " + "é".repeat(r.nextInt(4)));
      default -> MAPPER.getNodeFactory().numberNode(r.nextLong());
    };
  }

  private static void collect(JsonNode n, List<ContainerNode<?>> out) {
    if (n instanceof ContainerNode<?> c) {
      out.add(c);
      for (Iterator<JsonNode> it = n.elements(); it.hasNext(); ) {
        collect(it.next(), out);
      }
    }
  }

  /** A valid document's text as JSON, for decoders that take a string. */
  public static String json(Object tree) {
    try {
      return MAPPER.writeValueAsString(tree);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The outcome contract: {@code decode} returns within {@link #DEADLINE} a value that {@code
   * valid} accepts, or throws exactly {@code documented} (any subclass is a different, unplanned
   * error) and {@code message} accepts that exception. Anything else fails naming the input.
   */
  public static <T> void parsesOrFailsAsDocumented(String input, Class<? extends Throwable>
      documented, ThrowingSupplier<T> decode, Consumer<T> valid, Consumer<Throwable> message) {
    T value;
    try {
      value = assertTimeoutPreemptively(DEADLINE, decode, () -> "decode hung on " + input);
    } catch (org.opentest4j.AssertionFailedError hang) {
      throw hang;
    } catch (Throwable t) {
      if (t.getClass() != documented) {
        throw new AssertionError("undocumented " + t + " for input " + input, t);
      }
      message.accept(t);
      Statistics.collect("rejected");
      return;
    }
    if (value == null) {
      fail("decoder returned null for input " + input);
    }
    Statistics.collect("parsed");
    try {
      valid.accept(value);
    } catch (Throwable t) {
      throw new AssertionError("decoded " + value + ", which its own validation rejects, from"
          + " input " + input, t);
    }
  }

  /** An input shown in a failure: printable ASCII as is, other bytes as \xNN, cut at 600. */
  public static String show(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < b.length && sb.length() < 600; i++) {
      int c = b[i] & 0xff;
      sb.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\x%02x", c));
    }
    return sb.append(b.length > 600 ? "... (" + b.length + " bytes)" : "").toString();
  }
}
