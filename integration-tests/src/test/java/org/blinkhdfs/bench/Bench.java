package org.blinkhdfs.bench;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.log4j.Level;
import org.apache.log4j.LogManager;

/** Small helpers shared by the benchmarks: logging, machine facts, statistics. */
final class Bench {
  private Bench() {
  }

  /**
   * Hadoop logs only errors (reload4j is Hadoop's logging backend); the DataNodes' shutdown
   * chatter is dropped. The benchmarks check their own results and fail on anything wrong.
   */
  static void quietLogs() {
    LogManager.getRootLogger().setLevel(Level.ERROR);
    LogManager.getLogger("org.apache.hadoop.hdfs.server.datanode").setLevel(Level.FATAL);
  }

  /** Facts about this JVM and machine that a result needs beside it. */
  static Map<String, Object> machineMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("availableProcessors", Runtime.getRuntime().availableProcessors());
    m.put("maxHeapMb", Runtime.getRuntime().maxMemory() >> 20);
    m.put("javaVersion", System.getProperty("java.version"));
    m.put("javaVm", System.getProperty("java.vm.name") + " "
        + System.getProperty("java.vm.version"));
    m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
        + System.getProperty("os.arch"));
    m.put("jvmArgs", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()
        .stream().filter(s -> !s.startsWith("--add-opens")).toList()));
    return m;
  }

  static String machine() {
    Map<String, Object> m = machineMap();
    return String.format(Locale.ROOT, "%s cores, Java %s (%s), heap %s MB",
        m.get("availableProcessors"), m.get("javaVersion"), m.get("javaVm"), m.get("maxHeapMb"));
  }

  /** The 1, 5 and 15 minute load averages (Linux), or "n/a": other processes skew results. */
  static String loadAverage() {
    try {
      String[] f = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg"))
          .trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (java.io.IOException | RuntimeException e) {
      return "n/a";
    }
  }

  /**
   * Calls {@code each} with every {@code --flag value} pair of a benchmark's {@code argv}, in
   * order; a flag without a value is an error naming it.
   */
  static void options(String[] argv, java.util.function.BiConsumer<String, String> each) {
    for (int i = 0; i < argv.length; i += 2) {
      if (i + 1 >= argv.length) {
        throw new IllegalArgumentException(argv[i] + " needs a value");
      }
      each.accept(argv[i], argv[i + 1]);
    }
  }

  static double median(double[] v) {
    if (v.length == 0) {
      return Double.NaN;
    }
    double[] s = v.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }
}
