package org.blinkhdfs.model.power;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TransitionModelTest {
  private static final TransitionDistribution.Samples MEASURED_ENTER = MeasuredTransitions.enter();
  private static final TransitionDistribution.Samples MEASURED_RESUME =
      MeasuredTransitions.resume();

  private static TransitionDistribution parse(String spec) {
    return TransitionDistribution.parse("blink.power.transition.enter", spec, MEASURED_ENTER);
  }

  @Test
  void measuredMeansAreTheReportsTable() {
    // 16 124 / 14 = 1151.714..., 3 012 / 14 = 215.142... (report.md: mean 1152 and 215)
    TransitionModel m = TransitionModel.measured();
    assertEquals(16_124 / 14.0, m.meanEnterMs(), 1e-9);
    assertEquals(3_012 / 14.0, m.meanResumeMs(), 1e-9);
    assertEquals(2596, m.enter().maxMs());
    assertEquals(349, m.resume().maxMs());
  }

  @Test
  void measuredSamplesAreTheCommittedBenchsRtcCycles() throws Exception {
    JsonNode doc = new ObjectMapper().readTree(
        Path.of("..").resolve(MeasuredTransitions.SOURCE).toFile());
    List<Long> enter = new ArrayList<>();
    List<Long> resume = new ArrayList<>();
    for (JsonNode c : doc.get("cycles")) {
      if (c.get("wokenBy").asText().equals("rtc")) {
        enter.add(c.get("enterMs").asLong());
        resume.add(Math.round(c.get("agentResumeMs").asDouble()));
      }
    }
    assertEquals(19, doc.get("cycles").size());
    assertArrayEquals(enter.stream().mapToLong(Long::longValue).toArray(),
        MeasuredTransitions.ENTER);
    assertArrayEquals(resume.stream().mapToLong(Long::longValue).toArray(),
        MeasuredTransitions.RESUME);
  }

  @Test
  void shortIntervalsScaleEveryTime() {
    TransitionModel m = TransitionModel.measured();
    assertEquals(0.1, m.scale(6_000), 1e-12);
    assertEquals(1.0, m.scale(60_000), 0);
    assertEquals(1.0, m.scale(120_000), 0); // never stretched above the measured times
    // 1151.71 * 0.1 = 115.17; 215.14 * 0.1 = 21.51; planned round(136.69) = 137
    assertEquals(115.171, m.meanEnterMs(6_000), 1e-3);
    assertEquals(21.514, m.meanResumeMs(6_000), 1e-3);
    assertEquals(137, m.plannedTransitionMs(6_000));
    assertEquals(1367, m.plannedTransitionMs(60_000)); // round(1366.86)
    assertEquals(260, m.maxEnterMs(6_000)); // round(259.6)
    assertEquals(35, m.maxResumeMs(6_000)); // round(34.9)
  }

  @Test
  void describeStatesUnscaledAndScaledMeans() {
    TransitionModel m = TransitionModel.measured();
    assertEquals("enter 1152 ms (115 ms at the 6 s interval), resume 215 ms (22 ms); measured"
        + " real-kernel cycles (docs/results/2026-11-29-real-sleep/real-sleep.json), scaled by"
        + " 6 s / 60 s", m.describe(6_000));
    assertEquals("enter 1152 ms, resume 215 ms at the 60 s interval (unscaled); measured"
        + " real-kernel cycles (docs/results/2026-11-29-real-sleep/real-sleep.json)",
        m.describe(60_000));
    TransitionModel fallback = new TransitionModel(parse("fixed:300ms"), parse("fixed:1s"),
        60_000);
    assertEquals("enter 300 ms (30 ms at the 6 s interval), resume 1000 ms (100 ms); enter"
        + " fixed:300ms, resume fixed:1000ms, scaled by 6 s / 60 s", fallback.describe(6_000));
    assertEquals(1300, fallback.plannedTransitionMs(60_000));
    assertEquals(130, fallback.plannedTransitionMs(6_000));
  }

  @Test
  void drawsAreSeededAndScaled() {
    // At 30 s of a 60 s reference everything halves: samples 100, 250, 400 -> 50, 125, 200.
    TransitionModel m = new TransitionModel(TransitionDistribution.Samples.of(100, 250, 400),
        new TransitionDistribution.Uniform(200, 400), 60_000);
    Random a = new Random(42);
    Random b = new Random(42);
    Random unscaled = new Random(42);
    for (int i = 0; i < 50; i++) {
      long enter = m.drawEnterMs(a, 30_000);
      long resume = m.drawResumeMs(a, 30_000);
      assertEquals(enter, m.drawEnterMs(b, 30_000)); // the same seed draws the same cycle
      assertEquals(resume, m.drawResumeMs(b, 30_000));
      assertEquals(Math.round(m.enter().draw(unscaled) * 0.5), enter);
      assertEquals(Math.round(m.resume().draw(unscaled) * 0.5), resume);
      assertTrue(enter == 50 || enter == 125 || enter == 200, "enter " + enter);
      assertTrue(resume >= 100 && resume <= 200, "resume " + resume);
    }
  }

  @Test
  void everyValueIsDrawnEventually() {
    TransitionDistribution u = new TransitionDistribution.Uniform(3, 5);
    Random rnd = new Random(7);
    boolean[] seen = new boolean[6];
    for (int i = 0; i < 200; i++) {
      seen[(int) u.draw(rnd)] = true;
    }
    assertTrue(seen[3] && seen[4] && seen[5]);
    assertEquals(4.0, u.meanMs(), 0);
  }

  /** Property: a scaled draw lies in [0, round(scale * max)] for any spec, seed and interval. */
  @Test
  void scaledDrawsStayWithinTheScaledMaximum() {
    Random meta = new Random(2026);
    for (int round = 0; round < 500; round++) {
      TransitionDistribution d = switch (meta.nextInt(4)) {
        case 0 -> new TransitionDistribution.Fixed(meta.nextInt(5_000));
        case 1 -> {
          long lo = meta.nextInt(3_000);
          yield new TransitionDistribution.Uniform(lo, lo + meta.nextInt(3_000));
        }
        case 2 -> TransitionDistribution.Samples.of(meta.longs(1 + meta.nextInt(20), 0, 10_000)
            .toArray());
        default -> MEASURED_ENTER;
      };
      long reference = 1_000 + meta.nextInt(120_000);
      long interval = 1_000 + meta.nextInt(240_000);
      TransitionModel m = new TransitionModel(d, d, reference);
      double scale = m.scale(interval);
      assertTrue(scale > 0 && scale <= 1, "scale " + scale);
      Random rnd = new Random(round);
      for (int i = 0; i < 50; i++) {
        long x = m.drawEnterMs(rnd, interval);
        assertTrue(x >= 0 && x <= Math.round(scale * d.maxMs()),
            d.spec() + " at " + interval + "/" + reference + ": " + x);
      }
      assertTrue(m.meanEnterMs(interval) <= scale * d.maxMs() + 1e-9);
    }
  }

  @Test
  void specsParse() {
    assertEquals(new TransitionDistribution.Fixed(300), parse("fixed:300ms"));
    assertEquals(new TransitionDistribution.Fixed(1500), parse(" FIXED:1.5s "));
    assertEquals(new TransitionDistribution.Fixed(0), parse("fixed:0ms"));
    assertEquals(new TransitionDistribution.Uniform(200, 400), parse("uniform:200ms..400ms"));
    assertEquals(TransitionDistribution.Samples.of(38, 49, 1200), parse("samples:38,49,1.2s"));
    assertEquals(MEASURED_ENTER, parse("measured"));
    assertEquals("samples:38,49,1200", parse("samples:38, 49 ,1.2s").spec());
    assertEquals(45.0, parse("samples:40,50").meanMs(), 0);
    assertTrue(TransitionModel.NONE.isNone());
  }

  @Test
  void badSpecsNameKeyValueAndFix() {
    String fix = ": give measured (the real-kernel cycles, default), fixed:300ms (fixed:0ms turns"
        + " transitions off), uniform:200ms..400ms or samples:38,49,120 (ms)";
    assertEquals("blink.power.transition.enter = 'fixd:300ms' is invalid (unknown kind)" + fix,
        assertThrows(IllegalArgumentException.class, () -> parse("fixd:300ms")).getMessage());
    assertEquals("blink.power.transition.enter = 'fixed:300' is invalid ('300' has no unit:"
        + " write a duration such as 60s, 6000ms, 1m or 1h)" + fix,
        assertThrows(IllegalArgumentException.class, () -> parse("fixed:300")).getMessage());
    assertEquals("blink.power.transition.enter = 'uniform:400ms..200ms' is invalid (uniform"
        + " range 400ms..200ms is empty: write the low end first)" + fix,
        assertThrows(IllegalArgumentException.class, () -> parse("uniform:400ms..200ms"))
            .getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("uniform:200ms"))
        .getMessage().contains("a uniform range is low..high"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("samples:"))
        .getMessage().startsWith("blink.power.transition.enter = 'samples:' is invalid"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("fixed:11m"))
        .getMessage().contains("duration 660000 ms is outside 0..600000 ms"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> parse(""))
        .getMessage().startsWith("blink.power.transition.enter = '' is invalid"));
  }
}
