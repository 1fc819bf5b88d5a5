package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class QuotaSplitterTest {
  /** Table 3's 1:3 split: W = 4, 24·1/4 = 6, 24·3/4 = 18, no remainder. */
  @Test
  void paperOneToThree() {
    assertEquals(Map.of("job1", 6, "job2", 18),
        QuotaSplitter.split(Map.of("job1", 1, "job2", 3), 24));
  }

  /** n = 10: 10/4 = 2 r 2 and 30/4 = 7 r 2; the left-over node goes to the heavier job2. */
  @Test
  void equalRemaindersGoToTheHeavier() {
    assertEquals(Map.of("job1", 2, "job2", 8),
        QuotaSplitter.split(Map.of("job1", 1, "job2", 3), 10));
  }

  /**
   * n = 3, weights 1, 1, 10 (W = 12): floors 0, 0, 2, remainders 3, 3, 6; the left-over node to
   * c: 0, 0, 3. Then a and b each take one node from c, the largest: 1, 1, 1.
   */
  @Test
  void everyLiveDatasetGetsANode() {
    assertEquals(Map.of("a", 1, "b", 1, "c", 1),
        QuotaSplitter.split(Map.of("a", 1, "b", 1, "c", 10), 3));
  }

  /** Fair share of 8 over 3: 2 r 2 each; the two left-over nodes to the first names. */
  @Test
  void fairShareRemainderByName() {
    assertEquals(Map.of("d1", 3, "d2", 3, "d3", 2),
        QuotaSplitter.split(Map.of("d3", 1, "d1", 1, "d2", 1), 8));
  }

  /** Fewer nodes than datasets: the heaviest get one each (b), then ties by name (a before c). */
  @Test
  void fewerNodesThanDatasets() {
    assertEquals(Map.of("a", 1, "b", 1, "c", 0),
        QuotaSplitter.split(Map.of("a", 1, "b", 5, "c", 1), 2));
    assertEquals(Map.of("a", 0, "b", 0), QuotaSplitter.split(Map.of("a", 1, "b", 1), 0));
  }

  /**
   * Minimum p = 2: n = 4, weights 1 and 5 give 1 r 0... exactly: 4/6 = 0 r 4 and 20/6 = 3 r 2,
   * the left-over node to the larger remainder (a): 1 and 3; a is below 2 and takes one from b:
   * 2 and 2. With n = 3 there are not 2 per dataset, so only the one-node floor holds: 0 r 3 and
   * 2 r 3, the tie to the heavier: 0 and 3, then a takes one: 1 and 2.
   */
  @Test
  void aMinimumOfPNodesWhenThereAreEnough() {
    assertEquals(Map.of("a", 1, "b", 3), QuotaSplitter.split(Map.of("a", 1, "b", 5), 4));
    assertEquals(Map.of("a", 2, "b", 2), QuotaSplitter.split(Map.of("a", 1, "b", 5), 4, 2));
    assertEquals(Map.of("a", 1, "b", 2), QuotaSplitter.split(Map.of("a", 1, "b", 5), 3, 2));
    assertEquals(Map.of("a", 2, "b", 2, "c", 4),
        QuotaSplitter.split(Map.of("a", 1, "b", 1, "c", 10), 8, 2));
  }
}
