package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code bin/blink lab} and {@code bin/blink bench real-sleep}: help and bad flags. */
class GuestCommandsTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private PrintStream o() {
    return new PrintStream(out, true, StandardCharsets.UTF_8);
  }

  private PrintStream e() {
    return new PrintStream(err, true, StandardCharsets.UTF_8);
  }

  @Test
  void labHelpAndBadFlags() throws Exception {
    assertEquals(0, LabCommand.run(new String[] {"--help"}, o(), e()));
    assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("usage: bin/blink lab"));
    assertEquals(2, LabCommand.run(new String[] {"--memory", "100"}, o(), e()));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("--memory 100 is out of range"),
        err.toString(StandardCharsets.UTF_8));
    assertEquals(2, LabCommand.run(new String[] {"--colour", "red"}, o(), e()));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown flag --colour"));
  }

  @Test
  void realSleepHelpAndBadFlags() {
    assertEquals(0, RealSleepBench.run(new String[] {"--help"}, o(), e()));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("--cycles N"));
    assertEquals(2, RealSleepBench.run(new String[] {"--power", "5"}, o(), e()));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("--power 5 is out of range: use"
        + " 10..90"), err.toString(StandardCharsets.UTF_8));
    assertEquals(2, RealSleepBench.run(new String[] {"--interval", "20"}, o(), e()));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("'20' has no unit"));
  }
}
