package org.blinkhdfs.agent.actuator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real libc binding on this Linux host (no suspend: only reads clocks, signal 0 and logs).
 */
class LibcKernelTest {
  @TempDir Path tmp;

  @Test
  void boottimeIsNeverBehindMonotonic() throws Exception {
    Kernel kernel = LibcKernel.get();
    long monotonic = kernel.clockNanos(LibC.CLOCK_MONOTONIC);
    long boottime = kernel.clockNanos(LibC.CLOCK_BOOTTIME);
    assertTrue(monotonic > 0, "monotonic " + monotonic);
    assertTrue(boottime >= monotonic, "boottime " + boottime + " < monotonic " + monotonic);
  }

  @Test
  void signalZeroTellsLiveFromDeadPids() throws Exception {
    Kernel kernel = LibcKernel.get();
    assertEquals(0, kernel.kill((int) ProcessHandle.current().pid(), 0));
    assertEquals(Kernel.ESRCH, kernel.kill(Integer.MAX_VALUE - 1, 0));
  }

  @Test
  void syncReturns() throws Exception {
    LibcKernel.get().sync();
  }

  @Test
  void aLogTailReadsOnlyWhatIsAppendedAfterTheOpen() throws Exception {
    Path log = tmp.resolve("kmsg");
    Files.writeString(log, "6,1,100,-;old record\n");
    try (Kernel.LogTail tail = LibcKernel.get().tailLog(log)) {
      assertEquals("", tail.readNew());
      Files.writeString(log, "6,2,200,-;new record\n", StandardOpenOption.APPEND);
      assertEquals("6,2,200,-;new record\n", tail.readNew());
      assertEquals("", tail.readNew(), "nothing new: returns at once");
    }
  }

  @Test
  void aMissingLogIsNoSuchFile() {
    assertThrows(NoSuchFileException.class,
        () -> LibcKernel.get().tailLog(tmp.resolve("dev/kmsg")));
  }

  @Test
  void theRealKernelLogNeverBlocks() throws Exception {
    Kernel.LogTail tail;
    try {
      tail = LibcKernel.get().tailLog(Path.of("/dev/kmsg"));
    } catch (IOException e) {
      Assumptions.abort("/dev/kmsg is not readable here (" + e.getMessage() + ")");
      return;
    }
    try (tail) {
      // At the end of the log: returns what arrived meanwhile (usually nothing), never waits.
      String text = tail.readNew();
      assertTrue(text.isEmpty() || text.endsWith("\n"), text);
    }
  }
}
