package org.blinkhdfs.scheduler.wake;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import org.blinkhdfs.control.scheduler.WakeBackend;

/**
 * Wake-on-LAN: one magic packet per wake, over UDP to a broadcast address (default {@code
 * 255.255.255.255:9}, the discard port). The packet is 6 bytes {@code 0xFF} then the target's
 * MAC 16 times: 102 bytes. The host's NIC must be armed for magic packets ({@code ethtool -s eth0
 * wol g}) and the broadcast must reach its segment (a directed broadcast such as {@code
 * 10.0.0.255:9} when the scheduler sits on another subnet and the router forwards it).
 *
 * <p>Sending proves nothing about the host: UDP has no answer. {@link
 * org.blinkhdfs.control.scheduler.WakeAttempt} waits for the agent's status and resends.
 *
 * <p>Thread-safe (each send opens its own socket).
 */
public final class WolBackend implements WakeBackend {
  /** 6 + 16 x 6. */
  public static final int PACKET_BYTES = 102;

  private final Map<String, byte[]> macs;
  private final InetSocketAddress target;

  /**
   * @param macs each node's MAC, 6 bytes
   * @param target where the packet goes (a broadcast address and port)
   */
  public WolBackend(Map<String, byte[]> macs, InetSocketAddress target) {
    this.macs = Map.copyOf(macs);
    this.target = Objects.requireNonNull(target, "target");
    this.macs.values().forEach(m -> {
      if (m.length != 6) {
        throw new IllegalArgumentException("a MAC has 6 bytes, got " + m.length);
      }
    });
  }

  /** The magic packet for {@code mac}: 6 x 0xFF, then the 6 MAC bytes 16 times. */
  public static byte[] magicPacket(byte[] mac) {
    if (mac.length != 6) {
      throw new IllegalArgumentException("a MAC has 6 bytes, got " + mac.length);
    }
    byte[] p = new byte[PACKET_BYTES];
    java.util.Arrays.fill(p, 0, 6, (byte) 0xFF);
    for (int i = 0; i < 16; i++) {
      System.arraycopy(mac, 0, p, 6 + 6 * i, 6);
    }
    return p;
  }

  @Override
  public String name() {
    return "wol";
  }

  @Override
  public void wake(String node) throws IOException {
    byte[] mac = macs.get(node);
    if (mac == null) {
      throw new IOException("no MAC for " + node);
    }
    byte[] p = magicPacket(mac);
    try (DatagramSocket s = new DatagramSocket()) {
      s.setBroadcast(true);
      s.send(new DatagramPacket(p, p.length, target));
    } catch (IOException e) {
      throw new IOException("magic packet for " + node + " to " + hostPort() + " not sent: "
          + e.getMessage(), e);
    }
  }

  @Override
  public String describe(String node) {
    byte[] mac = macs.get(node);
    return "wol " + (mac == null ? "(no MAC)" : HexFormat.ofDelimiter(":").formatHex(mac))
        + " to " + hostPort();
  }

  private String hostPort() {
    String host = target.getAddress() == null ? target.getHostString()
        : target.getAddress().getHostAddress();
    return host + ":" + target.getPort();
  }
}
