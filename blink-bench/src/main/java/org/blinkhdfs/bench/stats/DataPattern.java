package org.blinkhdfs.bench.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Deterministic file contents: the byte at {@code offset} of stream {@code streamId} under a seed,
 * so every byte a workload writes can be checked when it is read back, at any offset, without
 * keeping a copy.
 *
 * <p>Goals: random access in O(1) (a positioned read verifies without generating the prefix);
 * fast (one 64-bit mix per 8 bytes, well above HDFS's per-DataNode rates); different streams and
 * different seeds differ everywhere with overwhelming probability, so a block served from the
 * wrong file, the wrong offset or a stale replica is caught, not only a flipped bit.
 *
 * <p>Algorithm: each stream is its own SplitMix64 sequence. Its start state is {@code base =
 * mix(seed + mix(streamId))}; bytes {@code [8w, 8w+8)} are the little-endian bytes of the word
 * {@code SplitMix64.nth(base, w + 1)}. So the byte at {@code offset} is {@code (word(offset >>>
 * 3) >>> 8·(offset & 7)) & 0xFF}. A stream id for a name (a path, a key) comes from {@link
 * #streamIdOf(String)}, a 64-bit FNV-1a of its UTF-8 bytes; workloads usually number their
 * files and use the number.
 *
 * <p>Worked example: seed 0, stream 0: {@code base = mix(0 + mix(0)) = mix(0) = 0}, so bytes
 * 0..7 are the little-endian bytes of {@code mix(γ) = 0xE220A8397B1DCDAF}: {@code AF CD 1D 7B 39
 * A8 20 E2}; bytes 8..15 come from {@code mix(2γ)}.
 *
 * <p>Immutable and thread-safe.
 */
public final class DataPattern {
  private static final long FNV_OFFSET = 0xCBF29CE484222325L;
  private static final long FNV_PRIME = 0x100000001B3L;
  /** Reads and writes 8 bytes of a {@code byte[]} at any index as a little-endian long. */
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final long seed;

  public DataPattern(long seed) {
    this.seed = seed;
  }

  public long seed() {
    return seed;
  }

  /** A stable 64-bit stream id for a name: FNV-1a over its UTF-8 bytes. */
  public static long streamIdOf(String name) {
    long h = FNV_OFFSET;
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      h ^= (b & 0xFF);
      h *= FNV_PRIME;
    }
    return h;
  }

  /** The byte at {@code offset} of stream {@code streamId}. */
  public byte byteAt(long streamId, long offset) {
    checkOffset(offset);
    long word = SplitMix64.nth(base(streamId), (offset >>> 3) + 1);
    return (byte) (word >>> ((offset & 7) * 8));
  }

  /** A new array holding bytes {@code [offset, offset + length)} of stream {@code streamId}. */
  public byte[] bytes(long streamId, long offset, int length) {
    byte[] out = new byte[length];
    fill(streamId, offset, out, 0, length);
    return out;
  }

  /** Writes bytes {@code [offset, offset + length)} of the stream into {@code buf[off..]}. */
  public void fill(long streamId, long offset, byte[] buf, int off, int length) {
    checkRange(offset, buf, off, length);
    long base = base(streamId);
    int i = 0;
    while (i < length) {
      long pos = offset + i;
      long word = SplitMix64.nth(base, (pos >>> 3) + 1);
      int shift = (int) (pos & 7);
      if (shift == 0 && length - i >= 8) {
        LONG_LE.set(buf, off + i, word); // whole aligned word: the common, fast case
        i += 8;
        continue;
      }
      int n = Math.min(8 - shift, length - i);
      for (int k = 0; k < n; k++) {
        buf[off + i + k] = (byte) (word >>> ((shift + k) * 8));
      }
      i += n;
    }
  }

  /**
   * The index {@code i} (relative to {@code off}) of the first byte of {@code buf[off..off+length)}
   * that differs from the stream at {@code offset + i}, or {@code -1} when all match.
   */
  public int firstMismatch(long streamId, long offset, byte[] buf, int off, int length) {
    checkRange(offset, buf, off, length);
    long base = base(streamId);
    int i = 0;
    while (i < length) {
      long pos = offset + i;
      long word = SplitMix64.nth(base, (pos >>> 3) + 1);
      int shift = (int) (pos & 7);
      if (shift == 0 && length - i >= 8) {
        long got = (long) LONG_LE.get(buf, off + i);
        if (got != word) {
          return i + Long.numberOfTrailingZeros(got ^ word) / 8;
        }
        i += 8;
        continue;
      }
      int n = Math.min(8 - shift, length - i);
      for (int k = 0; k < n; k++) {
        if (buf[off + i + k] != (byte) (word >>> ((shift + k) * 8))) {
          return i + k;
        }
      }
      i += n;
    }
    return -1;
  }

  /** Whether {@code buf[off..off+length)} equals the stream at {@code offset}. */
  public boolean matches(long streamId, long offset, byte[] buf, int off, int length) {
    return firstMismatch(streamId, offset, buf, off, length) < 0;
  }

  private long base(long streamId) {
    return SplitMix64.mix(seed + SplitMix64.mix(streamId));
  }

  private static void checkOffset(long offset) {
    if (offset < 0) {
      throw new IllegalArgumentException(
          "offset must be >= 0, got " + offset + ": streams start at byte 0");
    }
  }

  private static void checkRange(long offset, byte[] buf, int off, int length) {
    checkOffset(offset);
    if (length < 0 || off < 0 || off > buf.length - length) {
      throw new IndexOutOfBoundsException("buf[" + off + ".." + off + "+" + length
          + ") is outside an array of " + buf.length + " bytes");
    }
    if (offset > Long.MAX_VALUE - length) {
      throw new IllegalArgumentException("offset " + offset + " + length " + length
          + " overflows a long: use offsets below 2^63 - length");
    }
  }
}
