package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** The serving probe against a real listening socket and a closed port on this host. */
class TransferPortProbeTest {
  @Test
  void servingWhileTheTransferPortAcceptsAndNotAfter() throws Exception {
    int port;
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = server.getLocalPort();
      TransferPortProbe probe = new TransferPortProbe("127.0.0.1:" + port, 250);
      assertTrue(probe.serving());
      assertEquals("DataNode transfer port 127.0.0.1:" + port + " accepts", probe.describe());
    }
    assertFalse(new TransferPortProbe("127.0.0.1:" + port, 250).serving(), "closed: refused");
  }
}
