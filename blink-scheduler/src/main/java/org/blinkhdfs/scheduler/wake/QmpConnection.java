package org.blinkhdfs.scheduler.wake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;

/**
 * One QMP session with a QEMU monitor on a unix socket ({@code -qmp unix:PATH,server=on,
 * wait=off}): connect, read the greeting, leave negotiation mode ({@code qmp_capabilities}), then
 * run commands and read their answers, skipping the asynchronous events QEMU interleaves ({@code
 * SUSPEND}, {@code WAKEUP}, ...). Every read waits at most until the deadline given at opening,
 * so a monitor that never answers (another client holds it: QEMU serves one at a time) costs at
 * most that long.
 *
 * <p>Not thread-safe; one per wake.
 */
final class QmpConnection implements Closeable {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The longest QMP line accepted (answers here are a few hundred bytes). */
  private static final int MAX_LINE_BYTES = 1 << 20;

  private final Path socket;
  private final SocketChannel channel;
  private final Selector selector;
  private final Clock clock;
  private final long deadlineMs;
  private final ByteBuffer buf = ByteBuffer.allocate(8192);
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  private QmpConnection(Path socket, SocketChannel channel, Selector selector, Clock clock,
      long deadlineMs) {
    this.socket = socket;
    this.channel = channel;
    this.selector = selector;
    this.clock = clock;
    this.deadlineMs = deadlineMs;
    buf.flip();
  }

  /** Connects, reads the greeting and negotiates capabilities, all before {@code deadlineMs}. */
  static QmpConnection open(Path socket, Clock clock, long deadlineMs) throws IOException {
    SocketChannel ch;
    try {
      ch = SocketChannel.open(UnixDomainSocketAddress.of(socket));
    } catch (IOException e) {
      throw new IOException("cannot connect to QMP socket " + socket + " (is QEMU running with"
          + " -qmp unix:" + socket + ",server=on,wait=off?): " + e, e);
    }
    QmpConnection c;
    try {
      ch.configureBlocking(false);
      Selector sel = Selector.open();
      ch.register(sel, SelectionKey.OP_READ);
      c = new QmpConnection(socket, ch, sel, clock, deadlineMs);
    } catch (IOException e) {
      ch.close();
      throw e;
    }
    try {
      JsonNode greeting = c.readMessage();
      if (!greeting.has("QMP")) {
        throw new IOException("QMP socket " + socket + " greeted with " + greeting
            + ", not a QMP greeting");
      }
      c.execute("qmp_capabilities");
      return c;
    } catch (IOException e) {
      c.close();
      throw e;
    }
  }

  /** Runs {@code command} (no arguments) and returns its {@code return} value. */
  JsonNode execute(String command) throws IOException {
    byte[] out = ("{\"execute\":\"" + command + "\"}\n").getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = ByteBuffer.wrap(out);
    while (b.hasRemaining()) {
      if (channel.write(b) == 0) {
        waitUntilDeadline(SelectionKey.OP_WRITE, command);
      }
    }
    while (true) {
      JsonNode m = readMessage();
      if (m.has("event")) {
        continue;
      }
      if (m.has("error")) {
        throw new IOException("QMP " + command + " on " + socket + " failed: "
            + m.get("error").path("desc").asText(m.get("error").toString()));
      }
      if (m.has("return")) {
        return m.get("return");
      }
      throw new IOException("QMP " + command + " on " + socket + " answered " + m);
    }
  }

  private JsonNode readMessage() throws IOException {
    while (true) {
      while (buf.hasRemaining()) {
        byte b = buf.get();
        if (b == '\n') {
          String text = line.toString(StandardCharsets.UTF_8).strip();
          line.reset();
          if (!text.isEmpty()) {
            return JSON.readTree(text);
          }
        } else {
          line.write(b);
          if (line.size() > MAX_LINE_BYTES) {
            throw new IOException("QMP socket " + socket + " sent a line over "
                + MAX_LINE_BYTES + " bytes");
          }
        }
      }
      buf.clear();
      int n = channel.read(buf);
      buf.flip();
      if (n < 0) {
        throw new IOException("QMP socket " + socket + " closed the connection");
      }
      if (n == 0) {
        waitUntilDeadline(SelectionKey.OP_READ, "an answer");
      }
    }
  }

  private void waitUntilDeadline(int op, String what) throws IOException {
    long left = deadlineMs - clock.millis();
    if (left <= 0) {
      throw new IOException("no " + what + " from QMP socket " + socket + " in time (QEMU serves"
          + " one QMP client at a time: is another connected?)");
    }
    channel.keyFor(selector).interestOps(op);
    selector.select(left);
    selector.selectedKeys().clear();
  }

  @Override
  public void close() throws IOException {
    try {
      selector.close();
    } finally {
      channel.close();
    }
  }
}
