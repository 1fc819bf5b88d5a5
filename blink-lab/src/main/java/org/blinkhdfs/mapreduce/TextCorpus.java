package org.blinkhdfs.mapreduce;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.blinkhdfs.bench.stats.ZipfSampler;

/**
 * A generated text data set for WordCount and Grep (BlinkFS §6.2 counts words of Project
 * Gutenberg books; we cannot ship those, so words are drawn from a Zipf law over a fixed
 * vocabulary, as natural text's word frequencies roughly follow), and the direct count that a
 * job's output is checked against: {@link #write} returns how often each word was written.
 *
 * <p>Vocabulary: word {@code i} (0-based) is {@code i} written in base 26 with the letters
 * {@code a..z} plus a leading letter chosen by {@code i mod 26}, so every word is lower-case
 * letters only, distinct, and 2 or more letters long (word 0 = "aa", word 1 = "ba", word 27 =
 * "bb"). Lines hold {@link #WORDS_PER_LINE} words separated by single spaces. Word {@code i}
 * is drawn with probability proportional to {@code 1/(i+1)^s} ({@link ZipfSampler}, rank
 * {@code i + 1}).
 *
 * <p>Worked example: vocabulary 3, exponent 1: weights 1, 1/2, 1/3 (sum 11/6), so "aa" is drawn
 * with probability 6/11, "ba" 3/11, "ca" 2/11.
 *
 * <p>Pure and deterministic for a given {@link Random}; not thread-safe.
 */
public final class TextCorpus {
  /** Words per line. */
  public static final int WORDS_PER_LINE = 12;
  private final ZipfSampler zipf;
  private final String[] words;

  /**
   * @param vocabulary distinct words, 1..{@link ZipfSampler#MAX_N}
   * @param exponent Zipf exponent s, at least 0 (0: uniform)
   */
  public TextCorpus(int vocabulary, double exponent) {
    zipf = ZipfSampler.of(vocabulary, exponent);
    words = new String[vocabulary];
    for (int i = 0; i < vocabulary; i++) {
      words[i] = word(i);
    }
  }

  /** Word {@code i} of the vocabulary (see the class comment). */
  public static String word(int i) {
    StringBuilder b = new StringBuilder();
    b.append((char) ('a' + i % 26));
    int rest = i / 26;
    do {
      b.append((char) ('a' + rest % 26));
      rest /= 26;
    } while (rest > 0);
    return b.toString();
  }

  /** The probability of drawing word {@code i}. */
  public double probability(int i) {
    return zipf.probability(i + 1);
  }

  /** Draws one word. */
  public String draw(Random random) {
    return words[zipf.sample(random) - 1];
  }

  /**
   * Writes whole lines until at least {@code bytes} characters are out, and returns how often
   * each word was written (sorted by word). Every character is ASCII, so characters are bytes.
   */
  public Map<String, Long> write(Writer out, long bytes, Random random) {
    Map<String, Long> counts = new TreeMap<>();
    StringBuilder line = new StringBuilder();
    long written = 0;
    try {
      while (written < bytes) {
        line.setLength(0);
        for (int w = 0; w < WORDS_PER_LINE; w++) {
          String word = draw(random);
          counts.merge(word, 1L, Long::sum);
          if (w > 0) {
            line.append(' ');
          }
          line.append(word);
        }
        line.append('\n');
        out.append(line);
        written += line.length();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return counts;
  }

  /** Adds {@code more} into {@code total} (word counts of several files). */
  public static void merge(Map<String, Long> total, Map<String, Long> more) {
    more.forEach((w, n) -> total.merge(w, n, Long::sum));
  }

  /**
   * How many words of {@code counts} match {@code regex} as a whole word (Grep's direct count,
   * for regexes that can only match whole words, such as {@code \bq[a-z]*}).
   */
  public static Map<String, Long> matching(Map<String, Long> counts, Pattern regex) {
    Map<String, Long> out = new TreeMap<>();
    counts.forEach((w, n) -> {
      if (regex.matcher(w).matches()) {
        out.put(w, n);
      }
    });
    return out;
  }
}
