package org.blinkhdfs.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The man-page layout of --help, and that a usage error still prints the short usage only. */
class ManualTest {
  static final Manual PAGE = new Manual("blink x", "does x", List.of("bin/blink x [--n N]"),
      List.of("Does x to the cluster."), Manual.exitCodes(), List.of("bin/blink x --n 3"),
      List.of("docs/x.md"));

  @Test
  void rendersTheSectionsInManOrderWithTheUsageAsOptions() {
    String usage = "usage: bin/blink x [--n N]\n  --n N   how many";
    assertEquals(String.join("\n",
        "NAME", "    blink x - does x", "",
        "SYNOPSIS", "    bin/blink x [--n N]", "",
        "DESCRIPTION", "    Does x to the cluster.", "",
        "OPTIONS", "    usage: bin/blink x [--n N]", "      --n N   how many", "",
        "EXIT STATUS", "    0    success (also for --help)",
        "    2    bad command line: unknown flag, missing or bad value (one line naming it, then",
        "         the usage, on stderr)", "",
        "EXAMPLES", "    bin/blink x --n 3", "",
        "SEE ALSO", "    docs/x.md"), PAGE.render(usage));
  }

  @Test
  void helpPrintsThePageAndAUsageErrorOnlyTheUsage() {
    CommandLineTool tool = CommandLineTool.builder("blink x").usage("usage: bin/blink x")
        .manual(PAGE).flag("n", "N").build();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    assertEquals(0, tool.run(new String[] {"--help"}, o, e, a -> 5));
    assertEquals(PAGE.render("usage: bin/blink x") + "\n", out.toString(StandardCharsets.UTF_8));
    out.reset();
    assertEquals(2, tool.run(new String[] {"--m", "1"}, o, e, a -> 5));
    assertEquals("", out.toString(StandardCharsets.UTF_8));
    assertEquals("blink x: unknown flag --m; known flags: --n\nusage: bin/blink x\n",
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void synopsisAndExitStatusAreRequired() {
    assertThrows(IllegalArgumentException.class, () -> new Manual("x", "y", List.of(),
        List.of(), Manual.exitCodes(), List.of(), List.of()));
  }
}
