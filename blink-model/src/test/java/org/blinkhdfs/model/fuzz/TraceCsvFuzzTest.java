package org.blinkhdfs.model.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.blinkhdfs.common.csv.Csv;
import org.blinkhdfs.model.signal.PowerTrace;
import org.blinkhdfs.model.signal.TmyWeather;

/**
 * Fuzzes the power trace readers: {@link PowerTrace#parseCsv} as the {@code trace:FILE} signal
 * calls it (columns {@code time_s,watts}, 1,000 ms per unit) and with hours (3,600,000 ms per
 * unit, the renewable trace), {@link TmyWeather#parseCsv}, and the RFC 4180 record reader {@link
 * Csv#parseRecords}. Documented outcome: a trace that passes the readers' own rules (a {@link
 * PowerTrace} must rebuild through {@link PowerTrace#of}, which checks times, watts and the span;
 * TMY hours strictly increasing, values finite and {@code >= 0}; records that write and read back
 * the same), or exactly an {@link IllegalArgumentException} whose message starts with the source
 * name (or {@code CSV line} for records). Inputs: valid traces, byte mutations and cell-level
 * mutations (text, NaN, Infinity, negative, {@code 1e400}, 2,000-digit and 9e18 times, missing and
 * extra cells, swapped rows), random bytes. Tries: {@code blink.fuzz.tries}.
 */
class TraceCsvFuzzTest {
  private static final String SOURCE = "fuzz.csv";

  @Property
  void powerTraceParsesOrNamesLineAndColumn(@ForAll("powerTraces") byte[] input) {
    for (long msPerUnit : new long[] {1000, 3_600_000}) {
      FuzzInputs.parsesOrFailsAsDocumented(FuzzInputs.show(input), IllegalArgumentException.class,
          () -> PowerTrace.parseCsv(SOURCE, reader(input), "time_s", "watts", msPerUnit),
          TraceCsvFuzzTest::rebuildsThroughOf, TraceCsvFuzzTest::namesSource);
    }
  }

  @Property
  void tmyWeatherParsesOrNamesLineAndColumn(@ForAll("tmyTables") byte[] input) {
    FuzzInputs.parsesOrFailsAsDocumented(FuzzInputs.show(input), IllegalArgumentException.class,
        () -> TmyWeather.parseCsv(SOURCE, reader(input)), TraceCsvFuzzTest::followsTmyRules,
        TraceCsvFuzzTest::namesSource);
  }

  @Property
  void recordsParseOrNameTheLine(@ForAll("records") byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    FuzzInputs.parsesOrFailsAsDocumented(FuzzInputs.show(input), IllegalArgumentException.class,
        () -> Csv.parseRecords(text), TraceCsvFuzzTest::writeAndReadBack,
        t -> assertTrue(t.getMessage().startsWith("CSV line "), t.getMessage()));
  }

  @Provide
  Arbitrary<byte[]> powerTraces() {
    return csvMix(r -> table(r, new String[] {"time_s", "watts"}, 1 + r.nextInt(4)));
  }

  @Provide
  Arbitrary<byte[]> tmyTables() {
    return csvMix(r -> table(r, new String[] {"hour_of_year", "ghi_w_m2", "wind_speed_m_s"}, 1));
  }

  @Provide
  Arbitrary<byte[]> records() {
    return FuzzInputs.mix(Arbitraries.randoms().map(TraceCsvFuzzTest::recordsText),
        r -> doc -> FuzzInputs.mutateBytes(doc, r));
  }

  private static Arbitrary<byte[]> csvMix(java.util.function.Function<Random, String> valid) {
    return FuzzInputs.mix(Arbitraries.randoms().map(valid)
        .map(s -> s.getBytes(StandardCharsets.UTF_8)), r -> doc -> mutateCells(doc, r));
  }

  /**
   * A valid table: header (columns in random order plus an ignored one), optional comment and
   * blank lines, 1..30 rows with strictly increasing whole first-column values stepping by
   * {@code step}, values in [0, 1000).
   */
  static String table(Random r, String[] columns, int step) {
    List<String> header = new ArrayList<>(List.of(columns));
    header.add(r.nextInt(header.size() + 1), "note");
    StringBuilder sb = new StringBuilder();
    if (r.nextBoolean()) {
      sb.append("# a trace\n");
    }
    sb.append(String.join(r.nextBoolean() ? "," : " , ", header)).append('\n');
    int t = r.nextInt(1000);
    for (int row = 1 + r.nextInt(30); row > 0; row--) {
      List<String> cells = new ArrayList<>();
      for (String c : header) {
        cells.add(c.equals(columns[0]) ? Integer.toString(t) : c.equals("note") ? "n" + row
            : String.format(Locale.ROOT, "%.3f", r.nextDouble() * 1000));
      }
      sb.append(String.join(",", cells)).append(r.nextInt(10) == 0 ? "\r\n\n" : "\n");
      t += step;
    }
    return sb.toString();
  }

  /**
   * 1..3 cell edits, a quarter of them in the last row (whose time sets the span's end): a bad
   * value, a missing or extra cell, a swapped or duplicated line.
   */
  static byte[] mutateCells(byte[] doc, Random r) {
    String[] bad = {"x", "", "NaN", "Infinity", "-Infinity", "-1", "-0.001", "1e400", "1e-400",
      "9".repeat(2000), "9223372036854775807", "9.2e18", "4.6e15", "9.2e15", "2.5e12",
      "2147483648", "0x1p3", "1d",
      "\"12\"", " 7 ", "1,5", "\u00a0" + "3", "1.5.2"};
    List<String> lines = new ArrayList<>(List.of(
        new String(doc, StandardCharsets.UTF_8).split("\n", -1)));
    for (int k = 1 + r.nextInt(3); k > 0 && !lines.isEmpty(); k--) {
      int i = r.nextInt(4) == 0 ? lastRow(lines) : r.nextInt(lines.size());
      List<String> cells = new ArrayList<>(List.of(lines.get(i).split(",", -1)));
      switch (r.nextInt(5)) {
        case 0, 1 -> cells.set(r.nextInt(cells.size()), bad[r.nextInt(bad.length)]);
        case 2 -> cells.remove(r.nextInt(cells.size()));
        case 3 -> cells.add(r.nextInt(cells.size() + 1), bad[r.nextInt(bad.length)]);
        default -> {
          int j = r.nextInt(lines.size());
          String other = lines.get(j);
          lines.set(j, lines.get(i));
          cells = List.of(other.split(",", -1));
        }
      }
      lines.set(i, String.join(",", cells));
    }
    return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
  }

  /** The last line with text: its time decides the trace's end. */
  private static int lastRow(List<String> lines) {
    int i = lines.size() - 1;
    while (i > 0 && lines.get(i).isBlank()) {
      i--;
    }
    return i;
  }

  /** 0..6 records of 1..4 fields with commas, quotes, CR, LF and spaces, as {@link Csv} writes. */
  static byte[] recordsText(Random r) {
    String[] pieces = {"a", "ring, \"hot\" 3", "", " x ", "line\nbreak", "cr\r\n", "\"", "1.5"};
    StringBuilder sb = new StringBuilder();
    for (int n = r.nextInt(7); n > 0; n--) {
      List<String> fields = new ArrayList<>();
      for (int f = 1 + r.nextInt(4); f > 0; f--) {
        fields.add(pieces[r.nextInt(pieces.length)]);
      }
      sb.append(Csv.record(fields));
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static InputStreamReader reader(byte[] input) {
    return new InputStreamReader(new java.io.ByteArrayInputStream(input), StandardCharsets.UTF_8);
  }

  static void rebuildsThroughOf(PowerTrace t) {
    long[] times = new long[t.size()];
    double[] watts = new double[t.size()];
    for (int i = 0; i < t.size(); i++) {
      times[i] = t.sampleTimeMs(i);
      watts[i] = t.sampleWatts(i);
    }
    PowerTrace.of(times, watts, t.endMs());
    assertTrue(t.durationMs() > 0, "duration " + t.durationMs());
  }

  static void followsTmyRules(TmyWeather w) {
    for (int i = 0; i < w.size(); i++) {
      assertTrue(w.hourAt(i) >= 0 && (i == 0 || w.hourAt(i) > w.hourAt(i - 1)), "hour " + i);
      assertTrue(Double.isFinite(w.ghiWattsPerM2At(i)) && w.ghiWattsPerM2At(i) >= 0, "ghi " + i);
      assertTrue(Double.isFinite(w.windSpeedMpsAt(i)) && w.windSpeedMpsAt(i) >= 0, "wind " + i);
    }
  }

  static void writeAndReadBack(List<List<String>> records) {
    StringBuilder sb = new StringBuilder();
    records.forEach(rec -> sb.append(Csv.record(rec)));
    assertEquals(records, Csv.parseRecords(sb.toString()));
  }

  static void namesSource(Throwable t) {
    assertTrue(t.getMessage().startsWith(SOURCE + " "), t.getMessage());
  }
}
