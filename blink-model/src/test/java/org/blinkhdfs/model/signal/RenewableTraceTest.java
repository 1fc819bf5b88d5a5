package org.blinkhdfs.model.signal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;

class RenewableTraceTest {
  private static final long H = 3_600_000L;

  @Test
  void turbineCurveAtHandWorkedSpeeds() {
    WindTurbine t = WindTurbine.standard(1000);
    // vr^3 - vin^3 = 12^3 - 3^3 = 1728 - 27 = 1701
    assertEquals(0, t.powerWatts(2.9), 0);          // below cut-in
    assertEquals(0, t.powerWatts(3), 1e-12);         // (27 - 27)/1701 = 0
    // 7.5^3 = 421.875; (421.875 - 27)/1701 * 1000 = 394.875/1701 * 1000 = 13/56 * 1000 = 232.142857
    assertEquals(232.142857142857, t.powerWatts(7.5), 1e-9);
    // 6.2^3 = 238.328; (238.328 - 27)/1701 * 1000 = 124.237507...
    assertEquals(124.2375073486, t.powerWatts(6.2), 1e-9);
    assertEquals(1000, t.powerWatts(12), 1e-12);      // rated
    assertEquals(1000, t.powerWatts(20), 0);          // between rated and cut-out
    assertEquals(1000, t.powerWatts(24.99), 0);
    assertEquals(0, t.powerWatts(25), 0);             // at cut-out: shut down
    assertEquals(0, t.powerWatts(30), 0);             // above cut-out
    // a 500 W turbine halves every value: 232.142857 / 2
    assertEquals(116.0714285714, WindTurbine.standard(500).powerWatts(7.5), 1e-9);
  }

  @Test
  void turbineValidates() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new WindTurbine(1000, 3, 2, 25));
    assertTrue(e.getMessage().contains("ratedSpeedMps") && e.getMessage().contains("2"),
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new WindTurbine(1000, 3, 12, 12));
    assertThrows(IllegalArgumentException.class, () -> new WindTurbine(0, 3, 12, 25));
    assertThrows(IllegalArgumentException.class, () -> WindTurbine.standard(1).powerWatts(-1));
  }

  @Test
  void solarIsGhiOver1000TimesRating() {
    assertEquals(500, new SolarPanel(1000).powerWatts(500), 1e-12);   // 0.5 x 1000
    assertEquals(125, new SolarPanel(250).powerWatts(500), 1e-12);    // 0.5 x 250
    assertEquals(0, new SolarPanel(1000).powerWatts(0), 0);
    assertEquals(1013, new SolarPanel(1000).powerWatts(1013), 1e-12); // above STC is allowed
    assertThrows(IllegalArgumentException.class, () -> new SolarPanel(1000).powerWatts(-1));
    assertThrows(IllegalArgumentException.class, () -> new SolarPanel(-5));
  }

  @Test
  void shippedDerivedCsvMatchesDerivationExactly() throws IOException {
    String derived = RenewableTrace.greensboroUnitRated().toCsv();
    String shipped = resourceText(RenewableTrace.DERIVED_RESOURCE);
    // Fails if the formulas change without re-running RenewableTraceExport (see its javadoc).
    assertEquals(derived, shipped, "renewable-greensboro.csv drifted from its derivation:"
        + " regenerate it with RenewableTraceExport");
    Path source = Path.of("src/main/resources/org/blinkhdfs/model/signal",
        RenewableTrace.DERIVED_RESOURCE);
    if (Files.exists(source)) {
      assertEquals(derived, Files.readString(source, StandardCharsets.UTF_8));
    }
  }

  @Test
  void derivedRowsAgreeWithHandWorkedHours() {
    RenewableTrace r = RenewableTrace.greensboroUnitRated();
    assertEquals(8760, r.size());
    // hour 0: ghi 0, wind 6.2 m/s => solar 0, wind 124.2375 W
    assertEquals(0, r.solarWattsAt(0), 0);
    assertEquals(124.2375073486, r.windWattsAt(0), 1e-9);
    // hour 10: ghi 199, wind 6.2 => 199 + 124.2375
    assertEquals(199, r.solarWattsAt(10), 1e-12);
    assertEquals(323.2375073486, r.combinedWattsAt(10), 1e-9);
    // hour 13: wind 3.1 m/s => (29.791 - 27)/1701 * 1000 = 1.640799...
    assertEquals(1.6407995296, r.windWattsAt(13), 1e-9);
    String[] lines = r.toCsv().split("\n");
    assertEquals(RenewableTrace.HEADER, lines[0]);
    assertEquals("0,0.000,124.238,124.238", lines[1]);
    assertEquals("10,199.000,124.238,323.238", lines[11]);
    assertEquals(8761, lines.length);
    PowerTrace combined = r.combined();
    assertEquals(8760 * H, combined.endMs());
    assertEquals(323.2375073486, combined.wattsAt(10 * H + 1), 1e-9);
  }

  /** The shipped raw trace is byte-identical to the workplace's file (SHA-256 in README.md). */
  @Test
  void rawResourceIsTheSharedFileUnchanged() throws Exception {
    try (InputStream in =
        RenewableTrace.class.getResourceAsStream(TmyWeather.GREENSBORO_RESOURCE)) {
      byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(in.readAllBytes());
      assertEquals("36140c6f77d404acb068e826f9a9f258331632be5ccf3b73878f214261b0943f",
          java.util.HexFormat.of().formatHex(digest));
    }
  }

  @Test
  void weatherCsvErrorsNameLineColumnValue() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TmyWeather.parseCsv("w.csv", new StringReader(
            "hour_of_year,ghi_w_m2,wind_speed_m_s\n0,0,3\n1,-4,3\n")));
    assertTrue(e.getMessage().contains("w.csv line 3, column 'ghi_w_m2' (column 2): value '-4'"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> TmyWeather.parseCsv("w.csv", new StringReader(
            "hour_of_year,ghi_w_m2,wind_speed_m_s\n0,0,3\n0,0,3\n")));
    assertTrue(e.getMessage().contains("line 3") && e.getMessage().contains("strictly increasing"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> TmyWeather.parseCsv("w.csv", new StringReader(
            "hour_of_year,ghi_w_m2,wind_speed_m_s\n0,0,fast\n")));
    assertTrue(e.getMessage().contains("'wind_speed_m_s'") && e.getMessage().contains("'fast'"),
        e.getMessage());
  }

  @Test
  void blinkFsRenewableSignal() {
    PowerModel mac = PowerModel.macMini(9); // peak 9*25 + 40 = 265 W, overhead 40 W
    TraceReplaySignal s = BlinkFsSignals.renewable(mac, 50, 4000);
    PowerTrace replayed = s.replayedTrace();
    assertEquals(72 * H, replayed.durationMs());
    assertEquals(132.5, replayed.meanWatts(), 1e-6); // 50% of 265 W
    assertTrue(replayed.minWatts() >= 40 - 1e-12);
    assertEquals(3 * H, s.loopMs(), 1e-6);          // 72 h / 24
    // one elapsed hour replays window hour 24 = year hour 4024
    assertEquals(replayed.wattsAt(24 * H), ((PowerLevel.Watts) s.levelAt(H)).watts(), 0);
    // shape: hours above the floor keep the raw trace's ratios
    PowerTrace raw = RenewableTrace.shippedCombined();
    double k = Double.NaN;
    for (int h = 0; h < 72; h++) {
      double out = replayed.wattsAt(h * H);
      double in = raw.wattsAt((4000L + h) * H);
      if (out > 40 + 1e-9) {
        k = Double.isNaN(k) ? out / in : k;
        assertEquals(k, out / in, 1e-9, "hour " + h);
      }
    }
    assertTrue(k > 0);
    // a window running past the year's end wraps into January
    TraceReplaySignal wrap = BlinkFsSignals.renewable(mac, 50, 8750);
    assertEquals(132.5, wrap.replayedTrace().meanWatts(), 1e-6);
    assertThrows(IllegalArgumentException.class, () -> BlinkFsSignals.renewable(mac, 50, 8760));
    assertThrows(IllegalArgumentException.class, () -> BlinkFsSignals.renewable(mac, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> BlinkFsSignals.renewable(mac, 120, 0));
  }

  @Test
  void blinkFsRenewableMeanForManyStarts() {
    PowerModel mac = PowerModel.macMini(9);
    for (int start = 0; start < 8760; start += 97) {
      TraceReplaySignal s = BlinkFsSignals.renewable(mac, 50, start);
      assertEquals(132.5, s.replayedTrace().meanWatts(), 1e-6, "start " + start);
      assertTrue(s.replayedTrace().minWatts() >= 40 - 1e-12, "start " + start);
    }
  }

  private static String resourceText(String name) throws IOException {
    try (InputStream in = RenewableTrace.class.getResourceAsStream(name)) {
      assertTrue(in != null, "resource " + name + " missing");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
