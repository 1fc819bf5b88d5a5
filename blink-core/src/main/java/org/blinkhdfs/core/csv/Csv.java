package org.blinkhdfs.core.signal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A minimal reader for the numeric CSV files of this package: one header row naming the columns,
 * then rows of comma-separated numbers. Blank lines and lines starting with {@code #} are skipped.
 * No quoting: none of the traces needs it.
 *
 * <p>Why not a CSV library: blink-core stays dependency-light, and the one thing these files need
 * beyond splitting is precise errors. Every error names the source, the 1-based line number, the
 * column (by name and 1-based position), the offending value, and the fix.
 */
final class Csv {
  private final String sourceName;
  private final List<String> header;
  private final List<Row> rows;

  /** One data row with its 1-based line number in the source. */
  record Row(int lineNumber, String[] cells) {}

  private Csv(String sourceName, List<String> header, List<Row> rows) {
    this.sourceName = sourceName;
    this.header = header;
    this.rows = rows;
  }

  static Csv read(String sourceName, Reader reader) throws IOException {
    BufferedReader in = new BufferedReader(reader);
    List<String> header = null;
    List<Row> rows = new ArrayList<>();
    int lineNumber = 0;
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      lineNumber++;
      String trimmed = line.strip();
      if (trimmed.isEmpty() || trimmed.startsWith("#")) {
        continue;
      }
      String[] cells = trimmed.split(",", -1);
      for (int i = 0; i < cells.length; i++) {
        cells[i] = cells[i].strip();
      }
      if (header == null) {
        header = List.of(cells);
        continue;
      }
      if (cells.length != header.size()) {
        throw new IllegalArgumentException(sourceName + " line " + lineNumber + ": has "
            + cells.length + " columns, the header " + header + " has " + header.size()
            + ": give every row one value per header column, separated by commas");
      }
      rows.add(new Row(lineNumber, cells));
    }
    if (header == null) {
      throw new IllegalArgumentException(sourceName
          + " is empty: expected a header row naming the columns, then one row per sample");
    }
    return new Csv(sourceName, header, List.copyOf(rows));
  }

  /** Reads a classpath resource next to {@code anchor}; a missing resource is an error. */
  static Csv readResource(Class<?> anchor, String resourceName) {
    InputStream stream = anchor.getResourceAsStream(resourceName);
    if (stream == null) {
      throw new IllegalStateException("resource " + resourceName + " not found next to "
          + anchor.getName() + ": it ships in blink-core/src/main/resources/"
          + anchor.getPackageName().replace('.', '/') + "/; rebuild blink-core");
    }
    try (Reader reader = new InputStreamReader(stream, StandardCharsets.UTF_8)) {
      return read(resourceName, reader);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read resource " + resourceName, e);
    }
  }

  List<Row> rows() {
    return rows;
  }

  String sourceName() {
    return sourceName;
  }

  /** Index of the named column; an unknown name is an error listing the header. */
  int column(String name) {
    int i = header.indexOf(name);
    if (i < 0) {
      throw new IllegalArgumentException(sourceName + " has no column '" + name
          + "'; its header is " + header + ": name one of those columns, or fix the header row");
    }
    return i;
  }

  /** The cell parsed as a finite number, or an error naming line, column and value. */
  double number(Row row, int column) {
    String text = row.cells()[column];
    double value;
    try {
      value = Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw cellError(row, column, "is not a number", "write a plain decimal such as 12.5");
    }
    if (!Double.isFinite(value)) {
      throw cellError(row, column, "is not a finite number",
          "replace NaN/Infinity with a measured value, or drop the row");
    }
    return value;
  }

  /** An error message naming source, line, column (name and position), value, problem, fix. */
  IllegalArgumentException cellError(Row row, int column, String problem, String fix) {
    return new IllegalArgumentException(sourceName + " line " + row.lineNumber() + ", column '"
        + header.get(column) + "' (column " + (column + 1) + "): value '" + row.cells()[column]
        + "' " + problem + ": " + fix);
  }

  @Override
  public String toString() {
    return sourceName + " " + Arrays.toString(header.toArray()) + " x " + rows.size() + " rows";
  }
}
