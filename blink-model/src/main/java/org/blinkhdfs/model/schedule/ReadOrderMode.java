package org.blinkhdfs.model.schedule;

import java.util.Locale;

/**
 * Which awake replica a block's read goes to ({@code blink.read.order}).
 *
 * <p>Why two: BlinkFS's rule, {@link #LONGEST_WINDOW}, sends every block to the replica awake
 * longest, so while several phases overlap every reader piles onto the phase that woke last and
 * the others idle (issue 46: a full scan at 80% power with r = 3 used 40% of the awake nodes'
 * bandwidth). {@link #BALANCED} spreads the blocks over every replica that has room for the read
 * ({@link BalancedReadOrder}) and keeps BlinkFS's order only when none has.
 */
public enum ReadOrderMode {
  /** {@link ReadOrder}: the usable replica with the longest remaining window first. */
  LONGEST_WINDOW,
  /** {@link BalancedReadOrder}: a split by block ID over the usable replicas. */
  BALANCED;

  /**
   * Parses a configured value ({@code longest-window} or {@code balanced}, any case).
   *
   * @param key the configuration key or flag, named in the error
   * @throws IllegalArgumentException naming the key, the value and the accepted values
   */
  public static ReadOrderMode parse(String key, String value) {
    String v = value == null ? "" : value.trim();
    for (ReadOrderMode m : values()) {
      if (m.configName().equalsIgnoreCase(v)) {
        return m;
      }
    }
    throw new IllegalArgumentException(key + " = '" + value + "' is invalid: give longest-window"
        + " (each read to the replica awake longest, BlinkFS's rule) or balanced (reads split by"
        + " block ID over the replicas awake with room for the read)");
  }

  /** The name as configured: {@code longest-window} or {@code balanced}. */
  public String configName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
