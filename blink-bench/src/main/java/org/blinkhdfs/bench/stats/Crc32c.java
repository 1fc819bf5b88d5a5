package org.blinkhdfs.bench.stats;

import java.util.zip.CRC32C;

/**
 * CRC32C (Castagnoli, the checksum HDFS itself uses for block data) of byte ranges and of
 * {@link DataPattern} ranges, as an unsigned 32-bit value in an {@code int}.
 *
 * <p>Why both: a workload that stores a checksum next to an object (a key-value index) checks
 * the bytes it read against the stored value, and the expected value of a pattern range is
 * computed here in bounded chunks without materialising the range.
 *
 * <p>Worked example: the CRC32C of the ASCII bytes {@code "123456789"} is the standard check
 * value {@code 0xE3069283}.
 *
 * <p>Stateless and thread-safe.
 */
public final class Crc32c {
  /** Chunk used when checksumming a pattern range: bounds the temporary buffer. */
  static final int CHUNK_BYTES = 64 * 1024;

  private Crc32c() {}

  /** CRC32C of {@code buf[off..off+length)}. */
  public static int of(byte[] buf, int off, int length) {
    CRC32C crc = new CRC32C();
    crc.update(buf, off, length);
    return (int) crc.getValue();
  }

  /** CRC32C of the whole array. */
  public static int of(byte[] buf) {
    return of(buf, 0, buf.length);
  }

  /** CRC32C of bytes {@code [offset, offset + length)} of a pattern stream. */
  public static int ofPattern(DataPattern pattern, long streamId, long offset, long length) {
    if (length < 0) {
      throw new IllegalArgumentException(
          "length must be >= 0, got " + length + ": give the number of bytes to checksum");
    }
    CRC32C crc = new CRC32C();
    byte[] chunk = new byte[(int) Math.min(CHUNK_BYTES, Math.max(1, length))];
    long done = 0;
    while (done < length) {
      int n = (int) Math.min(chunk.length, length - done);
      pattern.fill(streamId, offset + done, chunk, 0, n);
      crc.update(chunk, 0, n);
      done += n;
    }
    return (int) crc.getValue();
  }
}
