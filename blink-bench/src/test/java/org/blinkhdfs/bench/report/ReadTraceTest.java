package org.blinkhdfs.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReadTraceTest {
  @Test
  void recordsReadBackAsWritten() {
    ReadTrace.Row a = new ReadTrace.Row(40, 0, 68_400, 7_700.3, 1, 0, 1_048_576, 68_500, 2_500,
        250, "127.0.0.1:9866");
    ReadTrace.Row b = new ReadTrace.Row(20, 9, 1, 0.5, 7, 11_534_336, 5, 2, 3, 4, "");
    String csv = ReadTrace.header() + ReadTrace.record(a) + ReadTrace.record(b);

    assertEquals("40,0,68400,7700.3,1,0,1048576,68500,2500,250,127.0.0.1:9866\r\n",
        ReadTrace.record(a));
    assertEquals(List.of(a, b), ReadTrace.read("t.csv", csv));
    assertEquals(List.of(), ReadTrace.read("t.csv", ReadTrace.header()));
  }

  @Test
  void aLabelBecomesASafeFileName() {
    assertEquals("throughput-reads-aligned+aligned.csv", ReadTrace.fileName("aligned+aligned"));
    assertEquals("throughput-reads-equal-work+activation_x_y.csv",
        ReadTrace.fileName("equal-work+activation/x y"));
  }

  @Test
  void badFilesNameTheFileTheRecordAndTheFix() {
    IllegalArgumentException header = assertThrows(IllegalArgumentException.class,
        () -> ReadTrace.read("r.csv", "power,round\r\n"));
    assertTrue(header.getMessage().startsWith("r.csv must start with the header power,round,"),
        header.getMessage());
    IllegalArgumentException fields = assertThrows(IllegalArgumentException.class,
        () -> ReadTrace.read("r.csv", ReadTrace.header() + "1,2,3\r\n"));
    assertTrue(fields.getMessage().startsWith("r.csv record 2 has 3 fields, expected 11"),
        fields.getMessage());
    IllegalArgumentException number = assertThrows(IllegalArgumentException.class,
        () -> ReadTrace.read("r.csv", ReadTrace.header() + "40,x,1,1.0,1,0,1,1,1,1,\r\n"));
    assertTrue(number.getMessage().startsWith("r.csv record 2: For input string: \"x\" is not"
        + " a number"), number.getMessage());
  }
}
