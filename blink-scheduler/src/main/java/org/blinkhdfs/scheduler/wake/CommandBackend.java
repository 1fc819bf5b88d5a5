package org.blinkhdfs.scheduler.wake;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.blinkhdfs.control.scheduler.WakeBackend;

/**
 * A power command per wake, for hardware a magic packet does not reach: an IPMI or Redfish
 * {@code power on} through the host's BMC, a smart PDU, a site script. The template is split into
 * words at whitespace once, at startup; each wake substitutes {@code {node}} (the DataNode
 * transfer address, {@code host:port}), {@code {host}} and {@code {port}} inside the words and runs
 * the result directly, without a shell: a node name cannot add words or shell syntax. An argument
 * with spaces needs a wrapper script.
 *
 * <p>Exit code 0 means the command sent the wake; anything else, or no exit within the timeout
 * (the process is then killed), is a failed send whose error carries the exit code and the end of
 * its stderr. Standard output is discarded.
 *
 * <p>Example: {@code ipmitool -I lanplus -H {host}-bmc -U admin -f /etc/blink/ipmi.pass chassis
 * power on} runs {@code ipmitool ... -H dn3-bmc ...} to wake {@code dn3:9866}.
 *
 * <p>Thread-safe.
 */
public final class CommandBackend implements WakeBackend {
  /** The placeholders a template may use. */
  public static final List<String> PLACEHOLDERS = List.of("{node}", "{host}", "{port}");
  /** The most stderr quoted in an error. */
  static final int MAX_STDERR_CHARS = 2_000;

  private final List<String> template;
  private final long timeoutMs;

  /**
   * @param template the command's words, each possibly with placeholders; at least one word
   * @param timeoutMs how long one run may take, {@code >= 1}
   */
  public CommandBackend(List<String> template, long timeoutMs) {
    if (template.isEmpty()) {
      throw new IllegalArgumentException("a wake command needs at least the program");
    }
    if (timeoutMs < 1) {
      throw new IllegalArgumentException("command timeout must be >= 1 ms, got " + timeoutMs);
    }
    this.template = List.copyOf(template);
    this.timeoutMs = timeoutMs;
  }

  /** The words run to wake {@code node}. */
  public List<String> argv(String node) {
    int colon = node.lastIndexOf(':');
    String host = colon < 0 ? node : node.substring(0, colon);
    String port = colon < 0 ? "" : node.substring(colon + 1);
    List<String> out = new ArrayList<>(template.size());
    for (String w : template) {
      out.add(w.replace("{node}", node).replace("{host}", host).replace("{port}", port));
    }
    return out;
  }

  @Override
  public String name() {
    return "command";
  }

  @Override
  public void wake(String node) throws IOException {
    List<String> argv = argv(node);
    Path err = Files.createTempFile("blink-wake-", ".stderr");
    try {
      Process p;
      try {
        p = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(nullFile()))
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(err.toFile()).start();
      } catch (IOException e) {
        throw new IOException("wake command " + argv + " could not start: " + e.getMessage(), e);
      }
      boolean done;
      try {
        done = p.waitFor(timeoutMs, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while running wake command " + argv, e);
      }
      if (!done) {
        p.destroyForcibly();
        throw new IOException(String.format(Locale.ROOT, "wake command %s did not exit within"
            + " %d ms and was killed%s", argv, timeoutMs, stderr(err)));
      }
      if (p.exitValue() != 0) {
        throw new IOException(String.format(Locale.ROOT, "wake command %s exited %d%s", argv,
            p.exitValue(), stderr(err)));
      }
    } finally {
      Files.deleteIfExists(err);
    }
  }

  private static File nullFile() {
    return new File("/dev/null");
  }

  /**
   * {@code ": <the end of stderr>"}, or empty when it wrote nothing. Only the last bytes are read:
   * a chatty command (a curl -v) must not fill the scheduler's heap or log.
   */
  private static String stderr(Path err) throws IOException {
    byte[] tail;
    try (SeekableByteChannel ch = Files.newByteChannel(err)) {
      long start = Math.max(0, ch.size() - 4L * MAX_STDERR_CHARS);
      ch.position(start);
      ByteBuffer b = ByteBuffer.allocate((int) (ch.size() - start));
      while (b.hasRemaining() && ch.read(b) >= 0) {
        // reads until full or end of file
      }
      tail = Arrays.copyOf(b.array(), b.position());
    }
    String s = new String(tail, StandardCharsets.UTF_8).strip();
    if (s.isEmpty()) {
      return "";
    }
    if (s.length() > MAX_STDERR_CHARS) {
      s = "..." + s.substring(s.length() - MAX_STDERR_CHARS);
    }
    return ": " + s;
  }

  @Override
  public String describe(String node) {
    return "command " + String.join(" ", argv(node)) + " (timeout " + timeoutMs + " ms)";
  }
}
