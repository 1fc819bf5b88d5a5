package org.blinkhdfs.control.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads one small {@code /proc} file as lines and parses its counters, turning every failure into
 * a {@link ProcReadException} that names the file and line. Shared by {@link CpuBusy} and {@link
 * DiskBusy} so both report problems the same way.
 *
 * <p>Bound: at most {@link #MAX_LINES} lines are read (a real {@code /proc/diskstats} has one
 * line per block device, {@code /proc/stat} a few hundred on large hosts); more is treated as a
 * malformed file rather than read without limit.
 */
final class ProcLines {
  static final int MAX_LINES = 100_000;

  private ProcLines() {}

  static List<String> read(Path file) throws ProcReadException {
    List<String> lines = new ArrayList<>();
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (lines.size() == MAX_LINES) {
          throw new ProcReadException(file, 0, "", "more than " + MAX_LINES + " lines");
        }
        lines.add(line);
      }
    } catch (IOException e) {
      throw new ProcReadException(file, e);
    }
    return lines;
  }

  /** Token {@code index} of line {@code lineNo} as a non-negative counter. */
  static long counter(Path file, int lineNo, String line, String[] tokens, int index)
      throws ProcReadException {
    if (index >= tokens.length) {
      throw new ProcReadException(file, lineNo, line, "has " + tokens.length
          + " fields, needs at least " + (index + 1));
    }
    try {
      long v = Long.parseLong(tokens[index]);
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ProcReadException(file, lineNo, line, "field " + (index + 1) + " '" + tokens[index]
        + "' is not a non-negative whole number");
  }

  static String[] tokens(String line) {
    String t = line.trim();
    return t.isEmpty() ? new String[0] : t.split("\\s+");
  }
}
