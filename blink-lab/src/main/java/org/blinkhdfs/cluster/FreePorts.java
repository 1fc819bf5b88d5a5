package org.blinkhdfs.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Picks free loopback ports for the daemons. All sockets of one call stay open until every port
 * is chosen, so one call never returns the same port twice; another process could still take a
 * port before the daemon binds it, in which case the daemon fails to start and says so.
 */
final class FreePorts {
  private FreePorts() {}

  static List<Integer> take(int count) throws IOException {
    List<ServerSocket> open = new ArrayList<>();
    try {
      List<Integer> ports = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        s.setReuseAddress(true);
        open.add(s);
        ports.add(s.getLocalPort());
      }
      return ports;
    } finally {
      for (ServerSocket s : open) {
        s.close();
      }
    }
  }
}
