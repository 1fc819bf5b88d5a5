package org.blinkhdfs.model.signal;

/**
 * A solar array rated at {@code ratedWatts} under standard test conditions (1000 W/m²):
 * {@code watts = ghi / 1000 × ratedWatts}.
 *
 * <p>Why this simple model: BlinkFS needs the <em>shape</em> of solar supply (night, dawn ramp,
 * clouds), and the replay rescales the mean anyway, so tilt, temperature and inverter losses would
 * add parameters without changing any experiment. Global horizontal irradiance is used as the
 * plane-of-array irradiance (a flat panel).
 *
 * <p>Worked example: a 1000 W panel at 500 W/m² gives 500 W; a 250 W panel gives 125 W.
 *
 * <p>Immutable and thread-safe.
 *
 * @param ratedWatts output at 1000 W/m², {@code > 0}
 */
public record SolarPanel(double ratedWatts) {
  /** Irradiance at which the panel delivers its rating (standard test conditions). */
  public static final double STC_IRRADIANCE_W_M2 = 1000.0;

  public SolarPanel {
    Args.requirePositive("ratedWatts", ratedWatts,
        "give the panel's output at 1000 W/m2, e.g. 1000");
  }

  /**
   * Output at global horizontal irradiance {@code ghiWattsPerM2}.
   *
   * @throws IllegalArgumentException if the irradiance is negative or not finite
   */
  public double powerWatts(double ghiWattsPerM2) {
    Args.requireNonNegative("ghiWattsPerM2", ghiWattsPerM2,
        "irradiance is 0 at night and never negative; check the weather data");
    return ghiWattsPerM2 / STC_IRRADIANCE_W_M2 * ratedWatts;
  }
}
