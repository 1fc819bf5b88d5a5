package org.blinkhdfs.agent.actuator;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.blinkhdfs.control.agent.ActuatorException;

/**
 * {@link SysfsFiles} access that turns I/O errors into {@link ActuatorException}s naming the file
 * and the fix. Stateless; thread-safe.
 */
final class ControlFiles {
  private final SysfsFiles files;

  ControlFiles(SysfsFiles files) {
    this.files = files;
  }

  String read(Path file, String fix) throws ActuatorException {
    try {
      return files.read(file);
    } catch (NoSuchFileException e) {
      throw new ActuatorException("missing " + file + ": " + fix, e);
    } catch (IOException e) {
      throw new ActuatorException("cannot read " + file + " (" + e + "): " + fix, e);
    }
  }

  void write(Path file, String value, String fix) throws ActuatorException {
    try {
      files.write(file, value);
    } catch (NoSuchFileException e) {
      throw new ActuatorException("missing " + file + " (writing '" + value + "'): " + fix, e);
    } catch (IOException e) {
      throw new ActuatorException(
          "cannot write '" + value + "' to " + file + " (" + e + "): " + fix, e);
    }
  }

  /** Writes and ignores failures; for clean-up after an earlier error. */
  void writeQuietly(Path file, String value) {
    try {
      files.write(file, value);
    } catch (IOException | RuntimeException e) {
      // Best effort: the caller is already reporting the original failure.
    }
  }
}
