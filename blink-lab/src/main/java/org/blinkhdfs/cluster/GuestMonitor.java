package org.blinkhdfs.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.blinkhdfs.guest.Guest;

/**
 * Watches the guests of a {@link GuestCluster} from the host, every {@link #POLL_MS}: QEMU's run
 * state over QMP ({@code suspended} while in S3), whether the guest's DataNode accepts a TCP
 * connection, and the NameNode's time of its last heartbeat. Each S3 cycle becomes a {@link
 * Cycle} in host time: when QEMU first said {@code suspended}, when it said {@code running}
 * again, when the DataNode first accepted a connection and first heartbeated after that.
 *
 * <p>Thread-safe: one polling thread writes, readers take snapshots.
 */
final class GuestMonitor implements AutoCloseable {
  static final long POLL_MS = 100;
  private static final int CONNECT_TIMEOUT_MS = 300;

  /**
   * One S3 cycle of one guest, host clock (epoch ms); -1 when not seen (yet).
   *
   * @param node the guest's DataNode name
   * @param suspendedAtMs QEMU first reported the guest suspended
   * @param runningAtMs QEMU reported it running again (the RTC alarm or a wake fired)
   * @param servingAtMs the DataNode first accepted a connection after that
   * @param heartbeatAtMs the NameNode first recorded a heartbeat after that
   */
  record Cycle(String node, long suspendedAtMs, long runningAtMs, long servingAtMs,
      long heartbeatAtMs) {}

  private final List<Guest> guests;
  private final List<String> nodes;
  private final NameNodeView nameNode;
  private final Map<String, Boolean> suspendedNow = new ConcurrentHashMap<>();
  private final Map<String, List<Cycle>> cycles = new LinkedHashMap<>();
  private final Thread thread;
  private volatile boolean running = true;

  GuestMonitor(List<Guest> guests, List<String> nodes, NameNodeView nameNode) {
    this.guests = List.copyOf(guests);
    this.nodes = List.copyOf(nodes);
    this.nameNode = nameNode;
    for (String n : nodes) {
      cycles.put(n, new ArrayList<>());
      suspendedNow.put(n, false);
    }
    this.thread = new Thread(this::run, "guest-monitor");
    this.thread.setDaemon(true);
    this.thread.start();
  }

  /** Whether QEMU last said guest {@code node} is suspended. */
  boolean suspended(String node) {
    return suspendedNow.getOrDefault(node, false);
  }

  /** Every cycle so far, by node. */
  synchronized Map<String, List<Cycle>> cycles() {
    Map<String, List<Cycle>> copy = new LinkedHashMap<>();
    cycles.forEach((k, v) -> copy.put(k, List.copyOf(v)));
    return copy;
  }

  private void run() {
    while (running) {
      long now = System.currentTimeMillis();
      Map<String, Long> lastHeartbeat = heartbeats();
      for (int i = 0; i < guests.size(); i++) {
        observe(guests.get(i), nodes.get(i), now, lastHeartbeat.getOrDefault(nodes.get(i), -1L));
      }
      try {
        Thread.sleep(POLL_MS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void observe(Guest g, String node, long now, long heartbeat) {
    String status;
    try {
      status = g.status();
    } catch (IOException e) {
      return;
    }
    boolean asleep = status.equals("suspended");
    boolean wasAsleep = suspendedNow.put(node, asleep);
    synchronized (this) {
      List<Cycle> cs = cycles.get(node);
      Cycle last = cs.isEmpty() ? null : cs.get(cs.size() - 1);
      if (asleep && !wasAsleep) {
        cs.add(new Cycle(node, now, -1, -1, -1));
      } else if (!asleep && last != null) {
        long runningAt = last.runningAtMs() < 0 ? now : last.runningAtMs();
        long servingAt = last.servingAtMs();
        if (servingAt < 0 && accepts(g, node)) {
          servingAt = System.currentTimeMillis();
        }
        long heartbeatAt = last.heartbeatAtMs();
        if (heartbeatAt < 0 && heartbeat >= runningAt) {
          heartbeatAt = heartbeat;
        }
        cs.set(cs.size() - 1, new Cycle(node, last.suspendedAtMs(), runningAt, servingAt,
            heartbeatAt));
      }
    }
  }

  private static boolean accepts(Guest g, String node) {
    int port = Integer.parseInt(node.substring(node.lastIndexOf(':') + 1));
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(g.link().guestIp(), port), CONNECT_TIMEOUT_MS);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private Map<String, Long> heartbeats() {
    Map<String, Long> out = new LinkedHashMap<>();
    try {
      for (DatanodeInfo d : nameNode.live()) {
        out.put(d.getXferAddr(), d.getLastUpdate());
      }
    } catch (IOException e) {
      // the NameNode is busy; the next poll asks again
    }
    return out;
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    thread.interrupt();
    thread.join(5_000);
  }
}
