package org.blinkhdfs.bench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * RFC 4180 CSV: records end in CRLF; a field holding a comma, a double quote, CR, LF or leading or
 * trailing spaces is enclosed in double quotes, with each inner quote doubled. The parser accepts
 * exactly that (and bare LF line ends), and fails with the 1-based line on an unterminated
 * quote or text after a closing quote.
 *
 * <p>Worked example: the two fields {@code ring, "hot" 3} and {@code a,b} are written as the
 * record {@code "ring, ""hot"" 3","a,b"} followed by CRLF.
 */
final class Rfc4180 {
  static final String CRLF = "\r\n";

  private Rfc4180() {}

  static String field(String value) {
    boolean quote = value.isEmpty() ? false : value.indexOf(',') >= 0
        || value.indexOf('"') >= 0 || value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0
        || value.charAt(0) == ' ' || value.charAt(value.length() - 1) == ' ';
    return quote ? '"' + value.replace("\"", "\"\"") + '"' : value;
  }

  static String record(List<String> fields) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < fields.size(); i++) {
      sb.append(i == 0 ? "" : ",").append(field(fields.get(i)));
    }
    return sb.append(CRLF).toString();
  }

  /** All records of {@code text}; a final line end is optional. */
  static List<List<String>> parse(String text) {
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
}
