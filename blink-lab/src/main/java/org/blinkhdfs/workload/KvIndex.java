package org.blinkhdfs.workload;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.blinkhdfs.bench.stats.Crc32c;

/**
 * The index of the key-value store: for every key, its pack file, offset, length and CRC32C.
 * Stored in HDFS next to the packs and loaded into memory before serving gets, as a key-value
 * server loads its B-tree's upper levels.
 *
 * <p>On-disk format, version 1, big-endian ({@code DataOutputStream}):
 *
 * <pre>
 * index   := header entry{keyCount} trailer
 * header  := magic:"BKVI" (4 ASCII bytes)  version:int32 = 1
 *            keyCount:int32  packCount:int32  dataSeed:int64           (24 bytes)
 * entry   := pack:int32  offset:int64  length:int32  crc32c:int32      (20 bytes; entry k is key k)
 * trailer := crc32c:int32 of every preceding byte
 * </pre>
 *
 * <p>Decoding checks, each failing with an {@link IOException} that says what is wrong: total
 * length {@code 28 + 20·keyCount}; magic; version; {@code 1 ≤ keyCount ≤} {@link #MAX_KEYS};
 * {@code 1 ≤ packCount ≤ keyCount}; trailer CRC; each entry's pack in range, offset and length
 * non-negative. Example: 3 keys take {@code 24 + 60 + 4 = 88} bytes.
 *
 * <p>Immutable and thread-safe.
 */
public final class KvIndex {
  public static final int MAX_KEYS = 1_000_000;
  public static final int VERSION = 1;
  static final byte[] MAGIC = "BKVI".getBytes(StandardCharsets.US_ASCII);
  static final int HEADER_BYTES = 24;
  static final int ENTRY_BYTES = 20;
  static final int TRAILER_BYTES = 4;

  private final int packCount;
  private final long dataSeed;
  private final int[] pack;
  private final long[] offset;
  private final int[] length;
  private final int[] crc;

  KvIndex(int packCount, long dataSeed, int[] pack, long[] offset, int[] length, int[] crc) {
    this.packCount = packCount;
    this.dataSeed = dataSeed;
    this.pack = pack.clone();
    this.offset = offset.clone();
    this.length = length.clone();
    this.crc = crc.clone();
  }

  /** Encoded size of an index of {@code keyCount} keys. */
  public static long encodedBytes(int keyCount) {
    return HEADER_BYTES + (long) ENTRY_BYTES * keyCount + TRAILER_BYTES;
  }

  public int keyCount() {
    return pack.length;
  }

  public int packCount() {
    return packCount;
  }

  public long dataSeed() {
    return dataSeed;
  }

  public KvEntry entry(int key) {
    return new KvEntry(key, pack[key], offset[key], length[key], crc[key]);
  }

  /** Sum of all object sizes. */
  public long totalBytes() {
    return Arrays.stream(length).asLongStream().sum();
  }

  public byte[] encode() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream((int) encodedBytes(keyCount()));
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.write(MAGIC);
      out.writeInt(VERSION);
      out.writeInt(keyCount());
      out.writeInt(packCount);
      out.writeLong(dataSeed);
      for (int k = 0; k < keyCount(); k++) {
        out.writeInt(pack[k]);
        out.writeLong(offset[k]);
        out.writeInt(length[k]);
        out.writeInt(crc[k]);
      }
      out.flush();
      out.writeInt(Crc32c.of(bytes.toByteArray()));
    } catch (IOException e) {
      throw new IllegalStateException("a ByteArrayOutputStream does not fail", e);
    }
    return bytes.toByteArray();
  }

  /** Decodes and checks an encoded index; {@code source} names it in error messages. */
  public static KvIndex decode(byte[] data, String source) throws IOException {
    if (data.length < HEADER_BYTES + TRAILER_BYTES) {
      throw corrupt(source, "only " + data.length + " bytes, shorter than a header");
    }
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(data));
    byte[] magic = new byte[4];
    in.readFully(magic);
    if (!Arrays.equals(magic, MAGIC)) {
      throw corrupt(source, "bad magic " + Arrays.toString(magic) + ", expected \"BKVI\"");
    }
    int version = in.readInt();
    if (version != VERSION) {
      throw corrupt(source, "version " + version + ", this code reads version " + VERSION);
    }
    int keys = in.readInt();
    int packs = in.readInt();
    long seed = in.readLong();
    if (keys < 1 || keys > MAX_KEYS || packs < 1 || packs > keys) {
      throw corrupt(source, "keyCount " + keys + " / packCount " + packs + " out of range");
    }
    if (data.length != encodedBytes(keys)) {
      throw corrupt(source, data.length + " bytes, expected " + encodedBytes(keys) + " for "
          + keys + " keys");
    }
    int stored = ByteBuffer.wrap(data, data.length - TRAILER_BYTES, TRAILER_BYTES).getInt();
    if (stored != Crc32c.of(data, 0, data.length - TRAILER_BYTES)) {
      throw corrupt(source, "trailer CRC32C does not match the contents");
    }
    return decodeEntries(in, keys, packs, seed, source);
  }

  private static KvIndex decodeEntries(DataInputStream in, int keys, int packs, long seed,
      String source) throws IOException {
    int[] pack = new int[keys];
    long[] offset = new long[keys];
    int[] length = new int[keys];
    int[] crc = new int[keys];
    for (int k = 0; k < keys; k++) {
      pack[k] = in.readInt();
      offset[k] = in.readLong();
      length[k] = in.readInt();
      crc[k] = in.readInt();
      if (pack[k] < 0 || pack[k] >= packs || offset[k] < 0 || length[k] < 0) {
        throw corrupt(source, "entry " + k + " out of range: pack " + pack[k] + ", offset "
            + offset[k] + ", length " + length[k]);
      }
    }
    return new KvIndex(packs, seed, pack, offset, length, crc);
  }

  private static IOException corrupt(String source, String what) {
    return new IOException("key-value index " + source + " is unusable: " + what
        + "; rewrite it with ZipfKvWorkload.prepare");
  }
}
