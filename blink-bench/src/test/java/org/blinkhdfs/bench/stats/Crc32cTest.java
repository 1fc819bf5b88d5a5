package org.blinkhdfs.bench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Crc32cTest {

  @Test
  void standardCheckValue() {
    assertEquals(0xE3069283, Crc32c.of("123456789".getBytes(StandardCharsets.US_ASCII)));
    assertEquals(0, Crc32c.of(new byte[0]));
  }

  @Test
  void patternChecksumEqualsChecksumOfTheBytesAcrossChunks() {
    DataPattern p = new DataPattern(4);
    int len = 2 * Crc32c.CHUNK_BYTES + 1234;
    byte[] bytes = p.bytes(8, 13, len);
    assertEquals(Crc32c.of(bytes), Crc32c.ofPattern(p, 8, 13, len));
    assertEquals(Crc32c.of(bytes, 0, 10), Crc32c.ofPattern(p, 8, 13, 10));
    assertEquals(0, Crc32c.ofPattern(p, 8, 13, 0));
    bytes[len / 2] ^= (byte) 0x80;
    assertNotEquals(Crc32c.of(bytes), Crc32c.ofPattern(p, 8, 13, len));
  }
}
