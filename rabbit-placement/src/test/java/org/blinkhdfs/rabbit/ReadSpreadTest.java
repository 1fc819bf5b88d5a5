package org.blinkhdfs.rabbit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The statistics the read-balance cluster test reports, on examples worked by hand. */
class ReadSpreadTest {
  @Test
  void meanStdAndCvArePopulationStatistics() {
    ReadSpread s = new ReadSpread(List.of(4L, 4L, 2L));
    assertEquals(10.0 / 3, s.mean(), 1e-12);
    assertEquals(Math.sqrt(8.0 / 9), s.std(), 1e-12); // deviations 2/3, 2/3, -4/3
    assertEquals(Math.sqrt(8.0 / 9) / (10.0 / 3), s.cv(), 1e-12);
  }

  @Test
  void idealFillsEveryNodeToOneLevelUnderItsStoredBlocks() {
    // B = 10 over stored {10, 10, 2}: level 4, split {4, 4, 2}.
    assertEquals(new ReadSpread(List.of(4L, 4L, 2L)).cv(),
        ReadSpread.idealCv(List.of(10L, 10L, 2L), 10), 1e-9);
    // Everyone can take B/n: perfectly even.
    assertEquals(0.0, ReadSpread.idealCv(List.of(90L, 90L, 90L, 90L), 350), 1e-9);
    // Gear of 4 on Le et al.'s chain, B = 350: n4 stores 80 < 87.5, the rest reach 80 + 3L = 350,
    // L = 90: {90, 90, 90, 80}, std sqrt(75/4) = 4.33, CV 0.0495.
    assertEquals(Math.sqrt(75.0 / 4) / 87.5,
        ReadSpread.idealCv(List.of(175L, 175L, 107L, 80L), 350), 1e-9);
  }
}
