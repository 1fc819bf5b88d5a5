package org.blinkhdfs.client;

import static org.blinkhdfs.client.BlockGateTest.MARGIN;
import static org.blinkhdfs.client.BlockGateTest.MB;
import static org.blinkhdfs.client.BlockGateTest.MIN;
import static org.blinkhdfs.client.BlockGateTest.SPANS;
import static org.blinkhdfs.client.BlockGateTest.START;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.blinkhdfs.client.BlockGateTest.ManualWait;
import org.junit.jupiter.api.Test;

/**
 * When {@link BlinkInputStream} asks its gate: a sequential read once per block it enters (the
 * rest of that block streams on the connection HDFS opened), again after a seek, skip or
 * unbuffer, and a positional read for every piece. Over {@link BlockGateTest}'s schedule and
 * blocks: block 2 ({@code [1 MiB, 2 MiB)}, on B and C) sleeps until phase 30 s and again from
 * phase 55 s.
 */
class BlinkInputStreamTest {
  /** Seekable bytes with HDFS's stream contract, no cluster needed for the gate's decisions. */
  static final class Bytes extends FSInputStream {
    private final byte[] data;
    private int pos;

    Bytes(byte[] data) {
      this.data = data;
    }

    @Override
    public void seek(long to) throws IOException {
      if (to < 0 || to > data.length) {
        throw new EOFException("seek to " + to);
      }
      pos = (int) to;
    }

    @Override
    public long getPos() {
      return pos;
    }

    @Override
    public boolean seekToNewSource(long targetPos) {
      return false;
    }

    @Override
    public int read() {
      return pos < data.length ? data[pos++] & 0xff : -1;
    }
  }

  static byte[] data() {
    byte[] d = new byte[(int) (2 * MB + 100)];
    for (int i = 0; i < d.length; i++) {
      d[i] = (byte) (i * 31 + 7);
    }
    return d;
  }

  final ManualWait clock = new ManualWait(START + 10_000);
  final byte[] data = data();

  BlinkInputStream stream() {
    BlockGate gate = new BlockGate("/f", () -> SPANS,
        () -> Optional.of(BlockGateTest.schedule()), MIN, MARGIN, clock);
    return new BlinkInputStream(new FSDataInputStream(new Bytes(data)), gate);
  }

  /** Reads 100-byte records at the stream's position, the clock moving 3 s after each. */
  static void readRecords(BlinkInputStream in, ManualWait clock, int records) throws IOException {
    byte[] record = new byte[100];
    for (int i = 0; i < records; i++) {
      int got = in.read(record, 0, record.length);
      assertEquals(100, got);
      clock.time.advance(3_000);
    }
  }

  @Test
  void aSequentialReaderWaitsOncePerBlockEvenWhenItsHostPausesBetweenReads() throws IOException {
    BlinkInputStream in = stream();
    in.seek(MB);
    readRecords(in, clock, 5);
    assertEquals(List.of(20_000L), clock.sleeps, "once, until B wakes at phase 30 s");
    // Phase is now 45 s; B sleeps from 50 s, C from 55 s. At phase 57 s nothing is awake, but the
    // stream is still inside the block it entered: it reads on without a check.
    clock.time.advance(12_000);
    readRecords(in, clock, 3);
    assertEquals(List.of(20_000L), clock.sleeps);
    assertEquals(MB + 800, in.getPos());
  }

  @Test
  void aSeekMakesTheNextReadAskAgain() throws IOException {
    BlinkInputStream in = stream();
    in.seek(MB);
    readRecords(in, clock, 1); // waits 20 s, then phase 33 s
    clock.time.advance(24_000); // phase 57 s: B and C asleep until phase 90 s (B's next window)
    in.seek(MB + 50);
    readRecords(in, clock, 1);
    assertEquals(List.of(20_000L, 33_000L), clock.sleeps);
  }

  @Test
  void enteringTheNextBlockAsksAgain() throws IOException {
    clock.time.advance(20_000); // phase 30 s: B awake, block 2 readable at once
    BlinkInputStream in = stream();
    in.seek(2 * MB - 100);
    readRecords(in, clock, 1); // the last record of block 2; then phase 33 s
    clock.time.advance(24_000); // phase 57 s: block 3's A wakes at phase 60 s, C at 95 s
    readRecords(in, clock, 1);
    assertEquals(List.of(3_000L), clock.sleeps);
    assertEquals(2 * MB + 100, in.getPos());
  }

  @Test
  void positionalReadsAskForEveryPiece() throws IOException {
    BlinkInputStream in = stream();
    byte[] piece = new byte[100];
    in.readFully(MB, piece, 0, 100); // waits until phase 30 s
    clock.time.advance(27_000); // phase 57 s
    in.readFully(MB + 100, piece, 0, 100);
    assertEquals(List.of(20_000L, 33_000L), clock.sleeps);
    assertArrayEquals(Arrays.copyOfRange(data, (int) MB + 100, (int) MB + 200), piece);
  }

  @Test
  void theBytesAreTheWrappedStreamsAcrossBlockEnds() throws IOException {
    BlinkInputStream in = stream();
    in.seek(MB - 50);
    byte[] got = new byte[200];
    int n = 0;
    while (n < got.length) {
      n += in.read(got, n, got.length - n);
    }
    assertArrayEquals(Arrays.copyOfRange(data, (int) MB - 50, (int) MB + 150), got);
  }
}
