package org.blinkhdfs.proxy.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.http.server.HttpFSServerWebApp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Starting and failing to start without a cluster (HttpFS contacts the NameNode only per
 * request): a busy address fails naming the key and leaves no relay behind; a configured home
 * holds the files HttpFS reads and is kept after close.
 */
class ReadRelayStartTest {
  @TempDir
  Path dir;

  Configuration conf() {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "hdfs://127.0.0.1:1");
    conf.set("blink.schedule.file", dir.resolve("schedule.json").toString());
    return conf;
  }

  @Test
  void aBusyAddressFailsNamingTheKeyAndLeavesNoRelay() throws Exception {
    try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Configuration conf = conf();
      conf.set(RelayConfig.ADDRESS.name(), "127.0.0.1:" + busy.getLocalPort());
      IOException e = assertThrows(IOException.class, () -> ReadRelay.start(conf));
      assertTrue(e.getMessage().startsWith("blink.proxy.relay.address = '127.0.0.1:"
          + busy.getLocalPort() + "' cannot be bound"), e.getMessage());
    }
    assertNull(HttpFSServerWebApp.get(), "a failed start left HttpFS running");
  }

  @Test
  void aConfiguredHomeHoldsHttpFsFilesAndIsKept() throws Exception {
    Path home = dir.resolve("relay-home");
    Configuration conf = conf();
    conf.set(RelayConfig.ADDRESS.name(), "127.0.0.1:0");
    conf.set(RelayConfig.DIR.name(), home.toString());
    conf.set("httpfs.buffer.size", "8192");
    try (ReadRelay relay = ReadRelay.start(conf)) {
      assertTrue(relay.address().getPort() > 0);
      assertEquals("webhdfs://127.0.0.1:" + relay.address().getPort(),
          relay.webHdfsUri().toString());
    }
    assertNull(HttpFSServerWebApp.get());
    String site = Files.readString(home.resolve("conf/httpfs-site.xml"));
    assertTrue(site.contains("<name>httpfs.buffer.size</name><value>8192</value>"), site);
    assertTrue(site.contains("<name>httpfs.hadoop.config.dir</name>"), site);
    String core = Files.readString(home.resolve("hadoop-conf/core-site.xml"));
    assertTrue(core.contains("<name>fs.hdfs.impl</name><value>"
        + "org.blinkhdfs.client.BlinkDistributedFileSystem</value>"), core);
    assertEquals(64, Files.readString(home.resolve("conf/httpfs-signature.secret")).length());
    for (String d : List.of("log", "temp")) {
      assertTrue(Files.isDirectory(home.resolve(d)), d);
    }
  }
}
