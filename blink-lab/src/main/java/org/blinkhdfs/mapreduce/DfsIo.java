package org.blinkhdfs.mapreduce;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.TestDFSIO;

/**
 * Hadoop's own {@code TestDFSIO} (hadoop-mapreduce-client-jobclient's tests jar) run as a real
 * MapReduce job through its {@code Tool} main: {@code -write} or {@code -read} with {@code
 * -nrFiles N -size S -resFile F}, one map per file and one reduce that sums. What it appends to
 * the result file is parsed ({@link #parse}), and the job's history record is attached, so a
 * caller sees both TestDFSIO's figures and whether any task attempt failed.
 *
 * <p>TestDFSIO's two rates: "Throughput mb/sec" is total MB over the sum of the maps' I/O times
 * (a per-map rate, blind to maps waiting for a container or a host asleep), "Average IO rate"
 * the mean of per-map rates. The wall-clock rate beside them ({@link Result#wallMBps()}, total MB
 * over the job's run from submit to the client's return) is what a user waits for.
 *
 * <p>Not thread-safe; one run at a time per base directory ({@code test.build.data}).
 */
public final class DfsIo {
  private final Configuration jobConf;
  private final FileSystem fs;
  private final ToolJobs jobs;
  private final String baseDir;
  private final java.nio.file.Path resFile;

  /**
   * @param jobConf the cluster's job configuration ({@code LocalCluster#jobConf})
   * @param baseDir TestDFSIO's {@code test.build.data} in HDFS
   * @param resFile the local file TestDFSIO appends its results to
   */
  public DfsIo(Configuration jobConf, FileSystem fs, ToolJobs jobs, String baseDir,
      java.nio.file.Path resFile) {
    this.jobConf = jobConf;
    this.fs = fs;
    this.jobs = jobs;
    this.baseDir = baseDir;
    this.resFile = resFile;
  }

  /** One TestDFSIO run: its own figures, the wall-clock time and the job's history record. */
  public record Result(String type, int files, double totalMB, double throughputMBps,
      double averageIoRateMBps, double execSeconds, long wallMs, JobRecord job) {
    /** Total MB over the wall-clock time of the run. */
    public double wallMBps() {
      return totalMB / (wallMs / 1000.0);
    }

    public String summary() {
      return String.format(Locale.ROOT, "TestDFSIO %s: %d files, %.0f MB, throughput %.2f MB/s,"
          + " average IO rate %.2f MB/s, exec %.1f s, wall %.1f s (%.2f MB/s)", type, files,
          totalMB, throughputMBps, averageIoRateMBps, execSeconds, wallMs / 1000.0, wallMBps());
    }
  }

  /** {@code -write}: {@code files} files of {@code sizeMB} MB. */
  public Result write(int files, int sizeMB) throws IOException, InterruptedException {
    return run("write", files, sizeMB);
  }

  /** {@code -read}: reads what the last {@link #write} wrote. */
  public Result read(int files, int sizeMB) throws IOException, InterruptedException {
    return run("read", files, sizeMB);
  }

  private Result run(String type, int files, int sizeMB)
      throws IOException, InterruptedException {
    Configuration conf = new Configuration(jobConf);
    conf.set("test.build.data", baseDir);
    ToolJobs.Run run = jobs.tool(new TestDFSIO(), conf, 1, "-" + type,
        "-nrfiles", Integer.toString(files), "-size", sizeMB + "MB", "-resfile",
        resFile.toString());
    long wallMs = run.wallMs();
    JobRecord job = run.last();
    Map<String, String> r = parse(Files.readString(resFile, StandardCharsets.UTF_8), type);
    return new Result(type, (int) number(r, "Number of files"),
        number(r, "Total MBytes processed"), number(r, "Throughput mb/sec"),
        number(r, "Average IO rate mb/sec"), number(r, "Test exec time sec"), wallMs, job);
  }

  /**
   * The key/value lines of the last {@code ----- TestDFSIO ----- : <type>} block of a result
   * file, e.g. {@code "Throughput mb/sec" -> "12.5"}.
   */
  static Map<String, String> parse(String text, String type) {
    String header = "----- TestDFSIO ----- : " + type;
    int at = text.lastIndexOf(header);
    if (at < 0) {
      throw new IllegalStateException("no '" + header + "' block in TestDFSIO's result file");
    }
    Map<String, String> out = new LinkedHashMap<>();
    List<String> lines = text.substring(at + header.length()).lines().toList();
    for (String line : lines) {
      if (line.contains("----- TestDFSIO -----")) {
        break;
      }
      int colon = line.indexOf(':');
      if (colon > 0) {
        out.put(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
      }
    }
    return out;
  }

  private static double number(Map<String, String> r, String key) {
    String v = r.get(key);
    if (v == null) {
      throw new IllegalStateException("TestDFSIO's result has no '" + key + "': " + r);
    }
    return Double.parseDouble(v.replace(",", ""));
  }

  /** Removes TestDFSIO's files ({@code test.build.data}). */
  public void clean() throws IOException {
    fs.delete(new org.apache.hadoop.fs.Path(baseDir), true);
  }
}
