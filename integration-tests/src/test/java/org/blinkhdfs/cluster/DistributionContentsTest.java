package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the binary tarball holds, against the stock Hadoop 3.5.0 layout (hadoop-install): our
 * modules, and third-party jars only where the installation lacks them, each on the list of
 * blink-dist's {@code src/assembly/bin.xml} with its reason and named in {@code LICENSE}; no
 * bundled jar that Hadoop already has on the hdfs command's classpath (a second copy of a
 * library would decide by classpath order which one a NameNode loads).
 */
class DistributionContentsTest {
  /** Our jars and where they go. */
  static final Map<String, String> MODULES = Map.ofEntries(Map.entry("blink-common", "lib"),
      Map.entry("blink-model", "lib"), Map.entry("blink-layout", "lib"),
      Map.entry("blink-control", "lib"), Map.entry("blink-bench", "lib"),
      Map.entry("blink-sim", "lib"), Map.entry("blink-daemon-kit", "lib"),
      Map.entry("blink-scheduler", "lib"), Map.entry("blink-power-agent", "lib"),
      Map.entry("blink-hdfs-client", "lib"), Map.entry("blink-hdfs-placement", "lib"),
      Map.entry("rabbit-placement", "lib"), Map.entry("blink-hdfs-proxy", "lib/proxy"));
  /** Third-party jars the tarball bundles (reasons in bin.xml) and where they go. */
  static final Map<String, String> BUNDLED = Map.of("protobuf-java", "lib", "jna", "lib",
      "hadoop-hdfs-httpfs", "lib/proxy", "jersey-core", "lib/proxy", "jersey-server",
      "lib/proxy", "jersey-servlet", "lib/proxy", "json-simple", "lib/proxy");
  /**
   * Bundled although the installation has a jar of that name, and where: JNA only in yarn/lib,
   * off the hdfs classpath (bin/blink puts lib/ first); jersey-server 2.46 there is Jersey 2
   * (org.glassfish.jersey), another library under the same artifact name as Jersey 1's.
   */
  static final Map<String, String> ALSO_IN_HADOOP = Map.of("jna", "share/hadoop/yarn/lib",
      "jersey-server", "share/hadoop/common/lib");
  private static final Pattern JAR = Pattern.compile("(.+?)-(\\d[^/]*)\\.jar");

  @Test
  void tarballHoldsOurModulesAndOnlyWhatHadoopLacks() throws Exception {
    Path tarball = Path.of(System.getProperty("blink.dist.tarball", "missing"));
    Path hadoop = Path.of(System.getProperty("blink.hadoop.home", "missing"));
    assertTrue(Files.isRegularFile(tarball), tarball + ": run through Maven after package");
    List<String> entries = tar("tzf", tarball.toString()).lines().toList();
    String root = entries.get(0).substring(0, entries.get(0).indexOf('/') + 1);
    assertTrue(root.startsWith("blinkhdfs-"), "top directory " + root);

    Map<String, String> jars = new TreeMap<>(); // artifact -> directory
    for (String e : entries) {
      Matcher m = JAR.matcher(e.substring(e.lastIndexOf('/') + 1));
      if (e.endsWith(".jar") && m.matches()) {
        String where = e.substring(root.length(), e.lastIndexOf('/'));
        assertTrue(jars.put(m.group(1), where) == null, "two copies of " + m.group(1));
      }
    }
    Map<String, String> expected = new TreeMap<>(MODULES);
    expected.putAll(BUNDLED);
    assertEquals(expected, jars, "lib/ and lib/proxy/ of " + tarball);

    Map<String, String> hadoopJars = artifactsUnder(hadoop.resolve("share/hadoop"));
    for (String a : BUNDLED.keySet()) {
      String there = hadoopJars.get(a);
      assertEquals(ALSO_IN_HADOOP.get(a), there, a + " is bundled but the installation has it"
          + " in " + there + ": bundle it only if the hdfs classpath lacks it, with the reason");
    }
    for (String e : List.of("bin/blink", "conf/blink-default.xml", "conf/log4j.properties",
        "conf/shellprofile.d/blink.sh", "conf/systemd/README", "conf/systemd/blinkhdfs.env",
        "conf/systemd/blink-scheduler.service", "conf/systemd/blink-agent.service",
        "conf/systemd/blink-proxy.service", "conf/systemd/blink-yarn-publisher.service",
        "LICENSE", "NOTICE")) {
      assertTrue(entries.contains(root + e), e + " missing from " + tarball);
    }
    String license = tar("xzOf", tarball.toString(), root + "LICENSE");
    for (String e : entries) {
      if (e.endsWith(".jar") && !MODULES.containsKey(JAR.matcher(e.substring(
          e.lastIndexOf('/') + 1)).replaceAll("$1"))) {
        String file = e.substring(root.length());
        assertTrue(license.contains(file), "LICENSE does not name " + file);
      }
    }
    String mode = tar("tvzf", tarball.toString(), root + "bin/blink");
    assertTrue(mode.startsWith("-rwxr-xr-x"), "bin/blink not executable: " + mode);
  }

  /** Artifact name -> directory (relative to share/hadoop's parent) of every jar under share. */
  private static Map<String, String> artifactsUnder(Path share) throws IOException {
    assertTrue(Files.isDirectory(share), share + ": hadoop-install not packaged");
    try (Stream<Path> s = Files.walk(share)) {
      return s.filter(p -> p.toString().endsWith(".jar")).collect(Collectors.toMap(
          p -> {
            Matcher m = JAR.matcher(p.getFileName().toString());
            return m.matches() ? m.group(1) : p.getFileName().toString();
          },
          p -> share.getParent().getParent().relativize(p.getParent()).toString(),
          (a, b) -> a.compareTo(b) <= 0 ? a : b, TreeMap::new));
    }
  }

  private static String tar(String... args) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(Stream.concat(Stream.of("tar"), Stream.of(args))
        .toList()).redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "tar hung");
    assertEquals(0, p.exitValue(), "tar " + String.join(" ", args) + ": " + out);
    return out;
  }
}
