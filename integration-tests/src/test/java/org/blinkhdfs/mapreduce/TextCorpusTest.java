package org.blinkhdfs.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TextCorpusTest {
  @Test
  void wordsAreTheDocumentedBase26Names() {
    assertEquals("aa", TextCorpus.word(0));
    assertEquals("ba", TextCorpus.word(1));
    assertEquals("za", TextCorpus.word(25));
    assertEquals("ab", TextCorpus.word(26));
    assertEquals("bb", TextCorpus.word(27));
    // 26 * 26 = 676: rest 26 = "ab" in base 26 little-endian after the leading letter
    assertEquals("aab", TextCorpus.word(676));
  }

  @Test
  void wordsAreDistinctLowerCaseLetters() {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 20_000; i++) {
      String w = TextCorpus.word(i);
      assertTrue(w.matches("[a-z]{2,}"), w);
      assertTrue(seen.add(w), "word " + i + " = " + w + " repeats");
    }
  }

  @Test
  void probabilitiesFollowZipfByHand() {
    // vocabulary 3, s = 1: weights 1, 1/2, 1/3, sum 11/6 -> 6/11, 3/11, 2/11
    TextCorpus c = new TextCorpus(3, 1.0);
    assertEquals(6.0 / 11, c.probability(0), 1e-12);
    assertEquals(3.0 / 11, c.probability(1), 1e-12);
    assertEquals(2.0 / 11, c.probability(2), 1e-12);
  }

  @Test
  void countsEqualADirectRecountOfTheTextOverSeeds() {
    TextCorpus c = new TextCorpus(500, 1.0);
    for (long seed = 0; seed < 30; seed++) {
      StringWriter out = new StringWriter();
      long bytes = 1 + new Random(seed).nextInt(20_000);
      Map<String, Long> counts = c.write(out, bytes, new Random(seed));
      String text = out.toString();
      assertTrue(text.length() >= bytes, "seed " + seed + ": short text");
      assertTrue(text.endsWith("\n"), "seed " + seed + ": last line not whole");
      Map<String, Long> recount = new TreeMap<>();
      for (String line : text.split("\n")) {
        String[] words = line.split(" ");
        assertEquals(TextCorpus.WORDS_PER_LINE, words.length, "seed " + seed + ": " + line);
        for (String w : words) {
          recount.merge(w, 1L, Long::sum);
        }
      }
      assertEquals(recount, counts, "seed " + seed);
    }
  }

  @Test
  void sameSeedSameText() {
    TextCorpus c = new TextCorpus(100, 1.0);
    StringWriter a = new StringWriter();
    StringWriter b = new StringWriter();
    c.write(a, 5_000, new Random(7));
    c.write(b, 5_000, new Random(7));
    assertEquals(a.toString(), b.toString());
  }

  @Test
  void matchingKeepsWholeWordsOfThePattern() {
    Map<String, Long> counts = Map.of("qa", 3L, "aq", 5L, "qbz", 2L, "zz", 1L);
    assertEquals(Map.of("qa", 3L, "qbz", 2L),
        TextCorpus.matching(counts, Pattern.compile("q[a-z]*")));
  }

  @Test
  void mergeAddsCounts() {
    Map<String, Long> total = new TreeMap<>(Map.of("aa", 2L));
    TextCorpus.merge(total, Map.of("aa", 3L, "ba", 1L));
    assertEquals(Map.of("aa", 5L, "ba", 1L), total);
  }

  @Test
  void badVocabularyIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new TextCorpus(0, 1.0));
  }
}
