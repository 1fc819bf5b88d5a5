package org.blinkhdfs.common.csv;

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
 * The one CSV codec of BlinkHDFS: RFC 4180 records for the files it writes (benchmark
 * {@code results.csv}), and a numeric-table view for the power traces it reads.
 *
 * <p><b>Writing</b> ({@link #field}, {@link #record}): RFC 4180. Records end in CRLF; a field
 * holding a comma, a double quote, CR, LF or leading or trailing spaces is enclosed in double
 * quotes, with each inner quote doubled. <b>Reading records</b> ({@link #parseRecords}) accepts
 * exactly that (and bare LF line ends), and fails with the 1-based line on an unterminated quote
 * or text after a closing quote. Worked example: the two fields {@code ring, "hot" 3} and
 * {@code a,b} are written as the record {@code "ring, ""hot"" 3","a,b"} followed by CRLF.
 *
 * <p><b>Reading numeric tables</b> ({@link #readTable}, {@link #readTableResource}): one header
 * row naming the columns, then rows of comma-separated numbers. Blank lines and lines starting
 * with {@code #} are skipped and cells are stripped of surrounding spaces. No quoting: none of
 * the traces needs it, and a quote stays part of its cell (so it fails as "not a number"). Every
 * error names the source, the 1-based line number, the column (by name and 1-based position), the
 * offending value, and the fix.
 *
 * <p>Why not a CSV library: blink-common stays dependency-light, and the one thing these files need
 * beyond splitting is precise errors. The static methods are stateless; a table is not changed
 * after reading (a {@link Row}'s cells array is shared, so callers only read it) and is safe to
 * share between threads.
 */
public final class Csv {
  /** The RFC 4180 record terminator. */
  public static final String CRLF = "\r\n";

  private final String sourceName;
  private final List<String> header;
  private final List<Row> rows;

  /** One data row with its 1-based line number in the source. */
  public record Row(int lineNumber, String[] cells) {}

  private Csv(String sourceName, List<String> header, List<Row> rows) {
    this.sourceName = sourceName;
    this.header = header;
    this.rows = rows;
  }

  /**
   * Reads a numeric table (see the class comment for the dialect).
   *
   * @param sourceName file or resource name, quoted in errors
   * @throws IllegalArgumentException naming line and fix for an empty source or a row whose
   *     column count differs from the header's
   */
  public static Csv readTable(String sourceName, Reader reader) throws IOException {
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
  public static Csv readTableResource(Class<?> anchor, String resourceName) {
    InputStream stream = anchor.getResourceAsStream(resourceName);
    if (stream == null) {
      throw new IllegalStateException("resource " + resourceName + " not found next to "
          + anchor.getName() + ": it ships in src/main/resources/"
          + anchor.getPackageName().replace('.', '/')
          + "/ of the module of that class; rebuild it");
    }
    try (Reader reader = new InputStreamReader(stream, StandardCharsets.UTF_8)) {
      return readTable(resourceName, reader);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read resource " + resourceName, e);
    }
  }

  public List<Row> rows() {
    return rows;
  }

  public String sourceName() {
    return sourceName;
  }

  /** Index of the named column; an unknown name is an error listing the header. */
  public int column(String name) {
    int i = header.indexOf(name);
    if (i < 0) {
      throw new IllegalArgumentException(sourceName + " has no column '" + name
          + "'; its header is " + header + ": name one of those columns, or fix the header row");
    }
    return i;
  }

  /** The cell parsed as a finite number, or an error naming line, column and value. */
  public double number(Row row, int column) {
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
  public IllegalArgumentException cellError(Row row, int column, String problem, String fix) {
    return new IllegalArgumentException(sourceName + " line " + row.lineNumber() + ", column '"
        + header.get(column) + "' (column " + (column + 1) + "): value '" + row.cells()[column]
        + "' " + problem + ": " + fix);
  }

  /** One RFC 4180 field: {@code value}, quoted only when it must be. */
  public static String field(String value) {
    boolean quote = value.isEmpty() ? false : value.indexOf(',') >= 0
        || value.indexOf('"') >= 0 || value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0
        || value.charAt(0) == ' ' || value.charAt(value.length() - 1) == ' ';
    return quote ? '"' + value.replace("\"", "\"\"") + '"' : value;
  }

  /** One RFC 4180 record: the quoted fields joined by commas, then CRLF. */
  public static String record(List<String> fields) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < fields.size(); i++) {
      sb.append(i == 0 ? "" : ",").append(field(fields.get(i)));
    }
    return sb.append(CRLF).toString();
  }

  /**
   * All RFC 4180 records of {@code text}; a final line end is optional.
   *
   * @throws IllegalArgumentException naming the line of an unterminated quote or of text after a
   *     closing quote
   */
  public static List<List<String>> parseRecords(String text) {
    List<List<String>> records = new ArrayList<>();
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    int line = 1;
    int i = 0;
    int n = text.length();
    boolean inRecord = false;
    while (i < n) {
      char c = text.charAt(i);
      boolean lineEnd = c == '\r' || c == '\n';
      inRecord = !lineEnd;
      if (c == '"' && field.length() == 0) {
        int start = line;
        i++;
        while (true) {
          if (i >= n) {
            throw new IllegalArgumentException("CSV line " + start + ": quoted field never"
                + " closed; double every \" inside a quoted field");
          }
          char q = text.charAt(i);
          if (q == '"' && i + 1 < n && text.charAt(i + 1) == '"') {
            field.append('"');
            i += 2;
          } else if (q == '"') {
            i++;
            break;
          } else {
            line += q == '\n' ? 1 : 0;
            field.append(q);
            i++;
          }
        }
        if (i < n && text.charAt(i) != ',' && text.charAt(i) != '\r'
            && text.charAt(i) != '\n') {
          throw new IllegalArgumentException("CSV line " + line + ": text after a closing quote");
        }
        continue;
      }
      if (c == ',') {
        fields.add(field.toString());
        field.setLength(0);
        i++;
      } else if (lineEnd) {
        fields.add(field.toString());
        field.setLength(0);
        records.add(List.copyOf(fields));
        fields.clear();
        i += c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n' ? 2 : 1;
        line++;
      } else {
        field.append(c);
        i++;
      }
    }
    if (inRecord) {
      fields.add(field.toString());
      records.add(List.copyOf(fields));
    }
    return records;
  }

  @Override
  public String toString() {
    return sourceName + " " + Arrays.toString(header.toArray()) + " x " + rows.size() + " rows";
  }
}
