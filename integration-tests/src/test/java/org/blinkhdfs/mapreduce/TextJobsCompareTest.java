package org.blinkhdfs.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TextJobsCompareTest {
  @Test
  void equalCountsVerify() {
    TextJobs.Verification v = TextJobs.compare(Map.of("aa", 3L, "ba", 1L),
        Map.of("aa", 3L, "ba", 1L));
    assertTrue(v.ok(), v.toString());
    assertEquals("2 distinct words, 4 occurrences, each count equal to the direct count",
        v.reason());
  }

  @Test
  void aWrongCountIsNamed() {
    TextJobs.Verification v = TextJobs.compare(Map.of("aa", 3L, "ba", 1L),
        Map.of("aa", 2L, "ba", 1L));
    assertFalse(v.ok());
    assertEquals("1 of 2 words differ; first: 'aa' counted 2, written 3 times", v.reason());
  }

  @Test
  void aMissingAndAnExtraWordAreBothCounted() {
    TextJobs.Verification v = TextJobs.compare(Map.of("aa", 3L), Map.of("zz", 1L));
    assertFalse(v.ok());
    assertEquals("2 of 2 words differ; first: 'aa' counted not at all, written 3 times",
        v.reason());
  }

  @Test
  void aWordCountedZeroTimesIsStillAnExtraWord() {
    assertFalse(TextJobs.compare(Map.of("aa", 1L), Map.of("aa", 1L, "ba", 0L)).ok());
  }
}
