package org.blinkhdfs.model.power;

import java.util.Locale;

/**
 * An amount of available power, said one of two ways.
 *
 * <ul>
 *   <li>{@link Percent}: BlinkFS's convention, P% of {@code p_total} (all DataNodes awake). The
 *       always-on overhead is on top and reported beside it, never subtracted. Range 0..100.
 *   <li>{@link Watts}: an absolute supply for the whole cluster (a solar array, a UPS, a budget
 *       divided by a price). The always-on overhead is served first; what remains feeds the
 *       DataNodes. More than the cluster's peak is accepted and the surplus reported.
 * </ul>
 *
 * <p>{@link #resolve(PowerModel)} turns either into a {@link PowerBudget}: watts for the DataNodes.
 *
 * <p>Worked example (Mac-mini model, {@code p_total = 225 W}, overhead 40 W): 50% gives the
 * DataNodes 112.5 W; an absolute 152.5 W also gives them 112.5 W.
 */
public sealed interface PowerLevel permits PowerLevel.Percent, PowerLevel.Watts {

  /** Watts available to the DataNodes under {@code model}. */
  PowerBudget resolve(PowerModel model);

  /**
   * Parses {@code "50%"} (percent of p_total) or {@code "152.5W"} (whole-cluster watts).
   *
   * @param argName the flag or key being parsed, named in the error message
   */
  static PowerLevel parse(String argName, String text) {
    String t = text == null ? "" : text.trim();
    try {
      if (t.endsWith("%")) {
        return new Percent(Double.parseDouble(t.substring(0, t.length() - 1).trim()));
      }
      if (t.endsWith("W") || t.endsWith("w")) {
        return new Watts(Double.parseDouble(t.substring(0, t.length() - 1).trim()));
      }
    } catch (NumberFormatException e) {
      // fall through to the message below
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(argName + " " + e.getMessage(), e);
    }
    throw new IllegalArgumentException(argName + " '" + text
        + "' is not a power level: write a percentage of all DataNodes awake (e.g. 50%)"
        + " or whole-cluster watts (e.g. 150W)");
  }

  /** P% of {@code p_total}; 0..100. */
  record Percent(double percent) implements PowerLevel {
    public Percent {
      if (!Double.isFinite(percent) || percent < 0 || percent > 100) {
        throw new IllegalArgumentException(fmt(percent)
            + "% is outside 0..100%: P% is a share of all DataNodes awake (p_total);"
            + " give a value from 0% to 100%, or absolute watts (e.g. 150W)");
      }
    }

    @Override
    public PowerBudget resolve(PowerModel model) {
      double nodeWatts = percent / 100.0 * model.totalWatts();
      return new PowerBudget(nodeWatts, 0, model);
    }

    @Override
    public String toString() {
      return fmt(percent) + "%";
    }
  }

  /** Absolute whole-cluster supply in watts, overhead included; >= 0. */
  record Watts(double watts) implements PowerLevel {
    public Watts {
      if (!Double.isFinite(watts) || watts < 0) {
        throw new IllegalArgumentException(fmt(watts)
            + "W is negative or not a number: give the whole cluster's supply in watts, >= 0");
      }
    }

    @Override
    public PowerBudget resolve(PowerModel model) {
      double forNodes = watts - model.overheadWatts();
      double surplus = Math.max(0, forNodes - model.totalWatts());
      return new PowerBudget(Math.min(forNodes, model.totalWatts()), surplus, model);
    }

    @Override
    public String toString() {
      return fmt(watts) + "W";
    }
  }

  private static String fmt(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return String.format(Locale.ROOT, "%d", (long) v);
    }
    return String.format(Locale.ROOT, "%s", v);
  }
}
