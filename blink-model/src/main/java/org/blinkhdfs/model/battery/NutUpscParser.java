package org.blinkhdfs.model.battery;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses what NUT's {@code upsc <ups>} prints: one {@code key: value} line per variable (NUT's
 * naming standard, {@code docs/nut-names.txt} in the NUT sources), into a {@link BatteryReading}.
 * Pure: the caller runs {@code upsc} and stamps the time.
 *
 * <p>Needed at minimum: {@code ups.status} (OL on line, OB on battery) and {@code battery.charge}
 * (percent). Used when present:
 * <ul>
 *   <li>{@code ups.status} tokens {@code LB} (low battery) and {@code FSD} (forced shutdown): the
 *       UPS may cut the load soon, so the reading is {@link BatteryReading#lowBattery() low};
 *       {@code CHRG}/{@code DISCHRG} give the battery current's direction; {@code WAIT} (upsd has
 *       no data from the driver yet) and {@code OFF} (not feeding the load) are errors, as is a
 *       status with both or neither of OL and OB; other tokens (BYPASS, TRIM, BOOST, CAL, OVER,
 *       RB, HB, ALARM, ...) do not change the reading;
 *   <li>{@code battery.runtime} (seconds): the UPS's own runtime estimate at the present load;
 *   <li>{@code battery.charge.low} (percent): where the UPS raises LB;
 *   <li>the load's real power: {@code ups.realpower} (W), else derived as {@code
 *       ups.realpower.nominal} (W) x {@code ups.load} (percent) / 100, an estimate since drivers
 *       differ on what the load percentage is a share of; {@code ups.power} is apparent power
 *       (VA), not watts, and is not used;
 *   <li>battery power: {@code battery.voltage} (V) x {@code battery.current} (A), positive when
 *       the status says OB or DISCHRG, negative with CHRG.
 * </ul>
 * NUT gives no stored energy in Wh, and {@code battery.capacity} is in Ah by the standard but not
 * by every driver, so the full capacity is left to the configured {@link BatteryModel}.
 *
 * <p>Errors name the variable, the value and the fix ({@link BadReadingException}): an
 * {@code Error: ...} line from upsc (e.g. {@code Error: Data stale}, the driver lost the UPS), a
 * line that is not {@code key: value}, a variable listed twice, a number that does not parse, a
 * charge outside 0..100%, a negative runtime or power.
 *
 * <p>Example: {@code ups.status: OB DISCHRG}, {@code battery.charge: 62}, {@code
 * battery.runtime: 1800}, {@code ups.realpower.nominal: 900}, {@code ups.load: 40} gives: on
 * battery, 62%, runtime 1 800 s, load 900 x 40 / 100 = 360 W.
 */
public final class NutUpscParser {
  private static final List<String> KNOWN_NOISE = List.of("Init SSL without certificate database");

  private NutUpscParser() {}

  /**
   * The reading in {@code output}.
   *
   * @param output what {@code upsc <ups>} printed on stdout
   * @param readAtMs when upsc was run, on the scheduler's clock
   * @param ups the UPS name as given to upsc ({@code rack1@nuthost}), for messages
   * @throws BadReadingException naming the variable, the value and the fix
   */
  public static BatteryReading parse(String output, long readAtMs, String ups) {
    String source = "upsc " + ups;
    Map<String, String> vars = variables(output, source);
    String status = vars.get("ups.status");
    if (status == null) {
      throw new BadReadingException("ups.status", null, "in " + source
          + ": upsc printed no status; check the UPS name (upsc -l lists them)");
    }
    Set<String> tokens = new HashSet<>(List.of(status.trim().split("\\s+")));
    if (tokens.contains("WAIT")) {
      throw new BadReadingException("ups.status", status, "in " + source + ": upsd has no data"
          + " from the driver yet; wait for the driver's first poll or check that it runs");
    }
    boolean online = tokens.contains("OL");
    boolean onBattery = tokens.contains("OB");
    if (online == onBattery) {
      throw new BadReadingException("ups.status", status, "in " + source + " says "
          + (online ? "both OL and OB" : "neither OL nor OB")
          + (tokens.contains("OFF") ? " (OFF: the UPS is not feeding its load)" : "")
          + ": on-line or on-battery is unknown; check the UPS and its NUT driver");
    }
    String charge = vars.get("battery.charge");
    if (charge == null) {
      throw new BadReadingException("battery.charge", null, "in " + source
          + ": the ride-through plan needs the charge in percent; this UPS or driver does not"
          + " report it, so use a driver that does or the sysfs source");
    }
    BatteryReading.Builder b = BatteryReading.builder(readAtMs, onBattery, source)
        .lowBattery(tokens.contains("LB") || tokens.contains("FSD"))
        .stateOfCharge(percent("battery.charge", charge, source) / 100.0);
    String low = vars.get("battery.charge.low");
    if (low != null) {
      b.lowChargeFraction(percent("battery.charge.low", low, source) / 100.0);
    }
    String runtime = vars.get("battery.runtime");
    if (runtime != null) {
      b.runtimeMs(Math.round(nonNegative("battery.runtime", runtime, "seconds", source) * 1000));
    }
    String real = vars.get("ups.realpower");
    String nominal = vars.get("ups.realpower.nominal");
    String load = vars.get("ups.load");
    if (real != null) {
      b.loadWatts(nonNegative("ups.realpower", real, "W", source));
    } else if (nominal != null && load != null) {
      double w = nonNegative("ups.realpower.nominal", nominal, "W", source);
      b.loadWatts(w * nonNegative("ups.load", load, "percent", source) / 100.0);
    }
    String volts = vars.get("battery.voltage");
    String amps = vars.get("battery.current");
    boolean charging = tokens.contains("CHRG");
    boolean discharging = onBattery || tokens.contains("DISCHRG");
    if (volts != null && amps != null && charging != discharging) {
      double w = nonNegative("battery.voltage", volts, "V", source)
          * Math.abs(number("battery.current", amps, "A", source));
      b.batteryWatts(discharging ? w : -w);
    }
    return b.build();
  }

  /** The {@code key: value} pairs, in order; upsc's error lines and malformed lines throw. */
  static Map<String, String> variables(String output, String source) {
    if (output == null || output.isBlank()) {
      throw new BadReadingException("upsc output", "", "from " + source + " is empty: check that"
          + " upsd runs and the UPS name is right (upsc -l lists them)");
    }
    Map<String, String> vars = new LinkedHashMap<>();
    String[] lines = output.split("\\R");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].trim();
      if (line.isEmpty() || KNOWN_NOISE.stream().anyMatch(line::startsWith)) {
        continue;
      }
      if (line.startsWith("Error:")) {
        throw new BadReadingException("upsc", line, "from " + source + ": " + hint(line));
      }
      int colon = line.indexOf(": ");
      if (colon <= 0 && line.endsWith(":")) {
        colon = line.length() - 1;
      }
      if (colon <= 0) {
        throw new BadReadingException("upsc line " + (i + 1), line, "from " + source
            + " is not 'key: value': give this parser what upsc <ups> prints, unchanged");
      }
      String key = line.substring(0, colon).trim();
      String value = line.substring(Math.min(line.length(), colon + 1)).trim();
      if (vars.put(key, value) != null) {
        throw new BadReadingException(key, value, "is listed twice in " + source
            + " (line " + (i + 1) + "): give the output of one upsc run");
      }
    }
    return vars;
  }

  private static String hint(String errorLine) {
    if (errorLine.contains("Data stale")) {
      return "the driver has lost the UPS; check its cable and the driver (upsdrvctl status)";
    }
    if (errorLine.contains("Unknown UPS")) {
      return "no UPS by that name; name it as in ups.conf (upsc -l lists them)";
    }
    if (errorLine.contains("Driver not connected")) {
      return "upsd cannot reach the driver; start it (upsdrvctl start)";
    }
    return "upsd refused the request; run upsc by hand to see why";
  }

  private static double percent(String key, String value, String source) {
    double p = number(key, value, "percent", source);
    if (p < 0 || p > 100) {
      throw new BadReadingException(key, value, "in " + source + " is outside 0..100%: a charge"
          + " cannot be negative or above full; the UPS or its driver is misreporting");
    }
    return p;
  }

  private static double nonNegative(String key, String value, String unit, String source) {
    double v = number(key, value, unit, source);
    if (v < 0) {
      throw new BadReadingException(key, value, "in " + source + " is negative: NUT gives it in "
          + unit + ", >= 0; the UPS or its driver is misreporting");
    }
    return v;
  }

  private static double number(String key, String value, String unit, String source) {
    try {
      double v = Double.parseDouble(value.trim());
      if (Double.isFinite(v)) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BadReadingException(key, value, "in " + source + " is not a number: NUT gives it"
        + " in " + unit + " with a decimal point (e.g. 62.0)");
  }
}
