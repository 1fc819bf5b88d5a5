package org.blinkhdfs.workload;

import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.blinkhdfs.bench.stats.DataPattern;
import org.blinkhdfs.client.BlinkInputStream;

/**
 * The few HDFS calls the workloads share: create with explicit replication and block size, write a
 * pattern range, and read until a buffer is full or the stream ends.
 *
 * <p>Stateless and thread-safe.
 */
final class HdfsIo {
  /** Client-side buffer passed to {@code create}. */
  static final int IO_BUFFER_BYTES = 64 * 1024;

  private HdfsIo() {}

  /**
   * Creates (overwriting) {@code path} with the given replication; {@code blockBytes} 0 = default.
   */
  static FSDataOutputStream create(FileSystem fs, Path path, int replication, long blockBytes)
      throws IOException {
    long block = blockBytes > 0 ? blockBytes : fs.getDefaultBlockSize(path);
    return fs.create(path, true, IO_BUFFER_BYTES, (short) replication, block);
  }

  /**
   * Writes bytes {@code [0, length)} of pattern stream {@code streamId} to a new file in chunks of
   * {@code chunk.length} and closes it. Used for setup, where a failure is fatal and thrown.
   */
  static void writePatternFile(FileSystem fs, Path path, int replication, long blockBytes,
      DataPattern pattern, long streamId, long length, byte[] chunk) throws IOException {
    try (FSDataOutputStream out = create(fs, path, replication, blockBytes)) {
      long done = 0;
      while (done < length) {
        int n = (int) Math.min(chunk.length, length - done);
        pattern.fill(streamId, done, chunk, 0, n);
        out.write(chunk, 0, n);
        done += n;
      }
    }
  }

  /**
   * Reads into {@code buf[0..length)} until it is full or the stream ends; returns the bytes read
   * (less than {@code length} only at end of file).
   */
  static int readUpTo(InputStream in, byte[] buf, int length) throws IOException {
    int done = 0;
    while (done < length) {
      int n = in.read(buf, done, length - done);
      if (n < 0) {
        break;
      }
      done += n;
    }
    return done;
  }

  /**
   * The transfer address ({@code host:port}) of the DataNode the stream read its last bytes
   * from, through a blink-aware stream's wrapper too; empty when the stream is not HDFS's or has
   * no block reader (before the first read, after a failure).
   */
  static String currentDataNode(FSDataInputStream in) {
    Object stream = in;
    if (in.getWrappedStream() instanceof BlinkInputStream b) {
      stream = b.wrapped();
    }
    DatanodeInfo node = stream instanceof HdfsDataInputStream h ? h.getCurrentDatanode() : null;
    return node == null ? "" : node.getXferAddr();
  }

  /** Short human form of an exception for a result's problem list. */
  static String describe(Exception e) {
    return e.getClass().getSimpleName() + ": " + e.getMessage();
  }
}
