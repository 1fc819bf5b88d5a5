package org.blinkhdfs.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.blinkhdfs.common.csv.Csv;

/**
 * {@code throughput-reads-<layout>.csv}: every read call of a {@code bench throughput} layout's
 * rounds, which the bench writes beside its report and {@code sim --validate} reads back to set
 * the cluster's round times and read-call lengths beside the simulator's.
 *
 * <p>Grammar (RFC 4180 by blink-common's {@link Csv}, one record per read call):
 *
 * <pre>
 * header := "power,round,roundStartMs,roundMs,thread,offset,bytes,startMs,phaseMs,ms,dataNode"
 * record := int "," int "," long "," decimal "," int "," long "," int "," long "," long ","
 *           long "," [host ":" port]
 * </pre>
 *
 * {@code power} in %, {@code round} from 0 within the power level, {@code roundStartMs} and
 * {@code startMs} epoch milliseconds, {@code roundMs} the round's wall time, {@code phaseMs} the
 * call's start within the blink interval, {@code ms} the call's length (the blink client's wait
 * included), {@code dataNode} the serving DataNode (empty when HDFS had none).
 *
 * <p>Example record: {@code 40,0,68400,7700.3,1,0,1048576,68500,2500,250,127.0.0.1:9866}.
 *
 * <p>Stateless and thread-safe.
 */
public final class ReadTrace {
  public static final List<String> HEADER = List.of("power", "round", "roundStartMs", "roundMs",
      "thread", "offset", "bytes", "startMs", "phaseMs", "ms", "dataNode");

  /** One read call. */
  public record Row(int power, int round, long roundStartMs, double roundMs, int thread,
      long offset, int bytes, long startMs, long phaseMs, long ms, String dataNode) {}

  private ReadTrace() {}

  /** The file of a layout, its report label made safe for a file name. */
  public static String fileName(String layout) {
    return "throughput-reads-" + layout.replaceAll("[^A-Za-z0-9+._-]", "_") + ".csv";
  }

  /** The header record. */
  public static String header() {
    return Csv.record(HEADER);
  }

  /** One record, {@code roundMs} to 0.1 ms. */
  public static String record(Row r) {
    return Csv.record(List.of(Integer.toString(r.power()), Integer.toString(r.round()),
        Long.toString(r.roundStartMs()), String.format(Locale.ROOT, "%.1f", r.roundMs()),
        Integer.toString(r.thread()), Long.toString(r.offset()), Integer.toString(r.bytes()),
        Long.toString(r.startMs()), Long.toString(r.phaseMs()), Long.toString(r.ms()),
        r.dataNode()));
  }

  /**
   * The rows of a file written with {@link #header} and {@link #record}.
   *
   * @param source the file's name, for errors
   * @throws IllegalArgumentException naming the file, the record and the field when the header,
   *     a field count or a number is wrong
   */
  public static List<Row> read(String source, String csv) {
    List<List<String>> records = Csv.parseRecords(csv);
    if (records.isEmpty() || !records.get(0).equals(HEADER)) {
      throw new IllegalArgumentException(source + " must start with the header "
          + String.join(",", HEADER) + ": give a throughput-reads CSV that bin/blink bench"
          + " throughput wrote");
    }
    List<Row> rows = new ArrayList<>(records.size() - 1);
    for (int i = 1; i < records.size(); i++) {
      List<String> f = records.get(i);
      String where = source + " record " + (i + 1);
      if (f.size() != HEADER.size()) {
        throw new IllegalArgumentException(where + " has " + f.size() + " fields, expected "
            + HEADER.size() + " (" + String.join(",", HEADER) + ")");
      }
      try {
        rows.add(new Row(Integer.parseInt(f.get(0)), Integer.parseInt(f.get(1)),
            Long.parseLong(f.get(2)), Double.parseDouble(f.get(3)), Integer.parseInt(f.get(4)),
            Long.parseLong(f.get(5)), Integer.parseInt(f.get(6)), Long.parseLong(f.get(7)),
            Long.parseLong(f.get(8)), Long.parseLong(f.get(9)), f.get(10)));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage() + " is not a number"
            + " where " + String.join(",", HEADER.subList(0, 10)) + " must be", e);
      }
    }
    return rows;
  }
}
