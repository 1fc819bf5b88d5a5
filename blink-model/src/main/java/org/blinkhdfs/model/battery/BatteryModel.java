package org.blinkhdfs.model.battery;

/**
 * What a battery can still give the cluster: its capacity, the inverter's efficiency and a
 * minimum reserve that is never planned away (it pays for the clean shutdown and keeps a lead-acid
 * battery out of deep discharge).
 *
 * <p>From a {@link BatteryReading}:
 * <pre>
 *   full     = the reading's full capacity if it gives one, else capacityWh
 *   stored   = the reading's remaining energy if it gives one, else charge x full
 *   reserve  = reserveFraction x full
 *   usable   = efficiency x max(0, stored - reserve)      (Wh delivered to the load)
 * </pre>
 * The reading's own full capacity wins because a gauge that reports it has learned the battery's
 * wear; NUT reports only a percentage, which is a share of the configured capacity.
 *
 * <p>Worked example: 2 000 Wh, efficiency 0.9, reserve 20%; a reading of 62% stores 1 240 Wh,
 * the reserve is 400 Wh, and 0.9 x (1 240 - 400) = 756 Wh reach the cluster. At 378 W that lasts
 * 2 h.
 *
 * @param capacityWh the battery's energy when full, Wh, used when a reading does not give it
 * @param efficiency the share of the battery's energy that reaches the load (inverter), (0, 1]
 * @param reserveFraction the share of full capacity never planned away, [0, 1)
 */
public record BatteryModel(double capacityWh, double efficiency, double reserveFraction) {

  /** Validates; errors name the field, the value and the fix. */
  public BatteryModel {
    if (!Double.isFinite(capacityWh) || capacityWh <= 0) {
      throw new IllegalArgumentException("battery capacity = " + capacityWh + " Wh is not a"
          + " positive number: give the battery's energy when full, in Wh (e.g. 2000)");
    }
    if (!Double.isFinite(efficiency) || efficiency <= 0 || efficiency > 1) {
      throw new IllegalArgumentException("battery efficiency = " + efficiency + " is outside"
          + " (0, 1]: give the share of battery energy that reaches the load (e.g. 0.9)");
    }
    if (!Double.isFinite(reserveFraction) || reserveFraction < 0 || reserveFraction >= 1) {
      throw new IllegalArgumentException("battery reserve = " + reserveFraction + " is outside"
          + " [0, 1): give the share of full capacity kept for the shutdown (e.g. 0.2)");
    }
  }

  /** The full capacity the reading is measured against, Wh. */
  public double fullWh(BatteryReading r) {
    return r.fullWh().orElse(capacityWh);
  }

  /** The energy stored, Wh. */
  public double storedWh(BatteryReading r) {
    if (r.remainingWh().isPresent()) {
      return r.remainingWh().getAsDouble();
    }
    return r.stateOfCharge().getAsDouble() * fullWh(r);
  }

  /** The charge as a fraction of full: the reading's, else stored over full. */
  public double stateOfCharge(BatteryReading r) {
    if (r.stateOfCharge().isPresent()) {
      return r.stateOfCharge().getAsDouble();
    }
    return storedWh(r) / fullWh(r);
  }

  /** The reserve, Wh. */
  public double reserveWh(BatteryReading r) {
    return reserveFraction * fullWh(r);
  }

  /** True when the stored energy is at or below the reserve. */
  public boolean atOrBelowReserve(BatteryReading r) {
    return storedWh(r) <= reserveWh(r);
  }

  /** The energy above the reserve that reaches the load, Wh (0 at or below the reserve). */
  public double usableWh(BatteryReading r) {
    return efficiency * Math.max(0, storedWh(r) - reserveWh(r));
  }
}
