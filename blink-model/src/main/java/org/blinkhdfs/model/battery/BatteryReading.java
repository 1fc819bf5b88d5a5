package org.blinkhdfs.model.battery;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One reading of a UPS or battery: what the scheduler knows about the energy left. Built by {@link
 * NutUpscParser} (NUT's {@code upsc}) or {@link PowerSupplySysfs} ({@code
 * /sys/class/power_supply}); tests and the simulator build it directly.
 *
 * <p>Only what the source said is present. A reading needs the state of charge or the remaining
 * energy (or both); the {@link BatteryModel} derives the other from the full capacity, which is the
 * reading's when the source gives it, else the configured one.
 *
 * <p>Every value is checked here, and an impossible one is an error naming the field, the value and
 * the fix ({@link BadReadingException}), never clamped: a charge above 100%, a negative or NaN
 * energy, a remaining energy above 1.2 x the full capacity (a fuel gauge may overshoot its learned
 * full capacity a little after a calibration, never by a fifth). Staleness depends on when the
 * reading is used, so it is checked by {@link #requireFresh}.
 *
 * @param readAtMs when it was read, ms on the scheduler's clock (the reader stamps it)
 * @param onBattery true when the UPS feeds the load from its battery (NUT {@code OB}; sysfs
 *     adapter offline or battery discharging), false on the grid
 * @param lowBattery true when the UPS itself says its battery is low or a forced shutdown is under
 *     way (NUT {@code LB} or {@code FSD}): it may cut the load soon, whatever the charge says
 * @param stateOfCharge the charge as a fraction of full, 0..1, when known
 * @param remainingWh the energy stored, Wh, when known
 * @param fullWh the energy stored when full, Wh, when the source knows it
 * @param batteryWatts the power at the battery, W, when known: &gt; 0 discharging, &lt; 0 charging
 * @param loadWatts the real power the UPS delivers to its load, W, when known
 * @param runtimeMs the source's own estimate of the runtime left at the present load, when known
 * @param lowChargeFraction the charge at which the UPS declares a low battery, 0..1, when known
 * @param source what was read, for messages ({@code upsc rack1}, {@code sysfs BAT0})
 */
public record BatteryReading(long readAtMs, boolean onBattery, boolean lowBattery,
    OptionalDouble stateOfCharge, OptionalDouble remainingWh, OptionalDouble fullWh,
    OptionalDouble batteryWatts, OptionalDouble loadWatts, OptionalLong runtimeMs,
    OptionalDouble lowChargeFraction, String source) {

  /** How far a remaining energy may exceed the full capacity before it is impossible. */
  public static final double MAX_OVERFULL = 1.2;

  /** Validates every field; see the class comment. */
  public BatteryReading {
    Objects.requireNonNull(stateOfCharge, "stateOfCharge");
    Objects.requireNonNull(remainingWh, "remainingWh");
    Objects.requireNonNull(fullWh, "fullWh");
    Objects.requireNonNull(batteryWatts, "batteryWatts");
    Objects.requireNonNull(loadWatts, "loadWatts");
    Objects.requireNonNull(runtimeMs, "runtimeMs");
    Objects.requireNonNull(lowChargeFraction, "lowChargeFraction");
    if (source == null || source.isBlank()) {
      throw new BadReadingException("source", source,
          "is empty: name what was read (e.g. 'upsc rack1') so messages can point at it");
    }
    if (readAtMs < 0) {
      throw new BadReadingException("readAtMs", Long.toString(readAtMs),
          "is negative: stamp the reading with the scheduler's clock when it is read");
    }
    if (stateOfCharge.isEmpty() && remainingWh.isEmpty()) {
      throw new BadReadingException("stateOfCharge", null, "and remainingWh are both absent in "
          + source + ": a reading needs the charge (%) or the remaining energy (Wh)");
    }
    if (stateOfCharge.isPresent()) {
      double s = stateOfCharge.getAsDouble();
      check(Double.isFinite(s) && s >= 0 && s <= 1, "stateOfCharge", s, "is outside 0..1 in "
          + source + ": a charge is 0% to 100%; check the sensor's scale");
    }
    if (remainingWh.isPresent()) {
      double e = remainingWh.getAsDouble();
      check(Double.isFinite(e) && e >= 0, "remainingWh", e, "is negative or not a number in "
          + source + ": the stored energy is >= 0 Wh; check the fuel gauge");
    }
    if (fullWh.isPresent()) {
      double f = fullWh.getAsDouble();
      check(Double.isFinite(f) && f > 0, "fullWh", f, "is not a positive number in " + source
          + ": a full battery stores > 0 Wh; leave it out to use the configured capacity");
      if (remainingWh.isPresent()) {
        double e = remainingWh.getAsDouble();
        check(e <= MAX_OVERFULL * f, "remainingWh", e, "is more than " + MAX_OVERFULL
            + " x fullWh = " + fmt(f) + " Wh in " + source
            + ": the gauge is wrong or the two are in different units; recalibrate it");
      }
    }
    if (batteryWatts.isPresent()) {
      double w = batteryWatts.getAsDouble();
      check(Double.isFinite(w), "batteryWatts", w, "is not a number in " + source
          + ": give the battery power in W, > 0 discharging, < 0 charging, or leave it out");
    }
    if (loadWatts.isPresent()) {
      double w = loadWatts.getAsDouble();
      check(Double.isFinite(w) && w >= 0, "loadWatts", w, "is negative or not a number in "
          + source + ": give the UPS's output in W, or leave it out");
    }
    if (runtimeMs.isPresent() && runtimeMs.getAsLong() < 0) {
      throw new BadReadingException("runtimeMs", Long.toString(runtimeMs.getAsLong()),
          "is negative in " + source + ": a runtime estimate is >= 0, or leave it out");
    }
    if (lowChargeFraction.isPresent()) {
      double s = lowChargeFraction.getAsDouble();
      check(Double.isFinite(s) && s >= 0 && s <= 1, "lowChargeFraction", s, "is outside 0..1 in "
          + source + ": the UPS's low-battery charge is 0% to 100%");
    }
  }

  /** A builder with every optional value absent. */
  public static Builder builder(long readAtMs, boolean onBattery, String source) {
    return new Builder(readAtMs, onBattery, source);
  }

  /** How old the reading is at {@code nowMs}. */
  public long ageMs(long nowMs) {
    return nowMs - readAtMs;
  }

  /**
   * This reading, if it is usable at {@code nowMs}: not older than {@code maxAgeMs} and not from
   * the future.
   *
   * @throws BadReadingException naming {@code readAtMs}, its age and the fix
   */
  public BatteryReading requireFresh(long nowMs, long maxAgeMs) {
    long age = ageMs(nowMs);
    if (age < 0) {
      throw new BadReadingException("readAtMs", Long.toString(readAtMs), "is " + (-age)
          + " ms after now (" + nowMs + ") in " + source
          + ": stamp readings with the same clock that plans");
    }
    if (age > maxAgeMs) {
      throw new BadReadingException("readAtMs", Long.toString(readAtMs), "is " + age
          + " ms old at " + nowMs + ", older than the " + maxAgeMs + " ms allowed, in " + source
          + ": check that the UPS daemon and its driver still poll (upsc prints 'Data stale')");
    }
    return this;
  }

  /** "on battery, 62.0%, 1240.0 Wh of 2000.0 Wh, 350.0 W load, runtime 3600 s (upsc rack1)". */
  public String describe() {
    StringBuilder b = new StringBuilder(onBattery ? "on battery" : "on the grid");
    if (lowBattery) {
      b.append(", LOW BATTERY");
    }
    stateOfCharge.ifPresent(s -> b.append(", ").append(fmt(100 * s)).append('%'));
    remainingWh.ifPresent(e -> b.append(", ").append(fmt(e)).append(" Wh"));
    fullWh.ifPresent(f -> b.append(" of ").append(fmt(f)).append(" Wh full"));
    batteryWatts.ifPresent(w -> b.append(", battery ").append(fmt(w)).append(" W"));
    loadWatts.ifPresent(w -> b.append(", ").append(fmt(w)).append(" W load"));
    runtimeMs.ifPresent(r -> b.append(", runtime ").append(r / 1000).append(" s"));
    return b.append(" (").append(source).append(')').toString();
  }

  private static void check(boolean ok, String field, double value, String problemAndFix) {
    if (!ok) {
      throw new BadReadingException(field, fmt(value), problemAndFix);
    }
  }

  static String fmt(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  /** Builds a {@link BatteryReading}; {@link #build()} validates. */
  public static final class Builder {
    private final long readAtMs;
    private final boolean onBattery;
    private final String source;
    private boolean lowBattery;
    private OptionalDouble stateOfCharge = OptionalDouble.empty();
    private OptionalDouble remainingWh = OptionalDouble.empty();
    private OptionalDouble fullWh = OptionalDouble.empty();
    private OptionalDouble batteryWatts = OptionalDouble.empty();
    private OptionalDouble loadWatts = OptionalDouble.empty();
    private OptionalLong runtimeMs = OptionalLong.empty();
    private OptionalDouble lowChargeFraction = OptionalDouble.empty();

    private Builder(long readAtMs, boolean onBattery, String source) {
      this.readAtMs = readAtMs;
      this.onBattery = onBattery;
      this.source = source;
    }

    public Builder lowBattery(boolean v) {
      this.lowBattery = v;
      return this;
    }

    public Builder stateOfCharge(double fraction) {
      this.stateOfCharge = OptionalDouble.of(fraction);
      return this;
    }

    public Builder remainingWh(double wh) {
      this.remainingWh = OptionalDouble.of(wh);
      return this;
    }

    public Builder fullWh(double wh) {
      this.fullWh = OptionalDouble.of(wh);
      return this;
    }

    public Builder batteryWatts(double w) {
      this.batteryWatts = OptionalDouble.of(w);
      return this;
    }

    public Builder loadWatts(double w) {
      this.loadWatts = OptionalDouble.of(w);
      return this;
    }

    public Builder runtimeMs(long ms) {
      this.runtimeMs = OptionalLong.of(ms);
      return this;
    }

    public Builder lowChargeFraction(double fraction) {
      this.lowChargeFraction = OptionalDouble.of(fraction);
      return this;
    }

    public BatteryReading build() {
      return new BatteryReading(readAtMs, onBattery, lowBattery, stateOfCharge, remainingWh,
          fullWh, batteryWatts, loadWatts, runtimeMs, lowChargeFraction, source);
    }
  }
}
