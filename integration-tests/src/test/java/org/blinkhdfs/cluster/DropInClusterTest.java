package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binary tarball dropped into a stock Hadoop 3.5.0 installation: the NameNode, the
 * DataNodes, the power scheduler, the agents and the write proxy run as separate JVMs on the
 * installation's classpath plus the unpacked tarball only ({@link Installation}; the
 * installation is {@code hadoop-install/target/hadoop-3.5.0}, assembled from Maven artifacts as
 * Hadoop's binary tarball lays them out). 3 ring + 1 staging DataNodes, 4 s interval
 * (shortened from 60 s), 40% power.
 *
 * <p>Asserted: no daemon's command line names a Maven repository or a module's build output;
 * the NameNode reads the scheduler's schedule (the cluster waits for that at start); at 40% a
 * stock {@code hdfs dfs -put} and {@code -get} (FsShell on the installation's jars alone, no
 * BlinkHDFS jar) round-trips 3 MiB byte for byte while ring DataNodes are seen frozen; the
 * tarball's {@code bin/blink admin -report} (HADOOP_HOME, no Maven) and {@code hdfs blinkadmin
 * -report} through {@code conf/shellprofile.d/blink.sh} report the cluster; every metric the
 * shipped Grafana dashboard ({@code conf/grafana}) plots is on the NameNode's, the scheduler's
 * or the proxy's {@code /prom}. Hadoop's own launch
 * scripts are not published to Maven Central or Debian, so the last one runs the profile under
 * the three shell functions of Hadoop's API it calls, defined here as Hadoop's
 * {@code hadoop-functions.sh} defines their effect (classpath append, subcommand table).
 */
class DropInClusterTest {
  static final long INTERVAL_MS = 4_000;

  @TempDir Path dir;

  @Test
  void tarballOnAStockHadoopInstallationBlinksWritesAndReadsAt40Percent() throws Exception {
    Installation install = new Installation(Path.of(property("blink.hadoop.home")),
        unpack(Path.of(property("blink.dist.tarball")), dir.resolve("dist")));
    ClusterSpec spec = ClusterSpec.defaults(dir.resolve("cluster")).toBuilder().dataNodes(3)
        .stagingNodes(1).intervalMs(INTERVAL_MS).powerPercent(100)
        .controlPlane(ControlPlane.PROCESSES).proxy(ProxySpec.withCluster())
        .installation(install).build();
    try (LocalCluster cluster = LocalCluster.startFresh(spec, System.out::println)) {
      List<Long> pids = cluster.livePids();
      assertEquals(1 + 4 + 1 + 3 + 1, pids.size(),
          "NameNode, 4 DataNodes, scheduler, 3 agents, proxy: " + pids);
      for (long pid : pids) {
        String cmd = Files.readString(Path.of("/proc/" + pid + "/cmdline"))
            .replace('\0', ' ');
        assertFalse(cmd.contains("/.m2/") || cmd.contains("/target/classes")
            || cmd.contains("DaemonMain"), "pid " + pid + " runs on the Maven classpath: " + cmd);
        assertTrue(cmd.contains(install.hadoopHome().toString())
            && cmd.contains(install.blinkHome().resolve("lib").toString()), cmd);
      }

      cluster.setPowerPercent(40);
      Path confDir = HdfsSite.writeConfDir(dir.resolve("client/conf"), cluster.stockClientConf());
      String fs = cluster.hdfsUri().toString();
      byte[] data = new byte[3 << 20];
      new Random(17).nextBytes(data);
      Path in = Files.write(dir.resolve("in.bin"), data);
      Path out = dir.resolve("out.bin");
      Set<String> frozen = new TreeSet<>();
      AtomicBoolean done = new AtomicBoolean();
      Thread sampler = new Thread(() -> sampleFrozen(cluster, frozen, done), "frozen-sampler");
      sampler.start();
      try {
        long start = System.currentTimeMillis();
        fsShell(install, confDir, fs, "-mkdir", "-p", "/dropin");
        fsShell(install, confDir, fs, "-put", in.toString(), "/dropin/f.bin");
        fsShell(install, confDir, fs, "-get", "/dropin/f.bin", out.toString());
        // Reads of the file keep going for two intervals, so the agents' freezing is seen.
        while (System.currentTimeMillis() - start < 2 * INTERVAL_MS) {
          Files.deleteIfExists(out);
          fsShell(install, confDir, fs, "-get", "/dropin/f.bin", out.toString());
          assertArrayEquals(data, Files.readAllBytes(out));
        }
      } finally {
        done.set(true);
        sampler.join();
      }
      assertArrayEquals(data, Files.readAllBytes(out));
      synchronized (frozen) {
        assertFalse(frozen.isEmpty(), "no ring DataNode was seen frozen at 40% power");
      }

      // Every metric the shipped Grafana dashboard plots is on some daemon's /prom.
      String dashboard = Files.readString(install.blinkHome().resolve(
          "conf/grafana/blinkhdfs-dashboard.json"));
      String prom = prom(cluster.nameNodeWebHdfsUri().getAuthority())
          + prom(cluster.schedulerAddress()) + prom(cluster.proxy().httpAddress());
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("blink_[a-z_]+")
          .matcher(dashboard);
      int plotted = 0;
      while (m.find()) {
        plotted++;
        assertTrue(java.util.regex.Pattern.compile("(?m)^" + m.group() + "[{ ]").matcher(prom)
            .find(), m.group() + " (conf/grafana) is on no daemon's /prom");
      }
      assertTrue(plotted >= 10, "dashboard plots " + plotted + " metrics");

      String report = run(List.of(install.blinkHome().resolve("bin/blink").toString(), "admin",
          "-scheduler", cluster.schedulerAddress(), "-report"),
          Map.of("HADOOP_HOME", install.hadoopHome().toString()));
      assertTrue(report.contains("(40% of p_total)")
          && report.contains("\nNodes: 4 (3 ring, 1 staging)\n"),
          "bin/blink admin -report:\n" + report);
      String viaProfile = run(List.of("bash", "-c", String.join("\n",
          "set -e",
          "CP='" + install.stockClientClasspath(confDir) + "'",
          "hadoop_add_profile() { :; }",
          "hadoop_add_subcommand() { :; }",
          "hadoop_add_classpath() { if [ \"$2\" = before ]; then CP=\"$1:$CP\";"
              + " else CP=\"$CP:$1\"; fi; }",
          "HADOOP_SHELL_EXECNAME=hdfs",
          "BLINKHDFS_HOME='" + install.blinkHome() + "'",
          "source \"$BLINKHDFS_HOME/conf/shellprofile.d/blink.sh\"",
          "_blink_hadoop_classpath",
          "hdfs_subcommand_blinkadmin",
          "exec java -cp \"$CP\" \"$HADOOP_CLASSNAME\" -scheduler " + cluster.schedulerAddress()
              + " -report")), Map.of());
      assertEquals(firstLine(report), firstLine(viaProfile),
          "hdfs blinkadmin -report through the shell profile:\n" + viaProfile);
    }
  }

  private static String property(String key) {
    String v = System.getProperty(key);
    if (v == null || v.isBlank()) {
      throw new IllegalStateException("system property " + key + " is not set; run this test"
          + " through Maven (integration-tests/pom.xml sets it after blink-dist and"
          + " hadoop-install are packaged)");
    }
    return v;
  }

  /** Unpacks the tarball into {@code into}; returns the directory it holds. */
  private static Path unpack(Path tarball, Path into) throws Exception {
    assertTrue(Files.isRegularFile(tarball), tarball + " missing: run mvn -B package first");
    Files.createDirectories(into);
    run(List.of("tar", "xzf", tarball.toString(), "-C", into.toString()), Map.of());
    try (var s = Files.list(into)) {
      return s.findFirst().orElseThrow();
    }
  }

  /** {@code hdfs dfs args}: FsShell in a JVM on the installation's jars alone. */
  private static String fsShell(Installation install, Path confDir, String fs, String... args)
      throws Exception {
    // -fs: FsShell reads core-site.xml only (hdfs-site.xml, where the client conf has it, is
    // loaded once an HDFS class is), as 'hdfs dfs' gets it from the operator's core-site.xml.
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Dlog4j.configuration=file:" + confDir.resolve("log4j.properties"),
        "-cp", install.stockClientClasspath(confDir), "org.apache.hadoop.fs.FsShell",
        "-fs", fs));
    cmd.addAll(List.of(args));
    // Exit code 0 is the verdict (run checks it); a replica the proxy has just moved into the
    // layout makes the stock client log a warning and read another one, as HDFS clients do.
    return run(cmd, Map.of());
  }

  private static String run(List<String> cmd, Map<String, String> env) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "hung: " + cmd);
    assertEquals(0, p.exitValue(), String.join(" ", cmd) + ":\n" + out);
    return out;
  }

  private static void sampleFrozen(LocalCluster cluster, Set<String> frozen,
      AtomicBoolean done) {
    while (!done.get()) {
      try {
        List<String> now = cluster.frozenDataNodes();
        synchronized (frozen) {
          frozen.addAll(now);
        }
        Thread.sleep(100);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** The Prometheus text of the daemon whose HTTP server is {@code hostPort}. */
  private static String prom(String hostPort) throws Exception {
    java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
        java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://" + hostPort + "/prom"))
            .timeout(java.time.Duration.ofSeconds(20)).build(),
        java.net.http.HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), "GET http://" + hostPort + "/prom: " + r.body());
    return r.body();
  }

  /** The report's first line ({@code Available power: ...}), past any log line. */
  private static String firstLine(String s) {
    return s.lines().filter(l -> l.startsWith("Available power: ")).findFirst().orElse(s);
  }
}
