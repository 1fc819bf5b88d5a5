package org.blinkhdfs.agent.actuator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads and writes kernel control files (sysfs, cgroupfs). The one seam through which every
 * actuator file access goes, so tests can record the order of writes, make a write fail, or make a
 * read-back differ, against a fake tree in a temporary directory.
 *
 * <p>Writes never create a file: a missing control file means the kernel feature is missing, and
 * creating it in a real {@code /sys} is impossible anyway. {@link #direct()} is thread-safe.
 */
public interface SysfsFiles {
  /** The whole file, trimmed of surrounding whitespace. */
  String read(Path file) throws IOException;

  /** Writes {@code value} (no newline) to an existing file in one {@code write(2)}. */
  void write(Path file, String value) throws IOException;

  /** Plain file access. */
  static SysfsFiles direct() {
    return Direct.INSTANCE;
  }

  /** Plain file access. */
  enum Direct implements SysfsFiles {
    INSTANCE;

    @Override
    public String read(Path file) throws IOException {
      return Files.readString(file, StandardCharsets.US_ASCII).trim();
    }

    @Override
    public void write(Path file, String value) throws IOException {
      // No CREATE; TRUNCATE_EXISTING is ignored by sysfs and needed for the plain files of tests.
      Files.write(file, value.getBytes(StandardCharsets.US_ASCII), StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING);
    }
  }
}
