package org.blinkhdfs.bench.report;

import java.util.Objects;

/**
 * One correctness check of a run, e.g. "bytes verified" (every byte read back equals what was
 * written), "writes failed", "blocks lost", "re-replications while blinking". A report with a
 * failed check still renders; the check table says FAIL and the summary counts it.
 *
 * @param name short name, non-blank, one line
 * @param passed whether it held
 * @param detail the evidence, e.g. "1 280 MiB in 640 files verified"; may be empty
 */
public record Check(String name, boolean passed, String detail) {

  public Check {
    ReportText.requireLine("check name", name);
    Objects.requireNonNull(detail, "detail");
  }

  public static Check pass(String name, String detail) {
    return new Check(name, true, detail);
  }

  public static Check fail(String name, String detail) {
    return new Check(name, false, detail);
  }
}
