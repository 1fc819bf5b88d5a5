package org.blinkhdfs.cluster;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A stock Hadoop installation plus the unpacked BlinkHDFS binary tarball, the classpath a
 * {@link LocalCluster} in drop-in mode gives every daemon instead of the launcher's Maven
 * classpath: the proof that an operator's cluster needs nothing beyond those two trees.
 *
 * <p>The classpath is the conf dir, then the installation's directories in the order
 * {@code hadoop classpath} prints them ({@code share/hadoop/{common/lib,common,hdfs,hdfs/lib,
 * hdfs,mapreduce,yarn/lib,yarn}}, {@code share/hadoop/hdfs} itself for its {@code webapps/}) and
 * the tarball's {@code lib/*}: after Hadoop's jars for Hadoop's own daemons (what
 * {@code conf/shellprofile.d/blink.sh} adds to the NameNode's classpath), before them for ours
 * (what the tarball's {@code bin/blink} runs). The write proxy's JVM adds {@code lib/proxy/*}
 * last, as {@code bin/blink proxy} does (Jersey 1 after Hadoop's Jersey 2). A daemon started this
 * way runs its main class directly: the launcher's {@code DaemonMain} watchdog is not on that
 * classpath, so {@link ProcessReaper} and {@link LocalCluster#close} are what end it.
 *
 * @param hadoopHome the directory holding {@code share/hadoop}
 * @param blinkHome the unpacked tarball: {@code bin/blink}, {@code lib/}, {@code conf/}
 */
public record Installation(Path hadoopHome, Path blinkHome) {
  /** The main class whose JVM gets {@code lib/proxy/*} too. */
  static final String PROXY_MAIN = "org.blinkhdfs.proxy.ProxyDaemon";

  public Installation {
    hadoopHome = hadoopHome.toAbsolutePath().normalize();
    blinkHome = blinkHome.toAbsolutePath().normalize();
    if (!Files.isDirectory(hadoopHome.resolve("share/hadoop/common"))
        || !Files.isDirectory(hadoopHome.resolve("share/hadoop/hdfs"))) {
      throw new IllegalArgumentException("hadoopHome = " + hadoopHome + " is not a Hadoop"
          + " installation (no share/hadoop/common and share/hadoop/hdfs); build"
          + " hadoop-install (mvn -pl hadoop-install package) or point it at HADOOP_HOME");
    }
    if (!Files.isDirectory(blinkHome.resolve("lib"))
        || !Files.isRegularFile(blinkHome.resolve("bin/blink"))) {
      throw new IllegalArgumentException("blinkHome = " + blinkHome + " is not an unpacked"
          + " BlinkHDFS tarball (no lib/ and bin/blink); unpack"
          + " blink-dist/target/blinkhdfs-<version>-bin.tar.gz there");
    }
  }

  /** The {@code -cp} value for a daemon with {@code confDir} running {@code mainClass}. */
  String classpath(Path confDir, String mainClass) {
    String lib = blinkHome.resolve("lib") + File.separator + "*";
    List<String> cp = new ArrayList<>();
    cp.add(confDir.toString());
    if (mainClass.startsWith("org.blinkhdfs.")) {
      cp.add(lib);
      cp.addAll(hadoopDirectories());
    } else {
      cp.addAll(hadoopDirectories());
      cp.add(lib);
    }
    if (PROXY_MAIN.equals(mainClass)) {
      cp.add(blinkHome.resolve("lib/proxy") + File.separator + "*");
    }
    return String.join(File.pathSeparator, cp);
  }

  /**
   * The classpath of a stock Hadoop client ({@code hdfs dfs}) with {@code confDir}: the
   * installation's jars only, none of BlinkHDFS's.
   */
  public String stockClientClasspath(Path confDir) {
    List<String> cp = new ArrayList<>();
    cp.add(confDir.toString());
    cp.addAll(hadoopDirectories());
    return String.join(File.pathSeparator, cp);
  }

  /** The installation's entries in the order {@code hadoop classpath} prints them. */
  private List<String> hadoopDirectories() {
    Path share = hadoopHome.resolve("share/hadoop");
    List<String> out = new ArrayList<>();
    for (String d : List.of("common/lib/*", "common/*", "hdfs", "hdfs/lib/*", "hdfs/*",
        "mapreduce/*", "yarn/lib/*", "yarn/*")) {
      out.add(share + File.separator + d);
    }
    return out;
  }
}
