package org.blinkhdfs.common.csv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Both directions of the one codec: RFC 4180 write and read, and the numeric-table reader. */
class CsvTest {
  @Test
  void writesRfc4180RecordsQuotingOnlyWhereNeeded() {
    assertEquals("\"ring, \"\"hot\"\" 3\",\"a,b\"\r\n",
        Csv.record(List.of("ring, \"hot\" 3", "a,b")));
    assertEquals("plain,,\"x\ny\"\r\n", Csv.record(List.of("plain", "", "x\ny")));
    assertEquals("\" padded \"", Csv.field(" padded "));
    assertEquals("plain", Csv.field("plain"));
  }

  @Test
  void parserHandlesQuotesLineBreaksAndMissingFinalNewline() {
    assertEquals(List.of(List.of("a", "b,c", "say \"hi\""), List.of("x\r\ny", "")),
        Csv.parseRecords("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"x\r\ny\",\"\""));
    assertEquals(List.of(List.of("", "")), Csv.parseRecords(","));
    assertEquals(List.of(List.of("a"), List.of("b")), Csv.parseRecords("a\nb\n"));
    assertEquals(List.of(List.of("")), Csv.parseRecords("\"\""));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> Csv.parseRecords("a,\"open\r\n")).getMessage().contains("line 1"));
    assertThrows(IllegalArgumentException.class, () -> Csv.parseRecords("\"a\"b,c"));
  }

  @Test
  void writtenRecordsParseBackToTheSameFields() {
    List<List<String>> records = List.of(List.of("a", "b,c", " lead", "trail "),
        List.of("q\"uote", "", "multi\r\nline", "plain"));
    StringBuilder text = new StringBuilder();
    records.forEach(r -> text.append(Csv.record(r)));
    assertEquals(records, Csv.parseRecords(text.toString()));
  }

  @Test
  void tableSkipsCommentsAndBlankLinesAndStripsCells() throws IOException {
    Csv table = Csv.readTable("t.csv", new StringReader(
        "# a comment\n\n time , watts\r\n0, 5\n  # another\n1,7.5 \n"));
    assertEquals(2, table.rows().size());
    assertEquals(1, table.column("watts"));
    assertArrayEquals(new String[] {"1", "7.5"}, table.rows().get(1).cells());
    assertEquals(6, table.rows().get(1).lineNumber());
    assertEquals(7.5, table.number(table.rows().get(1), 1));
    assertEquals("t.csv", table.sourceName());
  }

  @Test
  void tableErrorsNameSourceLineColumnValueAndFix() throws IOException {
    Csv table = Csv.readTable("t.csv", new StringReader("time,watts\n0,\"5\"\n"));
    assertEquals("t.csv line 2, column 'watts' (column 2): value '\"5\"' is not a number:"
            + " write a plain decimal such as 12.5",
        assertThrows(IllegalArgumentException.class,
            () -> table.number(table.rows().get(0), 1)).getMessage());
    assertEquals("t.csv has no column 'hour'; its header is [time, watts]: name one of those"
            + " columns, or fix the header row",
        assertThrows(IllegalArgumentException.class, () -> table.column("hour")).getMessage());
    assertEquals("t.csv line 3: has 3 columns, the header [time, watts] has 2: give every row one"
            + " value per header column, separated by commas",
        assertThrows(IllegalArgumentException.class,
            () -> Csv.readTable("t.csv", new StringReader("time,watts\n0,1\n1,2,3\n")))
            .getMessage());
    assertEquals("e.csv is empty: expected a header row naming the columns, then one row per"
            + " sample",
        assertThrows(IllegalArgumentException.class,
            () -> Csv.readTable("e.csv", new StringReader("# only a comment\n"))).getMessage());
  }
}
