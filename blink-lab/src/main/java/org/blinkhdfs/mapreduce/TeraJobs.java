package org.blinkhdfs.mapreduce;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.examples.terasort.TeraSort;
import org.apache.hadoop.examples.terasort.TeraValidate;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;

/**
 * TeraGen, TeraSort and TeraValidate (hadoop-mapreduce-examples) as real MapReduce jobs, and
 * the check that the sort is right: TeraValidate's report must hold no {@code error} or {@code
 * misorder} line, and its {@code checksum} (a 128-bit sum of every row's CRC-32, as hex) must
 * equal, in its low 64 bits, TeraGen's {@code CHECKSUM} counter (the same sum, kept as a long),
 * so no row was lost, duplicated or changed between generation and sort.
 *
 * <p>Worked example: TeraGen of 3 rows whose CRCs are 0xffffffff, 1, 2 counts 0x100000002;
 * TeraValidate of the sorted output writes {@code checksum 100000002}: valid.
 *
 * <p>Not thread-safe; one pipeline at a time per directory.
 */
public final class TeraJobs {
  private final Configuration jobConf;
  private final FileSystem fs;
  private final ToolJobs jobs;
  private final Path dir;

  /**
   * @param dir where the generated, sorted and report directories go ({@code gen}, {@code sort},
   *     {@code validate})
   */
  public TeraJobs(Configuration jobConf, FileSystem fs, ToolJobs jobs, Path dir) {
    this.jobConf = jobConf;
    this.fs = fs;
    this.jobs = jobs;
    this.dir = dir;
  }

  /** The three jobs' records, the rows, and the validation. */
  public record Result(long rows, JobRecord gen, JobRecord sort, JobRecord validate,
      long genWallMs, long sortWallMs, long validateWallMs, Validation validation) {
    public double megabytes() {
      return rows * 100 / 1e6;
    }

    public String summary() {
      return String.format(Locale.ROOT, "TeraGen/TeraSort/TeraValidate of %d rows (%.1f MB):"
          + " %.1f s / %.1f s / %.1f s; %s", rows, megabytes(), genWallMs / 1000.0,
          sortWallMs / 1000.0, validateWallMs / 1000.0, validation);
    }
  }

  /** TeraValidate's verdict. */
  public record Validation(boolean valid, String reason) {
    @Override
    public String toString() {
      return (valid ? "valid: " : "INVALID: ") + reason;
    }
  }

  /** Generates {@code rows} rows with {@code maps} maps, sorts with {@code reduces}, validates. */
  public Result run(long rows, int maps, int reduces) throws IOException, InterruptedException {
    fs.delete(dir, true);
    Path gen = new Path(dir, "gen");
    Path sorted = new Path(dir, "sort");
    Path report = new Path(dir, "validate");
    Configuration genConf = new Configuration(jobConf);
    genConf.setInt("mapreduce.job.maps", maps);
    long t0 = System.currentTimeMillis();
    JobRecord g = job(new TeraGen(), genConf, Long.toString(rows), gen.toString());
    long t1 = System.currentTimeMillis();
    Configuration sortConf = WholeFileSplits.of(jobConf);
    sortConf.setInt("mapreduce.job.reduces", reduces);
    // TeraSort writes its output with 1 replica unless told otherwise; on a blinking cluster a
    // block with one replica is readable only while that one host is awake, so TeraValidate's
    // maps waited for single hosts (docs/results/2026-11-28-terasort-ring-trial). The output
    // gets the data's replication, as every other file the benches write.
    sortConf.setInt("mapreduce.terasort.output.replication",
        jobConf.getInt("dfs.replication", 3));
    JobRecord s = job(new TeraSort(), sortConf, gen.toString(), sorted.toString());
    long t2 = System.currentTimeMillis();
    JobRecord v = job(new TeraValidate(), new Configuration(jobConf), sorted.toString(),
        report.toString());
    long t3 = System.currentTimeMillis();
    return new Result(rows, g, s, v, t1 - t0, t2 - t1, t3 - t2,
        validate(readReport(report), generatedChecksum(g)));
  }

  private JobRecord job(Tool tool, Configuration conf, String... args)
      throws IOException, InterruptedException {
    return jobs.tool(tool, conf, 1, args).last();
  }

  /** TeraGen's CHECKSUM counter. */
  static long generatedChecksum(JobRecord gen) {
    for (var e : gen.counters().entrySet()) {
      if (e.getKey().endsWith("TeraGen$Counters")) {
        Long v = e.getValue().get("CHECKSUM");
        if (v != null) {
          return v;
        }
      }
    }
    throw new IllegalStateException("TeraGen job " + gen.jobId() + " has no CHECKSUM counter: "
        + gen.counters().keySet());
  }

  /** The report's lines ({@code key \t value}) from every part file. */
  private List<String> readReport(Path report) throws IOException {
    List<String> lines = new ArrayList<>();
    for (FileStatus f : fs.listStatus(report)) {
      if (f.getPath().getName().startsWith("part-")) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(f.getPath()),
            StandardCharsets.UTF_8))) {
          r.lines().forEach(lines::add);
        }
      }
    }
    return lines;
  }

  /**
   * The verdict on TeraValidate's report lines against TeraGen's checksum counter (see the class
   * comment).
   */
  static Validation validate(List<String> report, long generatedChecksum) {
    String checksum = null;
    for (String line : report) {
      String[] kv = line.split("\t", 2);
      String key = kv[0].trim();
      if (key.equals("error") || key.equals("misorder")) {
        return new Validation(false, "TeraValidate reports " + line.trim());
      }
      if (key.equals("checksum") && kv.length == 2) {
        checksum = kv[1].trim();
      }
    }
    if (checksum == null) {
      return new Validation(false, "TeraValidate's report has no checksum line: " + report);
    }
    long low = new BigInteger(checksum, 16).longValue();
    if (low != generatedChecksum) {
      return new Validation(false, "checksum " + checksum + " of the sorted rows differs from"
          + " TeraGen's " + Long.toHexString(generatedChecksum));
    }
    return new Validation(true, "sorted, checksum " + checksum + " equals TeraGen's");
  }
}
