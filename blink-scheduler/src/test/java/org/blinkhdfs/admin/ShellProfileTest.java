package org.blinkhdfs.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code conf/shellprofile.d/blink.sh}: valid bash, registers {@code hdfs blinkadmin} through
 * Hadoop's shell API (stubbed here), sets HADOOP_CLASSNAME and adds the BlinkHDFS jars.
 */
class ShellProfileTest {
  @TempDir Path tmp;

  static Path profile() {
    Path base = Path.of(System.getProperty("basedir", System.getProperty("user.dir")));
    return base.resolve("../conf/shellprofile.d/blink.sh").normalize();
  }

  private static String bash(String script) throws Exception {
    Process p = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(10, TimeUnit.SECONDS), "bash hung");
    assertEquals(0, p.exitValue(), out);
    return out;
  }

  @Test
  void isValidBash() throws Exception {
    assertTrue(Files.isRegularFile(profile()), profile().toString());
    bash("bash -n '" + profile() + "'");
  }

  @Test
  void registersBlinkadminForHdfsAndSetsTheClassName() throws Exception {
    Path lib = Files.createDirectories(tmp.resolve("home/lib"));
    Path adminJar = Files.createDirectories(tmp.resolve("home/blink-scheduler/target"))
        .resolve("blink-scheduler-0.1.0-SNAPSHOT.jar");
    Files.writeString(adminJar, "");
    Files.writeString(adminJar.resolveSibling("blink-scheduler-0.1.0-SNAPSHOT-tests.jar"), "");
    String out = bash(String.join("\n",
        "hadoop_add_profile() { echo \"profile $1\"; }",
        "hadoop_add_subcommand() { echo \"subcommand $1|$2|$3\"; }",
        "hadoop_add_classpath() { echo \"classpath $1 $2\"; }",
        "HADOOP_SHELL_EXECNAME=hdfs",
        "BLINKHDFS_HOME='" + tmp.resolve("home") + "'",
        "source '" + profile() + "'",
        "hdfs_subcommand_blinkadmin -report",
        "echo \"class $HADOOP_CLASSNAME\"",
        "_blink_hadoop_classpath"));
    assertTrue(out.contains("profile blink\n"), out);
    assertTrue(out.contains("subcommand blinkadmin|admin|BlinkHDFS"), out);
    assertTrue(out.contains("class org.blinkhdfs.admin.BlinkAdmin\n"), out);
    assertTrue(out.contains("classpath " + lib + "/* after"), out);
    assertTrue(out.contains("classpath " + adminJar + " after"), out);
    assertTrue(!out.contains("-tests.jar"), out);
  }

  @Test
  void addsNoSubcommandToOtherCommands() throws Exception {
    String out = bash(String.join("\n",
        "hadoop_add_profile() { :; }",
        "hadoop_add_subcommand() { echo \"subcommand $1\"; }",
        "hadoop_add_classpath() { echo \"classpath $1\"; }",
        "HADOOP_SHELL_EXECNAME=yarn",
        "unset BLINKHDFS_HOME",
        "source '" + profile() + "'",
        "_blink_hadoop_classpath",
        "echo done"));
    assertEquals("done\n", out);
  }
}
