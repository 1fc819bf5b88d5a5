package org.blinkhdfs.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class KvIndexTest {

  static KvIndex threeKeys() {
    return new KvIndex(2, 77, new int[] {0, 1, 0}, new long[] {0, 0, 100},
        new int[] {100, 50, 25}, new int[] {-1, 2, 3});
  }

  @Test
  void roundTripsAndHasTheDocumentedSize() throws IOException {
    byte[] data = threeKeys().encode();
    assertEquals(88, data.length); // 24 + 3*20 + 4
    assertEquals(88, KvIndex.encodedBytes(3));
    assertArrayEquals("BKVI".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
        Arrays.copyOf(data, 4));
    KvIndex back = KvIndex.decode(data, "mem");
    assertEquals(3, back.keyCount());
    assertEquals(2, back.packCount());
    assertEquals(77, back.dataSeed());
    assertEquals(175, back.totalBytes());
    assertEquals(new KvEntry(2, 0, 100, 25, 3), back.entry(2));
    assertEquals(new KvEntry(0, 0, 0, 100, -1), back.entry(0));
  }

  @Test
  void everyCorruptionCaseIsRefusedWithAReason() {
    byte[] good = threeKeys().encode();
    assertCorrupt(Arrays.copyOf(good, 10), "shorter than a header");
    byte[] magic = good.clone();
    magic[0] = 'X';
    assertCorrupt(magic, "bad magic");
    byte[] version = good.clone();
    version[7] = 2;
    assertCorrupt(version, "version 2");
    assertCorrupt(Arrays.copyOf(good, good.length - 1), "87 bytes, expected 88");
    byte[] flipped = good.clone();
    flipped[40] ^= 1;
    assertCorrupt(flipped, "trailer CRC32C");
    byte[] keys = good.clone();
    keys[11] = 0; // keyCount 0
    assertCorrupt(keys, "keyCount 0");
    KvIndex badPack = new KvIndex(2, 1, new int[] {5}, new long[] {0}, new int[] {1},
        new int[] {0});
    assertCorrupt(badPack.encode(), "keyCount 1 / packCount 2");
  }

  static void assertCorrupt(byte[] data, String reason) {
    IOException e = assertThrows(IOException.class, () -> KvIndex.decode(data, "idx"));
    assertTrue(e.getMessage().startsWith("key-value index idx is unusable: ")
        && e.getMessage().contains(reason) && e.getMessage().endsWith("ZipfKvWorkload.prepare"),
        e.getMessage());
  }

  @Test
  void anEntryOutOfRangeIsRefused() {
    KvIndex bad = new KvIndex(1, 1, new int[] {0, 3}, new long[] {0, 0}, new int[] {1, 1},
        new int[] {0, 0});
    assertCorrupt(bad.encode(), "entry 1 out of range: pack 3");
  }
}
