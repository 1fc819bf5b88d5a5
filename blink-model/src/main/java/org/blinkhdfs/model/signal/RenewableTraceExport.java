package org.blinkhdfs.model.signal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the derived renewable trace ({@link RenewableTrace#toCsv()} of
 * {@link RenewableTrace#greensboroUnitRated()}) to a file, or to standard output without an
 * argument. This is how {@code renewable-greensboro.csv} is produced; regenerate it after changing
 * the derivation:
 *
 * <pre>
 * java -cp blink-core/target/classes org.blinkhdfs.model.signal.RenewableTraceExport \
 *   blink-model/src/main/resources/org/blinkhdfs/model/signal/renewable-greensboro.csv
 * </pre>
 *
 * <p>{@code RenewableTraceTest} fails until the shipped file matches the derivation again.
 */
public final class RenewableTraceExport {
  private RenewableTraceExport() {}

  /** {@code args}: optional output path. */
  public static void main(String[] args) throws IOException {
    if (args.length > 1) {
      System.err.println("usage: RenewableTraceExport [output.csv]   (no argument: stdout)");
      System.exit(2);
    }
    String csv = RenewableTrace.greensboroUnitRated().toCsv();
    if (args.length == 1) {
      Path out = Path.of(args[0]);
      Files.writeString(out, csv, StandardCharsets.UTF_8);
      System.err.println("wrote " + out + " (" + RenewableTrace.greensboroUnitRated().size()
          + " hours)");
    } else {
      PrintStream stdout = new PrintStream(System.out, false, StandardCharsets.UTF_8);
      stdout.print(csv);
      stdout.flush();
    }
  }
}
