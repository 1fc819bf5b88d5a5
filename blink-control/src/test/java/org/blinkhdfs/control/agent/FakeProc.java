package org.blinkhdfs.control.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** A fake {@code /proc} tree in a temp dir: writes {@code diskstats} and {@code stat} lines. */
final class FakeProc {
  private final Path root;

  FakeProc(Path root) {
    this.root = root;
  }

  Path root() {
    return root;
  }

  /** A diskstats line for {@code name} with io_ticks (column 13) {@code ioTicksMs}. */
  static String disk(String name, long ioTicksMs) {
    return String.format(Locale.ROOT, "   8       0 %s 120 3 4000 50 60 7 800 90 0 %d 140 0 0 0 0",
        name, ioTicksMs);
  }

  /** A /proc/stat with aggregate cpu line user nice system idle iowait irq softirq steal. */
  static String cpu(long user, long system, long idle, long iowait) {
    return String.format(Locale.ROOT, "cpu  %d 0 %d %d %d 0 0 0 0 0%ncpu0 1 2 3 4 5 6 7 8 0 0%n"
        + "intr 12345 0 1%nctxt 999%n", user, system, idle, iowait);
  }

  FakeProc diskstats(String... lines) {
    return write("diskstats", String.join("\n", lines) + "\n");
  }

  FakeProc stat(String text) {
    return write("stat", text);
  }

  FakeProc write(String file, String text) {
    try {
      Files.writeString(root.resolve(file), text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }
}
