package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.model.battery.BadReadingException;
import org.blinkhdfs.model.battery.BatteryReading;
import org.blinkhdfs.model.battery.NutUpscParser;
import org.blinkhdfs.model.battery.PowerSupplySysfs;

/**
 * One poll of the UPS or battery ({@code blink.battery.source}): NUT's {@code upsc} run as a
 * bounded command, or a Linux power-supply directory. The parsing is blink-model's, pure and
 * tested there; this is only the I/O. Called on the battery signal's own thread only.
 */
interface BatteryReader {
  /**
   * Reads once.
   *
   * @param readAtMs the time to stamp the reading with: when the poll started, on the
   *     scheduler's clock
   * @throws BadReadingException the source answered something impossible or an error (named)
   * @throws IOException the source could not be read (no answer in time, a missing directory)
   */
  BatteryReading read(long readAtMs) throws IOException, InterruptedException;

  /** What is read, for logs and {@code /v1/power}: {@code upsc rack1}, {@code sysfs BAT0}. */
  String describe();

  /** {@code COMMAND UPS}, e.g. {@code upsc rack1@localhost}, killed with its children. */
  record Nut(String command, String ups, long timeoutMs) implements BatteryReader {
    /** upsc prints a few KiB for the largest UPSes; more is not its output. */
    static final int MAX_OUTPUT_BYTES = 64 * 1024;

    @Override
    public BatteryReading read(long readAtMs) throws IOException, InterruptedException {
      BoundedCommand.Result r = BoundedCommand.run(List.of(command, ups), timeoutMs,
          MAX_OUTPUT_BYTES);
      if (r.exitStatus() == 0) {
        return NutUpscParser.parse(r.output(), readAtMs, ups);
      }
      // upsc says why on stderr ("Error: Data stale"): the parser names it and the fix.
      NutUpscParser.parse(r.output(), readAtMs, ups);
      throw new IOException(command + " " + ups + " exited " + r.exitStatus() + ": "
          + r.output());
    }

    @Override
    public String describe() {
      return "upsc " + ups + (command.equals("upsc") ? "" : " (run as " + command + ")");
    }
  }

  /** A power-supply directory ({@code /sys/class/power_supply/BAT0}) and its AC adapter's. */
  record Sysfs(Path battery, Path adapter) implements BatteryReader {
    @Override
    public BatteryReading read(long readAtMs) throws IOException {
      Map<String, String> a = adapter == null ? Map.of() : PowerSupplySysfs.readDirectory(adapter);
      if (adapter != null && a.isEmpty()) {
        throw new IOException("the AC adapter directory " + adapter + " has no readable"
            + " attribute");
      }
      return PowerSupplySysfs.parse(PowerSupplySysfs.readDirectory(battery), a, readAtMs,
          name());
    }

    private String name() {
      return battery.getFileName() == null ? battery.toString()
          : battery.getFileName().toString();
    }

    @Override
    public String describe() {
      return "sysfs " + name() + " (" + battery + (adapter == null ? ""
          : ", adapter " + adapter) + ")";
    }

    /** True when {@code dir} is a directory this process can list. */
    static boolean readableDirectory(Path dir) {
      return Files.isDirectory(dir) && Files.isReadable(dir);
    }
  }
}
