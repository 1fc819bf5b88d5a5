package org.blinkhdfs.scheduler.wake;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The magic packet byte by byte, and one really sent over UDP to a socket on 127.0.0.1. */
class WolBackendTest {
  static final byte[] MAC = {0x52, 0x54, 0x00, 0x12, 0x34, 0x56};

  @Test
  void theMagicPacketIsSixFfThenTheMacSixteenTimes() {
    byte[] p = WolBackend.magicPacket(MAC);
    assertEquals(102, p.length);
    String hex = HexFormat.of().formatHex(p);
    assertEquals("ffffffffffff" + "525400123456".repeat(16), hex);
    assertArrayEquals(MAC, Arrays.copyOfRange(p, 96, 102), "the 16th copy ends the packet");
    assertThrows(IllegalArgumentException.class, () -> WolBackend.magicPacket(new byte[5]));
  }

  @Test
  void aWakeSendsThePacketToTheConfiguredAddress() throws Exception {
    try (DatagramSocket receiver = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
      receiver.setSoTimeout(5_000);
      WolBackend wol = new WolBackend(Map.of("dn3:9866", MAC),
          new InetSocketAddress(InetAddress.getLoopbackAddress(), receiver.getLocalPort()));
      wol.wake("dn3:9866");
      DatagramPacket got = new DatagramPacket(new byte[200], 200);
      receiver.receive(got);
      assertArrayEquals(WolBackend.magicPacket(MAC),
          Arrays.copyOf(got.getData(), got.getLength()));
      assertEquals("wol 52:54:00:12:34:56 to 127.0.0.1:" + receiver.getLocalPort(),
          wol.describe("dn3:9866"));
      IOException e = assertThrows(IOException.class, () -> wol.wake("dn4:9866"));
      assertTrue(e.getMessage().contains("no MAC for dn4:9866"), e.getMessage());
    }
  }
}
