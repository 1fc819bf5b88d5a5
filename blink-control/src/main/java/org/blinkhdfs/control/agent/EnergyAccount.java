package org.blinkhdfs.control.agent;

/**
 * Energy an emulated node used, split awake versus asleep, from the power model.
 *
 * @param awakeMs milliseconds thawed
 * @param asleepMs milliseconds frozen
 * @param awakeJoules energy thawed (active or io-server watts × seconds)
 * @param asleepJoules energy frozen (sleep watts × seconds)
 */
public record EnergyAccount(long awakeMs, long asleepMs, double awakeJoules, double asleepJoules) {
  public double totalJoules() {
    return awakeJoules + asleepJoules;
  }

  /** Average watts over the accounted time; 0 when none. */
  public double averageWatts() {
    long ms = awakeMs + asleepMs;
    return ms == 0 ? 0 : totalJoules() * 1000.0 / ms;
  }
}
