package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;

/**
 * Writes {@code blink.schedule.file} for NameNodes and clients that read files: the JSON goes to
 * a temporary file in the same folder, which is then renamed over the target, so a reader sees
 * either the old schedule or the new one, never half of one.
 */
final class ScheduleFileWriter {
  private final Path target;

  ScheduleFileWriter(Path target) {
    this.target = target.toAbsolutePath();
  }

  Path target() {
    return target;
  }

  void write(Schedule s) throws IOException {
    writeAtomically(target, ScheduleJson.write(s));
  }

  /** Writes {@code text} to a temporary file next to {@code target}, then renames it over. */
  static void writeAtomically(Path target, String text) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
    try {
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
