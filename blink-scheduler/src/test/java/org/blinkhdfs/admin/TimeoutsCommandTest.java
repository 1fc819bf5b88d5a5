package org.blinkhdfs.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.xml.sax.InputSource;

class TimeoutsCommandTest {
  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = TimeoutsCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void sixtySecondsPrintsThePropertiesPerSiteFile() {
    Run r = run("--interval", "60s");
    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err());
    String out = r.out();
    assertTrue(out.startsWith("<!-- bin/blink timeouts: interval 60s, enter 1152ms, resume"
        + " 215ms\n     A blinking peer is silent for at most L = 61367 ms;"), out);
    int nn = out.indexOf("<!-- NameNode: hdfs-site.xml (conf/examples/namenode-hdfs-site.xml)");
    int dn = out.indexOf("<!-- Every DataNode and every client (MapReduce, NodeManagers):"
        + " hdfs-site.xml (conf/examples/datanode-hdfs-site.xml) -->");
    assertTrue(nn > 0 && dn > nn, out);
    String namenode = out.substring(nn, dn);
    String datanode = out.substring(dn);
    assertTrue(namenode.contains("<property><name>dfs.namenode.stale.datanode.interval</name>"
        + "<value>9000</value></property>"), namenode);
    assertTrue(namenode.contains("<property><name>dfs.namenode.heartbeat.recheck-interval"
        + "</name><value>300000</value></property>"), namenode);
    assertTrue(datanode.contains("<!-- L = t + enter + resume = 60000 + 1152 + 215 ms, a"
        + " blinking peer's longest silence: a peer that is only asleep is waited for, never"
        + " cut -->\n<property><name>dfs.client.socket-timeout</name><value>61367</value>"
        + "</property>"), datanode);
    assertTrue(datanode.contains("<property><name>dfs.datanode.socket.write.timeout</name>"
        + "<value>61367</value></property>"), datanode);
    assertTrue(datanode.contains("least M >= 3 with w x M(M-1)/2 >= L: 3000 x 21 = 63000 >="
        + " 61367 ms"), datanode);
    assertTrue(datanode.contains("<property><name>dfs.client.max.block.acquire.failures</name>"
        + "<value>7</value></property>"), datanode);
    assertTrue(out.contains("yarn.nm.liveness-monitor.expiry-interval-ms = 600000 ms: outlasts"
        + " L"), out);
  }

  /** The output pastes into a site file: it parses inside {@code <configuration>}. */
  @Test
  void theOutputIsWellFormedXml() throws Exception {
    for (String interval : new String[] {"6s", "60s", "15m"}) {
      String xml = "<configuration>\n" + run("--interval", interval).out() + "</configuration>";
      var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
          .parse(new InputSource(new StringReader(xml)));
      assertEquals(10, doc.getElementsByTagName("property").getLength(), interval);
    }
  }

  @Test
  void sixSecondsWithGivenTransitions() {
    Run r = run("--interval", "6s", "--enter", "115ms", "--resume", "22ms");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("<value>6137</value>"), r.out());
    assertTrue(r.out().contains("<property><name>dfs.client.retry.window.base</name>"
        + "<value>300</value></property>"), r.out());
    assertEquals(r.out(), run("--interval", "6s").out(), "the measured means, scaled");
  }

  @Test
  void markdownIsOneRowPerKey() {
    Run r = run("--interval", "60s", "--format", "markdown");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("| key | site file | value | formula |\n|---|---|---|---|\n"),
        r.out());
    assertTrue(r.out().contains("| `dfs.client.socket-timeout` | datanode-hdfs-site.xml | 61367"
        + " | L = t + enter + resume"), r.out());
    assertEquals(14, r.out().split("\n").length, "header, rule, 10 keys and 2 checks: "
        + r.out());
  }

  @Test
  void aLongIntervalSaysWhatToRaise() {
    Run r = run("--interval", "15m");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("blink timeouts: raise yarn.nm.liveness-monitor.expiry-interval-ms"
        + " above 901367 ms (Hadoop's default gives 600000 ms)"), r.err());
    assertTrue(r.err().contains("raise ipc.client.connect.timeout x"), r.err());
    assertTrue(r.out().contains("RAISE above 901367 ms"), r.out());
  }

  @Test
  void badInputNamesTheFlagTheValueAndTheFix() {
    Run r = run("--interval", "60");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--interval '60' has no unit: write a duration such as 60s"),
        r.err());
    assertTrue(r.err().contains("usage: bin/blink timeouts"), r.err());
    r = run("--interval", "500ms");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--interval '500ms' must be between 1s and 86400s"), r.err());
    r = run("--interval", "6s", "--enter", "100ms");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("give --enter and --resume together"), r.err());
    r = run("--interval", "6s", "--enter", "5s", "--resume", "1s");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--enter 5s and --resume 1s: enter 5000 ms + resume 1000 ms"
        + " leave no window in a 6000 ms interval: lengthen the interval"), r.err());
    r = run("--interval", "6s", "--enter", "7s", "--resume", "0ms");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--enter '7s' must be between 0s and 6s"), r.err());
    r = run("--format", "json");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--format 'json' must be xml or markdown"), r.err());
    r = run("--intervl", "6s");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--intervl"), r.err());
  }

  @Test
  void helpPrintsTheManual() {
    Run r = run("--help");
    assertEquals(0, r.code());
    assertTrue(r.out().contains("bin/blink timeouts --interval 60s"), r.out());
  }
}
