package org.blinkhdfs.bench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class DataPatternTest {

  @Test
  void workedExampleSeedZeroStreamZero() {
    byte[] b = new DataPattern(0).bytes(0, 0, 8);
    assertArrayEquals(new byte[] {(byte) 0xAF, (byte) 0xCD, 0x1D, 0x7B, 0x39, (byte) 0xA8, 0x20,
        (byte) 0xE2}, b);
    long word9 = SplitMix64.mix(2 * SplitMix64.GAMMA);
    assertEquals((byte) (word9 >>> 8), new DataPattern(0).byteAt(0, 9));
  }

  @Test
  void anySliceEqualsTheSameRangeOfTheWhole() {
    DataPattern p = new DataPattern(77);
    byte[] whole = p.bytes(5, 0, 1000);
    for (int from : new int[] {0, 1, 7, 8, 9, 15, 333}) {
      for (int len : new int[] {0, 1, 2, 7, 8, 9, 17, 500}) {
        byte[] slice = p.bytes(5, from, len);
        assertArrayEquals(Arrays.copyOfRange(whole, from, from + len), slice,
            "from " + from + " len " + len);
      }
    }
    for (int i = 0; i < 1000; i += 37) {
      assertEquals(whole[i], p.byteAt(5, i));
    }
  }

  @Test
  void fillWritesOnlyItsWindow() {
    byte[] buf = new byte[20];
    Arrays.fill(buf, (byte) 0x55);
    new DataPattern(1).fill(2, 3, buf, 4, 10);
    assertEquals(0x55, buf[3]);
    assertEquals(0x55, buf[14]);
    assertArrayEquals(new DataPattern(1).bytes(2, 3, 10), Arrays.copyOfRange(buf, 4, 14));
  }

  @Test
  void streamsAndSeedsDiffer() {
    byte[] a = new DataPattern(1).bytes(1, 0, 64);
    assertFalse(Arrays.equals(a, new DataPattern(1).bytes(2, 0, 64)));
    assertFalse(Arrays.equals(a, new DataPattern(2).bytes(1, 0, 64)));
    assertFalse(Arrays.equals(a, new DataPattern(1).bytes(1, 64, 64)));
  }

  @Test
  void firstMismatchFindsTheFlippedByte() {
    DataPattern p = new DataPattern(9);
    byte[] buf = new byte[100];
    p.fill(3, 1001, buf, 10, 80);
    assertEquals(-1, p.firstMismatch(3, 1001, buf, 10, 80));
    assertTrue(p.matches(3, 1001, buf, 10, 80));
    buf[10 + 42] ^= 1;
    assertEquals(42, p.firstMismatch(3, 1001, buf, 10, 80));
    assertFalse(p.matches(3, 1001, buf, 10, 80));
    assertEquals(0, p.firstMismatch(3, 1000, buf, 10, 80), "shifted by one byte");
  }

  @Test
  void everyFlippedPositionIsFoundExactlyAtAnyAlignment() {
    DataPattern p = new DataPattern(11);
    for (int offset = 0; offset < 9; offset++) {
      for (int off = 0; off < 3; off++) {
        byte[] buf = new byte[40];
        p.fill(6, offset, buf, off, 37);
        for (int i = 0; i < 37; i++) {
          buf[off + i] ^= (byte) (1 << (i % 8));
          assertEquals(i, p.firstMismatch(6, offset, buf, off, 37),
              "offset " + offset + " off " + off + " flip " + i);
          buf[off + i] ^= (byte) (1 << (i % 8));
        }
        assertEquals(-1, p.firstMismatch(6, offset, buf, off, 37));
      }
    }
  }

  @Test
  void streamIdOfIsFnv1a64() {
    assertEquals(0xCBF29CE484222325L, DataPattern.streamIdOf(""));
    assertEquals(0xAF63DC4C8601EC8CL, DataPattern.streamIdOf("a"));
  }

  @Test
  void badRangesAreRejected() {
    DataPattern p = new DataPattern(0);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> p.bytes(0, -1, 4));
    assertTrue(e.getMessage().contains("offset must be >= 0, got -1"), e.getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> p.fill(0, 0, new byte[4], 2, 3));
    assertThrows(IllegalArgumentException.class, () -> p.bytes(0, Long.MAX_VALUE - 2, 4));
  }
}
