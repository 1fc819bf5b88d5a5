package org.blinkhdfs.model.signal;

/**
 * A wind turbine's power curve over wind speed.
 *
 * <pre>
 *   v &lt; cut-in or v &gt;= cut-out : 0
 *   cut-in &lt;= v &lt; rated          : ratedWatts · (v³ − vin³) / (vr³ − vin³)
 *   rated &lt;= v &lt; cut-out         : ratedWatts
 * </pre>
 *
 * <p>Why a cube law: the power in wind grows with {@code v³}; subtracting {@code vin³} makes the
 * curve start at 0 at cut-in and reach the rating exactly at the rated speed, so it is continuous
 * there. Above the rated speed the turbine pitches or stalls to hold its rating; at cut-out it
 * brakes to protect itself, so a storm yields nothing.
 *
 * <p>Worked example, {@link #standard(double) standard}(1000): cut-in 3, rated 12, cut-out 25 m/s,
 * {@code vr³ − vin³ = 1728 − 27 = 1701}. At 7.5 m/s: {@code (421.875 − 27)/1701 × 1000 = 232.14 W}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param ratedWatts output from the rated speed up to cut-out, {@code > 0}
 * @param cutInSpeedMps speed below which the turbine does not turn, {@code >= 0}
 * @param ratedSpeedMps speed at which it reaches {@code ratedWatts}, {@code > cutIn}
 * @param cutOutSpeedMps speed at and above which it shuts down, {@code > rated}
 */
public record WindTurbine(double ratedWatts, double cutInSpeedMps, double ratedSpeedMps,
    double cutOutSpeedMps) {

  public WindTurbine {
    Args.requirePositive("ratedWatts", ratedWatts, "give the turbine's rated output, e.g. 1000");
    Args.requireNonNegative("cutInSpeedMps", cutInSpeedMps,
        "give the wind speed at which the turbine starts, e.g. 3");
    if (!(ratedSpeedMps > cutInSpeedMps) || !Double.isFinite(ratedSpeedMps)) {
      throw new IllegalArgumentException("ratedSpeedMps must be above cutInSpeedMps ("
          + Args.fmt(cutInSpeedMps) + "), got " + Args.fmt(ratedSpeedMps)
          + ": give the speed at which the turbine reaches its rating, e.g. 12");
    }
    if (!(cutOutSpeedMps > ratedSpeedMps) || !Double.isFinite(cutOutSpeedMps)) {
      throw new IllegalArgumentException("cutOutSpeedMps must be above ratedSpeedMps ("
          + Args.fmt(ratedSpeedMps) + "), got " + Args.fmt(cutOutSpeedMps)
          + ": give the speed at which the turbine shuts down, e.g. 25");
    }
  }

  /** A small turbine with the usual curve: cut-in 3 m/s, rated 12 m/s, cut-out 25 m/s. */
  public static WindTurbine standard(double ratedWatts) {
    return new WindTurbine(ratedWatts, 3, 12, 25);
  }

  /**
   * Output at wind speed {@code windSpeedMps}.
   *
   * @throws IllegalArgumentException if the speed is negative or not finite
   */
  public double powerWatts(double windSpeedMps) {
    Args.requireNonNegative("windSpeedMps", windSpeedMps,
        "wind speed is a magnitude, never negative; check the weather data");
    if (windSpeedMps < cutInSpeedMps || windSpeedMps >= cutOutSpeedMps) {
      return 0;
    }
    if (windSpeedMps >= ratedSpeedMps) {
      return ratedWatts;
    }
    double vin3 = cutInSpeedMps * cutInSpeedMps * cutInSpeedMps;
    double vr3 = ratedSpeedMps * ratedSpeedMps * ratedSpeedMps;
    double v3 = windSpeedMps * windSpeedMps * windSpeedMps;
    return ratedWatts * (v3 - vin3) / (vr3 - vin3);
  }
}
