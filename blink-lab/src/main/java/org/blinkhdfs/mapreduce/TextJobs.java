package org.blinkhdfs.mapreduce;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.Grep;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * WordCount and Grep (hadoop-mapreduce-examples) as real MapReduce jobs over a generated text
 * data set ({@link TextCorpus}), each checked against the direct count taken while the data was
 * written: WordCount's output must list every word with exactly the count written, and Grep's
 * every matching word with its count, nothing more. A job whose output differs is reported as
 * a {@link Verification} that names the first difference.
 *
 * <p>Grep's regex is {@link #GREP_REGEX} ({@code \bq[a-z]*}, words starting with q): it can
 * only match whole words, so its direct count is the corpus's count of those words.
 *
 * <p>Not thread-safe; one data set per directory.
 */
public final class TextJobs {
  /** Grep's pattern: whole words that start with q. */
  public static final String GREP_REGEX = "\\bq[a-z]*";
  private static final Pattern GREP_WORD = Pattern.compile("q[a-z]*");
  /** Vocabulary of the generated text. */
  public static final int VOCABULARY = 50_000;
  /** Zipf exponent of the generated text (close to English's). */
  public static final double EXPONENT = 1.0;

  private final Configuration jobConf;
  private final FileSystem fs;
  private final ToolJobs jobs;
  private final Path dir;
  private final Map<String, Long> counts = new TreeMap<>();
  private long bytes;

  /** @param dir the data set goes to {@code dir/input}, outputs next to it */
  public TextJobs(Configuration jobConf, FileSystem fs, ToolJobs jobs, Path dir) {
    this.jobConf = jobConf;
    this.fs = fs;
    this.jobs = jobs;
    this.dir = dir;
  }

  /** Whether a job's output equals the direct count. */
  public record Verification(boolean ok, String reason) {
    @Override
    public String toString() {
      return (ok ? "verified: " : "WRONG: ") + reason;
    }
  }

  /** One job run: its history records, wall-clock time, input size and verification. */
  public record Result(String name, ToolJobs.Run run, long inputBytes, Verification verification) {
    public double inputMB() {
      return inputBytes / 1e6;
    }

    /** Input MB over the wall-clock time the caller waited. */
    public double wallMBps() {
      return inputMB() / (run.wallMs() / 1000.0);
    }

    public String summary() {
      return String.format(Locale.ROOT, "%s of %.1f MB: %.1f s (%.2f MB/s); %s", name,
          inputMB(), run.wallMs() / 1000.0, wallMBps(), verification);
    }
  }

  /**
   * Writes {@code files} files of about {@code fileBytes} bytes each, replication {@code
   * replication}, with a {@link Random} seeded by {@code seed}, and keeps the direct word count.
   */
  public void generate(int files, long fileBytes, short replication, long seed)
      throws IOException {
    fs.delete(dir, true);
    counts.clear();
    bytes = 0;
    TextCorpus corpus = new TextCorpus(VOCABULARY, EXPONENT);
    Random random = new Random(seed);
    for (int i = 0; i < files; i++) {
      Path f = new Path(dir, String.format(Locale.ROOT, "input/part-%05d.txt", i));
      try (Writer w = new OutputStreamWriter(fs.create(f, false, 64 << 10, replication,
          fs.getDefaultBlockSize(f)), StandardCharsets.US_ASCII)) {
        TextCorpus.merge(counts, corpus.write(w, fileBytes, random));
      }
      bytes += fs.getFileStatus(f).getLen();
    }
  }

  /** The bytes generated. */
  public long inputBytes() {
    return bytes;
  }

  /** The data set's directory of input files. */
  public Path input() {
    return new Path(dir, "input");
  }

  /** Runs WordCount ({@code reduces} reduces) and checks every word's count. */
  public Result wordCount(int reduces) throws IOException, InterruptedException {
    Path out = new Path(dir, "wordcount");
    fs.delete(out, true);
    Job job = Job.getInstance(WholeFileSplits.of(jobConf), "word count");
    job.setJarByClass(WordCount.class);
    job.setMapperClass(WordCount.TokenizerMapper.class);
    job.setCombinerClass(WordCount.IntSumReducer.class);
    job.setReducerClass(WordCount.IntSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    job.setNumReduceTasks(reduces);
    FileInputFormat.addInputPath(job, input());
    FileOutputFormat.setOutputPath(job, out);
    ToolJobs.Run run = jobs.job(job);
    return new Result("WordCount", run, bytes, compare(counts, readOutput(out, false)));
  }

  /** Runs Grep for {@link #GREP_REGEX} (a search job and a sort job) and checks the counts. */
  public Result grep() throws IOException, InterruptedException {
    Path out = new Path(dir, "grep");
    fs.delete(out, true);
    ToolJobs.Run run = jobs.tool(newGrep(), WholeFileSplits.of(jobConf), 2,
        input().toString(), out.toString(), GREP_REGEX);
    return new Result("Grep", run, bytes,
        compare(TextCorpus.matching(counts, GREP_WORD), readOutput(out, true)));
  }

  /**
   * The examples' {@link Grep}: its constructor is private (its main calls System.exit), so
   * the tool is made the way ToolRunner would if it could.
   */
  private static Grep newGrep() throws IOException {
    try {
      var c = Grep.class.getDeclaredConstructor();
      c.setAccessible(true);
      return c.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IOException("cannot create hadoop-mapreduce-examples' Grep: " + e, e);
    }
  }

  /**
   * The {@code word -> count} pairs of a job's part files: WordCount writes {@code word \t
   * count}, Grep's sort job {@code count \t word} ({@code countFirst}).
   */
  private Map<String, Long> readOutput(Path out, boolean countFirst) throws IOException {
    Map<String, Long> got = new TreeMap<>();
    for (FileStatus f : fs.listStatus(out)) {
      if (!f.getPath().getName().startsWith("part-")) {
        continue;
      }
      try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(f.getPath()),
          StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          String[] kv = line.split("\t", 2);
          if (kv.length != 2) {
            throw new IOException("line '" + line + "' of " + f.getPath() + " is not key TAB"
                + " value");
          }
          String word = countFirst ? kv[1] : kv[0];
          long n = Long.parseLong((countFirst ? kv[0] : kv[1]).trim());
          if (got.put(word, n) != null) {
            throw new IOException("word '" + word + "' appears twice in " + out);
          }
        }
      }
    }
    return got;
  }

  /** Equal maps, or the first difference and how many words differ. */
  static Verification compare(Map<String, Long> expected, Map<String, Long> got) {
    long total = expected.values().stream().mapToLong(Long::longValue).sum();
    int differ = 0;
    String first = null;
    Map<String, Long> all = new TreeMap<>(expected);
    got.keySet().forEach(w -> all.putIfAbsent(w, 0L));
    for (String w : all.keySet()) {
      long e = expected.getOrDefault(w, 0L);
      long g = got.getOrDefault(w, 0L);
      if (e != g || expected.containsKey(w) != got.containsKey(w)) {
        differ++;
        if (first == null) {
          first = "'" + w + "' counted " + (got.containsKey(w) ? g : "not at all")
              + ", written " + e + " times";
        }
      }
    }
    if (differ == 0) {
      return new Verification(true, expected.size() + " distinct words, " + total
          + " occurrences, each count equal to the direct count");
    }
    return new Verification(false, differ + " of " + all.size() + " words differ; first: "
        + first);
  }
}
