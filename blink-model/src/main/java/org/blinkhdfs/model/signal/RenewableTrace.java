package org.blinkhdfs.model.signal;

import java.util.Locale;
import java.util.Objects;
import org.blinkhdfs.common.csv.Csv;

/**
 * Hourly solar, wind and combined generation derived from {@link TmyWeather}:
 * {@code solar = }{@link SolarPanel#powerWatts}{@code (ghi)},
 * {@code wind = }{@link WindTurbine#powerWatts}{@code (speed)}, {@code combined = solar + wind}.
 *
 * <p>Why derive in code and also ship the result: the derivation is the single source of truth,
 * and {@link #DERIVED_RESOURCE} ({@code renewable-greensboro.csv}, unit ratings: 1000 W panel,
 * 1000 W standard turbine) is its output, written by {@link RenewableTraceExport}. A unit test
 * re-derives the file from the raw TMY3 CSV and requires a byte-for-byte match, so the shipped
 * trace cannot drift from the formulas. BlinkFS combined one solar and one wind source (§5); equal
 * ratings keep both visible, and the replay rescales the mean, so only the ratio of the ratings
 * matters.
 *
 * <p>Worked example: an hour with 500 W/m² and 7.5 m/s gives solar 500 W, wind 232.143 W,
 * combined 732.143 W at unit ratings.
 *
 * <p>CSV format: header {@value #HEADER}, then one row per hour, watts with three decimals
 * ({@link Locale#ROOT}), {@code \n} line ends, combined computed before rounding.
 *
 * <p>Immutable and thread-safe.
 */
public final class RenewableTrace {
  /** The shipped derived trace, a classpath resource in this package. */
  public static final String DERIVED_RESOURCE = "renewable-greensboro.csv";
  /** Header of the derived CSV. */
  public static final String HEADER = "hour,solar_w,wind_w,combined_w";
  /** Rating of the panel and of the turbine in the shipped trace. */
  public static final double UNIT_RATED_WATTS = 1000.0;

  private static final long HOUR_MS = 3_600_000L;

  private final int[] hours;
  private final double[] solarWatts;
  private final double[] windWatts;

  private RenewableTrace(int[] hours, double[] solarWatts, double[] windWatts) {
    this.hours = hours;
    this.solarWatts = solarWatts;
    this.windWatts = windWatts;
  }

  /** Applies the panel and turbine to every hour of {@code weather}. */
  public static RenewableTrace derive(TmyWeather weather, SolarPanel panel, WindTurbine turbine) {
    Objects.requireNonNull(weather, "weather");
    Objects.requireNonNull(panel, "panel");
    Objects.requireNonNull(turbine, "turbine");
    int n = weather.size();
    int[] hours = new int[n];
    double[] solar = new double[n];
    double[] wind = new double[n];
    for (int i = 0; i < n; i++) {
      hours[i] = weather.hourAt(i);
      solar[i] = panel.powerWatts(weather.ghiWattsPerM2At(i));
      wind[i] = turbine.powerWatts(weather.windSpeedMpsAt(i));
    }
    return new RenewableTrace(hours, solar, wind);
  }

  /** Greensboro with a 1000 W panel and a 1000 W standard turbine: the shipped trace's source. */
  public static RenewableTrace greensboroUnitRated() {
    return derive(TmyWeather.greensboro(), new SolarPanel(UNIT_RATED_WATTS),
        WindTurbine.standard(UNIT_RATED_WATTS));
  }

  /**
   * The combined column of the shipped {@link #DERIVED_RESOURCE}, parsed as a {@link PowerTrace}
   * in hours (8,760 h). Loaded once.
   */
  public static PowerTrace shippedCombined() {
    return Shipped.COMBINED;
  }

  private static final class Shipped {
    static final PowerTrace COMBINED = PowerTrace.fromCsv(
        Csv.readTableResource(RenewableTrace.class, DERIVED_RESOURCE), "hour", "combined_w",
        HOUR_MS);
  }

  public int size() {
    return hours.length;
  }

  public int hourAt(int index) {
    return hours[index];
  }

  public double solarWattsAt(int index) {
    return solarWatts[index];
  }

  public double windWattsAt(int index) {
    return windWatts[index];
  }

  public double combinedWattsAt(int index) {
    return solarWatts[index] + windWatts[index];
  }

  /** Solar only, hour-stepped, spanning to one hour after the last row. */
  public PowerTrace solar() {
    return trace(solarWatts);
  }

  /** Wind only, hour-stepped. */
  public PowerTrace wind() {
    return trace(windWatts);
  }

  /** Solar plus wind, hour-stepped. */
  public PowerTrace combined() {
    double[] sum = new double[hours.length];
    for (int i = 0; i < sum.length; i++) {
      sum[i] = combinedWattsAt(i);
    }
    return trace(sum);
  }

  private PowerTrace trace(double[] watts) {
    long[] times = new long[hours.length];
    for (int i = 0; i < times.length; i++) {
      times[i] = hours[i] * HOUR_MS;
    }
    return PowerTrace.of(times, watts, times[times.length - 1] + HOUR_MS);
  }

  /** The derived CSV, exactly as shipped in {@link #DERIVED_RESOURCE}. */
  public String toCsv() {
    StringBuilder out = new StringBuilder(hours.length * 40);
    out.append(HEADER).append('\n');
    for (int i = 0; i < hours.length; i++) {
      out.append(hours[i]).append(',')
          .append(String.format(Locale.ROOT, "%.3f,%.3f,%.3f", solarWatts[i], windWatts[i],
              combinedWattsAt(i)))
          .append('\n');
    }
    return out.toString();
  }
}
