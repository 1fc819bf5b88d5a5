package org.blinkhdfs.model.battery;

/**
 * A battery reading that cannot be trusted: missing, stale, unparsable or physically impossible.
 * It names the key (a NUT variable, a sysfs attribute or a {@link BatteryReading} field), the value
 * and the fix, so an operator reading the scheduler's status knows what to look at.
 *
 * <p>Why an exception rather than a clamp: a battery-aware plan built on an impossible number (a
 * charge of 140%, an energy above the full capacity) could drain the battery below its reserve. A
 * caller catches it and fails safe ({@link RideThrough#failSafe}), saying why.
 */
public final class BadReadingException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String key;
  private final String value;

  /**
   * An error about one key.
   *
   * @param key the key or field, e.g. {@code battery.charge}
   * @param value the value as read ({@code null}: absent)
   * @param problemAndFix what is wrong and what to do, e.g. "is above 100%: ..."
   */
  public BadReadingException(String key, String value, String problemAndFix) {
    super(key + " = " + (value == null ? "(absent)" : "'" + value + "'") + " " + problemAndFix);
    this.key = key;
    this.value = value;
  }

  /** The key or field the reading failed on. */
  public String key() {
    return key;
  }

  /** The value as read; {@code null} when the key was absent. */
  public String value() {
    return value;
  }
}
