package org.blinkhdfs.model.battery;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a battery from Linux's power-supply class, {@code /sys/class/power_supply/<name>/}
 * (kernel ABI {@code Documentation/ABI/testing/sysfs-class-power}; units from {@code
 * include/linux/power_supply.h}: µV, µA, µW, µWh, µAh, percent). {@link #parse} is pure over a map
 * of attribute file name to content, so it is tested on plain maps; {@link #readDirectory} loads a
 * directory into such a map.
 *
 * <p>Needed at minimum: {@code status} ({@code Charging}, {@code Discharging}, {@code Full},
 * {@code Not charging}, {@code Unknown}) or an AC adapter's {@code online}, and one of {@code
 * capacity} (percent), {@code energy_now} (µWh) or {@code charge_now} (µAh) with {@code
 * voltage_now} (µV). Derived:
 * <ul>
 *   <li>on battery: the adapter's {@code online} is 0 when an adapter is given (it is the truth
 *       about the grid: a battery may discharge while plugged in under a heavy load); else
 *       {@code status} is {@code Discharging}; {@code Unknown} without an adapter is an error;
 *   <li>stored energy: {@code energy_now}/{@code energy_full} µWh / 10⁶; else {@code
 *       charge_now}/{@code charge_full} µAh x {@code voltage_now} µV / 10¹²;
 *   <li>state of charge: {@code capacity} / 100; else stored / full when both are known;
 *   <li>battery power: {@code power_now} µW / 10⁶; else |{@code current_now}| µA x {@code
 *       voltage_now} µV / 10¹² (drivers disagree on the current's sign, so the direction comes
 *       from {@code status}: positive Discharging, negative Charging; other states give a power
 *       only when it is 0).
 * </ul>
 *
 * <p>Errors name the attribute, the value and the fix ({@link BadReadingException}): a value that
 * is not a whole number, a capacity above 100%, a negative energy or charge, an {@code energy_now}
 * above 1.2 x {@code energy_full}.
 *
 * <p>Example: {@code status} Discharging, {@code energy_now} 31 000 000, {@code energy_full}
 * 50 000 000, {@code power_now} 12 500 000 gives on battery, 31 Wh of 50 Wh (62%), 12.5 W.
 */
public final class PowerSupplySysfs {
  /** Largest attribute file read; sysfs attributes are one page at most. */
  static final int MAX_ATTRIBUTE_BYTES = 4096;

  private PowerSupplySysfs() {}

  /**
   * The reading of one battery.
   *
   * @param battery the battery's attributes (file name to content)
   * @param adapter the AC adapter's attributes ({@code type} Mains), empty when there is none
   * @param readAtMs when the files were read, on the scheduler's clock
   * @param name the supply's name ({@code BAT0}), for messages
   * @throws BadReadingException naming the attribute, the value and the fix
   */
  public static BatteryReading parse(Map<String, String> battery, Map<String, String> adapter,
      long readAtMs, String name) {
    String source = "sysfs " + name;
    String status = trimmed(battery.get("status"));
    if (status != null && !status.equals("Charging") && !status.equals("Discharging")
        && !status.equals("Full") && !status.equals("Not charging")
        && !status.equals("Unknown")) {
      throw new BadReadingException("status", status, "in " + source + " is not a power-supply"
          + " status: expected Charging, Discharging, Full, Not charging or Unknown");
    }
    boolean onBattery = onBattery(status, adapter, source);
    BatteryReading.Builder b = BatteryReading.builder(readAtMs, onBattery, source);
    Long energyNow = micro(battery, "energy_now", "µWh", source);
    Long energyFull = micro(battery, "energy_full", "µWh", source);
    Long chargeNow = micro(battery, "charge_now", "µAh", source);
    Long chargeFull = micro(battery, "charge_full", "µAh", source);
    Long voltage = micro(battery, "voltage_now", "µV", source);
    Double remaining = null;
    Double full = null;
    if (energyNow != null) {
      remaining = energyNow / 1e6;
      full = energyFull == null ? null : energyFull / 1e6;
      overfull("energy_now", energyNow, "energy_full", energyFull, source);
    } else if (chargeNow != null && voltage != null) {
      overfull("charge_now", chargeNow, "charge_full", chargeFull, source);
      remaining = chargeNow * (voltage / 1e6) / 1e6;
      full = chargeFull == null ? null : chargeFull * (voltage / 1e6) / 1e6;
    }
    if (full != null && full == 0) {
      throw new BadReadingException(energyNow != null ? "energy_full" : "charge_full", "0",
          "in " + source + ": a battery that holds nothing when full cannot be planned on;"
          + " check the driver or recalibrate the gauge");
    }
    Long capacity = micro(battery, "capacity", "percent", source);
    if (capacity != null) {
      if (capacity > 100) {
        throw new BadReadingException("capacity", capacity.toString(), "in " + source
            + " is above 100%: the gauge is misreporting; recalibrate it or read energy_now");
      }
      b.stateOfCharge(capacity / 100.0);
    } else if (remaining != null && full != null) {
      b.stateOfCharge(Math.min(1, remaining / full));
    }
    if (remaining == null && capacity == null) {
      throw new BadReadingException("capacity", null, "in " + source + ": give capacity (%),"
          + " energy_now (µWh), or charge_now (µAh) with voltage_now (µV); none is readable");
    }
    if (remaining != null) {
      b.remainingWh(remaining);
    }
    if (full != null) {
      b.fullWh(full);
    }
    Double watts = batteryWatts(battery, voltage, source);
    if (watts != null) {
      if ("Discharging".equals(status)) {
        b.batteryWatts(watts);
      } else if ("Charging".equals(status)) {
        b.batteryWatts(-watts);
      } else if (watts == 0) {
        b.batteryWatts(0);
      }
    }
    return b.build();
  }

  /**
   * The attributes of one power-supply directory: every regular file's content, trimmed. A file
   * the driver refuses to read (some return EIO or ENODATA for attributes they cannot measure
   * now) is left out, as if absent; {@link #parse} then says what is missing.
   *
   * @throws IOException when the directory itself cannot be listed
   */
  public static Map<String, String> readDirectory(Path dir) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path f : files) {
        if (!Files.isRegularFile(f)) {
          continue;
        }
        try (InputStream in = Files.newInputStream(f)) {
          byte[] bytes = in.readNBytes(MAX_ATTRIBUTE_BYTES);
          out.put(f.getFileName().toString(), new String(bytes, StandardCharsets.UTF_8).trim());
        } catch (IOException e) {
          // An attribute the driver cannot read now: absent, as documented.
        }
      }
    }
    return out;
  }

  private static boolean onBattery(String status, Map<String, String> adapter, String source) {
    if (!adapter.isEmpty()) {
      String online = trimmed(adapter.get("online"));
      if (online == null) {
        throw new BadReadingException("online", null, "of the AC adapter for " + source
            + ": give the adapter's directory (type Mains), or none to go by the battery's"
            + " status");
      }
      if (online.equals("0")) {
        return true;
      }
      if (online.equals("1") || online.equals("2")) {
        return false;
      }
      throw new BadReadingException("online", online, "of the AC adapter for " + source
          + " is not 0 (offline) or 1 (online): check that the directory is an adapter's");
    }
    if (status == null) {
      throw new BadReadingException("status", null, "in " + source + ": the battery gives no"
          + " status; give the AC adapter's directory so the grid can be read from 'online'");
    }
    if (status.equals("Unknown")) {
      throw new BadReadingException("status", status, "in " + source + ": whether the grid is"
          + " on cannot be told; give the AC adapter's directory (type Mains) as well");
    }
    return status.equals("Discharging");
  }

  private static Double batteryWatts(Map<String, String> battery, Long voltage, String source) {
    Long power = signedMicro(battery, "power_now", "µW", source);
    if (power != null) {
      return Math.abs(power) / 1e6;
    }
    Long current = signedMicro(battery, "current_now", "µA", source);
    if (current != null && voltage != null) {
      return Math.abs(current) / 1e6 * (voltage / 1e6);
    }
    return null;
  }

  private static void overfull(String nowKey, long now, String fullKey, Long full,
      String source) {
    if (full != null && now > BatteryReading.MAX_OVERFULL * full) {
      throw new BadReadingException(nowKey, Long.toString(now), "in " + source + " is more than "
          + BatteryReading.MAX_OVERFULL + " x " + fullKey + " = " + full
          + ": the gauge is wrong; recalibrate it (a full charge and discharge)");
    }
  }

  /** A whole number >= 0, or null when absent. */
  private static Long micro(Map<String, String> attrs, String key, String unit, String source) {
    Long v = signedMicro(attrs, key, unit, source);
    if (v != null && v < 0) {
      throw new BadReadingException(key, v.toString(), "in " + source + " is negative: the"
          + " kernel gives it in " + unit + ", >= 0; the driver or gauge is misreporting");
    }
    return v;
  }

  private static Long signedMicro(Map<String, String> attrs, String key, String unit,
      String source) {
    String raw = trimmed(attrs.get(key));
    if (raw == null) {
      return null;
    }
    try {
      return Long.parseLong(raw);
    } catch (NumberFormatException e) {
      throw new BadReadingException(key, raw, "in " + source + " is not a whole number: the"
          + " kernel gives it in " + unit + "; read the file the driver exports, unchanged");
    }
  }

  private static String trimmed(String v) {
    return v == null || v.isBlank() ? null : v.trim();
  }
}
