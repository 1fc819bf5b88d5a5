package org.blinkhdfs.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandLineToolTest {
  private static final CommandLineTool TOOL = CommandLineTool.builder("blink test")
      .usage("usage: test [flags]").flags("nodes", "interval").shortFlag("D", "key=value")
      .repeatable("D").shortFlag("getPower", null).operands(1, ": one name at most").build();

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = TOOL.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), a -> {
          a.intIn("nodes", "9", 1, 10);
          return 7;
        });
    return new Run(code, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void everyHelpSpellingPrintsTheUsageOnStdoutAndExitsZero() {
    for (String help : new String[] {"-h", "-help", "--help"}) {
      Run r = run("--nodes", "3", help);
      assertEquals(new Run(0, "usage: test [flags]\n", ""), r, help);
    }
  }

  @Test
  void usageErrorsNameTheFlagAndExitTwoWithTheUsageOnStderr() {
    assertUsage(run("--bogus"), "blink test: unknown flag --bogus; known flags: --nodes,"
        + " --interval, -D, -getPower");
    assertUsage(run("--nodes"), "blink test: --nodes needs exactly one argument, got none:"
        + " usage --nodes value");
    assertUsage(run("--nodes", "1", "--nodes", "2"), "blink test: --nodes given twice");
    assertUsage(run("a", "b"), "blink test: unexpected argument 'b': one name at most");
    assertUsage(run("--nodes", "11"), "blink test: --nodes '11' must be a whole number in 1..10");
    assertUsage(run("--nod", "1"), "blink test: unknown flag --nod; known flags: --nodes,"
        + " --interval, -D, -getPower");
  }

  @Test
  void theBodyRunsWithRepeatableFlagsEqualsFormsAndOperands() {
    assertEquals(new Run(7, "", ""), run("--nodes=3", "name"));
    CommandLineTool.Args a = TOOL.parse(new String[] {"-D", "a=1", "-D", "b=2", "--interval", "6s",
        "-getPower", "x"});
    assertEquals(List.of("a=1", "b=2"), a.values("D"));
    assertEquals(6000, a.durationMsIn("interval", "1s", 1, 60_000));
    assertTrue(a.has("getPower"));
    assertEquals(List.of("x"), a.operands());
    assertEquals("-getPower", a.flag("getPower"));
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> a.durationMsIn("interval", "1s", 1, 1000));
    assertEquals("--interval '6s' must be between 1ms and 1s", e.getMessage());
  }

  private static void assertUsage(Run r, String firstLine) {
    assertEquals(2, r.code(), r.err());
    assertEquals("", r.out());
    assertEquals(firstLine + "\nusage: test [flags]\n", r.err());
  }
}
