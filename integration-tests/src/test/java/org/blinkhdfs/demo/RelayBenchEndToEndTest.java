package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny {@code bin/blink bench relay} on a real local cluster (3 ring + 1 staging DataNode JVMs
 * frozen by the agents, the proxy with its relay in its own JVM, a 6 s interval shortened from
 * 60 s): one round at 100% through the relay, the NameNode's WebHDFS and the native client, one
 * at 40% through the relay and a stock native client; about a minute on 2 cores. It checks the
 * wiring end to end (proxy-user rules, the relay's port, Jersey order on the daemons' classpath,
 * stock clients, the files written), not the numbers.
 */
class RelayBenchEndToEndTest {
  @TempDir Path dir;

  @Test
  void aTinyRunReadsThroughEveryPathAndWritesRelayMd() throws Exception {
    Path out = dir.resolve("out");
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int code = DemoCommand.run(new String[] {"bench", "relay", "--nodes", "3", "--rounds", "1",
        "--low-power-rounds", "1", "--power", "100,40", "--read-ops", "4", "--io-threads", "2",
        "--io-file-mib", "2", "--cell-time", "4s", "--cluster-dir",
        dir.resolve("cluster").toString(), "--out", out.toString()},
        new PrintStream(stdout, true, StandardCharsets.UTF_8),
        new PrintStream(stderr, true, StandardCharsets.UTF_8));
    String log = stdout.toString(StandardCharsets.UTF_8) + stderr.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, log);
    String md = Files.readString(out.resolve("relay.md"));
    assertTrue(md.contains("## Relay overhead at 100% power"), md);
    assertTrue(md.contains("## Stock clients at 40% power"), md);
    for (String path : new String[] {"relay", "direct-webhdfs", "native"}) {
      assertTrue(md.contains("| " + path + " | "), path + " in " + md);
    }
    String results = Files.readString(out.resolve("results.csv"));
    assertTrue(results.contains("relay-overhead,relay,3,100,readMBps,"), results);
    assertTrue(results.contains("relay-stock,native,3,40,okReads,"), results);
    String reads = Files.readString(out.resolve("relay-reads.csv"));
    assertTrue(reads.contains(",direct-webhdfs,") && reads.contains(",relay,"), reads);
  }
}
