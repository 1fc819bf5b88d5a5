package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Rabbit Figs 8-9 from the dataset classes: exact small cases and the sweep's shape. */
class DatasetProportionalityFigureTest {
  @Test
  void aSingleLiveDatasetGetsEveryNodeAndIsIdeal() {
    DatasetProportionalityFigure.Degree d = DatasetProportionalityFigure.degree(14, 8, 1, 2);
    assertEquals(8, d.combinations());
    assertEquals(1.0, d.mean(), 1e-12);
    assertEquals(1.0, d.worst(), 1e-12);
  }

  @Test
  void sharingLowersTheDegreeButNeverBelowZeroAndTheMeanBoundsTheWorst() {
    for (int live = 2; live <= 4; live++) {
      DatasetProportionalityFigure.Degree d = DatasetProportionalityFigure.degree(14, 6, live, 2);
      assertEquals(List.of(15, 20, 15).get(live - 2), d.combinations(), "C(6, " + live + ")");
      assertTrue(d.worst() > 0 && d.worst() <= d.mean() && d.mean() < 1, d.toString());
    }
  }
}
