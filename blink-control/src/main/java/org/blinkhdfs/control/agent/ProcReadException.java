package org.blinkhdfs.control.agent;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A {@code /proc} file that {@link ProcUtilization} cannot use: missing, unreadable, or with a
 * line it cannot parse. The message names the file, the line number (1-based; 0 when the problem
 * is the file as a whole) and the line, so one log line tells an operator what to look at.
 */
final class ProcReadException extends Exception {
  private static final long serialVersionUID = 1L;
  private final Path file;

  ProcReadException(Path file, int lineNo, String line, String reason) {
    super(file + (lineNo > 0 ? " line " + lineNo + " '" + line + "'" : "") + ": " + reason);
    this.file = file;
  }

  ProcReadException(Path file, IOException cause) {
    super(file + ": cannot read (" + cause + ")", cause);
    this.file = file;
  }

  /** The file at fault. */
  Path file() {
    return file;
  }
}
