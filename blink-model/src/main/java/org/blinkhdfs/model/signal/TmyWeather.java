package org.blinkhdfs.model.signal;

import java.io.IOException;
import java.io.Reader;
import org.blinkhdfs.common.csv.Csv;

/**
 * Hourly weather from a TMY3 ("typical meteorological year") file: per hour, global horizontal
 * irradiance (W/m²) and wind speed at 10 m (m/s). Columns {@code hour_of_year, ghi_w_m2,
 * wind_speed_m_s}; hour 0 is 1 January 01:00 local standard time.
 *
 * <p>Why weather rather than recorded generation: BlinkFS replayed its own solar/wind deployment,
 * which is not public. NREL's TMY3 data is public domain and gives both inputs at one site; the
 * generation is derived in code ({@link RenewableTrace}) so the shipped trace is reproducible. The
 * bundled site is Greensboro, NC (station 723170), see the resource folder's README.md.
 *
 * <p>Validation: hours are whole, {@code >= 0} and strictly increasing; irradiance and wind speed
 * are finite and {@code >= 0}; errors name line, column, value and fix.
 *
 * <p>Immutable and thread-safe.
 */
public final class TmyWeather {
  /** The bundled raw trace, a classpath resource in this package. */
  public static final String GREENSBORO_RESOURCE = "greensboro-nc-tmy3-hourly.csv";

  private final int[] hours;
  private final double[] ghiWattsPerM2;
  private final double[] windSpeedMps;

  private TmyWeather(int[] hours, double[] ghiWattsPerM2, double[] windSpeedMps) {
    this.hours = hours;
    this.ghiWattsPerM2 = ghiWattsPerM2;
    this.windSpeedMps = windSpeedMps;
  }

  /** The bundled Greensboro, NC year (8,760 hours). */
  public static TmyWeather greensboro() {
    return Holder.GREENSBORO;
  }

  private static final class Holder {
    static final TmyWeather GREENSBORO =
        fromCsv(Csv.readTableResource(TmyWeather.class, GREENSBORO_RESOURCE));
  }

  /** Parses a CSV with columns {@code hour_of_year, ghi_w_m2, wind_speed_m_s} (any order). */
  public static TmyWeather parseCsv(String sourceName, Reader reader) throws IOException {
    return fromCsv(Csv.readTable(sourceName, reader));
  }

  private static TmyWeather fromCsv(Csv csv) {
    int hc = csv.column("hour_of_year");
    int gc = csv.column("ghi_w_m2");
    int wc = csv.column("wind_speed_m_s");
    int n = csv.rows().size();
    if (n == 0) {
      throw new IllegalArgumentException(
          csv.sourceName() + " has a header but no rows: add one row per hour");
    }
    int[] hours = new int[n];
    double[] ghi = new double[n];
    double[] wind = new double[n];
    for (int i = 0; i < n; i++) {
      Csv.Row row = csv.rows().get(i);
      double h = csv.number(row, hc);
      if (h < 0 || h != Math.rint(h) || h > Integer.MAX_VALUE) {
        throw csv.cellError(row, hc, "is not a whole hour >= 0",
            "write the hour of the year as 0, 1, 2, ...");
      }
      hours[i] = (int) h;
      if (i > 0 && hours[i] <= hours[i - 1]) {
        throw csv.cellError(row, hc, "does not follow the previous hour " + hours[i - 1],
            "hours must be strictly increasing; sort the rows and remove duplicates");
      }
      ghi[i] = csv.number(row, gc);
      if (ghi[i] < 0) {
        throw csv.cellError(row, gc, "is negative",
            "irradiance is never below 0 W/m2; write 0 for night");
      }
      wind[i] = csv.number(row, wc);
      if (wind[i] < 0) {
        throw csv.cellError(row, wc, "is negative",
            "wind speed is a magnitude; write 0 for calm");
      }
    }
    return new TmyWeather(hours, ghi, wind);
  }

  public int size() {
    return hours.length;
  }

  public int hourAt(int index) {
    return hours[index];
  }

  public double ghiWattsPerM2At(int index) {
    return ghiWattsPerM2[index];
  }

  public double windSpeedMpsAt(int index) {
    return windSpeedMps[index];
  }
}
