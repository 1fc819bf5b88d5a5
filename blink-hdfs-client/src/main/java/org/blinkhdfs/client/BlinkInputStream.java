package org.blinkhdfs.client;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.apache.hadoop.fs.ByteBufferPositionedReadable;
import org.apache.hadoop.fs.ByteBufferReadable;
import org.apache.hadoop.fs.CanSetDropBehind;
import org.apache.hadoop.fs.CanSetReadahead;
import org.apache.hadoop.fs.CanUnbuffer;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSExceptionMessages;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.StreamCapabilities;

/**
 * An HDFS input stream that asks a {@link BlockGate} before every read whether the block about
 * to be read has a usable replica, and otherwise waits for one to wake (bounded); then it reads
 * through the wrapped HDFS stream, so the bytes are exactly those plain HDFS returns.
 *
 * <p>Why a wrapper and not a subclass: {@code DFSInputStream} cannot be constructed outside its
 * package, and {@code FSDataInputStream}'s sequential reads are final. So {@link
 * BlinkDistributedFileSystem} wraps the stock {@code HdfsDataInputStream} (which also handles
 * transparent encryption) in this {@code FSInputStream} and that in a plain {@code
 * FSDataInputStream}.
 *
 * <p>Algorithm: a sequential read at {@code getPos()} gates that position and reads at most to
 * the end of its block (HDFS itself never reads past a block end in one call). Once a sequential
 * read has passed the gate in a block, the stream's further reads forward in that block pass
 * without a second look until a seek, skip or unbuffer: HDFS's block reader streams the rest of
 * the block on the connection it opened then, so those reads come mostly from its buffer, and a
 * fresh check would wait for this host and a replica to be awake together again although no
 * DataNode is needed. (On the local cluster at 20% power a TeraValidate map on a ring host waited
 * twice per 1 MiB block, about 7 s each, because its own host slept between its first record and
 * its second.) If the rest of the block is not buffered and its DataNode sleeps, HDFS fails over
 * to another replica after its socket timeout, as it would without the gate. A positional read
 * is split at block boundaries and each piece is gated just before it is read, so a pread
 * spanning a sleeping block waits only when it gets there; it returns as many bytes as the HDFS
 * pread would (all requested bytes up to EOF). {@code skip}/{@code seek} never wait.
 *
 * <p>Example: a 3-block file whose replicas all sleep for 3 s more: {@code readFully(0, buf)}
 * waits ~3 s before block 1, then reads blocks 2 and 3 at once (their replicas are awake).
 *
 * <p>Thread-safety: as the wrapped stream. Sequential reads need external synchronisation as
 * usual; positional reads may run concurrently (the gate is thread-safe).
 */
public class BlinkInputStream extends FSInputStream implements ByteBufferReadable,
    ByteBufferPositionedReadable, CanSetDropBehind, CanSetReadahead, CanUnbuffer,
    StreamCapabilities {
  private final FSDataInputStream in;
  private final BlockGate gate;
  /** The last position a sequential read passed at, and the end of its block (-1: none). */
  private long passedAt = -1;
  private long passedEnd = -1;

  public BlinkInputStream(FSDataInputStream in, BlockGate gate) {
    this.in = Objects.requireNonNull(in, "in");
    this.gate = Objects.requireNonNull(gate, "gate");
  }

  /** The wrapped HDFS stream (an {@code HdfsDataInputStream} when opened by HDFS). */
  public FSDataInputStream wrapped() {
    return in;
  }

  /** The gate consulted before each read. */
  public BlockGate gate() {
    return gate;
  }

  @Override
  public int read() throws IOException {
    gateSequential(in.getPos());
    return in.read();
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    long pos = in.getPos();
    return in.read(b, off, cap(len, pos, gateSequential(pos)));
  }

  @Override
  public int read(ByteBuffer buf) throws IOException {
    if (!buf.hasRemaining()) {
      return in.read(buf);
    }
    long pos = in.getPos();
    int n = cap(buf.remaining(), pos, gateSequential(pos));
    int limit = buf.limit();
    buf.limit(buf.position() + n);
    try {
      return in.read(buf);
    } finally {
      buf.limit(limit);
    }
  }

  @Override
  public int read(long position, byte[] b, int off, int len) throws IOException {
    validatePositionedReadArgs(position, b, off, len);
    int done = 0;
    while (done < len) {
      long at = position + done;
      int n = cap(len - done, at, gate.awaitReadable(at));
      int got = in.read(at, b, off + done, n);
      if (got < 0) {
        return done == 0 ? -1 : done;
      }
      done += got;
      if (got < n) {
        break; // EOF inside this piece
      }
    }
    return done;
  }

  @Override
  public void readFully(long position, byte[] b, int off, int len) throws IOException {
    validatePositionedReadArgs(position, b, off, len);
    int done = 0;
    while (done < len) {
      long at = position + done;
      int n = cap(len - done, at, gate.awaitReadable(at));
      in.readFully(at, b, off + done, n);
      done += n;
    }
  }

  @Override
  public int read(long position, ByteBuffer buf) throws IOException {
    if (!buf.hasRemaining()) {
      return in.read(position, buf);
    }
    int done = 0;
    while (buf.hasRemaining()) {
      long at = position + done;
      int n = cap(buf.remaining(), at, gate.awaitReadable(at));
      int limit = buf.limit();
      buf.limit(buf.position() + n);
      int got;
      try {
        got = in.read(at, buf);
      } finally {
        buf.limit(limit);
      }
      if (got < 0) {
        return done == 0 ? -1 : done;
      }
      done += got;
      if (got < n) {
        break;
      }
    }
    return done;
  }

  @Override
  public void readFully(long position, ByteBuffer buf) throws IOException {
    int done = 0;
    while (buf.hasRemaining()) {
      int got = read(position + done, buf);
      if (got < 0) {
        throw new EOFException(FSExceptionMessages.EOF_IN_READ_FULLY);
      }
      done += got;
    }
  }

  @Override
  public void seek(long pos) throws IOException {
    passedEnd = -1;
    in.seek(pos);
  }

  @Override
  public long getPos() throws IOException {
    return in.getPos();
  }

  @Override
  public boolean seekToNewSource(long targetPos) throws IOException {
    passedEnd = -1;
    return in.seekToNewSource(targetPos);
  }

  @Override
  public long skip(long n) throws IOException {
    passedEnd = -1;
    return in.skip(n);
  }

  @Override
  public int available() throws IOException {
    return in.available();
  }

  @Override
  public boolean markSupported() {
    return false;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  @Override
  public void unbuffer() {
    passedEnd = -1;
    in.unbuffer();
  }

  @Override
  public void setReadahead(Long readahead) throws IOException {
    in.setReadahead(readahead);
  }

  @Override
  public void setDropBehind(Boolean dropBehind) throws IOException {
    in.setDropBehind(dropBehind);
  }

  @Override
  public boolean hasCapability(String capability) {
    return in.hasCapability(capability);
  }

  @Override
  public String toString() {
    return "BlinkInputStream{" + in + "}";
  }

  /**
   * Gates a sequential read at {@code pos} unless it continues forward in the block the last
   * sequential read passed in (class javadoc); returns the end of {@code pos}'s block.
   */
  private long gateSequential(long pos) throws IOException {
    if (pos >= passedAt && pos < passedEnd) {
      passedAt = pos;
      return passedEnd;
    }
    long end = gate.awaitReadable(pos);
    passedAt = pos;
    passedEnd = end == Long.MAX_VALUE ? -1 : end;
    return end;
  }

  /** {@code want} bytes from {@code pos}, but not past {@code blockEnd}; at least 1. */
  private static int cap(int want, long pos, long blockEnd) {
    long room = blockEnd - pos;
    return room <= 0 || room >= want ? want : (int) room;
  }
}
