package org.blinkhdfs.sim;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The Markdown table {@code sim --validate} prints for one kind of cell (read waits, read
 * throughput): a line per recorded cell and a last line counting the modelled cells that agree,
 * so both validations report alike.
 *
 * <p>Not thread-safe; build one table at a time.
 */
final class AgreementTable {
  private final StringBuilder sb;
  private int modelled;
  private int agree;

  /** @param header the table's header and separator lines, each ending with a newline */
  AgreementTable(String header) {
    this.sb = new StringBuilder(header);
  }

  /** Adds one cell: its columns up to the simulated value, then the ratio and the verdict. */
  void add(String columns, OptionalDouble simulated, double measured, String verdict,
      boolean agrees) {
    sb.append(columns).append(" | ")
        .append(simulated.isPresent() && measured > 0
            ? String.format(Locale.ROOT, "%.2f", simulated.getAsDouble() / measured) : "-")
        .append(" | ").append(simulated.isPresent() ? verdict : "not modelled").append(" |\n");
    if (simulated.isPresent()) {
      modelled++;
      agree += agrees ? 1 : 0;
    }
  }

  /** The table and its summary line. */
  String build() {
    return sb + String.format(Locale.ROOT, "%n%d of %d modelled cells agree.%n", agree, modelled);
  }

  /** A value with one decimal, or "-" when absent. */
  static String fmt(OptionalDouble v) {
    return v.isPresent() ? String.format(Locale.ROOT, "%.1f", v.getAsDouble()) : "-";
  }
}
